// The blackjack table (docs/rules/cz-blackjack.md, ru-blackjack.md): the
// boxes with their bettors, hands and totals, the dealer's cards, whose
// decision it is and his clock, the player's bets (on a box of his own, or
// behind another player's) and the moves the table lists as legal for him
// — the page never decides itself what is legal.
import { h, replace, announce, keepFocus } from "../dom";
import { t, money } from "../i18n";
import { api, ms } from "../api";
import { phaseKey } from "./recall-record";
import { cardsEl } from "../cards";
import { refreshBalance } from "../balance";
import { currentSession } from "../session";
import { bankedName, rtpText } from "../names";
import type { StreamState } from "../stream";
import { RoundPhase, type BankedTableSummary, type BankedTableView, type RoundEvent, type RoundRecord } from "../gen/croupier/table/v1/banked_pb";
import {
  BlackjackAction,
  BlackjackMoveKind,
  type BlackjackBox,
  type BlackjackHand,
  type BlackjackMove,
  type BlackjackRound,
} from "../gen/croupier/table/v1/blackjack_pb";
import type { BankedView } from "./banked";
import {
  liveTable, join, leave, placeBets, cancelBets, clockEl, ticking, amountField, statusEl,
  outcomeText, settlementEl, recallEl, loadRecall, describe, boxNumbers,
} from "./felt";
import { Ledger, type Settlement } from "../settlement";

export const blackjackView: BankedView = (main, table) => {
  const currency = table.currency;
  const me = currentSession()?.playerId ?? "";
  const ledger = new Ledger();
  let view: BankedTableView | null = null;
  let conn: StreamState | "" = "";
  let joined = false;
  let error = "";
  let busy = false;
  let box = 0;
  let stake = 0n;
  const amounts = new Map<string, bigint>();
  let result: Settlement | null = null;
  let recall: RoundRecord[] = [];

  const render = () => keepFocus(main, () => {
    const v = view;
    const bj = v?.blackjack;
    const sum = v?.summary ?? table;
    replace(main, h("div", {
      class: "felt-page", dataset: {
        felt: "blackjack", phase: v ? phaseKey(v.phase) : "", round: v ? String(v.round) : "", joined: String(joined),
        closesAt: v?.closesAt ? String(ms(v.closesAt)) : "", myBoxes: myBoxes(v).join(","),
      },
    },
      h("h1", null, table.name),
      h("p", { class: "note" }, describeTable(sum)),
      statusEl(v, conn, currency),
      error && h("p", { class: "error", role: "alert" }, error),
      v && bj && feltEl(bj, v),
      v && bj && v.phase === RoundPhase.CLOSED && movesEl(bj),
      v && v.phase === RoundPhase.BETTING && bettingEl(v),
      result && settlementEl(result, currency),
      bj && shoeEl(bj),
      recallEl(recall, currency),
      h("p", null, h("a", { href: "#/" }, t("common.back"))),
    ));
  });

  function describeTable(s: BankedTableSummary): string {
    const lim = s.limits?.table;
    return [bankedName(s.game), s.profile.toUpperCase(),
      lim ? t("felt.limits", { min: money(lim.min, currency), max: money(lim.max, currency) }) : "", rtpText(s)].filter(Boolean).join(" · ");
  }

  // The felt: the dealer, every box in play, whose turn it is.
  function feltEl(bj: BlackjackRound, v: BankedTableView): HTMLElement {
    const dealerLabel = t("blackjack.dealer");
    return h("section", { class: "felt felt-table", "aria-labelledby": "h-bj-felt" },
      h("h2", { id: "h-bj-felt", class: "sr-only" }, t("blackjack.felt")),
      h("div", { class: "felt-dealer", dataset: { dealer: bj.dealer.join(" ") } },
        h("span", { class: "felt-who" }, dealerLabel),
        bj.dealer.length > 0 ? cardsEl(bj.dealer, dealerLabel) : h("span", { class: "note" }, t("blackjack.noCards")),
        bj.dealer.length > 0 && h("span", { class: "felt-total" }, totalText(bj.dealer.length, bj.dealerTotal, false, false))),
      turnEl(bj),
      bj.boxes.length === 0 ? h("p", { class: "note" }, v.phase === RoundPhase.BETTING ? t("blackjack.waitingForBets") : t("blackjack.noBoxes")) :
      h("div", { class: "felt-boxes" }, bj.boxes.map((b) => boxEl(b, bj))));
  }

  function turnEl(bj: BlackjackRound): HTMLElement | null {
    const turn = bj.turn;
    const deadline = ms(turn?.deadline);
    const clock = deadline > 0 && clockEl(deadline, t("felt.clock"));
    let text = "";
    if (bj.stage === "window") text = t("blackjack.stage.window");
    else if (bj.stage === "dealing") text = t("blackjack.stage.dealing");
    else if (bj.stage === "dealer") text = t("blackjack.stage.dealer");
    else if (turn && turn.box > 0 && turn.follow === BlackjackAction.SPLIT) text = t("blackjack.turnFollowSplit", { n: turn.box });
    else if (turn && turn.box > 0 && turn.follow === BlackjackAction.DOUBLE) text = t("blackjack.turnFollowDouble", { n: turn.box });
    else if (turn && turn.box > 0 && turn.player) text = t("blackjack.turn", { name: turn.player, n: turn.box, hand: turn.hand });
    if (!text) return null;
    return h("p", { class: "felt-turn", dataset: { turnPlayer: turn?.player ?? "", turnBox: String(turn?.box ?? 0) } }, text, " ", clock);
  }

  function boxEl(b: BlackjackBox, bj: BlackjackRound): HTMLElement {
    const turnHere = bj.turn && bj.turn.box === b.box && bj.stage === "playing";
    const owner = b.bettors[0];
    return h("article", { class: "felt-box" + (turnHere ? " turn" : "") + (b.bettors.some((x) => x.you) ? " mine" : ""),
      "aria-label": t("felt.box", { n: b.box }), dataset: { box: String(b.box), owner: owner?.name ?? "" } },
      h("h3", null, t("felt.box", { n: b.box }), owner && h("span", { class: "note" }, " · " + owner.name)),
      h("ul", { class: "plain felt-bettors" }, b.bettors.map((x, k) => h("li", {
        dataset: { bettor: x.name, you: String(x.you), role: k === 0 ? "owner" : "behind" } },
        h("strong", null, x.name), x.you && " " + t("felt.you"), " · ",
        k === 0 ? t("blackjack.owner") : t("blackjack.behind"), " · ", money(x.stake, currency),
        x.insurance > 0n && " · " + t("blackjack.insured", { amount: money(x.insurance, currency) }),
        x.evenMoney && " · " + t("blackjack.evenMoneyTaken"),
        x.surrendered && " · " + t("blackjack.surrendered")))),
      b.hands.map((hd) => handEl(b, hd, bj)));
  }

  function handEl(b: BlackjackBox, hd: BlackjackHand, bj: BlackjackRound): HTMLElement {
    const current = bj.stage === "playing" && bj.turn?.box === b.box && bj.turn?.hand === hd.id;
    const label = t("blackjack.handOf", { n: b.box, hand: hd.id });
    return h("div", { class: "felt-hand" + (current ? " current" : ""), dataset: { hand: String(hd.id), total: String(hd.total) } },
      cardsEl(hd.cards, label),
      h("span", { class: "felt-total" }, totalText(hd.cards.length, hd.total, hd.soft, hd.split)),
      hd.doubled && h("span", { class: "felt-flag" }, t("blackjack.doubled")),
      hd.split && h("span", { class: "felt-flag" }, t("blackjack.split")),
      h("span", { class: "note felt-stakes" }, hd.stakes.map((s) => {
        const who = b.bettors[s.bettor]?.name ?? "";
        return who + " " + money(s.base + s.double, currency) + (s.settled ? " ✓" : "");
      }).join(" · ")));
  }

  function totalText(cards: number, total: number, soft: boolean, split: boolean): string {
    if (cards === 2 && total === 21 && !split) return t("blackjack.blackjack");
    if (total > 21) return t("blackjack.bust", { n: total });
    return soft ? t("blackjack.soft", { n: total }) : String(total);
  }

  // The player's moves now, exactly as the table lists them.
  function movesEl(bj: BlackjackRound): HTMLElement {
    const moves = bj.legal.filter((m) => m.kind !== BlackjackMoveKind.BET && m.kind !== BlackjackMoveKind.CANCEL);
    const places = new Set(moves.map((m) => m.box + "/" + m.hand));
    return h("section", { class: "panel felt-moves", "aria-labelledby": "h-bj-moves" },
      h("h2", { id: "h-bj-moves" }, t("felt.yourMoves")),
      moves.length === 0 ? h("p", { class: "note" }, t("felt.noMoves")) :
      h("div", { class: "row" }, moves.map((m) => moveEl(m, places.size > 1))));
  }

  function moveEl(m: BlackjackMove, where: boolean): HTMLElement {
    const key = [m.kind, m.box, m.hand, m.action].join(":");
    const ranged = !m.decline && m.max > m.min;
    const amount = ranged ? clamp(amounts.get(key) ?? m.max, m.min, m.max) : m.min;
    const text = moveText(m, amount);
    const place = where ? " " + t("blackjack.where", { n: m.box, hand: m.hand || 1 }) : "";
    const button = h("button", {
      id: "bj-move-" + key.replaceAll(":", "-") + (m.decline ? "-no" : ""),
      type: "button", class: m.decline ? "secondary" : "", disabled: busy, "aria-label": text + place,
      dataset: { moveKind: kindName(m.kind), action: m.decline ? "decline" : actionName(m.action), box: String(m.box), hand: String(m.hand) },
      onclick: () => play(m, m.decline ? 0n : amount),
    }, text, place && h("span", { class: "note" }, place));
    if (!ranged) return button;
    return h("span", { class: "felt-move" },
      amountField("bj-amount-" + key.replaceAll(":", "-"), t("felt.amount"), m.min, m.max, amount, currency, (a) => { amounts.set(key, a); }),
      button);
  }

  function moveText(m: BlackjackMove, amount: bigint): string {
    const a = money(amount, currency);
    switch (m.kind) {
      case BlackjackMoveKind.INSURE: return m.decline ? t("blackjack.move.noInsurance") : t("blackjack.move.insure", { amount: a });
      case BlackjackMoveKind.EVEN_MONEY: return m.decline ? t("blackjack.move.noEvenMoney") : t("blackjack.move.evenMoney");
      case BlackjackMoveKind.SURRENDER: return t("blackjack.move.surrender");
      case BlackjackMoveKind.FOLLOW:
        if (m.decline) return t("blackjack.move.noFollow");
        return m.action === BlackjackAction.SPLIT ? t("blackjack.move.followSplit", { amount: a }) : t("blackjack.move.followDouble", { amount: a });
      case BlackjackMoveKind.DECIDE:
        switch (m.action) {
          case BlackjackAction.HIT: return t("blackjack.move.hit");
          case BlackjackAction.STAND: return t("blackjack.move.stand");
          case BlackjackAction.DOUBLE: return t("blackjack.move.double", { amount: a });
          case BlackjackAction.SPLIT: return t("blackjack.move.split", { amount: a });
        }
    }
    return t("blackjack.move.other", { action: actionName(m.action) });
  }

  async function play(m: BlackjackMove, amount: bigint) {
    if (!view) return;
    const round = view.round;
    busy = true;
    error = "";
    render();
    try {
      const res = await api.blackjack.playBlackjack({
        tableId: table.tableId, round, kind: m.kind, box: m.box, hand: m.hand, action: m.action, amount,
        decline: m.decline, seq: m.seq, idempotencyKey: crypto.randomUUID(),
      });
      if (res.stake > 0n) refreshBalance();
    } catch (e) {
      error = describe(e);
    }
    busy = false;
    live.refresh();
    render();
  }

  // Betting: a box of one's own, or behind another player's box. While bets
  // are open the view has no boxes yet: what the table lists as legal for
  // the player says which boxes he may bet on and up to how much, and a
  // box's maximum less his limit there is what the others have on it.
  function bettingEl(v: BankedTableView): HTMLElement {
    const bj = v.blackjack;
    const legal = bj?.legal ?? [];
    const infos = boxInfos(v, legal);
    const open = infos.filter((i) => i.place || i.mine);
    if (!open.some((i) => i.n === box)) box = (open.find((i) => i.mine) ?? open.find((i) => !i.others) ?? open[0])?.n ?? 0;
    const cur = infos.find((i) => i.n === box);
    const place = cur?.place;
    if (place) stake = clamp(stake || place.min, place.min, place.max);
    const betText = !cur ? "" : cur.mine ? t("blackjack.changeBet", { n: box }) : cur.others ? t("blackjack.betBehind", { n: box }) : t("blackjack.betOn", { n: box });
    return h("section", { class: "panel felt-betting", "aria-labelledby": "h-bj-bets" },
      h("h2", { id: "h-bj-bets" }, t("felt.placeBets")),
      !joined ? h("p", { class: "note" }, t("felt.joining")) : open.length === 0 ? h("p", { class: "note" }, t("blackjack.noBoxFree")) :
      h("div", { class: "row" },
        h("label", { for: "bj-box" }, t("felt.boxLabel")),
        h("select", { id: "bj-box", onchange: (e: Event) => { box = Number((e.target as HTMLSelectElement).value); stake = 0n; render(); } },
          infos.map((i) => h("option", { value: String(i.n), selected: i.n === box, disabled: !i.place && !i.mine, dataset: { state: i.state } }, i.text))),
        place && amountField("bj-stake", t("felt.stake"), place.min, place.max, stake, currency, (a) => { stake = a; }),
        place && h("button", { type: "button", id: "bj-bet", disabled: busy, onclick: () => bet(v, box, stake) }, betText)),
      v.yourBets.length > 0 && h("ul", { class: "plain felt-mybets" }, v.yourBets.map((b) => h("li", { dataset: { spot: b.spot } },
        t("blackjack.yourBet", { n: b.spot.replace("box:", ""), amount: money(b.amount, currency) }), " ",
        h("button", { type: "button", id: "bj-cancel-" + b.spot.replace(":", "-"), class: "secondary", disabled: busy, onclick: () => cancel(v, b.betId) },
          t("felt.cancelBet"))))));
  }

  interface BoxInfo { n: number; place?: BlackjackMove; mine: bigint; others: bigint; state: string; text: string }

  function boxInfos(v: BankedTableView, legal: BlackjackMove[]): BoxInfo[] {
    const places = legal.filter((m) => m.kind === BlackjackMoveKind.BET);
    const lim = v.summary?.limits?.table?.max ?? table.limits?.table?.max ?? 0n;
    const boxMax = lim > 0n ? lim : places.reduce((a, m) => (m.max > a ? m.max : a), 0n);
    const mineOn = (n: number) => v.yourBets.filter((b) => b.spot === "box:" + n).reduce((a, b) => a + b.amount, 0n);
    const numbers = boxNumbers([...legal.map((m) => m.box), ...v.yourBets.map((b) => Number(b.spot.replace("box:", "")))]);
    const all = boxNumbers([...numbers, ...Array.from({ length: Math.max(0, ...numbers) }, (_, i) => i + 1)]);
    return all.map((n) => {
      const place = places.find((m) => m.box === n);
      const mine = mineOn(n);
      const others = !mine && place && boxMax > place.max ? boxMax - place.max : 0n;
      let state = "free", text = t("blackjack.boxFree", { n });
      if (mine) { state = "mine"; text = t("blackjack.boxMine", { n, amount: money(mine, currency) }); }
      else if (!place) { state = "full"; text = t("blackjack.boxFull", { n }); }
      else if (others) { state = "taken"; text = t("blackjack.boxTaken", { n, amount: money(others, currency) }); }
      return { n, place, mine, others, state, text };
    });
  }

  async function bet(v: BankedTableView, n: number, amount: bigint) {
    busy = true;
    error = "";
    render();
    try {
      await placeBets(table, v.round, [{ spot: "box:" + n, amount }]);
      announce(t("blackjack.betPlaced", { n, amount: money(amount, currency) }));
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

  function shoeEl(bj: BlackjackRound): HTMLElement | null {
    const shoe = bj.shoes.at(-1);
    if (!shoe) return null;
    const hex = Array.from(shoe.commitment.slice(0, 8), (b) => b.toString(16).padStart(2, "0")).join("");
    return h("p", { class: "note felt-shoe" },
      t("blackjack.shoe", { n: String(shoe.number), dealt: bj.shoeDealt, cards: shoe.cards }),
      bj.markerOut && " · " + t("blackjack.markerOut"),
      hex && " · " + t("felt.commitment", { hex }));
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
      case "blackjack": {
        const b = e.event.value;
        if (b.kind === "turn" && me && b.playerId === me) announce(t("blackjack.yourTurn", { n: b.box }));
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

function myBoxes(v: BankedTableView | null): number[] {
  if (!v) return [];
  const bets = v.yourBets.map((b) => Number(b.spot.replace("box:", "")));
  const boxes = (v.blackjack?.boxes ?? []).filter((b) => b.bettors.some((x) => x.you)).map((b) => b.box);
  return boxNumbers([...bets, ...boxes]);
}

function clamp(v: bigint, lo: bigint, hi: bigint): bigint {
  return v < lo ? lo : v > hi ? hi : v;
}

function kindName(k: BlackjackMoveKind): string {
  return BlackjackMoveKind[k]?.toLowerCase() ?? "";
}

function actionName(a: BlackjackAction): string {
  return BlackjackAction[a]?.toLowerCase() ?? "";
}
