// The message catalogues (src/i18n/*.json): every key in every language,
// the same {placeholders} in each, nothing left in English unless it is
// the same word there too (test/i18n-same.json lists those), and every key
// the code asks for with t("...") exists.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const langs = ["en", "el", "cs", "ru"];
const dir = join(root, "src", "i18n");
const catalogue = {};
for (const f of readdirSync(dir).filter((f) => f.endsWith(".json"))) {
  for (const [k, v] of Object.entries(JSON.parse(readFileSync(join(dir, f), "utf8")))) {
    assert.ok(!(k in catalogue), `key ${k} is in two catalogues`);
    catalogue[k] = v;
  }
}
const same = JSON.parse(readFileSync(join(root, "test", "i18n-same.json"), "utf8"));
const placeholders = (s) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort().join(",");

test("every key has every language, with the same placeholders", () => {
  assert.ok(Object.keys(catalogue).length > 50);
  for (const [k, v] of Object.entries(catalogue)) {
    for (const l of langs) {
      assert.ok(typeof v[l] === "string" && v[l].trim() !== "", `${k}: no ${l} text`);
      assert.equal(placeholders(v[l]), placeholders(v.en), `${k}: ${l} placeholders differ from en`);
    }
  }
});

test("nothing is left in English", () => {
  for (const [k, v] of Object.entries(catalogue)) {
    for (const l of langs.slice(1)) {
      if (v[l] === v.en) assert.ok((same[k] ?? []).includes(l), `${k}: ${l} is the English text "${v.en}" (translate it, or list it in test/i18n-same.json)`);
    }
  }
});

test("every key the code uses exists", () => {
  const files = [];
  const walk = (d) => { for (const e of readdirSync(d, { withFileTypes: true })) {
    if (e.isDirectory() && e.name !== "gen") walk(join(d, e.name)); else if (e.name.endsWith(".ts")) files.push(join(d, e.name)); } };
  walk(join(root, "src"));
  let used = 0;
  for (const f of files) {
    for (const m of readFileSync(f, "utf8").matchAll(/\bt\("([\w.]+)"/g)) {
      if (m[1].endsWith(".")) continue; // a prefix completed at run time ("card.rank." + r)
      used++;
      assert.ok(m[1] in catalogue, `${f}: t("${m[1]}") is in no catalogue`);
    }
  }
  assert.ok(used > 20, `only ${used} keys found in the code`);
});
