// The tournament lobby: every tournament with its entry terms and state,
// filtered by state, with Register / Unregister where the terms allow.
// One tournament's own page (structure, clock, standings) is tournament.ts.
import "./tournament.css";
import { h, replace, announce, keepFocus } from "../dom";
import { t, chips, dateTime } from "../i18n";
import { api, errorText } from "../api";
import type { Page } from "./page";
import { TournamentState, PlayerStatus, type Tournament, type Standing } from "../gen/croupier/tournament/v1/tournament_pb";
import {
  stateName, gameLabel, buyInText, price, dateOf, mine, canRegister, canUnregister, moves, listedStates, playerStatusName,
} from "./tournamentmodel";

export { tournamentPage } from "./tournament";

/** tournamentRow is one tournament as the lobbies list it: its name (the
 * link to its page), game, buy-in + fee, starting stack, state, entrants
 * and start. */
export function tournamentRow(x: Tournament): HTMLElement {
  const s = x.structure;
  const starts = dateOf(x);
  const field = (name: string, label: string, value: string) =>
    h("span", { class: "tour-field", dataset: { field: name } }, h("span", { class: "tour-label" }, label + " "), value);
  return h("div", { class: "tour-row", dataset: { tournament: x.tournamentId, state: TournamentState[x.state] } },
    h("a", { class: "tour-name", href: "#/tournament/" + encodeURIComponent(x.tournamentId), "aria-label": t("tournament.open", { name: x.name }) }, x.name),
    h("span", { class: "tour-field", dataset: { field: "game" } }, gameLabel(s)),
    field("buyin", t("tournament.buyIn"), buyInText(s)),
    field("stack", t("tournament.stack"), s ? chips(s.startingStack) : ""),
    h("span", { class: "tour-state", dataset: { field: "state" } }, stateName(x.state)),
    field("entrants", t("tournament.entrants"), String(x.entrants)),
    starts && field("starts", t("tournament.startsAt"), dateTime(starts)),
  );
}

export const tournamentsPage: Page = (main) => {
  let list: Tournament[] = [];
  // The caller's own line in each tournament he could register for or
  // withdraw from (the list does not say who registered).
  const me = new Map<string, Standing | undefined>();
  let filter = TournamentState.UNSPECIFIED;
  let error = ""; // the last refusal of a press, kept until the next press
  let loadError = "";
  let busy = "";
  let stopped = false;

  const act = async (x: Tournament, register: boolean) => {
    busy = x.tournamentId;
    error = "";
    keepFocus(main, render);
    try {
      if (register) {
        await moves.register(x.tournamentId);
        announce(t("tournament.registeredOk", { name: x.name, amount: price(x.structure?.buyIn, x.structure?.fee).text }));
      } else {
        const res = await moves.unregister(x.tournamentId);
        announce(t("tournament.unregisteredOk", { name: x.name, amount: price(res.refunded, undefined).text }));
      }
    } catch (e) {
      error = errorText(e);
    }
    busy = "";
    await load();
  };

  // action is the caller's status in x, if he entered, and the one move
  // the terms allow him now.
  const action = (x: Tournament) => {
    const line = me.get(x.tournamentId);
    const key = "act:" + x.tournamentId;
    const status = line && h("span", { class: "tour-mine", dataset: { mine: PlayerStatus[line.status] } }, playerStatusName(line.status));
    if (canUnregister(x, line)) {
      return [status, h("button", { class: "secondary", dataset: { key }, disabled: busy !== "", "aria-label": t("tournament.unregisterFrom", { name: x.name }),
        onclick: () => act(x, false) }, t("tournament.unregister"))];
    }
    if (me.has(x.tournamentId) && canRegister(x, line)) {
      const p = price(x.structure?.buyIn, x.structure?.fee);
      return [status, h("button", { dataset: { key }, disabled: busy !== "", "aria-label": t("tournament.registerFor", { name: x.name, amount: p.text }),
        onclick: () => act(x, true) }, t("tournament.registerPrice", { amount: p.text }))];
    }
    return status;
  };

  const render = () => {
    replace(main,
      h("h1", null, t("tournament.listTitle")),
      h("div", { class: "row" },
        h("label", { for: "tour-filter" }, t("tournament.filter")),
        h("select", { id: "tour-filter", dataset: { key: "filter" }, onchange: (e: Event) => {
          filter = Number((e.target as HTMLSelectElement).value) as TournamentState;
          load();
        } },
          h("option", { value: String(TournamentState.UNSPECIFIED), selected: filter === TournamentState.UNSPECIFIED }, t("tournament.filterAll")),
          listedStates.map((s) => h("option", { value: String(s), selected: filter === s }, stateName(s))))),
      error && h("p", { class: "error", role: "alert" }, t("common.error", { error })),
      loadError && h("p", { class: "error", role: "alert" }, t("common.error", { error: loadError })),
      list.length === 0 ? h("p", null, t("tournament.empty")) :
      h("ul", { class: "plain tour-list" }, list.map((x) => h("li", { class: "tour-item" }, tournamentRow(x), h("div", { class: "tour-action" }, action(x))))),
    );
  };

  const load = async () => {
    try {
      const all: Tournament[] = [];
      let token = "";
      // The state filter runs before the server cuts a page: a page may be
      // short and still have a next one.
      do {
        const res = await api.tournament.listTournaments({ state: filter, pageSize: 100, pageToken: token });
        all.push(...res.tournaments);
        token = res.nextPageToken;
      } while (token && all.length < 500);
      const open = all.filter((x) => x.state === TournamentState.REGISTERING || canRegister(x, undefined));
      const lines = await Promise.all(open.map((x) => api.tournament.getStandings({ tournamentId: x.tournamentId }).then((r) => mine(r.standings))));
      me.clear();
      open.forEach((x, i) => me.set(x.tournamentId, lines[i]));
      list = all;
      loadError = "";
    } catch (e) {
      loadError = errorText(e);
    }
    if (!stopped) keepFocus(main, render);
  };

  render();
  load();
  const timer = setInterval(() => { if (!busy) load(); }, 5000);
  return () => { stopped = true; clearInterval(timer); };
};
