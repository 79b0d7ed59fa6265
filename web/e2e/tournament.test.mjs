// The tournament lobby through the browser: two players open the dev
// stack's freezeout from the lobby and register on its page (each wallet
// down by exactly the buy-in plus the fee), one withdraws (all of it back)
// and registers again; the tournament starts (CROUPIER_WEB_TOURNAMENT_START
// brings it forward), the standings show both at their starting stacks,
// and "Go to my table" opens the poker page of the table the tournament
// service says each one sits at.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { startStack, launch, signIn, balance, rpc, screenshot } from "./harness.mjs";

// Seconds from the stack's boot to the start: room for two sign-ins and
// three registrations, short enough not to keep the test waiting.
const startAfter = Number(process.env.CROUPIER_E2E_TOURNAMENT_START || 20);

let stack, browser;
before(async () => {
  stack = await startStack({ env: { CROUPIER_WEB_TOURNAMENT_START: startAfter + "s" } });
  browser = await launch();
});
after(async () => { await browser?.close(); await stack?.stop(); });

const T0 = Date.now();
const log = (msg) => console.log(`[${((Date.now() - T0) / 1000).toFixed(1)} s] ${msg}`);

/** session is the page's own session (token and ids), for checks made
 * beside the page with the same identity. */
const session = (page) => page.evaluate(() => JSON.parse(sessionStorage.getItem("croupier.session")));

/** walletAfter waits (at most 10 s) for the header's balance to read
 * `want` and returns what it read last: the hold or its release reaches
 * the wallet when the call returns, the header's read follows it. */
async function walletAfter(page, want) {
  const deadline = Date.now() + 10_000;
  let got = await balance(page);
  while (got !== want && Date.now() < deadline) got = await balance(page);
  return got;
}

/** openFromLobby follows the lobby's link to the tournament's page. */
async function openFromLobby(page, name) {
  await page.getByRole("link", { name: "Open tournament " + name }).click();
  await page.getByRole("heading", { level: 1, name }).waitFor();
  return decodeURIComponent(new URL(page.url()).hash.replace(/^#\/tournament\//, ""));
}

const escapeRe = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** mine reads the player's entry status the page shows. */
const mine = (page) => page.locator("[data-mine]").getAttribute("data-mine");

test("two players register, one withdraws and comes back, the tournament starts and each goes to his table", { timeout: 240_000 }, async () => {
  const name = "Hold'em freezeout €10+€1";
  const players = [];
  for (const who of ["Tour Anna", "Tour Boris"]) {
    const { context, page } = await signIn(browser, stack.base, who);
    const errors = [];
    page.on("pageerror", (e) => errors.push(e.message));
    players.push({ who, context, page, errors, s: await session(page) });
  }
  log("signed in");
  const [anna, boris] = players;

  // The terms as the tournament service publishes them: the entry is
  // their buy-in plus their fee, the standings start at their stack.
  const id = await openFromLobby(anna.page, name);
  const terms = (await rpc(stack.base, anna.s.token, "croupier.tournament.v1.TournamentService/GetTournament", { tournamentId: id })).tournament;
  const entry = Number(terms.structure.buyIn.amount) + Number(terms.structure.fee.amount);
  const stack0 = Number(terms.structure.startingStack);
  assert.equal(terms.state, "TOURNAMENT_STATE_REGISTERING");
  assert.ok(entry > 0 && stack0 > 0);
  const startsAt = Date.parse(terms.startsAt);
  assert.equal(await openFromLobby(boris.page, name), id);

  const euros = (m) => "€" + Number(m.amount) / 100;
  const { levels, payoutBps } = terms.structure;
  for (const p of players) {
    const main = await p.page.locator("main").innerText();
    assert.ok(main.includes(euros(terms.structure.buyIn) + " + " + euros(terms.structure.fee)), "the page shows the buy-in and the fee apart");
    assert.ok(main.includes("Starting stack\n" + stack0.toLocaleString("en-GB") + " chips"), "the page shows the starting stack");
    assert.ok(main.includes(`${levels[0].smallBlind} / ${levels[0].bigBlind}`), "the levels table shows the first level's blinds");
    assert.ok(main.includes(payoutBps[0] / 100 + "%"), "the prize structure shows the first place's share");
    assert.equal(await mine(p.page), "NONE");
  }

  // Register through the page: each wallet down by exactly buy-in + fee.
  for (const p of players) {
    p.before = await balance(p.page);
    assert.ok(p.before >= entry, `${p.who} can pay the entry`);
    await p.page.getByRole("button", { name: new RegExp("^Register for " + escapeRe(name)) }).click();
    await p.page.locator('[data-mine="REGISTERED"]').waitFor();
    assert.equal(await walletAfter(p.page, p.before - entry), p.before - entry, `${p.who}'s balance fell by the buy-in and the fee`);
  }
  log("both registered");

  // Boris withdraws (the terms refund it all before the start) and
  // registers again.
  await boris.page.getByRole("button", { name: "Unregister from " + name }).click();
  await boris.page.locator('[data-mine="WITHDRAWN"]').waitFor();
  assert.equal(await walletAfter(boris.page, boris.before), boris.before, "unregistering gave the whole entry back");
  await boris.page.getByRole("button", { name: new RegExp("^Register for ") }).click();
  await boris.page.locator('[data-mine="REGISTERED"]').waitFor();
  assert.equal(await walletAfter(boris.page, boris.before - entry), boris.before - entry, "registering again held the entry again");
  log(`Boris withdrew and registered again, ${((startsAt - Date.now()) / 1000).toFixed(1)} s before the start`);
  assert.ok(Date.now() < startsAt, `the registrations were done before the start (${startAfter} s after boot is too early for this machine)`);

  // Anna's list shows her registered; the lists and the page before the
  // start, at both widths.
  await anna.page.getByRole("link", { name: "All tournaments" }).click();
  const row = anna.page.locator(`.tour-item:has([data-tournament="${id}"])`);
  await row.locator('.tour-mine[data-mine="REGISTERED"]').waitFor();
  await row.getByRole("button", { name: "Unregister from " + name }).waitFor();
  assert.match(await row.innerText(), /Entrants\s*2/);
  await screenshot(anna.page, "tournaments");
  await anna.page.setViewportSize({ width: 390, height: 844 });
  await screenshot(anna.page, "tournaments");
  await anna.page.setViewportSize({ width: 1280, height: 900 });
  await anna.page.goBack();
  await anna.page.getByRole("heading", { level: 1, name }).waitFor();

  // The start: both pages see play begin and the standings at the stack.
  for (const p of players) {
    await p.page.locator('.status-line[data-state="RUNNING"], .status-line[data-state="FINAL_TABLE"]')
      .waitFor({ timeout: Math.max(10_000, startsAt - Date.now() + 60_000) });
  }
  log("started");
  for (const p of players) {
    const rows = p.page.locator(".tour-standings tbody tr");
    await p.page.locator(".tour-go").waitFor();
    assert.equal(await rows.count(), 2);
    for (const q of players) {
      const line = p.page.locator(`.tour-standings tbody tr[data-player="${q.who}"]`);
      assert.equal(Number(await line.getAttribute("data-chips")), stack0, `${p.who} sees ${q.who} at the starting stack`);
    }
    assert.equal(await p.page.locator('.tour-standings tr[aria-current="true"]').getAttribute("data-player"), p.who);
    assert.equal(await mine(p.page), "PLAYING");
  }
  // Every text of the running tournament's page is in each language's
  // catalogue (a missing key shows as ⟦key⟧).
  for (const lang of ["el", "cs", "ru", "en"]) {
    await anna.page.locator("#lang").selectOption(lang);
    await anna.page.locator(".tour-standings").waitFor();
    const text = await anna.page.locator("main").innerText();
    assert.ok(!text.includes("⟦"), `${lang}: ${text.match(/⟦[^⟧]*⟧/)?.[0]}`);
  }
  await screenshot(boris.page, "tournament");
  await boris.page.setViewportSize({ width: 390, height: 844 });
  await screenshot(boris.page, "tournament");

  // "Go to my table": the table the tournament service seats each at.
  const tables = [];
  for (const p of players) {
    const st = await rpc(stack.base, p.s.token, "croupier.tournament.v1.TournamentService/GetStandings", { tournamentId: id });
    const line = st.standings.find((l) => l.playerId === p.s.playerId);
    assert.ok(line?.tableId, `${p.who} is seated`);
    tables.push(line.tableId);
    const go = p.page.getByRole("link", { name: "Go to my table" });
    assert.equal(await go.getAttribute("data-table"), line.tableId);
    await go.click();
    await p.page.waitForURL((u) => new URL(u).hash === "#/table/" + encodeURIComponent(line.tableId));
    await p.page.locator("main h1, main h2").first().waitFor();
    assert.equal(await p.page.locator("main [role=alert]").count(), 0, `${p.who}'s table page shows no error`);
  }
  assert.equal(tables[0], tables[1], "two entrants sit at one table");
  for (const p of players) assert.deepEqual(p.errors, [], `${p.who}'s page threw no error`);
  log("both at their table");
  for (const p of players) await p.context.close();
});
