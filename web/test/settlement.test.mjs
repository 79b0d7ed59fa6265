// The card tables' settlement (src/settlement.ts): a round is announced
// only once the wallet has paid every line settled so far, whatever the
// number of payments it takes.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, writeFileSync, mkdtempSync } from "node:fs";
import { join, dirname } from "node:path";
import { tmpdir } from "node:os";
import { fileURLToPath, pathToFileURL } from "node:url";
import ts from "typescript";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const src = readFileSync(join(root, "src", "settlement.ts"), "utf8");
const js = ts.transpileModule(src, { compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 } }).outputText;
const file = join(mkdtempSync(join(tmpdir(), "settlement-")), "settlement.mjs");
writeFileSync(file, js);
const { Ledger, addPaid } = await import(pathToFileURL(file).href);

// A line as the stream gives it: stake, and what it won, returned, lost.
const line = (betId, spot, stake, won, returned, lost) => ({ betId, spot, stake, won, returned, lost });
const settled = (round, ...lines) => ({ round, event: { case: "roundSettled", value: { lines } } });
const refunded = (round, ...lines) => ({ round, event: { case: "betsRefunded", value: { lines, carried: [] } } });
// SettlementPaid as the table makes it: paid = returned + won.
const paidEv = (round, returned, lost, won) => ({ round, event: { case: "settlementPaid", value: { paid: returned + won, returned, lost, won } } });
const failed = (round, ...betIds) => ({ round, event: { case: "stakeFailed", value: { betIds, stake: 0n, reason: "funds" } } });
const totals = (s) => s && { round: s.round, staked: s.staked, paid: s.paid, lines: s.lines.length };

test("Casino Hold'em: the ante and bonus paid before the call are not the round's result", () => {
  const l = new Ledger();
  // Ante 10, bonus 5 (lost), call 20: the player wins ante 1:1 and call 1:1.
  assert.equal(l.take(settled(7n,
    line("a", "ante", 1000n, 1000n, 1000n, 0n),
    line("b", "aa_bonus", 500n, 0n, 0n, 500n),
    line("c", "call", 2000n, 2000n, 2000n, 0n))), null);
  // The ante and bonus were in the escrow; the call's stake was not yet.
  assert.equal(l.take(paidEv(7n, 1000n, 500n, 1000n)), null);
  assert.deepEqual(totals(l.take(paidEv(7n, 2000n, 0n, 2000n))), { round: 7n, staked: 3500n, paid: 6000n, lines: 3 });
});

test("one payment for the whole round is announced once", () => {
  const l = new Ledger();
  assert.equal(l.take(settled(3n, line("a", "red", 500n, 500n, 500n, 0n), line("b", "17", 100n, 0n, 0n, 100n))), null);
  assert.deepEqual(totals(l.take(paidEv(3n, 500n, 100n, 500n))), { round: 3n, staked: 600n, paid: 1000n, lines: 2 });
  // An event of the round that changes no money says nothing new.
  assert.equal(l.take(failed(3n, "zz")), null);
  assert.equal(l.take(refunded(3n)), null);
});

test("lines final before the end are announced, then the whole round again", () => {
  const l = new Ledger();
  // Casino Texas Hold'em: box 1 folds (its ante lost at once), box 2 plays on.
  assert.equal(l.take(settled(4n, line("a1", "ante", 1000n, 0n, 0n, 1000n))), null);
  assert.deepEqual(totals(l.take(paidEv(4n, 0n, 1000n, 0n))), { round: 4n, staked: 1000n, paid: 0n, lines: 1 });
  assert.equal(l.take(settled(4n, line("a2", "ante", 1000n, 1000n, 1000n, 0n), line("c2", "call", 2000n, 2000n, 2000n, 0n))), null);
  assert.equal(l.take(paidEv(4n, 1000n, 0n, 1000n)), null);
  assert.deepEqual(totals(l.take(paidEv(4n, 2000n, 0n, 2000n))), { round: 4n, staked: 4000n, paid: 6000n, lines: 3 });
});

test("a line whose stake failed is not waited for", () => {
  const l = new Ledger();
  assert.equal(l.take(settled(5n, line("a", "ante", 1000n, 0n, 0n, 1000n), line("d", "double", 1000n, 0n, 0n, 1000n))), null);
  assert.equal(l.take(paidEv(5n, 0n, 1000n, 0n)), null);
  assert.deepEqual(totals(l.take(failed(5n, "d"))), { round: 5n, staked: 1000n, paid: 0n, lines: 2 });
});

test("a payment of a round whose lines the page did not see stands", () => {
  const l = new Ledger();
  assert.deepEqual(totals(l.take(paidEv(9n, 200n, 0n, 0n))), { round: 9n, staked: 200n, paid: 200n, lines: 0 });
});

test("a refund is a settlement: stakes returned", () => {
  const l = new Ledger();
  assert.equal(l.take(refunded(2n, line("a", "red", 500n, 0n, 500n, 0n))), null);
  assert.deepEqual(totals(l.take(paidEv(2n, 500n, 0n, 0n))), { round: 2n, staked: 500n, paid: 500n, lines: 1 });
});

test("rounds are kept apart", () => {
  const l = new Ledger();
  assert.equal(l.take(settled(1n, line("a", "ante", 100n, 100n, 100n, 0n))), null);
  assert.equal(l.take(settled(2n, line("b", "ante", 300n, 0n, 0n, 300n))), null);
  assert.equal(l.take(paidEv(2n, 0n, 100n, 0n)), null);
  assert.deepEqual(totals(l.take(paidEv(1n, 100n, 0n, 100n))), { round: 1n, staked: 100n, paid: 200n, lines: 1 });
});

test("addPaid sums the payments of a round", () => {
  const a = { paid: 1500n, returned: 1000n, lost: 500n, won: 500n };
  assert.equal(addPaid(undefined, a), a);
  assert.deepEqual(addPaid(a, { paid: 4000n, returned: 2000n, lost: 0n, won: 2000n }), { paid: 5500n, returned: 3000n, lost: 500n, won: 2500n });
});
