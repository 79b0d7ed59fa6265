// Roulette's numbers as the page draws them: colours, the wheels' orders
// (for the racetrack), the racetrack's sectors, and how many chips an
// announced bet is made of. The server checks every spot; these only draw
// the table and price an announced bet (its amount is a multiple of its
// chips, ru-american-roulette.md §4.2).

/** The red numbers (the standard colour set; 0 and 00 are green). */
const red = new Set([1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36]);

export type Colour = "red" | "black" | "green";

/** colourOf is a pocket label's colour ("17" → black, "00" → green). */
export function colourOf(label: string): Colour {
  const n = Number(label);
  if (label === "0" || label === "00" || !Number.isInteger(n) || n < 1 || n > 36) return "green";
  return red.has(n) ? "red" : "black";
}

/** The single-zero wheel, clockwise from 0 (shared/wheel's European order). */
export const europeanOrder = [0, 32, 15, 19, 4, 21, 2, 25, 17, 34, 6, 27, 13, 36, 11, 30, 8, 23, 10, 5, 24, 16, 33, 1, 20, 14, 31, 9, 22, 18, 29, 7, 28,
  12, 35, 3, 26].map(String);

/** The racetrack's sectors on the single-zero wheel (cz §4.2–4.5). */
export type Sector = "voisins" | "tiers" | "orphelins";

const tiers = new Set([27, 13, 36, 11, 30, 8, 23, 10, 5, 24, 16, 33].map(String));
const orphelins = new Set([1, 20, 14, 31, 9, 17, 34, 6].map(String));

export function sectorOf(label: string): Sector {
  if (tiers.has(label)) return "tiers";
  if (orphelins.has(label)) return "orphelins";
  return "voisins";
}

/** The announced bets the racetrack offers, by spot name. */
export const announcedBets = ["voisins", "tiers", "orphelins", "zero_game"] as const;

/** unitsOf is how many chips an announced spot takes: its amount is a
 * multiple of them (voisins 9, tiers 6, orphelins 5, zero game 4,
 * neighbours 2k+1 for the table's k each side); 1 for a layout bet. */
export function unitsOf(spot: string, neighboursEachSide: number): number {
  switch (spot.split(":")[0]) {
    case "voisins": return 9;
    case "tiers": return 6;
    case "orphelins": return 5;
    case "zero_game": return 4;
    case "neighbours": return 2 * neighboursEachSide + 1;
  }
  return 1;
}

/** The inside bets the layout offers, with how many numbers the player
 * picks for each (a six line: one number of each of its two streets). */
export const insideKinds = { straight: 1, split: 2, street: 3, corner: 4, sixline: 2 } as const;
export type InsideKind = keyof typeof insideKinds | "topline";

/** streetOf is the layout row (0–11) of 1–36, -1 for a zero. */
export function streetOf(label: string): number {
  const n = Number(label);
  return label === "0" || label === "00" ? -1 : Math.floor((n - 1) / 3);
}

/** insideSpot is the spot of the picked numbers: kind:numbers, a six line
 * spelled by its first and last number from one pick in each street. A
 * pick that is no such bet is sent as it is and the server says why. */
export function insideSpot(kind: keyof typeof insideKinds, picked: string[]): string {
  if (kind === "sixline") {
    const [a, b] = picked.map(streetOf).sort((x, y) => x - y);
    if (a >= 0 && b === a + 1) return `sixline:${3 * a + 1}-${3 * a + 6}`;
  }
  return kind + ":" + picked.join("-");
}
