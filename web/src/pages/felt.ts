// What the card tables (blackjack and the casino poker family) share: the
// live table (a resumable round stream, and the table's view read again
// when the stream says something happened), joining, placing bets, the
// decision clock, the settlement of the player's round, his last rounds
// and the status line.
import "./felt.css";
import { h } from "../dom";
import { t, has, money } from "../i18n";
import { api, errorText, idempotencyKey, ms } from "../api";
import { phaseKey } from "./recall-record";
import { follow, type StreamState } from "../stream";
import { refreshBalance } from "../balance";
import { currentSession } from "../session";
import type { Settlement } from "../settlement";
import {
  RoundPhase,
  type BankedTableSummary,
  type BankedTableView,
  type RoundEvent,
  type RoundRecord,
} from "../gen/croupier/table/v1/banked_pb";

/** The callbacks of a live table. */
export interface LiveHandlers {
  /** view gets the table as the player may see it, never an older one. */
  view: (v: BankedTableView) => void;
  /** event gets every event of the stream but the snapshots. */
  event: (e: RoundEvent) => void;
  state: (s: StreamState) => void;
}

export interface Live {
  stop: () => void;
  /** refresh reads the table's view again now (after a move of ours). */
  refresh: () => void;
}

// While bets are open the stream tells nobody of other players' bets (they
// are private events), so the felt reads the view this often to see boxes
// taken and betting closed by someone else.
const bettingPollMs = 2000;

/** liveTable follows a table: its round stream (resumable, stream.ts) for
 * what happens, and the table's view, which alone lists the player's legal
 * moves, read again after each batch of events. */
export function liveTable(table: BankedTableSummary, on: LiveHandlers): Live {
  let version = -1n;
  let stopped = false;
  let inFlight = false;
  let again = false;
  let phase = RoundPhase.UNSPECIFIED;
  // A view of a version already shown is the same view: skipping it keeps
  // a stake being typed from being redrawn under the player's fingers.
  const show = (v: BankedTableView | undefined) => {
    if (!v || stopped || v.version <= version) return;
    version = v.version;
    phase = v.phase;
    on.view(v);
  };
  const refresh = () => {
    if (stopped) return;
    if (inFlight) {
      again = true;
      return;
    }
    inFlight = true;
    api.banked.getBankedTable({ tableId: table.tableId })
      .then((res) => show(res.table))
      .catch(() => { /* the stream or the next refresh brings it */ })
      .finally(() => {
        inFlight = false;
        if (again) {
          again = false;
          refresh();
        }
      });
  };
  const stopStream = follow({
    open: (after, signal) => api.banked.subscribeRounds({ tableId: table.tableId, afterEventId: after }, { signal }),
    last: (msg) => msg.events.at(-1)?.eventId ?? "",
    onMessage: (msg) => {
      let moved = false;
      for (const e of msg.events) {
        if (e.event.case === "snapshot") {
          show(e.event.value);
        } else {
          moved = true;
          on.event(e);
        }
      }
      if (moved) refresh();
    },
    onState: on.state,
  });
  const poll = setInterval(() => {
    if (phase === RoundPhase.BETTING) refresh();
  }, bettingPollMs);
  return {
    stop: () => { stopped = true; clearInterval(poll); stopStream(); },
    refresh,
  };
}

/** join seats the player at the table (a player bets only at a table he
 * joined); leave is its cleanup. A table that closes betting once every
 * joined player has bet waits for whoever is here, so the page leaves when
 * the player does. */
export async function join(table: BankedTableSummary): Promise<void> {
  const s = currentSession();
  // A page drawn again (the language switched) leaves and joins at once:
  // the join waits for the leave, or the two could cross.
  await leaving.get(table.tableId);
  await api.banked.joinBankedTable({ tableId: table.tableId, displayName: s?.displayName ?? "", currency: table.currency });
}

const leaving = new Map<string, Promise<unknown>>();

export function leave(table: BankedTableSummary) {
  const p = api.banked.leaveBankedTable({ tableId: table.tableId })
    .catch(() => { /* bets in play settle anyway */ })
    .finally(() => { if (leaving.get(table.tableId) === p) leaving.delete(table.tableId); });
  leaving.set(table.tableId, p);
}

/** placeBets places a batch of the player's bets in the round, each with a
 * fresh id, and asks the header for the balance the stake came off. */
export async function placeBets(table: BankedTableSummary, round: bigint, bets: { spot: string; amount: bigint }[]) {
  const stamp = Date.now().toString(36);
  const res = await api.banked.placeBets({
    tableId: table.tableId,
    round,
    idempotencyKey: idempotencyKey(),
    bets: bets.map((b, i) => ({ betId: `${b.spot}@${stamp}.${i}`, spot: b.spot, amount: b.amount })),
  });
  refreshBalance();
  return res;
}

export async function cancelBets(table: BankedTableSummary, round: bigint, betIds: string[]) {
  const res = await api.banked.cancelBets({ tableId: table.tableId, round, betIds });
  refreshBalance();
  return res;
}

/** clockEl is a countdown to deadline (epoch ms) that ticking() keeps
 * current: the decision clock, the end of the betting window. */
export function clockEl(deadline: number, label: string): HTMLElement {
  return h("span", { class: "felt-clock", role: "timer", "aria-label": label, dataset: { deadline: String(deadline) } }, secondsLeft(deadline));
}

function secondsLeft(deadline: number): string {
  return t("common.seconds", { n: Math.max(0, Math.ceil((deadline - Date.now()) / 1000)) });
}

/** ticking updates every clock under root until the returned stop. */
export function ticking(root: HTMLElement): () => void {
  const timer = setInterval(() => {
    root.querySelectorAll<HTMLElement>("[data-deadline]").forEach((el) => {
      const text = secondsLeft(Number(el.dataset.deadline));
      if (el.textContent !== text) el.textContent = text;
      el.classList.toggle("urgent", Number(el.dataset.deadline) - Date.now() < 5000);
    });
  }, 250);
  return () => clearInterval(timer);
}

/** amountField is a stake in the currency's major units, bounded by the
 * move's min and max (minor units; a max of 0 is no bound of its own);
 * onChange gets minor units. */
export function amountField(id: string, label: string, min: bigint, max: bigint, value: bigint, currency: string, onChange: (v: bigint) => void): HTMLElement {
  const input = h("input", {
    id, type: "number", inputmode: "decimal", min: String(Number(min) / 100), max: max > 0n ? String(Number(max) / 100) : undefined, step: "0.01",
    value: String(Number(value) / 100),
    oninput: (e: Event) => {
      const v = Number((e.target as HTMLInputElement).value);
      if (Number.isFinite(v)) onChange(BigInt(Math.round(v * 100)));
    },
  });
  return h("span", { class: "felt-amount" },
    h("label", { for: id }, label),
    input,
    h("span", { class: "note" }, max > 0n ? t("felt.bounds", { min: money(min, currency), max: money(max, currency) }) : t("felt.from", { min: money(min, currency) })));
}

/** spotLabel names a bet's or a line's spot: "box:3/hand:2/double" is
 * "Box 3 · hand 2 · double", "box:2/ante" "Box 2 · Ante". */
export function spotLabel(spot: string): string {
  return spot.split("/").map((part) => {
    const [k, v] = part.split(":");
    if (k === "box" && v) return t("felt.box", { n: v });
    if (k === "hand" && v) return t("felt.hand", { n: v });
    return kindLabel(part);
  }).join(" · ");
}

/** kindLabel names a kind of stake ("ante", "aa_bonus", "double"). */
export function kindLabel(kind: string): string {
  return has("felt.kind." + kind) ? t("felt.kind." + kind) : kind;
}

export function phaseLabel(p: RoundPhase): string {
  switch (p) {
    case RoundPhase.BETTING: return t("felt.phase.betting");
    case RoundPhase.CLOSED: return t("felt.phase.closed");
    case RoundPhase.SETTLED: return t("felt.phase.settled");
    case RoundPhase.VOIDED: return t("felt.phase.voided");
  }
  return t("felt.phase.waiting");
}

/** statusEl is the table's status line: its round, the phase, the time
 * left to bet, the connection. */
export function statusEl(v: BankedTableView | null, conn: StreamState | "", currency: string): HTMLElement {
  return h("p", { class: "status-line felt-status" },
    v && v.round > 0n && h("span", null, t("felt.round", { n: String(v.round) })),
    v && h("span", { dataset: { phase: phaseKey(v.phase) } }, phaseLabel(v.phase)),
    v && v.phase === RoundPhase.BETTING && v.closesAt && h("span", null, t("felt.closesIn"), " ", clockEl(ms(v.closesAt), t("felt.closesIn"))),
    v && v.phase === RoundPhase.BETTING && v.yourTotals && v.yourTotals.staked > 0n && h("span", null, t("felt.yourStake", { amount: money(v.yourTotals.staked, currency) })),
    conn && h("span", { class: "conn " + conn }, conn === "connected" ? t("common.connected") : t("common.reconnecting")));
}


/** outcomeText says what a settlement did, for the page and the live
 * region. */
export function outcomeText(s: Settlement, currency: string): string {
  const net = s.paid - s.staked;
  if (net > 0n) return t("felt.won", { round: String(s.round), amount: money(net, currency) });
  if (net < 0n) return t("felt.lost", { round: String(s.round), amount: money(-net, currency) });
  return t("felt.push", { round: String(s.round) });
}

/** settlementEl shows the player's last settled round: every line, and
 * the totals (data- attributes carry them for the browser tests). */
export function settlementEl(s: Settlement, currency: string): HTMLElement {
  const net = s.paid - s.staked;
  return h("section", { class: "panel felt-result", "aria-labelledby": "h-felt-result",
    dataset: { round: String(s.round), staked: String(s.staked), paid: String(s.paid), net: String(net) } },
    h("h2", { id: "h-felt-result" }, t("felt.result", { n: String(s.round) })),
    h("p", { class: "felt-outcome " + (net > 0n ? "ok" : net < 0n ? "error" : "") }, outcomeText(s, currency)),
    s.lines.length > 0 && h("table", { class: "list felt-lines" },
      h("thead", null, h("tr", null,
        h("th", { scope: "col" }, t("felt.line.spot")), h("th", { scope: "col" }, t("felt.line.stake")),
        h("th", { scope: "col" }, t("felt.line.won")), h("th", { scope: "col" }, t("felt.line.returned")),
        h("th", { scope: "col" }, t("felt.line.lost")))),
      h("tbody", null, s.lines.map((l) => h("tr", null,
        h("td", null, spotLabel(l.spot)), h("td", null, money(l.stake, currency)), h("td", null, money(l.won, currency)),
        h("td", null, money(l.returned, currency)), h("td", null, money(l.lost, currency)))))),
    h("p", null, t("felt.totals", { staked: money(s.staked, currency), paid: money(s.paid, currency), net: signed(net, currency) })));
}

export function signed(v: bigint, currency: string): string {
  return (v > 0n ? "+" : v < 0n ? "−" : "") + money(v < 0n ? -v : v, currency);
}

/** recallEl lists the player's last rounds at the table (game recall). */
export function recallEl(rounds: RoundRecord[], currency: string): HTMLElement {
  return h("section", { class: "panel felt-recall", "aria-labelledby": "h-felt-recall" },
    h("h2", { id: "h-felt-recall" }, t("felt.recall")),
    rounds.length === 0 ? h("p", { class: "note" }, t("felt.recallEmpty")) :
    h("ul", { class: "plain" }, rounds.map((r) => {
      const staked = r.yourTotals?.staked ?? 0n, paid = r.yourTotals?.paid ?? 0n;
      return h("li", { dataset: { round: String(r.round) } },
        t("felt.recallLine", { n: String(r.round), staked: money(staked, currency), paid: money(paid, currency), net: signed(paid - staked, currency) }),
        r.reason && h("span", { class: "note" }, " · " + r.reason));
    })));
}

/** loadRecall reads the player's last rounds at the table. */
export async function loadRecall(table: BankedTableSummary): Promise<RoundRecord[]> {
  try {
    const res = await api.banked.getGameRecall({ tableId: table.tableId });
    return res.rounds;
  } catch {
    return [];
  }
}

/** describe is a refusal as the page shows it. */
export function describe(e: unknown): string {
  return t("common.error", { error: errorText(e) });
}


/** boxNumbers are the distinct box numbers of boxes, in order. */
export function boxNumbers(boxes: Iterable<number>): number[] {
  return [...new Set(boxes)].sort((a, b) => a - b);
}
