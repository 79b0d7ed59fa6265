// Game recall (#/recall, #/recall/<table>): the banked tables, and at the
// one chosen the player's round in progress and his last finished rounds
// there (ten in all, GetGameRecall): result, bets, what each did, totals.
// It reads any banked game; a card game's round shows its felt as cards.
import { h, replace } from "../dom";
import { t } from "../i18n";
import { api, errorText } from "../api";
import { bankedName } from "../names";
import type { Page } from "./page";
import type { BankedTableSummary, GetGameRecallResponse } from "../gen/croupier/table/v1/banked_pb";
import { recordEl, currentEl } from "./recall-record";

export const recallPage: Page = (main, params) => {
  const chosen = params[0] ?? "";
  let tables: BankedTableSummary[] = [];
  let recall: GetGameRecallResponse | null = null;
  let error = "";
  let loading = true;
  let stopped = false;

  const render = () => {
    const table = tables.find((x) => x.tableId === chosen);
    const currency = table?.currency || "EUR";
    replace(main,
      h("h1", null, t("nav.recall")),
      h("p", { class: "note" }, t("recall.intro")),
      error && h("p", { class: "error", role: "alert" }, t("common.error", { error })),
      h("div", { class: "recall-page" },
        h("nav", { class: "recall-tables", "aria-label": t("recall.tables") },
          h("h2", null, t("recall.tables")),
          tables.length === 0 ? h("p", null, loading ? t("common.loading") : t("lobby.empty")) :
            h("ul", { class: "plain" }, tables.map((x) => h("li", null,
              h("a", { href: "#/recall/" + encodeURIComponent(x.tableId), "aria-current": x.tableId === chosen ? "page" : undefined }, x.name),
              h("span", { class: "note" }, " · " + bankedName(x.game)))))),
        h("section", { class: "recall-rounds", "aria-labelledby": "h-recall-table" },
          !chosen ? h("p", { id: "h-recall-table" }, t("recall.choose")) : [
            h("h2", { id: "h-recall-table" }, table ? t("recall.at", { name: table.name }) : chosen),
            table && h("p", null, h("a", { href: "#/banked/" + encodeURIComponent(chosen) }, t("recall.openTable", { name: table.name }))),
            !recall ? h("p", null, loading ? t("common.loading") : "") :
              !recall.current && recall.rounds.length === 0 ? h("p", null, t("recall.empty")) :
                h("div", { class: "records" },
                  recall.current && currentEl(recall.current, currency),
                  recall.rounds.map((r) => recordEl(r, currency))),
          ])));
  };

  const load = async () => {
    try {
      const [list, rec] = await Promise.all([
        api.banked.listBankedTables({ pageSize: 100 }),
        chosen ? api.banked.getGameRecall({ tableId: chosen }) : Promise.resolve(null),
      ]);
      // By game, then name: the same order on every visit.
      tables = list.tables.sort((a, b) => a.game - b.game || a.name.localeCompare(b.name));
      recall = rec;
      error = "";
    } catch (e) {
      error = errorText(e);
    }
    loading = false;
    if (!stopped) render();
  };
  render();
  load();
  return () => { stopped = true; };
};
