// A poker cash or tournament table: seats, stacks, the player's own hole
// cards (everyone else's stay face down until shown), the board and pots,
// whose turn with the action clock and time bank, the action buttons and
// bet sizes from the server's legal actions, the hand's result, its
// history in PokerStars text and its fairness proof checked here with
// WebCrypto.
//
// The page follows the table's event stream (resumed after a drop from the
// last event it saw) for the hand's log, and re-reads the table view after
// each batch of events: the view is the server's own filtered state, so the
// page never works out from events what the player may see.
import "./poker.css";
import { h, replace, announce, keepFocus } from "../dom";
import { t, money, chips, has } from "../i18n";
import { api, errorText, idempotencyKey, retrying, ms } from "../api";
import { cardsEl } from "../cards";
import { follow, type StreamState } from "../stream";
import { refreshBalance } from "../balance";
import { currentSession } from "../session";
import { gameName, structureName } from "../names";
import { verifyShoe, hex } from "../proof";
import type { Page } from "./page";
import { ActionKind, SeatStatus, type LegalAction, type Seat, type Stakes, type TableEvent, type TableView } from "../gen/croupier/table/v1/table_pb";

interface LogLine {
  id: string;
  hand: string;
  text: string;
}

/** What the player saw of one hand, for its fairness proof. */
interface SeenHand {
  handId: string;
  handNumber: bigint;
  commitment: Uint8Array;
  cards: Set<string>;
}

export const pokerPage: Page = (main, params) => {
  const tableId = params[0] ?? "";
  let view: TableView | null = null;
  let error = "";
  let conn: StreamState | "" = "";
  const log: LogLine[] = [];
  const seen = new Set<string>();
  const names = new Map<number, string>();
  const hands = new Map<string, SeenHand>();
  let lastEnded = "";
  let history = "";
  let proofText: { ok: boolean; text: string } | null = null;
  let busy = false;
  let betAmount = 0n;
  let buyIn = 0n;
  let postNow = false;
  let stopped = false;
  let clockTimer = 0;

  const fmt = (v: bigint) => amount(v, view?.summary?.stakes);

  const refresh = debounce(async () => {
    try {
      const res = await api.table.getTable({ tableId });
      if (stopped) return;
      view = res.table ?? null;
      noteSeen();
      error = "";
    } catch (e) {
      error = errorText(e);
    }
    render();
  }, 40);

  // noteSeen remembers every card the player has seen in the current hand:
  // the fairness proof must open exactly these.
  function noteSeen() {
    for (const x of view?.seats ?? []) if (x.displayName) names.set(x.seat, x.displayName);
    const hand = view?.hand;
    if (!view || !hand?.handId) return;
    let s = hands.get(hand.handId);
    if (!s) {
      s = { handId: hand.handId, handNumber: hand.handNumber, commitment: hand.shoeCommitment, cards: new Set() };
      hands.set(hand.handId, s);
    }
    for (const c of hand.board) s.cards.add(c);
    for (const seat of view.seats) for (const c of seat.cards) if (c !== "??" && c !== "") s.cards.add(c);
  }

  const act = async (kind: ActionKind, amt: bigint) => {
    const hand = view?.hand;
    if (!hand || busy) return;
    busy = true;
    render();
    try {
      await api.table.act({ tableId, handId: hand.handId, actionSeq: hand.actionSeq, kind, amount: amt });
      error = "";
    } catch (e) {
      error = errorText(e);
    }
    busy = false;
    refresh();
  };

  const call = async (f: () => Promise<unknown>) => {
    if (busy) return;
    busy = true;
    render();
    try {
      await f();
      error = "";
    } catch (e) {
      error = errorText(e);
    }
    busy = false;
    refreshBalance();
    refresh();
  };

  const takeSeat = (seat: number) => {
    const req = {
      tableId, seat, postNow, idempotencyKey: idempotencyKey(), displayName: currentSession()?.displayName ?? "",
      buyIn: { currency: view?.summary?.stakes?.currency ?? "EUR", amount: buyIn || defaultBuyIn(view?.summary?.stakes) },
    };
    return call(() => retrying(() => api.table.takeSeat(req)));
  };

  const showHistory = async (handId: string) => {
    try {
      const res = await api.table.getHandHistory({ tableId, handId, format: "pokerstars" });
      history = res.text;
    } catch (e) {
      history = t("common.error", { error: errorText(e) });
    }
    render();
  };

  const checkProof = async (handId: string) => {
    proofText = { ok: false, text: t("poker.proof.checking") };
    render();
    try {
      const res = await api.table.getFairnessProof({ tableId, handId });
      const s = hands.get(handId);
      const commitment = s?.commitment.length ? s.commitment : res.commitment;
      if (!res.revealed || !res.proof) {
        proofText = { ok: false, text: t("poker.proof.notYet") };
      } else {
        const r = await verifyShoe(res.proof, commitment, 1);
        if (!r.ok) {
          proofText = { ok: false, text: t("poker.proof.failed", { error: r.error }) };
        } else {
          const opened = new Set(r.cards.values());
          const missing = [...(s?.cards ?? [])].filter((c) => !opened.has(c));
          proofText = missing.length > 0
            ? { ok: false, text: t("poker.proof.missing", { cards: missing.join(" ") }) }
            : { ok: true, text: t("poker.proof.ok", { n: opened.size, cards: [...opened].join(" "), commitment: hex(commitment).slice(0, 16) }) };
        }
      }
    } catch (e) {
      proofText = { ok: false, text: t("common.error", { error: errorText(e) }) };
    }
    announce(proofText.text);
    render();
  };

  function onEvent(e: TableEvent) {
    if (seen.has(e.eventId)) return;
    seen.add(e.eventId);
    // Names as the events give them: the view read after this batch may
    // not have the player who just sat down yet.
    if (e.event.case === "handStarted") for (const x of e.event.value.seats) if (x.displayName) names.set(x.seat, x.displayName);
    if (e.event.case === "seatChanged" && e.event.value.seat?.displayName) names.set(e.event.value.seat.seat, e.event.value.seat.displayName);
    const text = describe(e, view, names, fmt);
    if (text) log.push({ id: e.eventId, hand: e.handId, text });
    if (log.length > 200) log.splice(0, log.length - 200);
    if (e.event.case === "handStarted") {
      hands.set(e.handId, { handId: e.handId, handNumber: e.event.value.handNumber, commitment: e.event.value.shoeCommitment, cards: new Set() });
      history = "";
      proofText = null;
    }
    if (e.event.case === "handEnded") {
      lastEnded = e.handId;
      announce(text);
    }
    if (e.event.case === "turnStarted" && view && e.event.value.seat === view.yourSeat) announce(t("poker.yourTurn"));
  }

  const stopStream = follow({
    open: (after, signal) => api.table.subscribe({ tableId, afterEventId: after }, { signal }),
    last: (msg) => msg.events.at(-1)?.eventId ?? "",
    onMessage: (msg) => {
      for (const e of msg.events) {
        if (e.event.case === "snapshot") {
          view = e.event.value;
          noteSeen();
        } else {
          onEvent(e);
        }
      }
      refresh();
    },
    onState: (s) => {
      conn = s;
      render();
    },
  });

  function render() {
    if (stopped) return;
    const v = view;
    const sum = v?.summary;
    const hand = v?.hand;
    const mine = v && v.yourSeat >= 0 ? v.seats.find((s) => s.seat === v.yourSeat) : undefined;
    const myTurn = !!(v && hand && hand.toActSeat >= 0 && hand.toActSeat === v.yourSeat && hand.phase === "betting");
    keepFocus(main, () => replace(main,
      h("div", { class: "poker-head" },
        h("h1", null, sum?.name ?? t("common.loading")),
        sum && h("p", { class: "note" }, gameName(sum.game) + " · " + structureName(sum.structure) +
          (sum.stakes ? " · " + fmt(sum.stakes.smallBlind) + " / " + fmt(sum.stakes.bigBlind) : "") +
          (sum.tournamentId ? " · " + t("poker.tournamentTable") : "")),
        conn && h("span", { class: "conn " + conn, role: "status", dataset: { state: conn } }, t(conn === "connected" ? "common.connected" : "common.reconnecting"))),
      error && h("p", { class: "error", role: "alert" }, t("common.error", { error })),
      v && h("section", { class: "felt poker-felt", "aria-label": t("poker.table") },
        h("div", { class: "middle" },
          h("div", { class: "board", "aria-label": t("poker.board") }, hand && hand.board.length ? cardsEl(hand.board, t("poker.board")) : h("span", { class: "note" }, hand?.street ? t("poker.street", { street: streetName(hand.street) }) : "")),
          hand && h("div", { class: "pot", dataset: { pot: String(hand.potTotal) } }, t("poker.pot", { amount: fmt(hand.potTotal) })),
          hand && h("div", { class: "note" }, t("poker.handNumber", { n: String(hand.handNumber) }) + (hand.phase !== "betting" ? " · " + phaseName(hand.phase) : ""))),
        h("ol", { class: "seats", "aria-label": t("poker.seats") }, v.seats.map((s) => seatEl(s, v, fmt, busy, takeSeat)))),
      v && v.yourSeat < 0 && sum && !sum.tournamentId && seatForm(),
      myTurn && hand && actionPanel(hand.legalActions, hand.potTotal, mine),
      v && hand && hand.toActSeat >= 0 && clockEl(v),
      mine && !sum?.tournamentId && seatControls(mine),
      lastEnded && h("section", { class: "panel", "aria-labelledby": "h-after" },
        h("h2", { id: "h-after" }, t("poker.lastHand")),
        h("div", { class: "row" },
          h("button", { class: "secondary", dataset: { key: "history" }, onclick: () => showHistory(lastEnded) }, t("poker.history")),
          h("button", { class: "secondary", dataset: { key: "proof" }, onclick: () => checkProof(lastEnded) }, t("poker.proof.check"))),
        proofText && h("p", { class: "proof " + (proofText.ok ? "ok" : "error"), role: "status", dataset: { verified: String(proofText.ok) } }, proofText.text),
        history && h("pre", { class: "history", "aria-label": t("poker.history") }, history)),
      h("section", { class: "panel", "aria-labelledby": "h-log" },
        h("h2", { id: "h-log" }, t("poker.log")),
        h("ol", { class: "log" }, log.slice(-40).map((l) => h("li", { dataset: { event: l.id, hand: l.hand } }, l.text)))),
    ));
  }

  function seatForm(): HTMLElement {
    const st = view?.summary?.stakes;
    if (!buyIn) buyIn = defaultBuyIn(st);
    const exp = st?.exponent || 2;
    return h("section", { class: "panel", "aria-labelledby": "h-sit" },
      h("h2", { id: "h-sit" }, t("poker.sitDown")),
      h("div", { class: "row" },
        h("label", { for: "buyin" }, t("poker.buyIn", { min: fmt(st?.minBuyIn ?? 0n), max: fmt(st?.maxBuyIn ?? 0n) })),
        h("input", { id: "buyin", type: "number", inputmode: "decimal", step: String(1 / 10 ** exp), value: String(Number(buyIn) / 10 ** exp),
          onchange: (e: Event) => { buyIn = toMinor((e.target as HTMLInputElement).value, exp); } }),
        h("label", { class: "check" }, h("input", { type: "checkbox", checked: postNow, onchange: (e: Event) => { postNow = (e.target as HTMLInputElement).checked; } }), t("poker.postNow")),
        h("button", { dataset: { key: "sit-any" }, onclick: () => takeSeat(-1), disabled: busy }, t("poker.anySeat"))));
  }

  function actionPanel(legal: LegalAction[], pot: bigint, mine: Seat | undefined): HTMLElement {
    const sized = legal.find((l) => l.kind === ActionKind.BET || l.kind === ActionKind.RAISE || l.kind === ActionKind.COMPLETE);
    if (sized && (betAmount < sized.minAmount || betAmount > sized.maxAmount)) betAmount = sized.minAmount;
    const exp = view?.summary?.stakes?.exponent || 2;
    const presets: [string, bigint][] = [];
    if (sized) {
      const currentBet = mine?.bet ?? 0n;
      const maxBet = view ? view.seats.reduce((m, s) => (s.bet > m ? s.bet : m), 0n) : 0n;
      // A pot-sized raise: call, then raise by the pot after the call.
      const potRaise = maxBet + pot + (maxBet - currentBet);
      for (const [label, v] of [["poker.min", sized.minAmount], ["poker.halfPot", maxBet + (pot + (maxBet - currentBet)) / 2n], ["poker.potSize", potRaise], ["poker.max", sized.maxAmount]] as [string, bigint][]) {
        const c = clamp(v, sized.minAmount, sized.maxAmount, sized.step);
        if (!presets.some((p) => p[1] === c)) presets.push([label, c]);
      }
    }
    return h("section", { class: "panel actions", "aria-labelledby": "h-act" },
      h("h2", { id: "h-act" }, t("poker.yourTurn")),
      h("div", { class: "row" }, legal.filter((l) => l !== sized).map((l) =>
        h("button", { class: l.kind === ActionKind.FOLD ? "secondary" : "", disabled: busy, dataset: { action: actionKey(l.kind), key: "act-" + actionKey(l.kind) }, onclick: () => act(l.kind, l.minAmount) },
          actionLabel(l, fmt)))),
      sized && h("div", { class: "row bet" },
        h("label", { for: "bet" }, t("poker.amount")),
        h("input", { id: "bet", type: "range", min: String(sized.minAmount), max: String(sized.maxAmount), step: String(sized.step || 1n), value: String(betAmount),
          "aria-valuetext": fmt(betAmount),
          oninput: (e: Event) => { betAmount = BigInt((e.target as HTMLInputElement).value); const o = document.getElementById("bet-n") as HTMLInputElement | null; if (o) o.value = String(Number(betAmount) / 10 ** exp); } }),
        h("input", { id: "bet-n", type: "number", "aria-label": t("poker.amount"), step: String(1 / 10 ** exp), value: String(Number(betAmount) / 10 ** exp),
          onchange: (e: Event) => { betAmount = clamp(toMinor((e.target as HTMLInputElement).value, exp), sized.minAmount, sized.maxAmount, sized.step); render(); } }),
        presets.map(([label, v]) => h("button", { class: "secondary", disabled: busy, dataset: { key: label }, onclick: () => { betAmount = v; render(); } }, t(label))),
        h("button", { disabled: busy, dataset: { action: actionKey(sized.kind), key: "act-sized" }, onclick: () => act(sized.kind, betAmount) },
          t("poker.action." + actionKey(sized.kind) + "To", { amount: fmt(betAmount) }))));
  }

  function clockEl(v: TableView): HTMLElement {
    const hand = v.hand!;
    const left = hand.actionDeadline ? Math.max(0, Math.round((ms(hand.actionDeadline) - Date.now()) / 1000)) : 0;
    const s = v.seats.find((x) => x.seat === hand.toActSeat);
    const mine = hand.toActSeat === v.yourSeat;
    return h("div", { class: "clock row", role: "timer", "aria-live": "off" },
      h("span", { id: "clock-text" }, t("poker.toAct", { name: s?.displayName || t("poker.seatN", { n: hand.toActSeat + 1 }), seconds: left })),
      mine && s && s.timeBankSeconds > 0 && h("button", { class: "secondary", disabled: busy, dataset: { key: "time-bank" },
        onclick: () => call(() => api.table.useTimeBank({ tableId, handId: hand.handId, actionSeq: hand.actionSeq })) },
        t("poker.timeBank", { seconds: s.timeBankSeconds })));
  }

  function seatControls(mine: Seat): HTMLElement {
    return h("section", { class: "panel row", "aria-label": t("poker.mySeat") },
      mine.status === SeatStatus.SITTING_OUT
        ? h("button", { class: "secondary", disabled: busy, dataset: { key: "sit-in-out" }, onclick: () => call(() => api.table.sitIn({ tableId })) }, t("poker.sitIn"))
        : h("button", { class: "secondary", disabled: busy, dataset: { key: "sit-in-out" }, onclick: () => call(() => api.table.sitOut({ tableId })) }, t("poker.sitOut")),
      h("button", { class: "secondary", disabled: busy || mine.leaving, dataset: { key: "stand-up" }, onclick: () => {
        const req = { tableId, idempotencyKey: idempotencyKey() };
        return call(() => retrying(() => api.table.standUp(req)));
      } },
        mine.leaving ? t("poker.leaving") : t("poker.standUp")));
  }

  render();
  refresh();
  // The clock ticks in place: a whole render every second would take the
  // focus from a keyboard user's bet field.
  clockTimer = window.setInterval(() => {
    const el = document.getElementById("clock-text");
    if (el && view?.hand && view.hand.toActSeat >= 0) el.replaceWith(clockEl(view).firstChild!);
  }, 1000);
  return () => {
    stopped = true;
    stopStream();
    clearInterval(clockTimer);
  };
};

function seatEl(s: Seat, v: TableView, fmt: (n: bigint) => string, busy: boolean, take: (seat: number) => void): HTMLElement {
  const hand = v.hand;
  const empty = s.status === SeatStatus.EMPTY;
  const toAct = !!hand && hand.toActSeat === s.seat && hand.phase === "betting";
  const you = s.seat === v.yourSeat;
  const flags = [
    hand && hand.buttonSeat === s.seat ? t("poker.button") : "",
    s.folded ? t("poker.folded") : "", s.allIn ? t("poker.allIn") : "",
    s.status === SeatStatus.SITTING_OUT ? t("poker.sittingOut") : "", s.status === SeatStatus.WAITING ? t("poker.waitingBb") : "",
    s.status === SeatStatus.RESERVED ? t("poker.reserved") : "",
  ].filter(Boolean);
  const label = empty ? t("poker.emptySeat", { n: s.seat + 1 }) : t("poker.seatLabel", { n: s.seat + 1, name: s.displayName, stack: fmt(s.stack) });
  return h("li", { class: "seat" + (you ? " you" : "") + (toAct ? " to-act" : "") + (s.folded ? " folded" : "") + (empty ? " empty" : ""),
    "aria-label": label, "aria-current": toAct ? "true" : undefined, dataset: { seat: String(s.seat), you: String(you) } },
    empty
      ? (v.yourSeat < 0 && !v.summary?.tournamentId ? h("button", { class: "secondary", disabled: busy, dataset: { key: "sit-" + s.seat }, onclick: () => take(s.seat) }, t("poker.sitHere", { n: s.seat + 1 })) : h("span", { class: "note" }, t("poker.emptySeat", { n: s.seat + 1 })))
      : [
        h("div", { class: "name" }, s.displayName || t("poker.seatN", { n: s.seat + 1 }), you ? " " + t("poker.you") : ""),
        h("div", { class: "stack", dataset: { stack: String(s.stack) } }, fmt(s.stack)),
        s.cards.length > 0 && cardsEl(s.cards, you ? t("poker.yourCards") : t("poker.cardsOf", { name: s.displayName })),
        s.bet > 0n && h("div", { class: "bet" }, t("poker.betOf", { amount: fmt(s.bet) })),
        flags.length > 0 && h("div", { class: "flags" }, flags.join(" · ")),
      ]);
}

/** describe is one line of the hand's log for an event ("" for none). */
function describe(e: TableEvent, v: TableView | null, names: Map<number, string>, fmt: (n: bigint) => string): string {
  const name = (seat: number) => names.get(seat) || t("poker.seatN", { n: seat + 1 });
  const ev = e.event;
  switch (ev.case) {
    case "handStarted": return t("poker.ev.handStarted", { n: String(ev.value.handNumber) });
    case "blindPosted": return t("poker.ev.posted", { name: name(ev.value.seat), kind: has("poker.blind." + ev.value.kind) ? t("poker.blind." + ev.value.kind) : ev.value.kind, amount: fmt(ev.value.amount) });
    case "cardsDealt":
      if (ev.value.seat < 0) return ev.value.cards.length ? t("poker.ev.street", { street: streetName(ev.value.street), board: ev.value.cards.join(" ") }) : "";
      return ev.value.cards.some((c) => c !== "??") && ev.value.seat === v?.yourSeat ? t("poker.ev.dealtYou", { cards: ev.value.cards.join(" ") }) : "";
    case "streetStarted": return "";
    case "actionTaken": {
      const a = ev.value;
      const what = a.kind === ActionKind.BET || a.kind === ActionKind.RAISE || a.kind === ActionKind.COMPLETE || a.kind === ActionKind.BRING_IN
        ? t("poker.action." + actionKey(a.kind) + "To", { amount: fmt(a.amount) })
        : a.kind === ActionKind.CALL ? t("poker.action.callAmount", { amount: fmt(a.paid) }) : t("poker.action." + actionKey(a.kind));
      return t("poker.ev.action", { name: name(a.seat), action: what }) + (a.allIn ? " · " + t("poker.allIn") : "") + (a.timedOut ? " · " + t("poker.timedOut") : "");
    }
    case "betReturned": return t("poker.ev.returned", { name: name(ev.value.seat), amount: fmt(ev.value.amount) });
    case "handShown": return t("poker.ev.shows", { name: name(ev.value.seat), cards: ev.value.cards.join(" "), hand: ev.value.handName });
    case "handMucked": return t("poker.ev.mucks", { name: name(ev.value.seat) });
    case "potAwarded": return t("poker.ev.wins", { name: name(ev.value.seat), amount: fmt(ev.value.amount) });
    case "handEnded": return t("poker.ev.ended", { result: phaseName(ev.value.result) });
    case "playerHandVoided": return t("poker.ev.voided", { name: name(ev.value.seat), amount: fmt(ev.value.returned) });
    case "seatChanged": {
      const s = ev.value.seat;
      return s && has("poker.change." + ev.value.change) ? t("poker.change." + ev.value.change, { name: s.displayName || t("poker.seatN", { n: s.seat + 1 }) }) : "";
    }
    case "tableChanged": return ev.value.reason ? t("poker.ev.table", { reason: ev.value.reason }) : "";
  }
  return "";
}

function actionKey(k: ActionKind): string {
  switch (k) {
    case ActionKind.FOLD: return "fold";
    case ActionKind.CHECK: return "check";
    case ActionKind.CALL: return "call";
    case ActionKind.BET: return "bet";
    case ActionKind.RAISE: return "raise";
    case ActionKind.ALL_IN: return "allIn";
    case ActionKind.BRING_IN: return "bringIn";
    case ActionKind.POST: return "post";
    case ActionKind.COMPLETE: return "complete";
  }
  return "unknown";
}

function actionLabel(l: LegalAction, fmt: (n: bigint) => string): string {
  switch (l.kind) {
    case ActionKind.CALL: return t("poker.action.callAmount", { amount: fmt(l.minAmount) });
    case ActionKind.ALL_IN: return t("poker.action.allInAmount", { amount: fmt(l.minAmount) });
    case ActionKind.BRING_IN: return t("poker.action.bringInTo", { amount: fmt(l.minAmount) });
  }
  return t("poker.action." + actionKey(l.kind));
}

function streetName(s: string): string {
  return has("poker.streetName." + s) ? t("poker.streetName." + s) : s;
}

function phaseName(p: string): string {
  return has("poker.phase." + p) ? t("poker.phase." + p) : p;
}

/** amount shows chips of the table: money at a cash table, a count at a
 * tournament's ("CHP"). */
function amount(v: bigint, st: Stakes | undefined): string {
  if (!st || st.currency === "CHP") return chips(v);
  return money(v, st.currency, st.exponent || 2);
}

function defaultBuyIn(st: Stakes | undefined): bigint {
  if (!st) return 0n;
  const hundred = st.bigBlind * 100n;
  if (st.maxBuyIn > 0n && hundred > st.maxBuyIn) return st.maxBuyIn;
  if (hundred < st.minBuyIn) return st.minBuyIn;
  return hundred;
}

function toMinor(text: string, exp: number): bigint {
  const v = Number(text.replace(",", "."));
  return Number.isFinite(v) && v > 0 ? BigInt(Math.round(v * 10 ** exp)) : 0n;
}

function clamp(v: bigint, min: bigint, max: bigint, step: bigint): bigint {
  if (v < min) return min;
  if (v > max) return max;
  if (step > 0n) v = min + ((v - min) / step) * step;
  return v;
}

function debounce(f: () => void, ms: number): () => void {
  let timer = 0;
  return () => {
    clearTimeout(timer);
    timer = window.setTimeout(f, ms);
  };
}
