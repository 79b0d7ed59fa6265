import { h, replace } from "../dom";
import { t } from "../i18n";
import type { Page } from "./page";
import type { Tournament } from "../gen/croupier/tournament/v1/tournament_pb";

export function tournamentRow(x: Tournament): HTMLElement {
  return h("a", { href: "#/tournament/" + encodeURIComponent(x.tournamentId) }, x.name);
}

export const tournamentsPage: Page = (main) => {
  replace(main, h("h1", null, t("nav.tournaments")));
  return () => {};
};

export const tournamentPage: Page = (main, params) => {
  replace(main, h("h1", null, t("nav.tournaments") + " " + (params[0] ?? "")));
  return () => {};
};
