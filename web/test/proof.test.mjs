// The page's fairness-proof check (src/proof.ts) against proofs the Go
// implementation made (testdata/shoe-proofs.json, kept current by
// shared/proof's TestWebClientProofVectorsAreCurrent): each genuine proof
// verifies, and every kind of tampering is refused.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, writeFileSync, mkdtempSync } from "node:fs";
import { join, dirname } from "node:path";
import { tmpdir } from "node:os";
import { fileURLToPath, pathToFileURL } from "node:url";
import ts from "typescript";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const src = readFileSync(join(root, "src", "proof.ts"), "utf8");
const js = ts.transpileModule(src, { compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 } }).outputText;
const file = join(mkdtempSync(join(tmpdir(), "proof-")), "proof.mjs");
writeFileSync(file, js);
const { verifyShoe } = await import(pathToFileURL(file).href);

const b64 = (s) => new Uint8Array(Buffer.from(s ?? "", "base64"));
const vectors = JSON.parse(readFileSync(join(root, "test", "testdata", "shoe-proofs.json"), "utf8")).map((v) => ({
  name: v.name,
  decks: v.decks,
  commitment: b64(v.commitment),
  proof: {
    outcomeId: v.proof.outcomeId ?? "",
    root: b64(v.proof.root),
    leaves: v.proof.leaves ?? 0,
    openings: (v.proof.openings ?? []).map((o) => ({ position: o.position ?? 0, card: o.card, salt: b64(o.salt) })),
    hashes: (v.proof.hashes ?? []).map(b64),
  },
}));

const clone = (p) => structuredClone(p);

test("every proof the Go implementation made verifies, with its opened cards", async () => {
  assert.ok(vectors.length >= 5);
  for (const v of vectors) {
    const r = await verifyShoe(v.proof, v.commitment, v.decks);
    assert.equal(r.ok, true, `${v.name}: ${r.error}`);
    assert.deepEqual([...r.cards.entries()], v.proof.openings.map((o) => [o.position, o.card]), v.name);
  }
});

test("a tampered proof is refused", async () => {
  const v = vectors.find((x) => x.name.startsWith("hold'em"));
  const cases = {
    "another card at an opened position": (p) => { p.openings[1].card = p.openings[1].card === "As" ? "Ks" : "As"; },
    "a salt changed by one bit": (p) => { p.openings[0].salt[0] ^= 1; },
    "an opening moved to another position": (p) => { p.openings[0].position = 1; },
    "openings out of order": (p) => { p.openings.reverse(); },
    "a subtree hash changed": (p) => { p.hashes[2][31] ^= 0x80; },
    "a hash missing": (p) => { p.hashes.pop(); },
    "a hash too many": (p) => { p.hashes.push(new Uint8Array(32)); },
    "the outcome id changed": (p) => { p.outcomeId += "x"; },
    // (A size that changes only a subtree without openings is the same
    // proof: the opened cards and their positions are what it binds.)
    "a tree of another shape": (p) => { p.leaves = 16; },
    "a card in non-canonical notation": (p) => { p.openings[0].card = p.openings[0].card.toLowerCase() === p.openings[0].card ? "as" : p.openings[0].card.toLowerCase(); },
    "a short salt": (p) => { p.openings[0].salt = p.openings[0].salt.slice(1); },
    "an opening dropped": (p) => { p.openings.shift(); },
  };
  for (const [name, tamper] of Object.entries(cases)) {
    const p = clone(v.proof);
    tamper(p);
    const r = await verifyShoe(p, v.commitment, v.decks);
    assert.equal(r.ok, false, name);
    assert.ok(r.error.length > 0, name);
  }
  const other = vectors.find((x) => x.name.startsWith("one deck, nothing"));
  assert.equal((await verifyShoe(v.proof, other.commitment, 1)).ok, false, "another hand's commitment");
});

test("a card opened more often than the shoe has decks is refused", async () => {
  const v = vectors.find((x) => x.name.startsWith("one deck, every"));
  assert.equal((await verifyShoe(v.proof, v.commitment, 1)).ok, true);
  const p = clone(v.proof);
  p.openings[1].card = p.openings[0].card;
  const r = await verifyShoe(p, v.commitment, 1);
  assert.equal(r.ok, false);
  assert.match(r.error, /more than 1 times/);
});
