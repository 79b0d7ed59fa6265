// A banked table: the page reads the table's game and hands over to that
// game's view (roulette, money wheel, blackjack, the casino poker family).
import { h, replace } from "../dom";
import { t } from "../i18n";
import { api, errorText } from "../api";
import { BankedGame, type BankedTableSummary } from "../gen/croupier/table/v1/banked_pb";
import type { Page } from "./page";
import { rouletteView } from "./roulette";
import { wheelView } from "./wheel";
import { blackjackView } from "./blackjack";
import { casinoPokerView } from "./casinopoker";

/** A BankedView renders one banked table into main and returns its cleanup. */
export type BankedView = (main: HTMLElement, table: BankedTableSummary) => () => void;

export const bankedPage: Page = (main, params) => {
  const id = params[0] ?? "";
  let cleanup = () => {};
  let stopped = false;
  replace(main, h("p", null, t("common.loading")));
  api.banked.getBankedTable({ tableId: id }).then((res) => {
    if (stopped) return;
    const table = res.table?.summary;
    if (!table) throw new Error("no table");
    const view = viewOf(table.game);
    cleanup = view(main, table);
  }).catch((e) => {
    if (!stopped) replace(main, h("p", { class: "error", role: "alert" }, t("common.error", { error: errorText(e) })));
  });
  return () => { stopped = true; cleanup(); };
};

function viewOf(g: BankedGame): BankedView {
  switch (g) {
    case BankedGame.ROULETTE: return rouletteView;
    case BankedGame.MONEY_WHEEL: return wheelView;
    case BankedGame.BLACKJACK: return blackjackView;
    default: return casinoPokerView;
  }
}
