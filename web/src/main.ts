// The reference web client: a shell (navigation, language, balance) and a
// page per route, each page a module with the same shape (pages/page.ts).
import "./style.css";
import { h, replace } from "./dom";
import { t, setLang, currentLang, languages, onLangChange, type Lang } from "./i18n";
import { currentSession, signOut } from "./session";
import { startBalance } from "./balance";
import type { Page } from "./pages/page";
import { signInPage } from "./pages/signin";
import { lobbyPage } from "./pages/lobby";
import { routes } from "./routes";

const app = document.getElementById("app")!;
let unmount: (() => void) | null = null;
let stopBalance: (() => void) | null = null;

function shell(): { main: HTMLElement } {
  const s = currentSession();
  const langSelect = h(
    "select",
    { id: "lang", "aria-label": t("nav.language"), onchange: (e: Event) => setLang((e.target as HTMLSelectElement).value as Lang) },
    languages.map((l) => h("option", { value: l, selected: l === currentLang() }, t("lang." + l))),
  );
  const main = h("main", { id: "main", tabindex: "-1" });
  replace(
    app,
    // The skip link moves the focus without touching the hash, which is
    // the router's.
    h("a", { class: "skip", href: "#", onclick: (e: Event) => { e.preventDefault(); main.focus(); } }, t("app.skip")),
    h("header", { class: "top" },
      h("a", { class: "brand", href: "#/" }, t("app.title")),
      s && h("nav", { "aria-label": t("nav.lobby") },
        h("a", { href: "#/" }, t("nav.lobby")),
        h("a", { href: "#/tournaments" }, t("nav.tournaments")),
        h("a", { href: "#/recall" }, t("nav.recall"))),
      h("div", { class: "right" },
        s && h("span", { id: "balance", class: "balance", "aria-live": "polite" }),
        s && h("span", { class: "who" }, s.displayName),
        h("label", { class: "sr-only", for: "lang" }, t("nav.language")),
        langSelect,
        s && h("button", { class: "link", onclick: () => { signOut(); location.hash = "#/"; route(); } }, t("nav.signOut")))),
    main,
    h("div", { id: "live", class: "sr-only", "aria-live": "polite", role: "status" }),
  );
  return { main };
}

/** route renders the page the location hash names. */
function route() {
  unmount?.();
  unmount = null;
  stopBalance?.();
  stopBalance = null;
  document.title = t("app.title");
  const { main } = shell();
  const s = currentSession();
  let page: Page = lobbyPage;
  let params: string[] = [];
  if (!s) {
    page = signInPage;
  } else {
    const path = location.hash.replace(/^#\/?/, "").split("/").filter(Boolean).map(decodeURIComponent);
    const r = routes[path[0] ?? ""];
    if (r) {
      page = r;
      params = path.slice(1);
    }
    stopBalance = startBalance(document.getElementById("balance")!);
  }
  unmount = page(main, params, route);
}

window.addEventListener("hashchange", route);
onLangChange(route);
document.documentElement.lang = currentLang();
route();
