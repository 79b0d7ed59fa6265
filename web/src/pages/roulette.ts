// The roulette table: the layout (0, and 00 on the 0/00 wheel; 1–36 in
// three rows; columns, dozens and the even chances), the inside bets by
// kind and picked numbers, and the racetrack's announced bets. Betting,
// the round and the settlement are bets.ts's, shared with the money wheel.
import "./roulette.css";
import { h } from "../dom";
import { t } from "../i18n";
import { SpinVerdict } from "../gen/croupier/table/v1/banked_pb";
import type { BankedView } from "./banked";
import { bettingTable, stakesBySpot, markStake, type BetContext, type Felt } from "./bets";
import { spotName, resultName } from "./recall-record";
import { colourOf, europeanOrder, sectorOf, announcedBets, unitsOf, insideKinds, insideSpot, streetOf } from "./roulette-layout";

export const rouletteView: BankedView = (main, table) => bettingTable(main, table, rouletteFelt);

type PickKind = keyof typeof insideKinds;

/** An option set at the table's creation is on ("true", "1", "on"). */
function on(v: string | undefined): boolean {
  return /^(1|t|true|on)$/i.test(v ?? "");
}

function rouletteFelt(ctx: BetContext): Felt {
  const table = ctx.state.table;
  const double = table.wheel === "double_zero";
  // Announced bets are the single-zero wheel's (ru N1), unless the table says otherwise.
  const announced = !double && !/^(0|f|false|off)$/i.test(table.options["announced"] ?? "");
  const eachSide = Number(table.options["neighbours"]) || 2;
  const topLine = double && on(table.options["top_line"]);
  let kind: PickKind = "straight";
  let picked: string[] = [];
  const cells: HTMLButtonElement[] = [];

  const pick = (n: string) => {
    if (kind === "straight") return ctx.add("straight:" + n);
    const i = picked.indexOf(n);
    if (i >= 0) picked.splice(i, 1);
    else picked.push(n);
    if (picked.length < insideKinds[kind]) return update();
    const spot = insideSpot(kind, picked);
    picked = [];
    ctx.add(spot);
  };

  /** cell is a place on the layout: d and p its grid area on the wide
   * (horizontal) and the phone (vertical) layout. */
  const cell = (spot: string, d: string, p: string, label: string, text: string, cls: string, onclick: () => void, n?: string) => {
    const b = h("button", { type: "button", class: "cell " + cls, style: `--d:${d};--p:${p}`, "aria-label": label, dataset: { spot, n }, onclick },
      h("span", { class: "face" }, text), h("span", { class: "stake", "aria-hidden": "true" }));
    cells.push(b);
    return b;
  };

  const zeros = double ? [["0", "4 / 1 / span 3 / span 1", "1 / 1 / span 1 / span 3"], ["00", "1 / 1 / span 3 / span 1", "1 / 4 / span 1 / span 3"]]
    : [["0", "1 / 1 / span 6 / span 1", "1 / 1 / span 1 / span 6"]];
  const numbers = Array.from({ length: 36 }, (_, i) => {
    const n = i + 1, r = streetOf(String(n)), c = i % 3;
    return cell("straight:" + n, `${(2 - c) * 2 + 1} / ${r + 2} / span 2 / span 1`, `${r + 2} / ${c * 2 + 1} / span 1 / span 2`,
      resultName(String(n)), String(n), "num " + colourOf(String(n)), () => pick(String(n)), String(n));
  });
  const outside = (spot: string, d: string, p: string, text: string) => cell(spot, d, p, spotName(spot), text, "out", () => ctx.add(spot));
  const evens = ["low", "even", "red", "black", "odd", "high"];
  const evenText: Record<string, string> = { low: "1–18", high: "19–36" };
  const layout = h("div", { class: "layout" + (double ? " double" : ""), role: "group", "aria-label": t("roulette.layout") },
    zeros.map(([n, d, p]) => cell("straight:" + n, d, p, resultName(n), n, "num green zero", () => pick(n), n)),
    numbers,
    double && cell("topline", "7 / 1 / span 2 / span 1", "18 / 1 / span 1 / span 6", spotName("topline"), t("roulette.topLineShort"), "out topline",
      () => ctx.add("topline")),
    [1, 2, 3].map((i) => outside("column:" + i, `${(3 - i) * 2 + 1} / 14 / span 2 / span 1`, `14 / ${(i - 1) * 2 + 1} / span 1 / span 2`, "2:1")),
    [1, 2, 3].map((d) => outside("dozen:" + d, `7 / ${2 + 4 * (d - 1)} / span 1 / span 4`, `15 / ${(d - 1) * 2 + 1} / span 1 / span 2`,
      `${12 * d - 11}–${12 * d}`)),
    evens.map((e, j) => outside(e, `8 / ${2 + 2 * j} / span 1 / span 2`, `${16 + Math.floor(j / 3)} / ${(j % 3) * 2 + 1} / span 1 / span 2`,
      evenText[e] ?? t("roulette.spot." + e))));
  if (double && !topLine) {
    // The sources define no top line (ru N1): a table offers it only when its operator opts in.
    const tl = cells.find((c) => c.dataset.spot === "topline")!;
    tl.disabled = true;
    tl.title = t("roulette.topLineOff");
  }

  const hint = h("p", { class: "note hint", "aria-live": "polite" });
  const clearPick = h("button", { type: "button", class: "link", onclick: () => { picked = []; update(); } }, t("roulette.clearPick"));
  const kinds = h("fieldset", { class: "kinds" },
    h("legend", null, t("roulette.kind")),
    h("div", { class: "row" }, (Object.keys(insideKinds) as PickKind[]).map((k) => h("label", { class: "check kind" },
      h("input", { type: "radio", name: "bet-kind", value: k, checked: k === kind, onchange: () => { kind = k; picked = []; update(); } }),
      t("roulette.kind." + k)))),
    h("div", { class: "row" }, hint, clearPick));

  const track = announced && h("div", { class: "racetrack", role: "group", "aria-label": t("roulette.racetrack") },
    h("h3", null, t("roulette.racetrack")),
    h("p", { class: "note" }, t("roulette.racetrackNote", { n: eachSide, chips: 2 * eachSide + 1 })),
    h("div", { class: "track" }, europeanOrder.map((n) => cell("neighbours:" + n, "auto", "auto", t("roulette.neighboursOf", { n }), n,
      "tn " + colourOf(n) + " " + sectorOf(n), () => ctx.add("neighbours:" + n, unitsOf("neighbours", eachSide))))),
    h("div", { class: "sectors" }, announcedBets.map((a) => {
      const units = unitsOf(a, eachSide);
      const b = cell(a, "auto", "auto", spotName(a) + ", " + t("roulette.chips", { n: units }), spotName(a), "sector " + a, () => ctx.add(a, units));
      b.append(h("small", { "aria-hidden": "true" }, t("roulette.chips", { n: units })));
      return b;
    })));

  const el = h("section", { class: "felt roulette-felt", "aria-label": t("roulette.felt") }, kinds, layout, track);

  /** update marks the chips on the layout (his bets and those he is
   * assembling), the numbers picked, and the winning number. */
  function update() {
    const s = ctx.state;
    const onSpot = stakesBySpot(s);
    const win = s.result && s.result.round === s.round && s.result.verdict === SpinVerdict.VALID ? s.result.label : "";
    for (const c of cells) {
      markStake(c, onSpot.get(c.dataset.spot ?? ""), table.currency);
      c.classList.toggle("win", !!win && c.dataset.n === win && !c.classList.contains("tn"));
      if (c.dataset.n && !c.classList.contains("tn")) {
        if (kind === "straight") c.removeAttribute("aria-pressed");
        else c.setAttribute("aria-pressed", String(picked.includes(c.dataset.n)));
      }
    }
    hint.textContent = t("roulette.hint." + kind) + (picked.length ? " " + t("roulette.picked", { n: picked.join(", ") }) : "");
    clearPick.hidden = picked.length === 0;
  }

  return { el, update, hint: t("roulette.pendingEmpty") };
}
