// Reads Croupier's PokerStars hand-history exports with hhp, a third-party
// parser from npm, and totals every hand it reads against the hand's record
// (issue 21): the hand number, the stakes, every player's stack before the
// hand, what he put in, got back and collected against his stack after it,
// the total pot and the rake. A line hhp should read but does not is an
// error. Every export is offered to hhp: one outside its games, structures
// and currencies must be refused (a hand read as another game would be a
// wrong import), a cancelled hand must read as no money moving, and a hand
// with a line form hhp has no pattern for is counted by its reason, not
// failed: docs/table.md lists those limits.
//
// Usage: node check.mjs exports.jsonl (written by the poker package's
// TestPokerStarsExportAddsUp with CROUPIER_HH_EXPORT; make hh-check).
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const hhp = require("hhp");

// Why hhp cannot read a hand. A game, structure or currency outside its
// patterns is one hhp must refuse (a hand it read as another game would be
// a wrong import); a line form it has no pattern for is one it reads but
// cannot total. Each is a limit of hhp 1.1.1's PokerStars patterns
// (lib/holdem/pokerstars.js).
function outOfScope(e) {
  if (e.game !== "holdem") return `game ${e.game}: hhp reads Hold'em only`;
  if (e.structure !== "no-limit") return `structure ${e.structure}: hhp reads No Limit only`;
  if (e.currency === "") return "tournament chips (no currency): hhp reads cash games in $ and € only";
  if (e.currency === "GBP") return "pounds (£): hhp reads $ and € only";
  return "";
}

function unreadLine(e) {
  const limits = [
    [/: posts .* and is all-in$/m, "a forced bet that puts the player all in: hhp's post pattern ends at the amount"],
    [/: posts straddle /m, "a straddle: hhp knows the ante and the blinds only"],
    [/: posts small & big blinds /m, "a dead small blind made up with the big blind: hhp knows the ante and the blinds only"],
    [/ from side pot-\d+$/m, "a second side pot: hhp reads the main pot and one side pot"],
    [/^Total pot \S+ Main pot \S+\. Side pot-/m, "a second side pot: hhp reads the main pot and one side pot"],
  ];
  for (const [rx, why] of limits) if (rx.test(e.text)) return why;
  return "";
}

// cancelled checks a cancelled hand as hhp reads it: nothing put in,
// nothing collected.
function cancelled(e) {
  const p = hhp.parseHand(e.text);
  if (!p || !p.info) return [];
  const moved = [...(p.posts || []), ...["preflop", "flop", "turn", "river", "showdown"].flatMap((k) => p[k] || [])];
  return moved.length ? [`hhp reads money moving in a cancelled hand: ${moved.map((x) => x.metadata.raw).join(" | ")}`] : [];
}

// Lines hhp has no pattern for and needs none: they move no chips.
const silent = [
  /^\*\*\* (HOLE CARDS|FLOP|TURN|RIVER|SHOW DOWN|SUMMARY) \*\*\*/,
  /^.+: doesn't show hand$/,
  /^Board \[/,
  /^Dealer: /,
  /^Seat \d+: .+ (mucked|folded before Flop|folded on the (Flop|Turn|River))( \(didn't bet\))?$/,
];

function minor(x, exp) {
  return Math.round(Number(x) * 10 ** exp);
}

function check(e) {
  const p = hhp.parseHand(e.text);
  if (!p || !p.info) return ["hhp did not read the hand"];
  const errs = [];
  const want = (what, got, exp) => {
    if (got !== exp) errs.push(`${what}: hhp read ${got}, the record has ${exp}`);
  };
  const m = (x) => minor(x, e.exponent);
  want("hand number", p.info.handid, String(e.serial));
  want("game", `${p.info.pokertype}/${p.info.limit}`, "holdem/nolimit");
  // Currencies without a PokerStars symbol are written in $ with their
  // code after the stakes (docs/table.md).
  want("currency", p.info.currency, e.currency === "EUR" ? "€" : "$");

  // Every line hhp read carries its number; the others must be silent.
  const lines = e.text.split("\n").map((l) => l.trim()).filter((l) => l.length);
  const read = new Set();
  const mark = (x) => x && x.metadata && read.add(x.metadata.lineno);
  mark(p.info);
  mark(p.table);
  mark(p.holecards);
  mark(p.board);
  for (const k of ["seats", "posts", "preflop", "flop", "turn", "river", "showdown", "summary"]) (p[k] || []).forEach(mark);
  lines.forEach((l, i) => {
    if (!read.has(i) && !silent.some((rx) => rx.test(l)) && !/^\*\*\* (FLOP|TURN|RIVER) \*\*\*/.test(l)) {
      errs.push(`line ${i + 1} not read: ${l}`);
    }
  });
  if (e.hero) want("hero", p.hero, e.hero);
  else if (p.hero) errs.push(`a hero (${p.hero}) in an observer's export`);

  // Chips: stack - in + back + collected = stack after the hand.
  const stack = {}, put = {}, street = {}, back = {}, won = {};
  const add = (o, k, v) => (o[k] = (o[k] || 0) + v);
  for (const s of p.seats) stack[s.player] = m(s.chips);
  for (const x of p.posts) {
    add(put, x.player, m(x.amount));
    if (x.type !== "ante") add(street, x.player, m(x.amount));
  }
  for (const k of ["preflop", "flop", "turn", "river", "showdown"]) {
    if (k !== "preflop" && k !== "showdown") for (const n in street) street[n] = 0;
    for (const a of p[k] || []) {
      switch (a.type) {
        case "call":
          add(put, a.player, m(a.amount));
          add(street, a.player, m(a.amount));
          break;
        case "bet":
          add(put, a.player, m(a.amount) - (street[a.player] || 0));
          street[a.player] = m(a.amount);
          break;
        case "raise":
          add(put, a.player, m(a.raiseTo) - (street[a.player] || 0));
          street[a.player] = m(a.raiseTo);
          break;
        case "bet-returned":
          add(back, a.player, m(a.amount));
          break;
        case "collect":
          add(won, a.player, m(a.amount));
          break;
      }
    }
  }
  let pot = 0;
  for (const [name, pl] of Object.entries(e.players)) {
    want(`${name}'s stack`, stack[name], pl.stack);
    const after = (stack[name] ?? 0) - (put[name] || 0) + (back[name] || 0) + (won[name] || 0);
    want(`${name}'s chips after the hand`, after, pl.final);
    pot += (put[name] || 0) - (back[name] || 0);
  }
  want("money put in, less returns", pot, e.pot);
  const total = (p.summary || []).find((x) => x.type === "pot");
  if (!total) errs.push("no total pot read");
  else {
    want("total pot", m(total.amount), e.pot);
    want("rake", m(total.rake), e.rake);
  }
  return errs;
}

const path = process.argv[2];
if (!path) {
  console.error("usage: node check.mjs exports.jsonl");
  process.exit(2);
}
const entries = readFileSync(path, "utf8").split("\n").filter(Boolean).map((l) => JSON.parse(l));
const skipped = new Map();
let checked = 0, failed = 0;
for (const e of entries) {
  let errs, why;
  if ((why = outOfScope(e))) {
    const p = hhp.parseHand(e.text);
    errs = p && p.info ? [`hhp reads a hand outside its patterns (${why}) as ${p.info.pokertype}/${p.info.limit} in ${p.info.currency}`] : [];
  } else if (e.result === "misdeal" || e.result === "cancelled") {
    why = "a cancelled hand: hhp reads no money moving";
    errs = cancelled(e);
  } else if ((why = unreadLine(e))) {
    errs = [];
  } else {
    errs = check(e);
    checked++;
  }
  if (why) skipped.set(why, (skipped.get(why) || 0) + 1);
  if (errs.length) {
    failed++;
    if (failed <= 5) console.error(`hand #${e.serial} (viewer ${e.viewer}):\n  ${errs.join("\n  ")}\n${e.text}`);
  }
}
console.log(`hhp ${require("hhp/package.json").version}: ${entries.length} exports offered, ${checked} read and totalled against their records, ${failed} failed`);
for (const [why, n] of [...skipped].sort((a, b) => b[1] - a[1])) console.log(`  not totalled: ${n} — ${why}`);
if (failed > 0 || checked === 0) process.exit(1);
