// What a visitor did in a part's kept server markup before its code was there, handed to the live
// part that takes its place (app/components/ui/page-parts.tsx). The live part renders the same
// elements as the server did, so an element is found again by its position among its parent's
// elements, and checked to be of the same kind.
//
// - A box ticked, a value typed or an option chosen in the markup: the same change is made to the
//   live element (a click, or the value with an `input` event), so its handlers run.
// - The focus, with the caret, moves to the live element.
// - A click on a button, which does nothing in the markup (it has no handler yet), is held back
//   (page-parts.tsx, watchKeptMarkup) and repeated on the live button. Links and submit buttons are
//   left to the browser: they work as they do without JavaScript.
//
// Loaded with the part's code, and only where a visitor's interaction is what loads it.

import type { KeptMarkup } from "./page-parts";

/** Hands what the visitor did in `kept` to `live`, the live part's element that replaced it. */
export function handOff(kept: KeptMarkup, live: HTMLElement) {
  const counterpart = (el: Element) => {
    const found = atPath(live, pathOf(kept.root, el));
    return found && sameKind(el, found) ? found : null;
  };
  for (const field of kept.root.querySelectorAll("input, select, textarea")) {
    const now = counterpart(field);
    if (now) handOffValue(field as FormField, now as FormField);
  }
  const focused = kept.focused && counterpart(kept.focused);
  if (focused instanceof HTMLElement) {
    focused.focus();
    const from = kept.focused as FormField;
    if (hasCaret(from) && hasCaret(focused as FormField)) {
      (focused as HTMLInputElement).setSelectionRange(from.selectionStart, from.selectionEnd);
    }
  }
  const clicked = kept.clicked && counterpart(kept.clicked);
  if (clicked instanceof HTMLElement) clicked.click();
}

type FormField = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

/** Makes the visitor's change to `from` (against the server's markup) to `to`. */
function handOffValue(from: FormField, to: FormField) {
  if (from instanceof HTMLInputElement && (from.type === "checkbox" || from.type === "radio")) {
    const input = to as HTMLInputElement;
    if (from.checked !== from.defaultChecked && input.checked !== from.checked) input.click();
    return;
  }
  if (from instanceof HTMLInputElement && from.type === "hidden") return;
  const changed =
    from instanceof HTMLSelectElement ? [...from.options].some((o) => o.selected !== o.defaultSelected) : from.value !== from.defaultValue;
  if (!changed || to.value === from.value) return;
  // React tracks the value it set; the prototype's setter changes it past that tracker, so the
  // event that follows reaches the part's onChange.
  const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(to), "value")?.set;
  setter?.call(to, from.value);
  to.dispatchEvent(new Event("input", { bubbles: true }));
  to.dispatchEvent(new Event("change", { bubbles: true }));
}

function hasCaret(field: FormField): field is HTMLInputElement | HTMLTextAreaElement {
  try {
    return "selectionStart" in field && field.selectionStart !== null;
  } catch {
    return false; // an input type without a caret (a checkbox, a number) throws on reading it
  }
}

/** Where `el` sits under `root`: the index among its parent's elements, at each level. */
function pathOf(root: Element, el: Element): number[] {
  const path: number[] = [];
  for (let node: Element | null = el; node && node !== root; node = node.parentElement) {
    path.unshift(node.parentElement ? [...node.parentElement.children].indexOf(node) : -1);
  }
  return path;
}

function atPath(root: Element, path: number[]): Element | null {
  let node: Element | null = root;
  for (const i of path) node = node?.children[i] ?? null;
  return node;
}

function sameKind(a: Element, b: Element): boolean {
  return a.tagName === b.tagName && a.getAttribute("type") === b.getAttribute("type") && a.getAttribute("name") === b.getAttribute("name");
}
