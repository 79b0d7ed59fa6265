// The fairness proof of a poker hand, checked in the browser with
// WebCrypto (docs/rng.md, "Checking a shoe proof"): the openings of the
// shoe positions this player saw, with the hashes of every subtree that
// holds none, must recompute the Merkle root published when the hand
// began. It is a second implementation of shared/proof.VerifyShoe, written
// from the documented encoding; test/proof.test.mjs checks both agree on
// the same vectors. This module imports nothing, so the unit test can run
// it in Node as it is.

/** The fields of croupier.rng.v1.ShoeProof the check reads. */
export interface ShoeProofLike {
  outcomeId: string;
  root: Uint8Array;
  leaves: number;
  openings: { position: number; card: string; salt: Uint8Array }[];
  hashes: Uint8Array[];
}

export type ProofResult =
  | { ok: true; cards: Map<number, string> }
  | { ok: false; error: string };

const leafTag = new TextEncoder().encode("croupier.rng.v1.ShoeLeaf\x00");
const maxLeaves = 8 * 52 + 1;
const ranks = "23456789TJQKA";
const suits = "cdhs";

/** verifyShoe checks proof against commitment (the root published before
 * the hand); decks > 0 also bounds how often a card may be opened. On
 * success it returns the opened cards by shoe position. */
export async function verifyShoe(proof: ShoeProofLike, commitment: Uint8Array, decks = 1): Promise<ProofResult> {
  const n = proof.leaves;
  if (!(n >= 1 && n <= maxLeaves)) return fail(`${n} leaves, want 1..${maxLeaves}`);
  if (commitment.length !== 32) return fail(`commitment is ${commitment.length} bytes, want 32`);
  if (proof.root.length !== 0 && !equal(proof.root, commitment)) return fail("the proof's root is not the published commitment");
  if (proof.openings.length > n) return fail(`${proof.openings.length} openings for ${n} leaves`);

  const leaves = new Map<number, Uint8Array>();
  const cards = new Map<number, string>();
  const count = new Map<string, number>();
  let last = -1;
  for (const o of proof.openings) {
    if (o.position <= last || o.position >= n) return fail(`opening at position ${o.position}: positions must increase within the tree`);
    last = o.position;
    if (o.salt.length !== 32) return fail(`position ${o.position}: salt is ${o.salt.length} bytes, want 32`);
    if (o.card.length !== 2 || !ranks.includes(o.card[0]) || !suits.includes(o.card[1])) return fail(`position ${o.position}: card "${o.card}" is not in canonical notation`);
    const c = (count.get(o.card) ?? 0) + 1;
    count.set(o.card, c);
    if (decks > 0 && c > decks) return fail(`${o.card} opened more than ${decks} times`);
    leaves.set(o.position, await leaf(proof.outcomeId, o.position, o.card, o.salt));
    cards.set(o.position, o.card);
  }
  if (proof.hashes.length > 2 * n) return fail(`${proof.hashes.length} hashes for ${n} leaves`);

  const opened = [...leaves.keys()];
  let next = 0;
  // walk recomputes the root of leaves [lo, hi): an RFC 6962 tree, split
  // at the largest power of two below its size.
  const walk = async (lo: number, hi: number): Promise<Uint8Array> => {
    if (!opened.some((p) => p >= lo && p < hi)) {
      const h = proof.hashes[next++];
      if (!h) throw new Error("too few hashes");
      if (h.length !== 32) throw new Error(`hash ${next - 1} is ${h.length} bytes`);
      return h;
    }
    if (hi - lo === 1) return leaves.get(lo)!;
    const k = split(hi - lo);
    const l = await walk(lo, lo + k);
    const r = await walk(lo + k, hi);
    return sha256(new Uint8Array([0x01]), l, r);
  };
  let root: Uint8Array;
  try {
    root = await walk(0, n);
  } catch (e) {
    return fail((e as Error).message);
  }
  if (next !== proof.hashes.length) return fail(`${proof.hashes.length - next} hashes left over`);
  if (!equal(root, commitment)) return fail("the openings do not recompute the shoe commitment");
  return { ok: true, cards };
}

function fail(error: string): ProofResult {
  return { ok: false, error };
}

function split(n: number): number {
  let k = 1;
  while (k * 2 < n) k *= 2;
  return k;
}

async function leaf(outcomeId: string, position: number, card: string, salt: Uint8Array): Promise<Uint8Array> {
  const id = new TextEncoder().encode(outcomeId);
  return sha256(new Uint8Array([0x00]), leafTag, u32(id.length), id, u32(position), new TextEncoder().encode(card), salt);
}

function u32(v: number): Uint8Array {
  const b = new Uint8Array(4);
  new DataView(b.buffer).setUint32(0, v);
  return b;
}

async function sha256(...parts: Uint8Array[]): Promise<Uint8Array> {
  const all = new Uint8Array(parts.reduce((s, p) => s + p.length, 0));
  let i = 0;
  for (const p of parts) {
    all.set(p, i);
    i += p.length;
  }
  return new Uint8Array(await crypto.subtle.digest("SHA-256", all));
}

function equal(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

/** hex shows a commitment. */
export function hex(b: Uint8Array): string {
  return Array.from(b, (x) => x.toString(16).padStart(2, "0")).join("");
}
