import { h, replace } from "../dom";
import { t } from "../i18n";
import type { Page } from "./page";

export const bankedPage: Page = (main, params) => {
  replace(main, h("h1", null, t("lobby.table") + " " + (params[0] ?? "")));
  return () => {};
};
