// The casino poker tables, one view for the family: Casino Hold'em
// (profile gr) and Texas Hold'em vs casino (ru), Casino Texas Hold'em
// (cz), Oasis, Russian and Split poker (ru). The felt shows the cards the
// rules let the player see (his own, the board, the dealer's once turned
// up), the bets are the Ante and the side bets the table's sign offers,
// the decisions are the moves the table lists as legal for him, and the
// paytables are shown with where each comes from.
import { h, replace, announce, keepFocus } from "../dom";
import { t, has, money, cardName } from "../i18n";
import { api, ms } from "../api";
import { phaseKey } from "./recall-record";
import { cardEl, cardsEl } from "../cards";
import { refreshBalance } from "../balance";
import { currentSession } from "../session";
import { bankedName, rtpText } from "../names";
import type { StreamState } from "../stream";
import { RoundPhase, type BankedTableSummary, type BankedTableView, type RoundEvent, type RoundRecord } from "../gen/croupier/table/v1/banked_pb";
import type { CasinoPokerBox, CasinoPokerMove, CasinoPokerRound, PaytableLine } from "../gen/croupier/table/v1/casinopoker_pb";
import type { BankedView } from "./banked";
import {
  liveTable, join, leave, placeBets, cancelBets, clockEl, ticking, amountField, statusEl,
  outcomeText, settlementEl, recallEl, loadRecall, describe, boxNumbers, kindLabel,
} from "./felt";
import { Ledger, type Settlement } from "../settlement";

export const casinoPokerView: BankedView = (main, table) => {
  const currency = table.currency;
  const me = currentSession()?.playerId ?? "";
  const ledger = new Ledger();
  let view: BankedTableView | null = null;
  let conn: StreamState | "" = "";
  let joined = false;
  let error = "";
  let busy = false;
  let box = 0;
  // Stakes typed per spot kind ("ante", "aa_bonus"), minor units.
  const stakes = new Map<string, bigint>();
  let insurance = 0n;
  // Cards picked for an exchange or a bought hand's small hand, for the
  // wait (turn seq) they were picked in.
  let picked = new Set<string>();
  let pickedSeq = -1;
  // The showdown's hand names, from the "shown" events of the round.
  let shownRound = -1n;
  const hands = new Map<string, { hand: string; qualifies: boolean }>();
  // The cards the player exchanged this round: the felt lists a box's
  // discards among its cards (its player's, never shown) without saying
  // which they are, so the page remembers what it sent.
  let discardRound = -1n;
  const discards = new Set<string>();
  let result: Settlement | null = null;
  let recall: RoundRecord[] = [];

  const render = () => keepFocus(main, () => {
    const v = view;
    const cp = v?.casinoPoker;
    const sum = v?.summary ?? table;
    if (cp && cp.turn && cp.turn.seq !== pickedSeq) {
      pickedSeq = cp.turn.seq;
      picked = new Set();
      insurance = 0n;
    }
    replace(main, h("div", {
      class: "felt-page", dataset: {
        felt: "casinopoker", phase: v ? phaseKey(v.phase) : "", round: v ? String(v.round) : "", joined: String(joined),
        closesAt: v?.closesAt ? String(ms(v.closesAt)) : "", myBoxes: myBoxes(v).join(","),
      },
    },
      h("h1", null, table.name),
      h("p", { class: "note" }, describeTable(sum)),
      statusEl(v, conn, currency),
      error && h("p", { class: "error", role: "alert" }, error),
      cp && v && feltEl(cp, v),
      cp && v && v.phase === RoundPhase.CLOSED && movesEl(cp, v),
      v && v.phase === RoundPhase.BETTING && bettingEl(v),
      result && settlementEl(result, currency),
      paytableEl(sum.paytable),
      recallEl(recall, currency),
      h("p", null, h("a", { href: "#/" }, t("common.back"))),
    ));
  });

  function describeTable(s: BankedTableSummary): string {
    const lim = s.limits?.table;
    return [bankedName(s.game), s.profile.toUpperCase(),
      lim ? t("cpoker.anteLimits", { min: money(lim.min, currency), max: money(lim.max, currency) }) : "", rtpText(s)].filter(Boolean).join(" · ");
  }

  function feltEl(cp: CasinoPokerRound, v: BankedTableView): HTMLElement {
    const dealer = hands.get("dealer");
    return h("section", { class: "felt felt-table", "aria-labelledby": "h-cp-felt" },
      h("h2", { id: "h-cp-felt", class: "sr-only" }, t("cpoker.felt")),
      h("div", { class: "felt-dealer", dataset: { dealer: cp.dealer.join(" "), unseen: String(cp.dealerUnseen) } },
        h("span", { class: "felt-who" }, t("cpoker.dealer")),
        cardsOf(cp.dealer, cp.dealerUnseen, t("cpoker.dealer")),
        dealer && h("span", { class: "felt-total" }, dealer.hand),
        dealer && h("span", { class: "felt-flag" }, dealer.qualifies ? t("cpoker.qualifies") : t("cpoker.noQualify"))),
      cp.board.length > 0 && h("div", { class: "felt-board", dataset: { board: cp.board.join(" ") } },
        h("span", { class: "felt-who" }, t("cpoker.board")),
        cardsEl(cp.board, t("cpoker.board"))),
      turnEl(cp),
      cp.boxes.length === 0 ? h("p", { class: "note" }, v.phase === RoundPhase.BETTING ? t("cpoker.waitingForBets") : t("cpoker.noBoxes")) :
      h("div", { class: "felt-boxes" }, cp.boxes.map((b) => boxEl(b, cp))));
  }

  function cardsOf(cards: string[], unseen: number, label: string, out?: Set<string>): HTMLElement {
    const all = [...cards, ...Array.from({ length: unseen }, () => "")];
    if (all.length === 0) return h("span", { class: "note" }, t("cpoker.noCards"));
    const el = cardsEl(all, label);
    if (out && out.size > 0 && view?.round === discardRound) {
      el.querySelectorAll<HTMLElement>(".card").forEach((c) => {
        const card = c.dataset.card ?? "";
        if (!out.has(card)) return;
        c.classList.add("discarded");
        c.setAttribute("aria-label", t("cpoker.discarded", { card: cardName(card) }));
      });
    }
    return el;
  }

  function turnEl(cp: CasinoPokerRound): HTMLElement | null {
    const turn = cp.turn;
    const [stage, street] = cp.stage.split("/");
    const parts: string[] = [];
    if (stage) parts.push(has("cpoker.stage." + stage) ? t("cpoker.stage." + stage) : stage);
    if (street) parts.push(has("cpoker.street." + street) ? t("cpoker.street." + street) : street);
    if (turn && turn.box > 0) parts.push(t("cpoker.turn", { name: turn.player, n: turn.box }));
    if (parts.length === 0) return null;
    const deadline = ms(turn?.deadline);
    return h("p", { class: "felt-turn", dataset: { turnPlayer: turn?.player ?? "", turnBox: String(turn?.box ?? 0) } },
      parts.join(" · "), " ", deadline > 0 && clockEl(deadline, t("felt.clock")));
  }

  function boxEl(b: CasinoPokerBox, cp: CasinoPokerRound): HTMLElement {
    const shown = hands.get("box:" + b.box);
    return h("article", { class: "felt-box" + (cp.turn?.box === b.box ? " turn" : "") + (b.you ? " mine" : ""),
      "aria-label": t("felt.box", { n: b.box }), dataset: { box: String(b.box), owner: b.name, you: String(b.you) } },
      h("h3", null, t("felt.box", { n: b.box }), " · ", b.name, b.you && " " + t("felt.you")),
      cardsOf(b.cards, b.unseenCards, t("cpoker.boxCards", { n: b.box }), b.you ? discards : undefined),
      h("p", { class: "note" }, b.stakes.map((s) => kindLabel(s.kind) + " " + money(s.amount, currency)).join(" · ")),
      b.action && h("p", { class: "felt-flag", dataset: { action: b.action } }, actionWord(b.action)),
      shown && h("p", { class: "felt-total" }, shown.hand),
      b.settled && h("p", { class: "note" }, t("cpoker.settled")));
  }

  // The player's decisions now, as the table lists them.
  function movesEl(cp: CasinoPokerRound, v: BankedTableView): HTMLElement {
    const moves = cp.legal.filter((m) => m.kind === "decide");
    const mine = cp.boxes.find((b) => moves.some((m) => m.box === b.box));
    const pickable = moves.some((m) => m.action === "exchange" || m.cards.length > 0);
    return h("section", { class: "panel felt-moves", "aria-labelledby": "h-cp-moves" },
      h("h2", { id: "h-cp-moves" }, t("felt.yourMoves")),
      moves.length === 0 ? h("p", { class: "note" }, t("felt.noMoves")) : [
        pickable && mine && pickEl(mine, moves),
        h("div", { class: "row" }, moves.map((m) => moveEl(m, v))),
      ]);
  }

  function pickEl(b: CasinoPokerBox, moves: CasinoPokerMove[]): HTMLElement {
    const bought = moves.find((m) => m.cards.length > 0);
    const cards = bought ? bought.cards : b.cards;
    return h("fieldset", { class: "felt-pick" },
      h("legend", null, bought ? t("cpoker.pickSmall") : t("cpoker.pickExchange")),
      h("div", { class: "row" }, cards.map((c) => h("button", {
        id: "cp-pick-" + c, type: "button", class: "felt-pickcard", "aria-pressed": String(picked.has(c)), dataset: { card: c },
        onclick: () => { if (picked.has(c)) picked.delete(c); else picked.add(c); render(); },
      }, cardEl(c)))));
  }

  function moveEl(m: CasinoPokerMove, v: BankedTableView): HTMLElement {
    const exchange = m.action === "exchange";
    const amount = m.min === m.max ? m.min : 0n;
    let text = actionWord(m.action);
    if (exchange && m.min === m.max) text = t("cpoker.exchangeCards", { n: picked.size, amount: money(m.min, currency) });
    else if (exchange) text = t("cpoker.exchangeEach", { n: picked.size, amount: money(m.min, currency) });
    else if (amount > 0n) text = t("cpoker.withAmount", { action: text, amount: money(amount, currency) });
    const disabled = busy || (exchange && picked.size === 0);
    const button = h("button", {
      id: "cp-move-" + m.box + "-" + m.action + (amount > 0n ? "-" + amount : ""),
      type: "button", class: m.action === "fold" || m.action === "pass" || m.action === "stop" ? "secondary" : "",
      disabled, dataset: { action: m.action, box: String(m.box) }, onclick: () => decide(m, v),
    }, text);
    if (m.insuranceMax <= 0n) return button;
    return h("span", { class: "felt-move" },
      amountField("cp-insurance", t("cpoker.insurance"), 0n, m.insuranceMax, insurance, currency, (a) => { insurance = a; }),
      button);
  }

  async function decide(m: CasinoPokerMove, v: BankedTableView) {
    let cards: string[] = [];
    if (m.action === "exchange") cards = [...picked];
    else if (m.cards.length > 0) {
      // A bought hand: the two picked cards are its small hand, the other
      // five its big hand; without two picked, the partition as dealt.
      cards = picked.size === 2 ? [...m.cards.filter((c) => !picked.has(c)), ...picked] : m.cards;
    }
    const ins = m.insuranceMax > 0n && insurance > 0n ? insurance : 0n;
    if (ins > 0n && ins < m.insuranceMin) {
      error = t("cpoker.insuranceBounds", { min: money(m.insuranceMin, currency), max: money(m.insuranceMax, currency) });
      render();
      return;
    }
    busy = true;
    error = "";
    render();
    try {
      if (m.action === "exchange") {
        if (discardRound !== v.round) discards.clear();
        discardRound = v.round;
      }
      const res = await api.casinoPoker.playCasinoPoker({
        tableId: table.tableId, round: v.round, box: m.box, action: m.action, amount: m.min === m.max ? m.min : 0n,
        seq: m.seq, idempotencyKey: crypto.randomUUID(), cards, insurance: ins,
      });
      if (m.action === "exchange") for (const c of cards) discards.add(c);
      if (res.stake > 0n) refreshBalance();
    } catch (e) {
      error = describe(e);
    }
    busy = false;
    live.refresh();
    render();
  }

  // Betting: the Ante on a box that is free or the player's, and with it,
  // in the same placement, the side bets the table's sign has limits for
  // (the table lists a side bet as legal only once the box has an Ante,
  // and a table that closes when everyone has bet would close on the Ante
  // alone).
  function bettingEl(v: BankedTableView): HTMLElement {
    const legal = v.casinoPoker?.legal ?? [];
    const places = legal.filter((m) => m.kind === "place");
    const cancels = legal.filter((m) => m.kind === "cancel");
    const boxes = boxNumbers([...places.map((m) => m.box), ...cancels.map((m) => m.box)]);
    if (!boxes.includes(box)) box = (cancels[0]?.box ?? places[0]?.box) ?? 0;
    const spots = spotsOf(v, places, box);
    const mineHere = cancels.filter((m) => m.box === box);
    const open = spots.filter((s) => !s.placed);
    return h("section", { class: "panel felt-betting", "aria-labelledby": "h-cp-bets" },
      h("h2", { id: "h-cp-bets" }, t("felt.placeBets")),
      !joined ? h("p", { class: "note" }, t("felt.joining")) : boxes.length === 0 ? h("p", { class: "note" }, t("cpoker.noBoxFree")) : [
        h("div", { class: "row" },
          h("label", { for: "cp-box" }, t("felt.boxLabel")),
          h("select", { id: "cp-box", onchange: (e: Event) => { box = Number((e.target as HTMLSelectElement).value); render(); } },
            boxes.map((n) => h("option", { value: String(n), selected: n === box },
              cancels.some((m) => m.box === n) ? t("cpoker.boxMine", { n }) : t("cpoker.boxFree", { n }))))),
        h("div", { class: "felt-spots" }, open.map((s) =>
          amountField("cp-stake-" + s.kind, s.kind === "ante" ? kindLabel(s.kind) : t("cpoker.optional", { bet: kindLabel(s.kind) }), s.min, s.max, stakes.get(s.kind) ?? s.initial, currency, (a) => { stakes.set(s.kind, a); }))),
        open.length > 0 && h("button", { type: "button", id: "cp-bet", disabled: busy, onclick: () => bet(v, open) },
          t("cpoker.placeOn", { n: box })),
        mineHere.length > 0 && h("ul", { class: "plain felt-mybets" }, mineHere.map((m) => {
          const b = v.yourBets.find((x) => x.betId === m.betId);
          return h("li", { dataset: { spot: m.spot } },
            kindLabel(m.spot.split("/")[1] ?? m.spot), " ", b ? money(b.amount, currency) : "", " ",
            h("button", { type: "button", id: "cp-cancel-" + m.spot.replace(/[:/]/g, "-"), class: "secondary", disabled: busy, onclick: () => cancel(v, m.betId) },
              t("felt.cancelBet")));
        })),
      ]);
  }

  interface SpotForm { kind: string; spot: string; min: bigint; max: bigint; initial: bigint; placed: boolean }

  // spotsOf are the spots of box n the form offers: those the table lists
  // as legal, and the side bets its sign has limits for.
  function spotsOf(v: BankedTableView, places: CasinoPokerMove[], n: number): SpotForm[] {
    const out: SpotForm[] = [];
    const placed = (spot: string) => v.yourBets.some((b) => b.spot === spot);
    for (const m of places.filter((p) => p.box === n)) {
      const kind = m.spot.split("/")[1] ?? m.spot;
      out.push({ kind, spot: m.spot, min: m.min, max: m.max, initial: kind === "ante" ? m.min : 0n, placed: placed(m.spot) });
    }
    // A side bet's limit of 0 is none of its own: the least stake is then
    // one minor unit, and the table refuses what is over its maximum.
    const byKind = v.summary?.limits?.byKind ?? {};
    for (const [kind, lim] of Object.entries(byKind)) {
      const spot = `box:${n}/${kind}`;
      if (out.some((s) => s.spot === spot)) continue;
      out.push({ kind, spot, min: lim.min > 0n ? lim.min : 1n, max: lim.max, initial: 0n, placed: placed(spot) });
    }
    return out;
  }

  // bet places, in one batch, every spot of the form with a stake (a side
  // bet left at 0 is none).
  async function bet(v: BankedTableView, spots: SpotForm[]) {
    const batch = spots.filter((s) => (stakes.get(s.kind) ?? s.initial) > 0n);
    const bets = batch.map((s) => ({ spot: s.spot, amount: stakes.get(s.kind) ?? s.initial }));
    const bad = batch.find((s, i) => bets[i].amount < s.min || (s.max > 0n && bets[i].amount > s.max));
    if (batch.length === 0) {
      error = t("cpoker.noStake");
      render();
      return;
    }
    if (bad) {
      error = t("cpoker.outOfBounds", { bet: kindLabel(bad.kind), min: money(bad.min, currency) });
      render();
      return;
    }
    busy = true;
    error = "";
    render();
    try {
      const res = await placeBets(table, v.round, bets);
      announce(t("cpoker.betPlaced", { n: box, amount: money(res.stake, currency) }));
      stakes.clear();
    } catch (e) {
      error = describe(e);
    }
    busy = false;
    live.refresh();
    render();
  }

  async function cancel(v: BankedTableView, betId: string) {
    busy = true;
    render();
    try {
      await cancelBets(table, v.round, [betId]);
    } catch (e) {
      error = describe(e);
    }
    busy = false;
    live.refresh();
    render();
  }

  function onEvent(e: RoundEvent) {
    const s = ledger.take(e);
    if (s) {
      result = s;
      announce(outcomeText(s, currency));
      refreshBalance();
      loadRecall(table).then((r) => { recall = r; render(); });
    }
    switch (e.event.case) {
      case "roundOpened":
        announce(t("felt.betsOpen", { n: String(e.round) }));
        break;
      case "bettingClosed":
        announce(t("felt.noMoreBets"));
        break;
      case "roundVoided":
        announce(t("felt.voided", { reason: e.event.value.reason }));
        break;
      case "stakeFailed":
        error = t("felt.stakeFailed", { reason: e.event.value.reason });
        refreshBalance();
        break;
      case "betsPlaced":
      case "betsCancelled":
        refreshBalance();
        break;
      case "casinoPoker": {
        const p = e.event.value;
        if (e.round !== shownRound) {
          shownRound = e.round;
          hands.clear();
        }
        if (p.kind === "shown" && p.hand) hands.set(p.box > 0 ? "box:" + p.box : "dealer", { hand: p.hand, qualifies: p.qualifies });
        if (p.kind === "turn" && me && p.playerId === me) announce(t("cpoker.yourTurn", { n: p.box }));
        break;
      }
    }
  }

  const live = liveTable(table, {
    view: (v) => { view = v; render(); },
    event: onEvent,
    state: (s) => { conn = s; render(); },
  });
  join(table).then(() => { joined = true; live.refresh(); render(); }).catch((e) => { error = describe(e); render(); });
  loadRecall(table).then((r) => { recall = r; render(); });
  render();
  const stopTicking = ticking(main);
  return () => { live.stop(); stopTicking(); leave(table); };
};

/** actionWord names a decision ("call", "sixth_card"). */
function actionWord(a: string): string {
  return has("cpoker.act." + a) ? t("cpoker.act." + a) : a;
}

/** paytableEl shows the table's paytables, each line with its source (a
 * rule's clause, the operator, or a placeholder not from the source). */
function paytableEl(lines: PaytableLine[]): HTMLElement | null {
  if (lines.length === 0) return null;
  const bets = [...new Set(lines.map((l) => l.bet))];
  return h("section", { class: "panel felt-paytable", "aria-labelledby": "h-cp-pay" },
    h("h2", { id: "h-cp-pay" }, t("cpoker.paytable")),
    bets.map((bet) => h("table", { class: "list", dataset: { bet } },
      h("caption", null, kindLabel(bet)),
      h("thead", null, h("tr", null, h("th", { scope: "col" }, t("cpoker.pay.line")), h("th", { scope: "col" }, t("cpoker.pay.pays")),
        h("th", { scope: "col" }, t("cpoker.pay.source")))),
      h("tbody", null, lines.filter((l) => l.bet === bet).map((l) => h("tr", null,
        h("td", null, lineLabel(l.line)), h("td", null, l.pays), h("td", { class: "note" }, sourceLabel(l.source))))))));
}

function lineLabel(line: string): string {
  return has("cpoker.line." + line) ? t("cpoker.line." + line) : line.replaceAll("_", " ");
}

// sourceLabel is where a line comes from, as the table's configuration
// cites it (a rule's clause, "operator", or a placeholder the rules lack).
function sourceLabel(source: string): string {
  if (!source) return t("cpoker.source.none");
  return source.startsWith("placeholder") ? "⚠ " + source : source;
}

function myBoxes(v: BankedTableView | null): number[] {
  if (!v) return [];
  const bets = v.yourBets.map((b) => Number(b.spot.split("/")[0].replace("box:", "")));
  const boxes = (v.casinoPoker?.boxes ?? []).filter((b) => b.you).map((b) => b.box);
  return boxNumbers([...bets, ...boxes]);
}
