import { useEffect } from "react";

/**
 * What a shopper chose on a server-rendered page before the app started (a pack, a quantity, words
 * in the search box), handed to the hydrated screens. Hydration keeps the page's fields as the
 * shopper left them, but the screens' state is still the one the page was rendered with, and
 * React takes what it finds in a field for what it set: without this, Add to Cart would add the
 * rendered pack and quantity while the page shows the chosen ones.
 *
 * Each changed field is put back as rendered and changed again the way a person does (a click, or
 * the browser's own value setter and an input event), so the screens' change handlers run.
 */
export function replayEarlyInput(root: ParentNode): void {
  for (const field of root.querySelectorAll<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>("input, select, textarea")) {
    // Fields of the server's page only, once each, and once React has hydrated them: a screen
    // still loading replays its own when it has.
    if (!serverFields.has(field) || !isHydrated(field)) continue;
    serverFields.delete(field);
    if (field instanceof HTMLInputElement && (field.type === "radio" || field.type === "checkbox")) {
      if (field.checked === field.defaultChecked) continue;
      // Radios: only the one chosen replays (the one it replaced follows).
      if (field.type === "radio" && !field.checked) continue;
      field.checked = field.defaultChecked;
      field.click();
      continue;
    }
    const rendered = renderedValue(field);
    if (field.value === rendered) continue;
    const chosen = field.value;
    // Put back through the field's own property (React notes the value), changed by the browser's.
    field.value = rendered;
    setValue(field, chosen);
    field.dispatchEvent(new Event(field instanceof HTMLSelectElement ? "change" : "input", { bubbles: true }));
  }
}

/**
 * Replays the fields of the page once the calling component has hydrated: the layout (the header's
 * search box) and each server-rendered screen with fields of its own (it may hydrate later, once
 * its code has come).
 */
export function useEarlyInput(): void {
  useEffect(() => replayEarlyInput(document), []);
}

/** The fields of the page as the server sent it, not yet replayed. */
const serverFields = new WeakSet<Element>();

/** Notes the fields of a server-rendered page before the app hydrates it (main.tsx): only they can hold an earlier choice. */
export function noteRenderedFields(root: ParentNode): void {
  for (const field of root.querySelectorAll("input, select, textarea")) serverFields.add(field);
}

/** Whether React has taken over the element (it marks the elements it hydrated). */
function isHydrated(element: Element): boolean {
  return Object.keys(element).some((key) => key.startsWith("__reactFiber$"));
}

function renderedValue(field: HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement): string {
  if (!(field instanceof HTMLSelectElement)) return field.defaultValue;
  const option = [...field.options].find((o) => o.defaultSelected) ?? field.options[0];
  return option?.value ?? "";
}

/** The browser's own setter, which React does not watch: React notes what is set through the field's own `value`. */
function setValue(field: HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement, value: string): void {
  Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), "value")?.set?.call(field, value);
}
