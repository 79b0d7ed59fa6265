// Cards as the page shows them: a face (rank and suit symbol) with the
// card's full name for screen readers; "??" or "" is a card face down.
import { h } from "./dom";
import { cardFace, cardName } from "./i18n";

export function cardEl(card: string): HTMLElement {
  if (!card || card === "??" || card.length !== 2) {
    return h("span", { class: "card back", role: "img", "aria-label": cardName(""), dataset: { card: "" } });
  }
  const f = cardFace(card);
  return h("span", { class: "card" + (f.red ? " red" : ""), role: "img", "aria-label": cardName(card), dataset: { card } },
    h("span", { class: "rank", "aria-hidden": "true" }, f.rank),
    h("span", { class: "suit", "aria-hidden": "true" }, f.suit));
}

export function cardsEl(cards: readonly string[], label?: string): HTMLElement {
  return h("span", { class: "cards", role: "group", "aria-label": label }, cards.map(cardEl));
}
