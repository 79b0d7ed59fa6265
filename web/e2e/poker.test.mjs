// A No-Limit Hold'em hand played through the UI by two players in two
// browser contexts: each sees only his own hole cards until the showdown,
// one player's connection drops mid-hand and his page resumes the stream
// without losing or repeating an event, the hand history and the fairness
// proof are checked in the page, and the wallets add up afterwards.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { startStack, launch, signIn, balance, screenshot, cutter } from "./harness.mjs";

let stack, browser;
before(async () => { stack = await startStack(); browser = await launch(); });
after(async () => { await browser?.close(); await stack?.stop(); });

const cardsOf = (page, you) => page.locator(`li.seat[data-you="${you}"]:not(.empty) .card`).evaluateAll((els) => els.map((e) => e.dataset.card));

/**
 * names tells whether text names card c ("7d") as a word of its own: a
 * commitment's hex ("…ac47da98…") or an id ("t2d…") holds card-like pairs
 * that a plain substring test would take for the card.
 */
const names = (text, c) => new RegExp(`(^|[^0-9A-Za-z])${c}([^0-9A-Za-z]|$)`).test(text);

/** handOver tells whether the page's log has ended the hand. */
const handOver = (page) => page.locator("ol.log li", { hasText: /^Hand over/ }).count().then((n) => n > 0);

test("two players play a No-Limit Hold'em hand to showdown through the UI", { timeout: 300_000 }, async () => {
  // Bob's browser reaches the stack through a line the test can cut.
  const line = await cutter(stack.base);
  const alice = await signIn(browser, stack.base, "Alice Ace");
  const bob = await signIn(browser, line.base, "Bob Bluff");
  alice.line = { cut() {}, restore() {} };
  bob.line = line;
  const startA = await balance(alice.page), startB = await balance(bob.page);
  assert.equal(startA, 1_000_000);
  assert.equal(startB, 1_000_000);

  for (const [p, seat] of [[alice.page, 1], [bob.page, 2]]) {
    await p.getByRole("link", { name: /Open Hold'em NL/ }).click();
    await p.getByRole("button", { name: `Sit at seat ${seat}` }).click();
    await p.locator('li.seat[data-you="true"]').waitFor();
  }
  // The default buy-in is a hundred big blinds: €200.
  const buyIn = 20_000;
  await waitFor(async () => (await balance(alice.page)) === startA - buyIn && (await balance(bob.page)) === startB - buyIn, "buy-ins taken");

  // The hand is dealt: each sees his own two cards, the other's face down.
  for (const p of [alice.page, bob.page]) {
    await waitFor(async () => (await cardsOf(p, true)).length === 2 && (await cardsOf(p, false)).length === 2, "cards dealt");
  }
  const holeA = await cardsOf(alice.page, true), holeB = await cardsOf(bob.page, true);
  for (const c of [...holeA, ...holeB]) assert.match(c, /^[2-9TJQKA][cdhs]$/);
  assert.equal(new Set([...holeA, ...holeB]).size, 4, "no card dealt twice");
  await screenshot(alice.page, "poker");
  // Both sit out from the next hand, so the table stops after this one and
  // the stacks stay as this hand leaves them.
  for (const p of [alice.page, bob.page]) await p.getByRole("button", { name: "Sit out" }).click();

  // Play: check or call whenever the page offers the turn. Once, drop the
  // waiting player's connection while the other acts.
  let dropped = false;
  const players = [alice, bob];
  for (let step = 0; step < 40 && !((await handOver(alice.page)) && (await handOver(bob.page))); step++) {
    for (const [i, pl] of players.entries()) {
      const other = players[1 - i];
      const turn = pl.page.getByRole("heading", { name: "Your turn" });
      if (!(await turn.isVisible())) continue;
      // Before the showdown nobody sees another's hole cards.
      for (const p of [alice.page, bob.page]) assert.deepEqual(await cardsOf(p, false), ["", ""], "the other's cards are face down");
      if (!dropped && other === bob) {
        dropped = true;
        bob.line.cut();
        await bob.page.locator('.conn[data-state="reconnecting"]').waitFor({ timeout: 20_000 });
      }
      const check = pl.page.locator('button[data-action="check"]');
      await ((await check.count()) ? check : pl.page.locator('button[data-action="call"]')).click();
      await turn.waitFor({ state: "hidden" });
      if (other === bob && (await bob.page.locator('.conn[data-state="reconnecting"]').count())) {
        bob.line.restore();
        await bob.page.locator('.conn[data-state="connected"]').waitFor({ timeout: 30_000 });
      }
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  assert.ok(dropped, "a connection was dropped and resumed");
  assert.ok(await handOver(alice.page), "the hand ended on Alice's page");
  assert.ok(await handOver(bob.page), "the hand ended on Bob's page");

  // Every event shows once on both pages, the dropped one included: the
  // stream resumed where it was.
  for (const p of [alice.page, bob.page]) {
    const ids = await p.locator("ol.log li").evaluateAll((els) => els.map((e) => e.dataset.event));
    assert.equal(new Set(ids).size, ids.length, "no event twice");
  }
  const logA = await alice.page.locator("ol.log").innerText();
  const logB = await bob.page.locator("ol.log").innerText();
  const lines = (s) => s.split("\n").filter((l) => /: (Check|Call)/.test(l));
  assert.deepEqual(lines(logB), lines(logA), "both pages saw the same actions");

  // Showdown: the winner's cards are shown to both; a loser who mucks
  // (the default profile lets him) keeps his cards hidden from the other
  // for good. Each page names the other's real cards only if he showed.
  let shown = 0;
  const showedTo = new Map();
  for (const [p, mine, theirs, other] of [[alice.page, holeA, holeB, "Bob Bluff"], [bob.page, holeB, holeA, "Alice Ace"]]) {
    const log = await p.locator("ol.log").innerText();
    const showed = log.includes(`${other} shows ${theirs.join(" ")}`);
    const mucked = log.includes(`${other} mucks`);
    assert.ok(showed !== mucked, `${other} either shows his real cards or mucks:\n${log}`);
    assert.deepEqual(await cardsOf(p, true), mine);
    const seen = await p.locator("[data-card]").evaluateAll((els) => els.map((e) => e.dataset.card));
    showedTo.set(p, showed ? theirs : []);
    if (showed) {
      shown++;
      assert.deepEqual(await cardsOf(p, false), theirs);
    } else {
      for (const c of theirs) assert.ok(!seen.includes(c) && !names(log, c), `${other}'s mucked ${c} reached the other page`);
    }
  }
  assert.ok(shown >= 1, "the winner showed");
  await screenshot(bob.page, "poker-showdown");

  // The hand history in PokerStars text and the proof, checked in the page.
  for (const [p, name, mine] of [[alice.page, "Alice Ace", holeA], [bob.page, "Bob Bluff", holeB]]) {
    await p.getByRole("button", { name: "Hand history (PokerStars text)" }).click();
    const hist = await p.locator("pre.history").innerText();
    assert.match(hist, /Hold'em No Limit/);
    assert.ok(hist.includes(`Dealt to ${name} [${mine.join(" ")}]`), hist);
    await p.getByRole("button", { name: "Check the fairness proof" }).click();
    await p.locator('.proof[data-verified="true"]').waitFor({ timeout: 20_000 });
    const proof = await p.locator(".proof").innerText();
    // The proof opens the cards this player saw, and not a mucked hand.
    for (const c of [...mine, ...showedTo.get(p)]) assert.ok(names(proof, c), `the proof opens ${c}: ${proof}`);
    for (const c of [...holeA, ...holeB].filter((c) => !mine.includes(c) && !showedTo.get(p).includes(c))) assert.ok(!names(proof, c), `the proof keeps ${c} sealed: ${proof}`);
  }
  await screenshot(alice.page, "poker-proof");
  await alice.page.setViewportSize({ width: 390, height: 844 });
  await screenshot(alice.page, "poker-proof");

  // Balances: each leaves with his stack; the two stacks and the rake are
  // the two buy-ins.
  const hist = await alice.page.locator("pre.history").innerText();
  const rake = euros(hist.match(/Rake €([\d.]+)/)?.[1] ?? "0");
  const stackOf = (p) => p.locator('li.seat[data-you="true"] .stack').getAttribute("data-stack").then(Number);
  const [sa, sb] = [await stackOf(alice.page), await stackOf(bob.page)];
  assert.equal(sa + sb + rake, 2 * buyIn, `stacks ${sa} + ${sb} + rake ${rake}`);
  for (const [pl, start, s] of [[alice, startA, sa], [bob, startB, sb]]) {
    await pl.page.getByRole("button", { name: /Leave the table/ }).click();
    await waitFor(async () => (await balance(pl.page)) === start - buyIn + s, "cashed out");
  }
  await alice.context.close();
  await bob.context.close();
  await line.close();
});

function euros(s) {
  return Math.round(Number(s) * 100);
}

async function waitFor(f, what, ms = 30_000) {
  const end = Date.now() + ms;
  for (;;) {
    if (await f()) return;
    if (Date.now() > end) throw new Error("timed out waiting: " + what);
    await new Promise((r) => setTimeout(r, 250));
  }
}
