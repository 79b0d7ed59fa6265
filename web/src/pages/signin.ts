import { h, replace } from "../dom";
import { t } from "../i18n";
import { devSignIn } from "../session";
import type { Page } from "./page";

/** The development sign-in: a name, and the dev stack issues a session. */
export const signInPage: Page = (main, _params, reload) => {
  const input = h("input", { id: "name", name: "name", required: true, maxlength: 32, autocomplete: "nickname" });
  const error = h("p", { class: "error", role: "alert" });
  const form = h(
    "form",
    {
      class: "card signin",
      onsubmit: async (e: Event) => {
        e.preventDefault();
        error.textContent = "";
        try {
          await devSignIn(input.value);
          reload();
        } catch (err) {
          error.textContent = t("signin.failed", { error: String((err as Error).message) });
        }
      },
    },
    h("h1", null, t("signin.title")),
    h("p", { class: "note" }, t("signin.devNote")),
    h("label", { for: "name" }, t("signin.name")),
    input,
    h("button", { type: "submit" }, t("signin.submit")),
    error,
  );
  replace(main, form);
  input.focus();
  return () => {};
};
