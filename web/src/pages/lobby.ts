import { h, replace } from "../dom";
import { t, money } from "../i18n";
import { api, errorText } from "../api";
import { gameName, structureName, bankedName } from "../names";
import type { Page } from "./page";
import type { TableSummary } from "../gen/croupier/table/v1/table_pb";
import type { BankedTableSummary } from "../gen/croupier/table/v1/banked_pb";
import type { Tournament } from "../gen/croupier/tournament/v1/tournament_pb";
import { tournamentRow } from "./tournaments";
import { shortResult } from "./recall-record";

/** The lobby: cash tables by game and stakes with their free seats, the
 * casino's banked tables and the tournaments, refreshed every few seconds. */
export const lobbyPage: Page = (main) => {
  let poker: TableSummary[] = [];
  let banked: BankedTableSummary[] = [];
  let tournaments: Tournament[] = [];
  let error = "";
  let onlyFree = false;
  const render = () => {
    const shown = poker.filter((x) => !x.tournamentId && (!onlyFree || x.seated < x.maxSeats));
    replace(main,
      h("h1", null, t("lobby.title")),
      error && h("p", { class: "error", role: "alert" }, t("common.error", { error })),
      h("section", { "aria-labelledby": "h-poker" },
        h("h2", { id: "h-poker" }, t("lobby.poker")),
        h("label", { class: "check" },
          h("input", { type: "checkbox", checked: onlyFree, onchange: (e: Event) => { onlyFree = (e.target as HTMLInputElement).checked; render(); } }),
          t("lobby.onlyFree")),
        shown.length === 0 ? h("p", null, t("lobby.empty")) :
        h("table", { class: "list" },
          h("thead", null, h("tr", null, h("th", { scope: "col" }, t("lobby.table")), h("th", { scope: "col" }, t("lobby.game")),
            h("th", { scope: "col" }, t("lobby.stakes")), h("th", { scope: "col" }, t("lobby.seats")))),
          h("tbody", null, shown.map((x) => h("tr", { dataset: { table: x.tableId } },
            h("td", null, h("a", { href: "#/table/" + encodeURIComponent(x.tableId), "aria-label": t("lobby.openTable", { name: x.name }) }, x.name)),
            h("td", null, gameName(x.game) + " · " + structureName(x.structure)),
            h("td", null, x.stakes ? money(x.stakes.smallBlind, x.stakes.currency, x.stakes.exponent || 2) + " / " + money(x.stakes.bigBlind, x.stakes.currency, x.stakes.exponent || 2) : ""),
            h("td", null, t("lobby.freeSeats", { free: x.maxSeats - x.seated, max: x.maxSeats }))))))),
      h("section", { "aria-labelledby": "h-casino" },
        h("h2", { id: "h-casino" }, t("lobby.casino")),
        banked.length === 0 ? h("p", null, t("lobby.empty")) :
        h("table", { class: "list" },
          h("thead", null, h("tr", null, h("th", { scope: "col" }, t("lobby.table")), h("th", { scope: "col" }, t("lobby.game")),
            h("th", { scope: "col" }, t("lobby.limits")), h("th", { scope: "col" }, t("lobby.players")), h("th", { scope: "col" }, t("lobby.lastResults")))),
          h("tbody", null, banked.map((x) => h("tr", { dataset: { table: x.tableId } },
            h("td", null, h("a", { href: "#/banked/" + encodeURIComponent(x.tableId), "aria-label": t("lobby.openTable", { name: x.name }) }, x.name)),
            h("td", null, bankedName(x.game)),
            h("td", null, x.limits?.table ? money(x.limits.table.min, x.currency) + " – " + money(x.limits.table.max, x.currency) : ""),
            h("td", null, String(x.players)),
            h("td", null, x.lastResults.slice(0, 8).map(shortResult).join(" "))))))),
      h("section", { "aria-labelledby": "h-tournaments" },
        h("h2", { id: "h-tournaments" }, t("lobby.tournaments")),
        tournaments.length === 0 ? h("p", null, t("lobby.empty")) :
        h("ul", { class: "plain" }, tournaments.map((x) => h("li", null, tournamentRow(x))))),
    );
  };
  let stopped = false;
  const load = async () => {
    try {
      const [p, b, tr] = await Promise.all([
        api.table.listTables({ pageSize: 100 }),
        api.banked.listBankedTables({ pageSize: 100 }),
        api.tournament.listTournaments({ pageSize: 20 }).catch(() => ({ tournaments: [] as Tournament[] })),
      ]);
      poker = p.tables;
      banked = b.tables;
      tournaments = tr.tournaments;
      error = "";
    } catch (e) {
      error = errorText(e);
    }
    if (!stopped) render();
  };
  render();
  load();
  const timer = setInterval(load, 5000);
  return () => { stopped = true; clearInterval(timer); };
};
