// The client's routes: #/<name>/<params...> → the page that renders it.
import type { Page } from "./pages/page";
import { lobbyPage } from "./pages/lobby";
import { pokerPage } from "./pages/poker";
import { bankedPage } from "./pages/banked";
import { tournamentsPage, tournamentPage } from "./pages/tournaments";
import { recallPage } from "./pages/recall";

export const routes: Record<string, Page> = {
  "": lobbyPage,
  table: pokerPage,
  banked: bankedPage,
  tournaments: tournamentsPage,
  tournament: tournamentPage,
  recall: recallPage,
};
