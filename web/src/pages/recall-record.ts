// A banked round as the player reads it back: bets and results named in
// his language, the settlement lines of a round, and a finished round's
// record (game recall, AGCO Standard 13.1.1). The table views and the
// recall page share it, so a round reads the same in both.
import "./recall.css";
import { h } from "../dom";
import { t, money, dateTime } from "../i18n";
import { cardsEl } from "../cards";
import { timestampDate } from "@bufbuild/protobuf/wkt";
import { RoundPhase, type BankedTableView, type RoundRecord, type SettlementLine, type Bet } from "../gen/croupier/table/v1/banked_pb";
import type { BlackjackRound } from "../gen/croupier/table/v1/blackjack_pb";
import type { CasinoPokerRound } from "../gen/croupier/table/v1/casinopoker_pb";
import { colourOf } from "./roulette-layout";

const numbered = new Set(["straight", "split", "street", "trio", "corner"]);
const plain = new Set(["red", "black", "odd", "even", "low", "high", "topline", "zero_game", "voisins", "tiers", "orphelins"]);
/** The money wheel's symbols: its six boxes and X, which has none. */
export const wheelSymbols = ["cherries", "bell", "grapes", "melon", "star", "seven"] as const;
const symbols = new Set<string>([...wheelSymbols, "x"]);

/** spotName is a bet's spot in words: "straight:17" → "Straight 17",
 * "voisins" → "Voisins du zéro", "cherries" → "Cherries". A spot the
 * client does not know shows as the server spelled it. */
export function spotName(spot: string): string {
  const [kind, arg = ""] = spot.split(":");
  if (numbered.has(kind)) return t("roulette.spot." + kind, { n: arg.split("-").join("/") });
  if (plain.has(kind)) return t("roulette.spot." + kind);
  if (symbols.has(kind)) return t("wheel.symbol." + kind);
  switch (kind) {
    case "sixline": return t("roulette.spot.sixline", { n: arg.replace("-", "–") });
    case "dozen": return t("roulette.spot.dozen", { n: arg, from: 12 * Number(arg) - 11, to: 12 * Number(arg) });
    case "column": return t("roulette.spot.column", { n: arg });
    case "neighbours": return t("roulette.spot.neighbours", { n: arg });
  }
  return spot;
}

/** resultName is a result label in words: "17" → "17 black", "0" →
 * "0 green", "seven" → "Seven", "void" → "Void". */
export function resultName(label: string): string {
  if (/^(0|00|[1-9]\d?)$/.test(label)) return t("roulette.resultNumber", { n: label, colour: t("roulette.colour." + colourOf(label)) });
  if (symbols.has(label)) return t("wheel.symbol." + label);
  if (label === "void") return t("roulette.void");
  return label;
}

/** isPocket reports whether a result label is a roulette pocket ("17", "00"). */
export const isPocket = (label: string): boolean => /^(0|00|\d+)$/.test(label);

/** shortResult is a result as the lobby lists it: a pocket as its number (the
 * same in every language), anything else in words (resultName). */
export const shortResult = (label: string): string => isPocket(label) ? label : resultName(label);

/** resultBadge is a result as a small coloured token (the last results). */
export function resultBadge(label: string): HTMLElement {
  const roulette = isPocket(label);
  return h("span", { class: "result-badge " + (roulette ? colourOf(label) : "symbol " + label), title: resultName(label), dataset: { result: label } },
    roulette ? label : symbolIcon(label), !roulette && h("span", { class: "sr-only" }, resultName(label)));
}

// The money wheel's symbols drawn (no emoji font needed): constant SVG
// of our own, so setting it as markup is safe.
const icons: Record<string, string> = {
  cherries: '<path d="M8 14Q10 6 17 3M16 13Q15 8 17 3" stroke="#4caf50" stroke-width="1.6" fill="none"/><circle cx="7.5" cy="17" r="4" fill="#e53950"/><circle cx="16" cy="16" r="4" fill="#c62838"/>',
  bell: '<path d="M12 3a1.5 1.5 0 0 1 1.5 1.5v.6A6 6 0 0 1 18 11v4l2 2.5H4L6 15v-4a6 6 0 0 1 4.5-5.9v-.6A1.5 1.5 0 0 1 12 3z" fill="#f2c14e"/><circle cx="12" cy="20" r="2" fill="#c9952a"/>',
  grapes: '<path d="M12 6V2" stroke="#4caf50" stroke-width="1.6"/>' +
    [[8, 9], [12, 9], [16, 9], [10, 13], [14, 13], [12, 17]].map(([x, y]) => `<circle cx="${x}" cy="${y}" r="2.6" fill="#9c5cc4"/>`).join(""),
  melon: '<ellipse cx="12" cy="12" rx="9.5" ry="7.5" fill="#8bc34a"/><path d="M7 6.5Q12 12 7 17.5M12 4.5V19.5M17 6.5Q12 12 17 17.5" stroke="#4e7d1e" fill="none" stroke-width="1.4"/>',
  star: '<polygon points="12,2 14.9,8.6 22,9.3 16.6,14 18.2,21 12,17.3 5.8,21 7.4,14 2,9.3 9.1,8.6" fill="#f2c14e"/>',
  seven: '<text x="12" y="19.5" text-anchor="middle" font-size="20" font-weight="700" font-family="sans-serif" fill="#ff5252">7</text>',
  x: '<path d="M5 5L19 19M19 5L5 19" stroke="#e0e0e0" stroke-width="3" stroke-linecap="round"/>',
  void: '<circle cx="12" cy="12" r="8" stroke="#e0e0e0" stroke-width="2.4" fill="none"/><path d="M6 18L18 6" stroke="#e0e0e0" stroke-width="2.4"/>',
};

/** symbolIcon is a money wheel symbol's picture, hidden from screen
 * readers: its name is always written beside it. */
export function symbolIcon(s: string): HTMLElement {
  const el = h("span", { class: "icon", "aria-hidden": "true" });
  el.innerHTML = `<svg viewBox="0 0 24 24" width="1em" height="1em">${icons[s] ?? ""}</svg>`;
  return el;
}

export type Outcome = "won" | "lost" | "returned";

/** outcomeOf is what a settlement line did: won (paid on top), lost, or
 * returned (a cancelled or void bet, or the part of it that came back). */
export function outcomeOf(l: SettlementLine): Outcome {
  if (l.won > 0n) return "won";
  if (l.lost === l.stake && l.stake > 0n) return "lost";
  return "returned";
}

/** linesTotals are a round's settlement in sum: staked, paid back (stakes
 * returned and winnings) and the difference. */
export function linesTotals(lines: readonly SettlementLine[]): { staked: bigint; paid: bigint; net: bigint } {
  let staked = 0n, paid = 0n;
  for (const l of lines) {
    staked += l.stake;
    paid += l.won + l.returned;
  }
  return { staked, paid, net: paid - staked };
}

/** linesTable shows settlement lines (an announced bet has a line per
 * piece) with their totals. */
export function linesTable(lines: readonly SettlementLine[], currency: string): HTMLElement {
  const m = (v: bigint) => money(v, currency);
  const sum = linesTotals(lines);
  return h("div", { class: "lines", dataset: { staked: String(sum.staked), paid: String(sum.paid) } },
    h("table", { class: "lines-table" },
      h("thead", null, h("tr", null, ...["bet", "stake", "won", "returned", "lost", "outcome"].map((c) => h("th", { scope: "col" }, t("roulette.line." + c))))),
      h("tbody", null, lines.map((l) => {
        const o = outcomeOf(l);
        return h("tr", { class: "line " + o, dataset: { bet: l.betId, spot: l.spot, stake: String(l.stake), won: String(l.won), returned: String(l.returned), lost: String(l.lost), outcome: o } },
          h("th", { scope: "row" }, spotName(l.spot)),
          h("td", { "data-label": t("roulette.line.stake") }, m(l.stake)),
          h("td", { "data-label": t("roulette.line.won") }, m(l.won)),
          h("td", { "data-label": t("roulette.line.returned") }, m(l.returned)),
          h("td", { "data-label": t("roulette.line.lost") }, m(l.lost)),
          h("td", { "data-label": t("roulette.line.outcome") }, t("roulette.outcome." + o)));
      }))),
    h("p", { class: "totals" }, t("roulette.totals", { staked: m(sum.staked), paid: m(sum.paid), net: (sum.net > 0n ? "+" : "") + m(sum.net) })));
}

/** betsList shows bets by spot and amount. */
export function betsList(bets: readonly Bet[], currency: string): HTMLElement {
  return h("ul", { class: "bets-list" }, bets.map((b) => h("li", { dataset: { bet: b.betId, spot: b.spot } }, spotName(b.spot) + " — " + money(b.amount, currency))));
}

/** phaseKey is a round's phase as the pages' data-phase says it (for
 * tests and styles). */
export function phaseKey(p: RoundPhase): string {
  switch (p) {
    case RoundPhase.BETTING: return "betting";
    case RoundPhase.CLOSED: return "closed";
    case RoundPhase.SETTLED: return "settled";
    case RoundPhase.VOIDED: return "voided";
  }
  return "";
}

/** phaseName is a round's phase in words. */
export function phaseName(p: RoundPhase): string {
  switch (p) {
    case RoundPhase.BETTING: return t("roulette.phase.betting");
    case RoundPhase.CLOSED: return t("roulette.phase.closed");
    case RoundPhase.SETTLED: return t("roulette.phase.settled");
    case RoundPhase.VOIDED: return t("roulette.phase.voided");
  }
  return t("common.none");
}

/** recordEl is one finished round of the player's: when, the result, his
 * bets, what each did, and his totals; a card game's felt as it ended. */
export function recordEl(r: RoundRecord, currency: string): HTMLElement {
  const label = r.result?.label || r.winner;
  const ended = r.endedAt ? dateTime(timestampDate(r.endedAt)) : "";
  const bets = r.bets.map((b) => b.bet).filter((b): b is Bet => !!b);
  const lines = r.lines.map((l) => l.line).filter((l): l is SettlementLine => !!l);
  return h("article", { class: "record", dataset: { round: String(r.round), result: r.phase === RoundPhase.VOIDED ? "void" : label } },
    h("h3", null, t("recall.round", { n: String(r.round) }), ended && h("span", { class: "when" }, " · " + ended)),
    r.phase === RoundPhase.VOIDED ? h("p", { class: "record-result" }, t("recall.voided", { reason: r.reason || t("common.none") })) :
      label && h("p", { class: "record-result" }, t("recall.result", { result: resultName(label) })),
    r.blackjack && blackjackText(r.blackjack),
    r.casinoPoker && casinoPokerText(r.casinoPoker),
    bets.length > 0 && h("div", null, h("h4", null, t("recall.yourBets")), betsList(bets, currency)),
    lines.length > 0 ? linesTable(lines, currency) : h("p", { class: "note" }, t("recall.noLines")));
}

/** currentEl is the player's round in progress: its phase and his bets. */
export function currentEl(v: BankedTableView, currency: string): HTMLElement {
  return h("article", { class: "record current", dataset: { round: String(v.round), current: "" } },
    h("h3", null, t("recall.currentRound", { n: String(v.round) }), h("span", { class: "when" }, " · " + phaseName(v.phase))),
    v.result?.label && h("p", { class: "record-result" }, t("recall.result", { result: resultName(v.result.label) })),
    v.blackjack && blackjackText(v.blackjack),
    v.casinoPoker && casinoPokerText(v.casinoPoker),
    h("h4", null, t("recall.yourBets")), betsList(v.yourBets, currency));
}

// The card games' felt, read back as cards and totals: the dealer's
// hand, then each box's hands (the player's own marked).
function blackjackText(b: BlackjackRound): HTMLElement {
  return h("div", { class: "felt-text" },
    h("p", null, t("recall.dealer"), " ", cardsEl(b.dealer, t("recall.dealer")), b.dealerTotal ? " " + t("recall.total", { n: b.dealerTotal }) : ""),
    b.boxes.map((box) => h("p", null,
      t("recall.box", { n: box.box }) + (box.bettors.some((x) => x.you) ? " " + t("recall.yours") : "") + " ",
      box.hands.map((hand) => h("span", { class: "hand" }, cardsEl(hand.cards, t("recall.box", { n: box.box })), " " + t("recall.total", { n: hand.total }))))));
}

function casinoPokerText(p: CasinoPokerRound): HTMLElement {
  return h("div", { class: "felt-text" },
    h("p", null, t("recall.dealer"), " ", cardsEl(p.dealer, t("recall.dealer"))),
    p.board.length > 0 && h("p", null, t("recall.board"), " ", cardsEl(p.board, t("recall.board"))),
    p.boxes.map((box) => h("p", null,
      t("recall.box", { n: box.box }) + (box.you ? " " + t("recall.yours") : "") + " ",
      cardsEl(box.cards, t("recall.box", { n: box.box })), box.action ? " · " + box.action : "")));
}
