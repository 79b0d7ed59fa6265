// Messages and formatting in the languages of the source markets. The
// catalogues are JSON files under i18n/, one per area of the client, each
// key with its text in every language side by side (test/i18n.test.mjs
// checks that none is missing or left in English, and that every key the
// code uses exists).

export const languages = ["en", "el", "cs", "ru"] as const;
export type Lang = (typeof languages)[number];

type Catalogue = Record<string, Record<Lang, string>>;

const files = import.meta.glob<Catalogue>("./i18n/*.json", { eager: true, import: "default" });
const messages: Catalogue = Object.assign({}, ...Object.values(files));

const langKey = "croupier.lang";
let lang: Lang = pickLanguage();
const listeners = new Set<() => void>();

function pickLanguage(): Lang {
  const saved = localStorage.getItem(langKey);
  if (saved && (languages as readonly string[]).includes(saved)) return saved as Lang;
  const nav = navigator.language.slice(0, 2);
  return (languages as readonly string[]).includes(nav) ? (nav as Lang) : "en";
}

export function currentLang(): Lang {
  return lang;
}

/** setLang switches the language and re-renders whatever listens. */
export function setLang(l: Lang) {
  lang = l;
  localStorage.setItem(langKey, l);
  document.documentElement.lang = l;
  for (const f of listeners) f();
}

export function onLangChange(f: () => void): () => void {
  listeners.add(f);
  return () => listeners.delete(f);
}

/** t is the text of key in the current language with {name} replaced. A
 * key missing from the catalogues shows as ⟦key⟧, which the tests look for. */
export function t(key: string, params?: Record<string, string | number>): string {
  const m = messages[key];
  let s = m ? m[lang] || m.en : "⟦" + key + "⟧";
  if (params) for (const [k, v] of Object.entries(params)) s = s.split("{" + k + "}").join(String(v));
  return s;
}

/** has tells whether a key exists (for texts chosen from server codes). */
export function has(key: string): boolean {
  return key in messages;
}

const locales: Record<Lang, string> = { en: "en-GB", el: "el-GR", cs: "cs-CZ", ru: "ru-RU" };

/** money formats an amount in minor units (cents) of currency. */
export function money(minor: bigint | number, currency: string, exponent = 2): string {
  const v = Number(minor) / 10 ** exponent;
  return new Intl.NumberFormat(locales[lang], { style: "currency", currency, minimumFractionDigits: v % 1 === 0 ? 0 : exponent }).format(v);
}

/** decimal formats a number with exactly digits decimals ("97,2973" in Czech). */
export function decimal(n: number, digits: number): string {
  return new Intl.NumberFormat(locales[lang], { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(n);
}

/** chips formats a tournament chip count (no currency). */
export function chips(n: bigint | number): string {
  return new Intl.NumberFormat(locales[lang]).format(Number(n));
}

export function dateTime(d: Date): string {
  return new Intl.DateTimeFormat(locales[lang], { dateStyle: "short", timeStyle: "medium" }).format(d);
}

const suitSymbols: Record<string, string> = { s: "♠", h: "♥", d: "♦", c: "♣" };

/** cardFace is a card ("As") as shown: the rank in the language's letters
 * and the suit symbol. */
export function cardFace(card: string): { rank: string; suit: string; red: boolean } {
  const r = card[0], s = card[1];
  return { rank: t("card.rank." + r), suit: suitSymbols[s] ?? "?", red: s === "h" || s === "d" };
}

/** cardName is a card's full name for screen readers ("ace of spades"). */
export function cardName(card: string): string {
  if (!card || card === "??" || card.length !== 2) return t("card.hidden");
  return t("card.name", { rank: t("card.rankName." + card[0]), suit: t("card.suit." + card[1]) });
}
