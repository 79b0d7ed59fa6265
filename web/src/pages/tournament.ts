// One tournament (#/tournament/<id>): its clock, the player's entry
// (register, unregister, rebuy, add-on, the way to his table), the
// standings polled every few seconds, and the published structure.
import "./tournament.css";
import { timestampDate } from "@bufbuild/protobuf/wkt";
import { h, replace, announce, keepFocus } from "../dom";
import { t, money, chips, dateTime } from "../i18n";
import { api, errorText } from "../api";
import type { Page } from "./page";
import {
  TournamentState, PlayerStatus, PayoutMode, type Tournament, type Standing, type GetStandingsResponse, type Structure,
} from "../gen/croupier/tournament/v1/tournament_pb";
import {
  stateName, playerStatusName, gameLabel, buyInText, cash, price, chipsText, dateOf, mine, running, canRegister, canUnregister, canRebuy, canAddOn,
  moves, clock,
} from "./tournamentmodel";

const pollMs = 3000;

export const tournamentPage: Page = (main, params) => {
  const id = params[0] ?? "";
  let data: GetStandingsResponse | null = null;
  let loadError = "";
  let actError = ""; // the last refusal of a press, kept until the next press
  let busy = false;
  let stopped = false;
  // Following the player's seat: the table he was at on the last poll, and
  // the notice of his seat or of a move (balancing and broken tables move
  // players while he may be looking elsewhere).
  let myTable = "";
  let moved: { table: string; seat: number } | null = null;
  const tableNames = new Map<string, string>();
  const levelEnd = levelClock();

  const tableName = (tableId: string) => tableNames.get(tableId) ?? tableId;
  const movedText = () => moved ? t("tournament.moved", { table: tableName(moved.table), seat: moved.seat }) : "";
  // The table's name ("… #2") is the table service's; until it answers
  // (or if it cannot), the id stands in for it.
  const lookUpTable = async (tableId: string) => {
    if (tableNames.has(tableId)) return;
    try {
      const name = (await api.table.getTable({ tableId })).table?.summary?.name;
      if (name) tableNames.set(tableId, name);
    } catch {
      // Asked again at the next seat change.
    }
  };

  const followSeat = (me: Standing | undefined) => {
    const now = me?.tableId ?? "";
    if (now && now !== myTable) {
      const seat = me!.seat + 1, first = myTable === "";
      if (!first) moved = { table: now, seat };
      lookUpTable(now).then(() => {
        if (stopped) return;
        announce(first ? t("tournament.seated", { table: tableName(now), seat }) : movedText());
        keepFocus(main, render);
      });
    }
    myTable = now;
  };

  const press = async (what: "register" | "unregister" | "rebuy" | "addOn") => {
    const x = data?.tournament;
    if (!x || busy) return;
    busy = true;
    actError = "";
    keepFocus(main, render);
    try {
      const s = x.structure;
      switch (what) {
        case "register": {
          const res = await moves.register(id);
          announce(res.late ? t("tournament.lateOk", { name: x.name })
            : t("tournament.registeredOk", { name: x.name, amount: price(s?.buyIn, s?.fee).text }));
          break;
        }
        case "unregister": {
          const res = await moves.unregister(id);
          announce(t("tournament.unregisteredOk", { name: x.name, amount: price(res.refunded, undefined).text }));
          break;
        }
        case "rebuy":
          announce(t("tournament.rebuyOk", { chips: chips((await moves.rebuy(id)).chips) }));
          break;
        case "addOn":
          announce(t("tournament.addOnOk", { chips: chips((await moves.addOn(id)).chips) }));
          break;
      }
    } catch (e) {
      actError = errorText(e);
    }
    busy = false;
    await load();
  };

  const button = (what: "register" | "unregister" | "rebuy" | "addOn", label: string, aria = label, cls?: string) =>
    h("button", { class: cls, dataset: { key: what, action: what }, disabled: busy, "aria-label": aria, onclick: () => press(what) }, label);

  const entry = (x: Tournament, me: Standing | undefined) => {
    const s = x.structure!;
    const status = (() => {
      if (!me || me.status === PlayerStatus.WITHDRAWN) {
        return canRegister(x, me) ? t("tournament.notRegistered") : t("tournament.registrationClosed");
      }
      switch (me.status) {
        case PlayerStatus.REGISTERED: return t("tournament.youRegistered");
        case PlayerStatus.PLAYING: return t("tournament.youPlay", { chips: chips(me.chips) });
        case PlayerStatus.BUSTED: return t("tournament.youBusted", { n: s.rebuyDecisionSeconds || 30 });
        case PlayerStatus.OUT: return (me.prize?.amount ?? 0n) > 0n ? t("tournament.youPaid", { place: me.place, prize: cash(me.prize) })
          : t("tournament.youOut", { place: me.place });
      }
      return playerStatusName(me.status);
    })();
    const entryPrice = price(s.buyIn, s.fee).text;
    const rebuyPrice = price(s.rebuyPrice, s.rebuyFee).text;
    const addOnPrice = price(s.addOnPrice, s.addOnFee).text;
    return h("section", { class: "panel tour-entry", "aria-labelledby": "h-entry" },
      h("h2", { id: "h-entry" }, t("tournament.yourEntry")),
      h("p", { dataset: { mine: me ? PlayerStatus[me.status] : "NONE" } }, status),
      h("div", { class: "row" },
        canRegister(x, me) && button("register", t("tournament.registerPrice", { amount: entryPrice }), t("tournament.registerFor", { name: x.name, amount: entryPrice })),
        canUnregister(x, me) && button("unregister", t("tournament.unregister"), t("tournament.unregisterFrom", { name: x.name }), "secondary"),
        canRebuy(x, me) && button("rebuy", t("tournament.rebuyButton", { amount: rebuyPrice, chips: chips(s.rebuyChips) })),
        canAddOn(x, me) && button("addOn", t("tournament.addOnButton", { amount: addOnPrice, chips: chips(s.addOnChips) })),
        myTable && h("a", { class: "tour-go", href: "#/table/" + encodeURIComponent(myTable), dataset: { key: "go", table: myTable } },
          t("tournament.goToTable")),
      ),
      myTable && me && h("p", { class: "note" }, t("tournament.atTable", { table: tableName(myTable), seat: me.seat + 1 })),
      moved && h("p", { class: "tour-notice", dataset: { moved: moved.table } }, movedText()),
      actError && h("p", { class: "error", role: "alert" }, t("common.error", { error: actError })),
    );
  };

  const render = () => {
    const x = data?.tournament;
    if (!x || !data) {
      replace(main, h("h1", null, t("tournament.listTitle")),
        loadError ? h("p", { class: "error", role: "alert" }, t("common.error", { error: loadError })) : h("p", null, t("common.loading")));
      return;
    }
    document.title = x.name + " — " + t("app.title");
    const me = mine(data.standings);
    replace(main,
      h("p", null, h("a", { href: "#/tournaments" }, t("tournament.backToList"))),
      h("h1", null, x.name),
      h("p", { class: "status-line", dataset: { state: TournamentState[x.state] } },
        [stateName(x.state), buyInText(x.structure), t("tournament.entrantsOf", { n: x.entrants }), gameLabel(x.structure),
          (x.prizePool?.amount ?? 0n) > 0n ? t("tournament.poolOf", { amount: cash(x.prizePool) }) : ""].filter(Boolean).join(" · ")),
      x.state === TournamentState.CANCELLED && x.reason && h("p", { class: "note" }, x.reason),
      loadError && h("p", { class: "error", role: "alert" }, t("common.error", { error: loadError })),
      clockPanel(x),
      entry(x, me),
      standingsSection(x, data.standings, me, tableName),
      x.structure && structureSection(x, x.structure),
    );
    tick();
  };

  const clockPanel = (x: Tournament) => {
    const s = x.structure;
    const lvl = s?.levels[x.level - 1];
    const lines: (string | HTMLElement)[] = [];
    if (x.state === TournamentState.REGISTERING) {
      lines.push(h("span", null, t("tournament.startsIn") + " "), h("span", { class: "tour-countdown", dataset: { countdown: "start" } }));
    } else if (running(x) && s && lvl) {
      const blinds = { n: x.level, total: s.levels.length, sb: chips(lvl.smallBlind), bb: chips(lvl.bigBlind), ante: chips(lvl.ante) };
      lines.push(h("span", { dataset: { level: String(x.level) } }, lvl.ante > 0n ? t("tournament.levelNowAnte", blinds) : t("tournament.levelNow", blinds)));
      if (x.state === TournamentState.PAUSED) lines.push(" · " + t("tournament.state.paused"));
      else if (levelEnd.left(Date.now()) !== null) {
        lines.push(" · " + (x.state === TournamentState.BREAK ? t("tournament.breakEndsIn") : t("tournament.levelEndsIn")) + " ",
          h("span", { class: "tour-countdown", dataset: { countdown: "level" } }));
      } else lines.push(" · " + t("tournament.lastLevel"));
    } else {
      lines.push(stateName(x.state));
    }
    return h("section", { class: "panel tour-clock", "aria-labelledby": "h-clock" },
      h("h2", { id: "h-clock" }, t("tournament.clock")),
      h("p", null, lines),
      dateOf(x) && h("p", { class: "note" }, t("tournament.startsAt") + " " + dateTime(dateOf(x)!)));
  };

  // tick rewrites only the countdown's text, once a second: a re-render
  // would move the keyboard focus and make screen readers repeat the page.
  const tick = () => {
    const x = data?.tournament;
    const el = main.querySelector<HTMLElement>(".tour-countdown");
    if (!x || !el) return;
    const now = Date.now();
    const at = el.dataset.countdown === "start" ? (dateOf(x)?.getTime() ?? now) : now + (levelEnd.left(now) ?? 0);
    el.textContent = clock(at - now);
  };

  const load = async () => {
    try {
      const res = await api.tournament.getStandings({ tournamentId: id });
      if (stopped) return;
      data = res;
      loadError = "";
      if (res.tournament) levelEnd.update(res.tournament, Date.now());
      followSeat(mine(res.standings));
    } catch (e) {
      loadError = errorText(e);
    }
    if (!stopped) keepFocus(main, render);
  };

  let timer = 0;
  const poll = async () => {
    if (!busy) await load();
    if (!stopped) timer = window.setTimeout(poll, pollMs);
  };
  render();
  poll();
  const ticker = window.setInterval(tick, 1000);
  return () => { stopped = true; clearTimeout(timer); clearInterval(ticker); };
};

/** standingsSection: places, players, chips and tables; before the start,
 * the entrants' list. The server names tables (and ids) only to the player
 * himself, so only his own line says where he sits. */
function standingsSection(x: Tournament, lines: Standing[], me: Standing | undefined, tableName: (id: string) => string): HTMLElement {
  const started = x.state !== TournamentState.REGISTERING && x.state !== TournamentState.CANCELLED;
  const shown = lines.filter((l) => l.status !== PlayerStatus.WITHDRAWN);
  const alive = (l: Standing) => l.place === 0;
  // Players still in by chips, then the finished by place (GR H.30).
  shown.sort((a, b) => alive(a) !== alive(b) ? (alive(a) ? -1 : 1) : alive(a) ? Number(b.chips - a.chips) : a.place - b.place);
  const paid = shown.some((l) => (l.prize?.amount ?? 0n) > 0n);
  // Players still in rank by chips, equal stacks sharing a rank.
  let pos = 0, prevChips = -1n, prevPos = 0;
  const rank = (l: Standing) => {
    pos++;
    if (l.chips !== prevChips) { prevChips = l.chips; prevPos = pos; }
    return prevPos;
  };
  return h("section", { "aria-labelledby": "h-standings" },
    h("h2", { id: "h-standings" }, started ? t("tournament.standings") : t("tournament.entrantsList")),
    shown.length === 0 ? h("p", null, t("tournament.noEntrants")) :
    h("table", { class: "list tour-standings" },
      h("thead", null, h("tr", null,
        h("th", { scope: "col" }, t("tournament.place")), h("th", { scope: "col" }, t("tournament.player")),
        h("th", { scope: "col" }, t("tournament.chips")), h("th", { scope: "col" }, t("tournament.table")),
        h("th", { scope: "col" }, t("tournament.status")), paid && h("th", { scope: "col" }, t("tournament.prize")))),
      h("tbody", null, shown.map((l) => {
        const place = l.place > 0 ? l.place : started ? rank(l) : 0;
        const self = l === me;
        return h("tr", { class: self ? "tour-me" : "", dataset: { player: l.displayName, chips: String(l.chips), place: String(place) },
          "aria-current": self ? "true" : null },
          h("td", { "data-label": t("tournament.place") }, place > 0 ? String(place) : t("common.none")),
          h("td", { "data-label": t("tournament.player") }, l.displayName + (self ? " " + t("tournament.you") : "")),
          h("td", { "data-label": t("tournament.chips") }, started && l.place === 0 ? chips(l.chips) : t("common.none")),
          h("td", { "data-label": t("tournament.table") },
            l.tableId ? h("a", { href: "#/table/" + encodeURIComponent(l.tableId) }, tableName(l.tableId)) : t("common.none")),
          h("td", { "data-label": t("tournament.status") }, playerStatusName(l.status) + (l.rebuys > 0 ? " · " + t("tournament.rebuysDone", { n: l.rebuys }) : "")
            + (l.addOn ? " · " + t("tournament.addOnDone") : "")),
          paid && h("td", { "data-label": t("tournament.prize") }, (l.prize?.amount ?? 0n) > 0n ? cash(l.prize) : ""));
      }))));
}

/** structureSection: the published terms (GR H.1) — entry, stack, levels,
 * rebuys and add-on, prizes. */
function structureSection(x: Tournament, s: Structure): HTMLElement {
  const cur = s.buyIn?.currency || "EUR";
  const terms: [string, string][] = [
    [t("tournament.game"), gameLabel(s)],
    [t("tournament.buyIn"), cash(s.buyIn)],
    [t("tournament.fee"), cash(s.fee) || money(0, cur)],
    [t("tournament.total"), price(s.buyIn, s.fee).text],
    [t("tournament.stack"), chipsText(s.startingStack)],
    [t("tournament.seatsPerTable"), String(s.seatsPerTable)],
    [t("tournament.entrants"), t("tournament.entrantsRange", { min: s.minEntrants, max: s.maxEntrants })],
  ];
  if (s.registrationClosesAt) terms.push([t("tournament.registrationCloses"), dateTime(timestampDate(s.registrationClosesAt))]);
  terms.push([t("tournament.lateRegistration"), s.lateRegistration ? t("tournament.lateUntil", { n: s.lateRegistrationLevels }) : t("tournament.no")]);
  terms.push([t("tournament.withdrawal"), s.noWithdrawalRefund ? t("tournament.withdrawalKept") : t("tournament.withdrawalRefunded")]);
  if (s.rebuyLevels > 0) {
    terms.push([t("tournament.rebuys"), t("tournament.rebuyTerms", { amount: price(s.rebuyPrice, s.rebuyFee).text, chips: chips(s.rebuyChips),
      n: s.rebuyLevels }) + " · " + (s.maxRebuys > 0 ? t("tournament.rebuyMax", { n: s.maxRebuys }) : t("tournament.rebuyUnlimited"))]);
  } else {
    terms.push([t("tournament.rebuys"), t("tournament.freezeout")]);
  }
  if ((s.addOnPrice?.amount ?? 0n) > 0n) {
    terms.push([t("tournament.addOn"), t("tournament.addOnTerms", { amount: price(s.addOnPrice, s.addOnFee).text, chips: chips(s.addOnChips) })]);
  }
  if (s.clock?.actionSeconds) terms.push([t("tournament.actionClock"), t("common.seconds", { n: s.clock.actionSeconds })]);
  const anyAnte = s.levels.some((l) => l.ante > 0n);
  const anyBreak = s.levels.some((l) => l.breakSeconds > 0);
  return h("section", { "aria-labelledby": "h-structure" },
    h("h2", { id: "h-structure" }, t("tournament.structure")),
    h("dl", { class: "tour-terms" }, terms.map(([k, v]) => h("div", null, h("dt", null, k), h("dd", null, v)))),
    h("h3", { class: "tour-sub" }, t("tournament.levels")),
    h("table", { class: "list tour-levels" },
      h("thead", null, h("tr", null, h("th", { scope: "col" }, t("tournament.level")), h("th", { scope: "col" }, t("tournament.blinds")),
        anyAnte && h("th", { scope: "col" }, t("tournament.ante")), h("th", { scope: "col" }, t("tournament.duration")),
        anyBreak && h("th", { scope: "col" }, t("tournament.break")))),
      h("tbody", null, s.levels.map((l, i) => {
        const now = running(x) && x.level === i + 1;
        return h("tr", { class: now ? "tour-now" : "", "aria-current": now ? "true" : null },
          h("td", { "data-label": t("tournament.level") }, String(i + 1)),
          h("td", { "data-label": t("tournament.blinds") }, chips(l.smallBlind) + " / " + chips(l.bigBlind)),
          anyAnte && h("td", { "data-label": t("tournament.ante") }, l.ante > 0n ? chips(l.ante) : t("common.none")),
          h("td", { "data-label": t("tournament.duration") }, t("tournament.minutes", { n: Math.round(l.durationSeconds / 60) })),
          anyBreak && h("td", { "data-label": t("tournament.break") }, l.breakSeconds > 0 ? t("tournament.minutes", { n: Math.round(l.breakSeconds / 60) }) : t("common.none")));
      }))),
    h("h3", { class: "tour-sub" }, t("tournament.prizes")),
    prizes(x, s),
  );
}

function prizes(x: Tournament, s: Structure): HTMLElement {
  const pool = (x.prizePool?.amount ?? 0n) > 0n ? h("p", null, t("tournament.poolOf", { amount: cash(x.prizePool) })) : null;
  if (s.payoutMode === PayoutMode.EQUAL || s.payoutMode === PayoutMode.BY_CHIPS) {
    return h("div", null, pool, h("p", null, t(s.payoutMode === PayoutMode.EQUAL ? "tournament.payEqual" : "tournament.payByChips", { n: s.winners })));
  }
  return h("div", null, pool,
    h("table", { class: "list tour-prizes" },
      h("thead", null, h("tr", null, h("th", { scope: "col" }, t("tournament.place")), h("th", { scope: "col" }, t("tournament.share")))),
      h("tbody", null, s.payoutBps.map((bps, i) => h("tr", null, h("td", { "data-label": t("tournament.place") }, String(i + 1)),
        h("td", { "data-label": t("tournament.share") }, new Intl.NumberFormat(document.documentElement.lang || "en", { style: "percent", maximumFractionDigits: 2 }).format(bps / 10000)))))));
}

/** levelClock estimates when the level (or break) in force ends. The API
 * says which level is in force, not since when: the page counts the
 * published schedule from the start, or from the moment it saw the level
 * change when it saw one; the tournament's clock stops during a pause, so
 * a pause the page saw moves the end by its length. */
function levelClock() {
  let key = "";
  let endAt = 0; // 0: the last level, which goes on
  let pausedAt = 0;
  return {
    update(x: Tournament, now: number) {
      const s = x.structure;
      if (!s || !running(x)) { key = ""; return; }
      if (x.state === TournamentState.PAUSED) { if (!pausedAt) pausedAt = now; return; }
      if (pausedAt) { if (endAt) endAt += now - pausedAt; pausedAt = 0; }
      const onBreak = x.state === TournamentState.BREAK;
      const i = x.level - 1;
      const k = i + (onBreak ? "b" : "");
      if (k === key) return;
      const lvl = s.levels[i];
      if (!lvl || (i === s.levels.length - 1 && !onBreak)) endAt = 0;
      else if (key) endAt = now + (onBreak ? lvl.breakSeconds : lvl.durationSeconds) * 1000;
      else {
        let at = dateOf(x)?.getTime() ?? now;
        for (const l of s.levels.slice(0, i)) at += (l.durationSeconds + l.breakSeconds) * 1000;
        endAt = at + (lvl.durationSeconds + (onBreak ? lvl.breakSeconds : 0)) * 1000;
      }
      key = k;
    },
    /** left is the time to the change, or null on the last level. */
    left(now: number): number | null {
      return endAt ? Math.max(0, endAt - now) : null;
    },
  };
}
