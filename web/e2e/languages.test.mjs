// Every page in Greek, Czech and Russian, switched from the header: no
// key without a text (⟦key⟧) and no text left in English, checked on what
// the browser shows against the catalogues themselves. Also measures the
// time from opening the client to the first table view.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { startStack, launch, signIn, devToken, rpc } from "./harness.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const catalogue = Object.assign({}, ...readdirSync(join(root, "src", "i18n")).filter((f) => f.endsWith(".json"))
  .map((f) => JSON.parse(readFileSync(join(root, "src", "i18n", f), "utf8"))));

// English texts that every other language translates differently, with
// their {placeholders} as wildcards: none of them may show on a page once
// the language is switched.
const pattern = (text) => new RegExp("^" + text.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\\?\{\w+\\?\}/g, ".*") + "$", "si");
const english = Object.values(catalogue)
  .filter((v) => v.el !== v.en && v.cs !== v.en && v.ru !== v.en && /[a-z]{3}/i.test(v.en.replace(/\{\w+\}/g, "")))
  .map((v) => pattern(v.en));
// A text that is one of the language's own (wildcards filled) is fine even
// if an English pattern happens to fit it too ("Split πόκερ").
const own = Object.fromEntries(["el", "cs", "ru"].map((l) => [l, Object.values(catalogue).map((v) => pattern(v[l]))]));

let stack, browser;
before(async () => { stack = await startStack(); browser = await launch(); });
after(async () => { await browser?.close(); await stack?.stop(); });

test("every page switches to Greek, Czech and Russian with nothing left untranslated", { timeout: 300_000 }, async () => {
  const { context, page } = await signIn(browser, stack.base, "Polyglot Pat");
  // The operator names tables and tournaments: data, not the client's text.
  const token = await devToken(stack.base, "Polyglot Pat");
  const names = new Set([
    ...(await rpc(stack.base, token, "croupier.table.v1.TableService/ListTables")).tables.map((x) => x.name),
    ...(await rpc(stack.base, token, "croupier.table.v1.BankedTableService/ListBankedTables")).tables.map((x) => x.name),
    ...((await rpc(stack.base, token, "croupier.tournament.v1.TournamentService/ListTournaments")).tournaments ?? []).map((x) => x.name),
  ]);
  const links = await page.locator("main a[href^='#/']").evaluateAll((as) => as.map((a) => a.getAttribute("href")));
  const pick = (re) => links.find((h) => re.test(h));
  const tables = [...new Set(links.filter((h) => /^#\/(table|banked)\//.test(h)))];
  const pages = ["#/", "#/tournaments", pick(/^#\/tournament\//), "#/recall", ...tables].filter(Boolean);
  assert.ok(tables.length >= 13, `the lobby links every table: ${tables.length}`);
  for (const lang of ["el", "cs", "ru"]) {
    await page.goto(stack.base + "/#/");
    await page.locator("#lang").selectOption(lang);
    await page.waitForFunction((l) => document.documentElement.lang === l, lang);
    for (const hash of pages) {
      await page.goto(stack.base + "/" + hash);
      await page.locator("main h1").first().waitFor();
      await page.waitForTimeout(600); // the page's first reads land
      const leaves = await page.locator("body *").evaluateAll((els) => els
        .filter((e) => e.children.length === 0 && e.offsetParent !== null && !["SCRIPT", "STYLE", "PRE"].includes(e.tagName))
        .map((e) => [e.textContent.trim(), e.getAttribute("aria-label") ?? "", e.getAttribute("placeholder") ?? ""]));
      for (const [text, label, placeholder] of leaves) {
        for (const s of [text, label, placeholder].filter((x) => !names.has(x))) {
          assert.ok(!s.includes("⟦"), `${lang} ${hash}: a key without text: ${s}`);
          const left = own[lang].some((re) => re.test(s)) ? undefined : english.find((re) => re.test(s));
          assert.ok(!left, `${lang} ${hash}: "${s}" is still in English (${left})`);
        }
      }
    }
  }
  await context.close();
});

test("time to the first table view", async () => {
  const { context, page } = await signIn(browser, stack.base, "Stopwatch Sam");
  const href = await page.getByRole("link", { name: /Open Hold'em NL/ }).getAttribute("href");
  const times = [];
  for (let i = 0; i < 5; i++) {
    await page.goto("about:blank");
    const t0 = Date.now();
    await page.goto(stack.base + "/" + href);
    await page.locator("ol.seats li").first().waitFor();
    times.push(Date.now() - t0);
    // The view is the table's: its name and all six seats.
    assert.match(await page.locator("main h1").innerText(), /Hold'em NL/);
    assert.equal(await page.locator("ol.seats li").count(), 6);
  }
  times.sort((a, b) => a - b);
  console.log(`# time to first table view (page load to seats drawn), 5 loads: median ${times[2]} ms, min ${times[0]} ms, max ${times[4]} ms`);
  await context.close();
});
