import { h, replace } from "../dom";
import { t } from "../i18n";
import type { Page } from "./page";

export const recallPage: Page = (main) => {
  replace(main, h("h1", null, t("nav.recall")));
  return () => {};
};
