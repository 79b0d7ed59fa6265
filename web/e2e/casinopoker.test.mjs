// Casino Hold'em (gr) through the browser: an Ante and an AA Bonus, the
// Call through the page's button, the settlement, and the wallet moved by
// exactly what it says; the paytable is shown with its sources.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { startStack, launch, signIn, balance, screenshot } from "./harness.mjs";

let stack, browser;
before(async () => { stack = await startStack(); browser = await launch(); });
after(async () => { await browser?.close(); await stack?.stop(); });

test("a Casino Hold'em round: ante, call, settled", { timeout: 300_000 }, async () => {
  const { context, page } = await signIn(browser, stack.base, "Carla Call");
  await page.getByRole("link", { name: "Open Casino Hold'em", exact: true }).click();
  const felt = page.locator('[data-felt="casinopoker"]');
  await page.locator('[data-felt="casinopoker"][data-joined="true"]').waitFor();

  // The paytables, every line with its source (gr-casino-holdem.md §6.2).
  const ante = page.locator('.felt-paytable table[data-bet="ante"]');
  await ante.waitFor();
  assert.match(await ante.innerText(), /Royal flush\s+100:1\s+gr-casino-holdem\.md §6\.2/);
  assert.match(await page.locator('.felt-paytable table[data-bet="aa_bonus"]').innerText(), /Pair of aces\s+7:1/);

  await page.waitForFunction(() => {
    const el = document.querySelector("[data-felt]");
    return el?.dataset.phase === "betting" && Number(el.dataset.closesAt) - Date.now() > 5000;
  }, null, { timeout: 60_000, polling: 100 });
  const before = await balance(page);
  await page.getByLabel("Ante", { exact: true }).fill("10");
  await page.getByLabel(/^AA Bonus/).fill("5");
  const box = await page.getByRole("combobox", { name: "Box" }).inputValue();
  await page.getByRole("button", { name: `Place bets on box ${box}` }).click();

  // She is the only player joined: betting closes on her bets, two cards
  // are hers, three on the board, the dealer's two face down.
  const call = page.getByRole("button", { name: /^Call \(€20\)/ });
  await call.waitFor({ timeout: 20_000 });
  await page.getByRole("button", { name: /^Fold/ }).waitFor();
  const round = await felt.getAttribute("data-round");
  const mine = page.locator(`.felt-box[data-you="true"][data-box="${box}"]`);
  assert.equal(await mine.locator(".card:not(.back)").count(), 2, "her two cards face up to her");
  assert.equal((await page.locator(".felt-board").getAttribute("data-board")).split(" ").length, 3, "the flop");
  assert.equal(await page.locator(".felt-dealer").getAttribute("data-unseen"), "2", "the dealer's two cards face down");
  await screenshot(page, "casinopoker");
  await call.click();

  const result = page.locator(`.felt-result[data-round="${round}"]`);
  await result.waitFor({ timeout: 30_000 });
  assert.match(await page.locator("#live").innerText(), new RegExp(`Round ${round}: you`), "the result is announced");
  const staked = Number(await result.getAttribute("data-staked"));
  const paid = Number(await result.getAttribute("data-paid"));
  const text = await result.innerText();
  assert.equal(staked, 1000 + 500 + 2000, `Ante, AA Bonus and the Call (2 × Ante) staked: ${text}`);
  const after = await balance(page);
  assert.equal(after - before, paid - staked, `the wallet moved by paid − staked: ${text}`);
  assert.match(text, /Ante/);
  assert.match(text, /Call/);
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, "casinopoker");
  await context.close();
});
