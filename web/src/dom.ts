// A few lines of DOM building instead of a UI framework: the client is
// small enough that a render function per view, called again when its
// state changes, reads clearly and keeps the bundle tiny.

type Child = Node | string | number | null | undefined | false | Child[];
type Attrs = Record<string, unknown>;

/** h builds an element: h("button", {onclick, "aria-label": ...}, "text"). */
export function h<K extends keyof HTMLElementTagNameMap>(tag: K, attrs?: Attrs | null, ...children: Child[]): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs ?? {})) {
    if (v === undefined || v === null || v === false) continue;
    if (k.startsWith("on") && typeof v === "function") {
      el.addEventListener(k.slice(2), v as EventListener);
    } else if (k === "class") {
      el.className = String(v);
    } else if (k === "dataset" && typeof v === "object") {
      Object.assign(el.dataset, v);
    } else if (k in el && typeof v !== "string") {
      (el as unknown as Record<string, unknown>)[k] = v;
    } else {
      el.setAttribute(k, v === true ? "" : String(v));
    }
  }
  append(el, children);
  return el;
}

function append(el: Node, children: Child[]) {
  for (const c of children) {
    if (c === null || c === undefined || c === false) continue;
    if (Array.isArray(c)) append(el, c);
    else el.appendChild(typeof c === "object" ? c : document.createTextNode(String(c)));
  }
}

/** replace puts children in place of el's content. */
export function replace(el: Element, ...children: Child[]) {
  el.replaceChildren();
  append(el, children);
}

/** announce says text to screen readers through the page's live region. */
export function announce(text: string) {
  const live = document.getElementById("live");
  if (live) live.textContent = text;
}

/** keepFocus runs render (which redraws root) and gives the focus back to
 * the control that had it, found again by its data-key or id: pages redraw
 * whenever the table changes, and a keyboard user must not lose his place
 * (nor what he was typing in a field). */
export function keepFocus(root: HTMLElement, render: () => void) {
  const active = document.activeElement;
  const inside = active instanceof HTMLElement && root.contains(active);
  const key = inside ? active.dataset.key : undefined;
  const id = inside ? active.id : "";
  const typed = inside && active instanceof HTMLInputElement && active.type !== "range" && active.type !== "checkbox" ? active.value : null;
  render();
  const next = key ? root.querySelector<HTMLElement>(`[data-key="${CSS.escape(key)}"]`) : id ? document.getElementById(id) : null;
  if (!next) return;
  if (typed !== null && next instanceof HTMLInputElement) next.value = typed;
  next.focus();
}
