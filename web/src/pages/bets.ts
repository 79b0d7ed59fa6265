// The betting side every wheel game shares (roulette, the money wheel):
// following the table's rounds, the chips, the bets assembled and placed
// in one batch, cancelling, the result, the settlement and the player's
// last rounds. A game brings only its felt (the layout it takes bets on),
// which puts chips through BetContext.add and redraws from the state.
import "./roulette-panel.css";
import { h, replace, keepFocus, announce } from "../dom";
import { t, money, has } from "../i18n";
import { api, errorText, errorReason, idempotencyKey, retrying, ms } from "../api";
import { follow, type StreamState } from "../stream";
import { refreshBalance } from "../balance";
import { currentSession } from "../session";
import { addPaid } from "../settlement";
import { bankedName, rtpText } from "../names";
import { ConnectError } from "@connectrpc/connect";
import {
  RoundPhase, SpinVerdict, VoidOption,
  type BankedTableSummary, type BankedTableView, type Bet, type RoundEvent, type RoundRecord,
  type SettlementLine, type SettlementPaid, type SubscribeRoundsResponse,
} from "../gen/croupier/table/v1/banked_pb";
import { TableStatus } from "../gen/croupier/table/v1/table_pb";
import { spotName, resultName, resultBadge, linesTable, phaseName, phaseKey, recordEl, linesTotals } from "./recall-record";

/** A bet assembled on the felt, not placed yet. */
export interface Pending {
  spot: string;
  amount: bigint;
}

/** RoundState is the table as the player follows it. */
export interface RoundState {
  table: BankedTableSummary;
  round: bigint;
  phase: RoundPhase;
  /** When betting closes (ms since the epoch; 0 for none). */
  closesAt: number;
  joined: boolean;
  players: number;
  /** His bets in play in the round. */
  mine: Bet[];
  pending: Pending[];
  chip: bigint;
  /** The round's result once it has one. */
  result?: { round: bigint; label: string; pocket: number; verdict: SpinVerdict };
  /** A void round (the money wheel: his bets carried or refunded). */
  voided?: { round: bigint; reason: string };
  voidChoice: VoidOption;
  /** Bets carried into the next round from a void one. */
  carried: Bet[];
  /** The last results, newest first. */
  last: string[];
}

export interface BetContext {
  readonly state: RoundState;
  /** add puts the chosen chip on spot, units times for a bet made of
   * several chips (an announced bet). */
  add(spot: string, units?: number): void;
  /** act runs a request of the player's (joining him first), showing a
   * refusal as the panel's error; it tells whether it went through. */
  act(what: () => Promise<unknown>): Promise<boolean>;
}

/** A game's felt: built once, redrawn by update() from ctx.state. */
export interface Felt {
  el: HTMLElement;
  update(): void;
  /** What to do first, while nothing is assembled. */
  hint: string;
}

/** The most bets one placement carries (the API's batch). */
const maxBatch = 50;

/** bettingTable renders a wheel game's table into main and follows it. */
export function bettingTable(main: HTMLElement, table: BankedTableSummary, buildFelt: (ctx: BetContext) => Felt): () => void {
  const currency = table.currency;
  const me = currentSession();
  const s: RoundState = {
    table, round: table.round, phase: table.phase, closesAt: 0, joined: false, players: table.players, mine: [], pending: [],
    chip: chipValues(table)[0], voidChoice: VoidOption.UNSPECIFIED, carried: [], last: [...table.lastResults],
  };
  let conn: StreamState | "" = "";
  let error = "";
  let notice = "";
  let busy = false;
  /** Pending bets the last refusal named (by index). */
  let invalid = new Set<number>();
  const selected = new Set<string>();
  /** His settlement of the last round he played: lines, then the money. */
  let settlement: { round: bigint; result?: string; lines: SettlementLine[]; paid?: SettlementPaid } | null = null;
  let recall: RoundRecord[] = [];
  let stopped = false;

  const m = (v: bigint) => money(v, currency);

  const ctx: BetContext = {
    state: s,
    add(spot, units = 1) {
      const amount = s.chip * BigInt(units);
      const p = s.pending.find((x) => x.spot === spot);
      if (p) p.amount += amount;
      else if (s.pending.length >= maxBatch) return showError(t("roulette.error.batch", { n: maxBatch }));
      else s.pending.push({ spot, amount });
      error = "";
      invalid = new Set();
      announce(t("roulette.addedAnnounce", { spot: spotName(spot), amount: m(amount) }));
      render();
    },
    act,
  };

  // The sections redraw on their own so a redraw of one keeps the focus
  // in the others (and keepFocus keeps it within the one redrawn).
  const head = h("div", { class: "bet-head" });
  const status = h("section", { class: "round-status", "aria-labelledby": "h-round" });
  const lastEl = h("div", { class: "last-results" });
  const panel = h("section", { class: "bet-panel panel", "aria-labelledby": "h-bets" });
  const settleEl = h("section", { class: "settlement", "aria-labelledby": "h-settlement" });
  const recallEl = h("section", { class: "table-recall", "aria-labelledby": "h-recall" });
  const felt = buildFelt(ctx);
  replace(main, head, status, lastEl, h("div", { class: "bet-area" }, felt.el, panel), settleEl, recallEl);

  function render() {
    if (stopped) return;
    renderHead();
    renderStatus();
    replace(lastEl, h("span", { class: "label" }, t("lobby.lastResults") + ":"), s.last.length === 0 ? " " + t("common.none") :
      h("ol", { class: "badges", "aria-label": t("lobby.lastResults") }, s.last.slice(0, 12).map((r) => h("li", null, resultBadge(r)))));
    keepFocus(panel, () => replace(panel, ...panelContent()));
    renderSettlement();
    felt.update();
  }

  function renderHead() {
    const lim = table.limits?.table;
    keepFocus(head, () => replace(head,
      h("p", { class: "note" }, h("a", { href: "#/" }, t("common.back"))),
      h("h1", null, table.name),
      h("p", { class: "meta" },
        [bankedName(table.game), lim ? t("roulette.limits", { min: m(lim.min), max: m(lim.max) }) : "", t("roulette.players", { n: s.players }), rtpText(table)]
          .filter(Boolean).join(" · "),
        conn && h("span", { class: "conn " + conn }, " · " + (conn === "connected" ? t("common.connected") : t("common.reconnecting")))),
      notice && h("p", { class: "error", role: "alert" }, notice),
      s.joined ? h("p", { class: "joined note" }, t("roulette.joinedAs", { name: me?.displayName ?? "" })) :
        h("p", null, h("button", { type: "button", class: "secondary", "data-key": "join", onclick: () => act(async () => {}) }, t("roulette.join")),
          " ", h("span", { class: "note" }, t("roulette.joinNote"))),
    ));
  }

  function renderStatus() {
    status.dataset.phase = phaseKey(s.phase);
    status.dataset.round = String(s.round);
    status.dataset.closesAt = String(s.closesAt);
    status.dataset.result = s.result && s.result.round === s.round ? s.result.label : "";
    replace(status,
      h("h2", { id: "h-round", class: "sr-only" }, t("roulette.round", { n: String(s.round) })),
      h("p", { class: "phase" },
        h("span", { class: "round-no" }, t("roulette.round", { n: String(s.round) })), " · ",
        h("strong", null, s.phase === RoundPhase.BETTING ? t("roulette.placeYourBets") : phaseName(s.phase)),
        " ", h("span", { class: "countdown" })),
      s.result && s.result.round === s.round && h("p", { class: "result " + (s.result.verdict === SpinVerdict.VALID ? "" : "void") },
        t("roulette.resultIs", { result: resultName(s.result.label) })),
      s.voided && s.voided.round === s.round && h("p", { class: "note" }, t("roulette.voidedBecause", { reason: s.voided.reason || t("common.none") })));
    tick();
  }

  /** tick updates the countdown only: its text changes each second and a
   * full redraw would take the focus away. */
  function tick() {
    const el = status.querySelector(".countdown");
    if (!el) return;
    const left = Math.max(0, Math.ceil((s.closesAt - Date.now()) / 1000));
    el.textContent = s.phase === RoundPhase.BETTING && s.closesAt > 0 ? t("roulette.closesIn", { n: left }) : "";
  }

  function panelContent() {
    const betting = s.phase === RoundPhase.BETTING;
    const pendingSum = s.pending.reduce((a, p) => a + p.amount, 0n);
    const mineSum = s.mine.reduce((a, b) => a + b.amount, 0n);
    return [
      h("h2", { id: "h-bets" }, t("roulette.yourBetting")),
      h("fieldset", { class: "chips" },
        h("legend", null, t("roulette.chip")),
        h("div", { class: "row" }, chipValues(table).map((v) => h("button", {
          type: "button", class: "chip", "aria-pressed": String(v === s.chip), "data-key": "chip-" + v,
          "aria-label": t("roulette.chipValue", { amount: m(v) }), onclick: () => { s.chip = v; render(); },
        }, m(v))))),
      h("h3", null, t("roulette.pending")),
      s.pending.length === 0 ? h("p", { class: "note" }, felt.hint) :
        h("ul", { class: "pending-list", "aria-label": t("roulette.pending") }, s.pending.map((p, i) => h("li", {
          class: invalid.has(i) ? "invalid" : "", dataset: { spot: p.spot, amount: String(p.amount) }, "aria-invalid": invalid.has(i) ? "true" : undefined,
        },
          h("span", null, spotName(p.spot) + " — " + m(p.amount)),
          h("button", { type: "button", class: "link", "data-key": "rm-" + p.spot, "aria-label": t("roulette.remove", { spot: spotName(p.spot) }),
            onclick: () => { s.pending.splice(i, 1); invalid = new Set(); render(); } }, t("roulette.removeShort"))))),
      h("div", { class: "row" },
        h("button", { type: "button", "data-key": "place", disabled: busy || !betting || s.pending.length === 0, onclick: place },
          s.pending.length ? t("roulette.place", { amount: m(pendingSum) }) : t("roulette.placeNone")),
        h("button", { type: "button", class: "secondary", "data-key": "clear", disabled: s.pending.length === 0,
          onclick: () => { s.pending = []; invalid = new Set(); error = ""; render(); } }, t("roulette.clear"))),
      error && h("p", { class: "error", role: "alert" }, error),
      h("h3", null, t("roulette.inPlay"), s.mine.length > 0 && " — " + m(mineSum)),
      s.mine.length === 0 ? h("p", { class: "note" }, t("roulette.inPlayEmpty")) :
        h("ul", { class: "mine-list", "aria-label": t("roulette.inPlay") }, s.mine.map((b) => h("li", { dataset: { bet: b.betId, spot: b.spot, amount: String(b.amount) } },
          h("label", { class: "check" },
            h("input", { type: "checkbox", "data-key": "sel-" + b.betId, checked: selected.has(b.betId), disabled: !betting,
              onchange: (e: Event) => { if ((e.target as HTMLInputElement).checked) selected.add(b.betId); else selected.delete(b.betId); render(); } }),
            spotName(b.spot) + " — " + m(b.amount))))),
      s.mine.length > 0 && h("div", { class: "row" },
        h("button", { type: "button", class: "secondary", "data-key": "cancel-sel", disabled: busy || !betting || !s.mine.some((b) => selected.has(b.betId)),
          onclick: () => cancel(s.mine.filter((b) => selected.has(b.betId)).map((b) => b.betId)) }, t("roulette.cancelSelected")),
        h("button", { type: "button", class: "danger", "data-key": "cancel-all", disabled: busy || !betting,
          onclick: () => cancel(s.mine.map((b) => b.betId)) }, t("roulette.cancelAll"))),
    ];
  }

  function renderSettlement() {
    if (!settlement) {
      replace(settleEl);
      settleEl.hidden = true;
      return;
    }
    settleEl.hidden = false;
    settleEl.dataset.round = String(settlement.round);
    settleEl.dataset.result = settlement.result ?? "";
    if (settlement.paid) settleEl.dataset.paid = String(settlement.paid.paid);
    else delete settleEl.dataset.paid;
    replace(settleEl,
      h("h2", { id: "h-settlement" }, t("roulette.settlement", { n: String(settlement.round) })),
      settlement.result && h("p", { class: "settle-result" }, t("roulette.resultIs", { result: resultName(settlement.result) })),
      settlement.lines.length > 0 && linesTable(settlement.lines, currency),
      settlement.paid ? h("p", { class: "paid ok" }, t("roulette.paidToWallet", { paid: m(settlement.paid.paid), won: m(settlement.paid.won),
        returned: m(settlement.paid.returned), lost: m(settlement.paid.lost) })) : h("p", { class: "note" }, t("roulette.paying")));
  }

  function renderRecall() {
    replace(recallEl,
      h("h2", { id: "h-recall" }, t("roulette.recall")),
      recall.length === 0 ? h("p", { class: "note" }, t("recall.empty")) :
        h("div", { class: "records" }, recall.map((r) => h("details", { class: "record-details", dataset: { round: String(r.round) } },
          h("summary", null, recordSummary(r)), recordEl(r, currency)))),
      h("p", null, h("a", { href: "#/recall/" + encodeURIComponent(table.tableId) }, t("roulette.recallLink"))));
  }

  function recordSummary(r: RoundRecord): string {
    const lines = r.lines.flatMap((l) => (l.line ? [l.line] : []));
    const net = linesTotals(lines).net;
    const res = r.phase === RoundPhase.VOIDED ? t("roulette.void") : resultName(r.result?.label || r.winner);
    return t("roulette.recordSummary", { n: String(r.round), result: res, net: (net > 0n ? "+" : "") + m(net) });
  }

  async function loadRecall() {
    try {
      const res = await api.banked.getGameRecall({ tableId: table.tableId });
      recall = res.rounds.slice(0, 10);
    } catch {
      // The recall is a convenience here (the recall page has it too): keep the last one read.
    }
    if (!stopped) renderRecall();
  }

  function showError(text: string) {
    error = text;
    render();
  }

  /** explain is a refusal in the player's words: the reason code's text
   * where the catalogue has one, and the server's message for detail. */
  function explain(e: unknown): string {
    const ce = ConnectError.from(e);
    const reason = errorReason(ce);
    return has("roulette.error." + reason) ? t("roulette.error." + reason) + " (" + ce.rawMessage + ")" : t("common.error", { error: errorText(e) });
  }

  async function join() {
    if (s.joined) return;
    await api.banked.joinBankedTable({ tableId: table.tableId, displayName: me?.displayName ?? "", currency });
    s.joined = true;
  }

  async function act(what: () => Promise<unknown>): Promise<boolean> {
    if (busy) return false;
    busy = true;
    error = "";
    render();
    try {
      await join();
      await what();
      return true;
    } catch (e) {
      error = explain(e);
      return false;
    } finally {
      busy = false;
      render();
    }
  }

  async function place() {
    const pending = s.pending.slice();
    const bets = pending.map((p) => ({ betId: betId(), spot: p.spot, amount: p.amount }));
    const req = { tableId: table.tableId, round: s.round, bets, idempotencyKey: idempotencyKey() };
    invalid = new Set();
    const ok = await act(async () => {
      try {
        const res = await retrying(() => api.banked.placeBets(req));
        addMine(res.bets);
        // Bets added while the request was out stay pending.
        s.pending = s.pending.filter((p) => !pending.includes(p));
        announce(t("roulette.placedAnnounce", { n: res.bets.length, amount: m(res.stake) }));
        refreshBalance();
      } catch (e) {
        // A refusal names the bet it could not take, by its id or its
        // spot: mark it to fix.
        const msg = ConnectError.from(e).rawMessage;
        bets.forEach((b, i) => { if (msg.includes(b.betId) || msg.includes(`"${b.spot}"`)) invalid.add(s.pending.indexOf(pending[i])); });
        throw e;
      }
    });
    if (!ok) announce(error);
  }

  async function cancel(ids: string[]) {
    if (ids.length === 0) return;
    const ok = await act(async () => {
      const res = await api.banked.cancelBets({ tableId: table.tableId, round: s.round, betIds: ids });
      removeMine(res.bets.map((b) => b.betId));
      announce(t("roulette.cancelledAnnounce", { n: res.bets.length, amount: m(res.refund) }));
      refreshBalance();
    });
    if (!ok) announce(error);
  }

  function addMine(bets: Bet[]) {
    for (const b of bets) if (!s.mine.some((x) => x.betId === b.betId)) s.mine.push(b);
  }

  function removeMine(ids: string[]) {
    s.mine = s.mine.filter((b) => !ids.includes(b.betId));
    for (const id of ids) selected.delete(id);
  }

  function fromView(v: BankedTableView) {
    if (v.summary) {
      Object.assign(table, v.summary);
      s.last = [...v.summary.lastResults];
      s.players = v.summary.players;
    }
    s.round = v.round;
    s.phase = v.phase;
    s.closesAt = ms(v.closesAt);
    s.joined = v.joined;
    s.mine = [...v.yourBets];
    s.result = v.result && v.verdict !== SpinVerdict.UNSPECIFIED ? { round: v.round, label: v.winner || v.result.label, pocket: v.result.pocket, verdict: v.verdict } : undefined;
  }

  function settlementOf(round: bigint) {
    if (!settlement || settlement.round !== round) settlement = { round, lines: [] };
    return settlement;
  }

  function apply(ev: RoundEvent) {
    const e = ev.event;
    switch (e.case) {
      case "snapshot":
        fromView(e.value);
        break;
      case "roundOpened":
        s.round = ev.round;
        s.phase = RoundPhase.BETTING;
        s.closesAt = ms(e.value.closesAt);
        s.mine = s.carried;
        s.carried = [];
        s.result = undefined;
        selected.clear();
        break;
      case "playerJoined":
        s.players = e.value.players;
        if (me && e.value.playerId === me.playerId) s.joined = true;
        break;
      case "playerLeft":
        s.players = e.value.players;
        if (me && e.value.playerId === me.playerId) s.joined = false;
        break;
      case "betsPlaced":
        addMine(e.value.bets);
        break;
      case "betsCancelled":
        removeMine(e.value.bets.map((b) => b.betId));
        break;
      case "voidOptionChosen":
        s.voidChoice = e.value.option;
        break;
      case "bettingClosed":
        s.phase = RoundPhase.CLOSED;
        announce(t("roulette.noMoreBets"));
        break;
      case "noSpin":
        s.phase = RoundPhase.BETTING;
        s.closesAt = ms(e.value.closesAt);
        announce(t("roulette.noSpin"));
        break;
      case "roundResult": {
        const v = e.value;
        const label = v.verdict === SpinVerdict.VALID ? v.winner || v.spin?.label || "" : "void";
        s.result = { round: ev.round, label: v.winner || v.spin?.label || "", pocket: v.spin?.pocket ?? -1, verdict: v.verdict };
        s.last = [label, ...s.last].slice(0, 20);
        s.phase = v.verdict === SpinVerdict.VALID ? RoundPhase.SETTLED : RoundPhase.VOIDED;
        // His settlement says what it was settled on.
        if (s.mine.length > 0) settlementOf(ev.round).result = label;
        announce(v.verdict === SpinVerdict.VALID ? t("roulette.resultIs", { result: resultName(label) }) : t("roulette.voidSpin", { result: resultName(s.result.label) }));
        break;
      }
      case "roundSettled": {
        const st = settlementOf(ev.round);
        st.lines = [...st.lines, ...e.value.lines];
        const sum = linesTotals(e.value.lines);
        announce(t("roulette.settledAnnounce", { staked: m(sum.staked), paid: m(sum.paid) }));
        break;
      }
      case "roundVoided":
        s.phase = RoundPhase.VOIDED;
        s.voided = { round: ev.round, reason: e.value.reason };
        announce(t("roulette.voidedBecause", { reason: e.value.reason || t("common.none") }));
        break;
      case "betsRefunded": {
        const st = settlementOf(ev.round);
        st.lines = [...st.lines, ...e.value.lines];
        s.carried = [...e.value.carried];
        if (e.value.lines.length) announce(t("roulette.refundedAnnounce", { amount: m(linesTotals(e.value.lines).paid) }));
        break;
      }
      case "stakeFailed":
        removeMine(e.value.betIds);
        error = t("roulette.stakeFailed", { amount: m(e.value.stake), reason: e.value.reason });
        announce(error);
        break;
      case "settlementPaid": {
        // A round can be paid in parts (a stake that reached the escrow
        // after the spin is paid when it does): the page shows their sum.
        const st = settlementOf(ev.round);
        st.paid = addPaid(st.paid, e.value);
        refreshBalance();
        loadRecall();
        break;
      }
      case "tableChanged":
        table.status = e.value.status;
        notice = e.value.status === TableStatus.OPEN ? "" : t("roulette.tableStatus", { reason: e.value.reason || t("common.none") });
        break;
    }
  }

  const stopFollow = follow<SubscribeRoundsResponse>({
    open: (after, signal) => api.banked.subscribeRounds({ tableId: table.tableId, afterEventId: after }, { signal }),
    last: (msg) => msg.events.at(-1)?.eventId ?? "",
    onMessage: (msg) => {
      for (const ev of msg.events) apply(ev);
      render();
    },
    onState: (st) => { conn = st; renderHead(); },
  });
  const timer = setInterval(tick, 250);
  render();
  renderRecall();
  loadRecall();
  return () => { stopped = true; stopFollow(); clearInterval(timer); };
}

/** stakesBySpot sums the player's chips on each spot: his bets in play
 * and those he is assembling (what the felt marks). */
export function stakesBySpot(s: RoundState): Map<string, bigint> {
  const out = new Map<string, bigint>();
  for (const b of [...s.mine, ...s.pending]) out.set(b.spot, (out.get(b.spot) ?? 0n) + b.amount);
  return out;
}

/** markStake shows the chips on a spot of the felt (its .stake badge). */
export function markStake(el: HTMLElement, amount: bigint | undefined, currency: string) {
  el.classList.toggle("has-stake", !!amount);
  el.querySelector(".stake")!.textContent = amount ? money(amount, currency) : "";
}

/** chipValues are the chips the table's limits allow: the usual values
 * from its minimum to its maximum. */
export function chipValues(table: BankedTableSummary): bigint[] {
  const min = table.limits?.table?.min ?? 0n;
  const max = table.limits?.table?.max ?? 0n;
  const usual = [100n, 500n, 1000n, 2500n, 10000n, 50000n];
  const out = usual.filter((v) => v >= min && (max === 0n || v <= max));
  if (min > 0n && !out.includes(min)) out.unshift(min);
  return out.slice(0, 6);
}


function betId(): string {
  return "b-" + crypto.randomUUID().slice(0, 13);
}

