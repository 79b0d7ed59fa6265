// The lobby through the browser: sign-in, the tables of every game, and the
// language switch.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { startStack, launch, signIn, screenshot } from "./harness.mjs";

let stack, browser;
before(async () => { stack = await startStack(); browser = await launch(); });
after(async () => { await browser?.close(); await stack?.stop(); });

test("the dev stack serves the client and a player signs in to the lobby", async () => {
  const { context, page } = await signIn(browser, stack.base, "Lobby Lucy");
  await page.getByRole("link", { name: /Hold'em NL/ }).first().waitFor();
  for (const name of ["European roulette", "Blackjack (cz)", "Casino Hold'em", "Split poker", "Money wheel"]) {
    await page.getByRole("link", { name: new RegExp("Open " + name.replace(/[()]/g, "\\$&")) }).waitFor();
  }
  const text = await page.locator("main").innerText();
  assert.match(text, /6 free|6 of 6 free/);
  await screenshot(page, "lobby");
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, "lobby");
  await context.close();
});
