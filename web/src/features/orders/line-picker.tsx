import type { Order } from "@krishi/contract";
import { useId } from "react";
import { localized, t, useLanguage } from "../../i18n/index.ts";
import { withPack } from "../../lib/packs.ts";

/**
 * The units chosen per line: the line's place in the order → how many (a line not chosen is
 * absent). By place, not product: two packs of one product are two lines.
 */
export type PickedLines = Readonly<Record<number, number>>;

/** A line as the API takes it: the product, its pack (when the order still knows it), how many. */
export interface PickedLine {
  product: number;
  variant?: number;
  qty: number;
}

/** The chosen lines as the API takes them, in the order's order. */
export function pickedLines(picked: PickedLines, items: Order["orderItems"]): PickedLine[] {
  return items.flatMap(({ product, variant }, index) => {
    const qty = picked[index];
    if (product === null || qty === undefined) return [];
    return [variant?.id == null ? { product, qty } : { product, variant: variant.id, qty }];
  });
}

interface LinePickerProps {
  legend: string;
  items: Order["orderItems"];
  picked: PickedLines;
  onChange: (picked: PickedLines) => void;
  /** What is wrong with the choice, shown under the legend. */
  error?: string | undefined;
}

/**
 * A tick box per line of the order and, beside it, how many of its units (1 up to as many as were
 * ordered; all of them when ticked). A line whose product was deleted cannot be chosen. The
 * quantities' names say their product and pack ("How many of Urea · 45 kg"), so each is told apart.
 */
export function LinePicker({ legend, items, picked, onChange, error }: LinePickerProps) {
  useLanguage();
  const id = useId();
  const errorId = `${id}-error`;
  const choose = (index: number, qty: number | null) => {
    const next: Record<number, number> = { ...picked };
    if (qty === null) delete next[index];
    else next[index] = qty;
    onChange(next);
  };
  return (
    <fieldset className="line-picker mb-3">
      <legend className="fs-6 fw-semibold">{legend}</legend>
      {error && (
        <div id={errorId} className="invalid-feedback d-block mb-2">
          {error}
        </div>
      )}
      {items.map((item, index) => {
        const { product } = item;
        if (product === null) return null;
        const name = withPack(localized(item.name, item.nameHi), item.variant?.label);
        const qty = picked[index];
        const box = `${id}-line-${index}`;
        return (
          <div key={box} className="line-picker__line">
            <div className="form-check mb-0">
              <input
                id={box}
                type="checkbox"
                className={error ? "form-check-input is-invalid" : "form-check-input"}
                checked={qty !== undefined}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? errorId : undefined}
                onChange={(event) => choose(index, event.target.checked ? item.qty : null)}
              />
              <label htmlFor={box} className="form-check-label">
                {name}
              </label>
            </div>
            <select
              className="form-select form-select-sm w-auto"
              aria-label={t("How many of {name}", { name })}
              disabled={qty === undefined}
              value={qty ?? item.qty}
              onChange={(event) => choose(index, Number(event.target.value))}
            >
              {Array.from({ length: item.qty }, (_, i) => i + 1).map((count) => (
                <option key={count} value={count}>
                  {count}
                </option>
              ))}
            </select>
          </div>
        );
      })}
    </fieldset>
  );
}
