// The money wheel: six boxes, one per paying symbol (cz-money-wheel.md
// §1), the wheel's thirty fields with the pointer on the result, and the
// player's choice for a void spin (§4.4: carry the bets into the next game
// or take them back). Betting, the round and the settlement are bets.ts's.
import "./wheel.css";
import { h } from "../dom";
import { t } from "../i18n";
import { api } from "../api";
import { RoundPhase, SpinVerdict, VoidOption } from "../gen/croupier/table/v1/banked_pb";
import type { BankedView } from "./banked";
import { bettingTable, stakesBySpot, markStake, type BetContext, type Felt } from "./bets";
import { wheelSymbols, symbolIcon, resultName } from "./recall-record";

export const wheelView: BankedView = (main, table) => bettingTable(main, table, wheelFelt);

/** What a winning box pays to one (§1's table; the stake comes back too). */
const pays: Record<string, number> = { cherries: 2, bell: 3, grapes: 4, melon: 8, star: 10, seven: 25 };

function wheelFelt(ctx: BetContext): Felt {
  const table = ctx.state.table;
  const fields = table.wheelFields;
  const step = 360 / Math.max(1, fields.length);

  const ring = h("ol", { class: "wheel-ring", "aria-hidden": "true" }, fields.map((f, i) =>
    h("li", { class: "field " + f, style: `--a:${i * step}deg` }, symbolIcon(f))));
  const wheel = h("div", { class: "wheel" }, h("div", { class: "pointer", "aria-hidden": "true" }), ring,
    h("p", { class: "wheel-result" }));
  const boxes = wheelSymbols.map((sym) => h("button", {
    type: "button", class: "box " + sym, dataset: { spot: sym },
    "aria-label": t("wheel.betOn", { symbol: t("wheel.symbol." + sym), pays: pays[sym] }),
    onclick: () => ctx.add(sym),
  },
    h("span", { class: "glyph" }, symbolIcon(sym)),
    h("span", { class: "name" }, t("wheel.symbol." + sym)),
    h("span", { class: "pays" }, t("wheel.pays", { n: pays[sym] })),
    h("span", { class: "stake", "aria-hidden": "true" })));

  // The choice for a void spin: made ahead while the round runs, or once
  // the spin was void (a refund then gives back the carried bets).
  const choose = (option: VoidOption, round: bigint) => ctx.act(async () => {
    await api.banked.chooseVoidOption({ tableId: table.tableId, round, option });
    ctx.state.voidChoice = option;
  });
  const radios = ([VoidOption.CARRY, VoidOption.REFUND] as const).map((o) => h("input", {
    type: "radio", name: "void-option", value: String(o),
    onchange: () => choose(o, ctx.state.round),
  }));
  const voidChoice = h("fieldset", { class: "void-choice" },
    h("legend", null, t("wheel.voidChoice")),
    h("label", { class: "check" }, radios[0], t("wheel.carry")),
    h("label", { class: "check" }, radios[1], t("wheel.refund")),
    h("p", { class: "note" }, t("wheel.voidNote")));
  const afterVoid = h("div", { class: "after-void", role: "alert" });

  const el = h("section", { class: "felt wheel-felt", "aria-label": t("wheel.felt") },
    wheel,
    h("div", { class: "boxes", role: "group", "aria-label": t("wheel.boxes") }, boxes),
    voidChoice, afterVoid);

  function update() {
    const s = ctx.state;
    const onBox = stakesBySpot(s);
    const res = s.result && s.result.round === s.round ? s.result : undefined;
    for (const b of boxes) {
      markStake(b, onBox.get(b.dataset.spot!), table.currency);
      b.classList.toggle("win", !!res && res.verdict === SpinVerdict.VALID && res.label === b.dataset.spot);
    }
    // The pointer is at the top: turn the wheel so the result's field is under it.
    if (res && res.pocket >= 0) ring.style.setProperty("--turn", `${-res.pocket * step}deg`);
    ring.querySelectorAll(".field").forEach((f, i) => f.classList.toggle("win", !!res && i === res.pocket));
    wheel.querySelector(".wheel-result")!.textContent = res ? resultName(res.verdict === SpinVerdict.VALID ? res.label : "void") : "";
    const choice = s.voidChoice === VoidOption.UNSPECIFIED ? VoidOption.CARRY : s.voidChoice;
    radios.forEach((r, i) => { r.checked = (i === 0 ? VoidOption.CARRY : VoidOption.REFUND) === choice; });
    const voided = s.phase === RoundPhase.VOIDED && s.voided?.round === s.round ? s.voided : undefined;
    const mineVoided = voided && (s.carried.length > 0 || s.mine.length > 0);
    afterVoid.hidden = !mineVoided;
    // Rebuilt only when it says something new: an alert is read out again
    // whenever its content changes.
    const said = mineVoided ? `${voided.round}:${choice}` : "";
    if (afterVoid.dataset.said === said) return;
    afterVoid.dataset.said = said;
    afterVoid.replaceChildren();
    if (voided && mineVoided) {
      afterVoid.append(h("p", null, choice === VoidOption.CARRY ? t("wheel.carried") : t("wheel.refunded")),
        h("div", { class: "row" },
          h("button", { type: "button", class: "secondary", disabled: choice === VoidOption.CARRY, onclick: () => choose(VoidOption.CARRY, voided.round) }, t("wheel.carry")),
          h("button", { type: "button", disabled: choice === VoidOption.REFUND, onclick: () => choose(VoidOption.REFUND, voided.round) }, t("wheel.refund"))));
    }
  }

  return { el, update, hint: t("wheel.pendingEmpty") };
}
