import type { VariantRef } from "@krishi/contract";
// biome-ignore lint/style/noRestrictedImports: lineOf's 400 is still thrown: payments' refunds and returns' requests call it inside their transactions
import { fieldError, problem } from "../../lib/errors.ts";
import type { OrderItemRow } from "./repository.ts";

/** What an order line keeps of its pack: the pack's id (null once removed) and its label when ordered. */
type PackOfLine = Pick<OrderItemRow, "variant_id" | "variant_label">;

/** The pack an order line holds, as the order JSON shows it; null on a line that never had one. */
export function variantOf(item: PackOfLine): VariantRef | null {
  if (item.variant_id === null && !item.variant_label) return null;
  return { id: item.variant_id, label: item.variant_label };
}

/** An order line's name as people read it on mails and invoices: the product and its pack ("Urea — 45 kg"). */
export function lineName(item: Pick<OrderItemRow, "name"> & PackOfLine): string {
  return item.variant_label ? `${item.name} — ${item.variant_label}` : item.name;
}

/** Units of an order's line named as a customer or staff names them: by product, and by pack when the order holds several. */
export interface LineRequest {
  product: number;
  variant?: number | undefined;
  qty: number;
}

/**
 * The order line a request names: the line of its product and pack, or the product's only line
 * when no pack is named. 400 (field `lines`) for a product or pack not in the order, or a product
 * the order holds in several packs without saying which.
 */
export function lineOf<Item extends Pick<OrderItemRow, "id" | "product_id" | "variant_id">>(
  items: readonly Item[],
  request: Pick<LineRequest, "product" | "variant">,
): Item {
  const { product, variant } = request;
  const ofProduct = items.filter((item) => item.product_id === product);
  const named = variant === undefined ? ofProduct : ofProduct.filter((item) => item.variant_id === variant);
  const [only, another] = named;
  if (!only) {
    const params: Record<string, number> = variant === undefined ? { product } : { product, variant };
    const which = variant === undefined ? `Product ${product}` : `Pack ${variant} of product ${product}`;
    throw fieldError("field_invalid", "lines", problem("line_not_in_order", `${which} is not in this order.`, params));
  }
  if (another) {
    throw fieldError(
      "field_invalid",
      "lines",
      problem("line_variant_required", `This order holds product ${product} in more than one pack: say which pack.`, { product }),
    );
  }
  return only;
}

/** Requests naming the same line added up, one per order line, in the order they were named. */
export function linesOf<Item extends Pick<OrderItemRow, "id" | "product_id" | "variant_id">>(
  items: readonly Item[],
  requests: readonly LineRequest[],
): { item: Item; qty: number }[] {
  const merged = new Map<number, { item: Item; qty: number }>();
  for (const request of requests) {
    const item = lineOf(items, request);
    const line = merged.get(item.id);
    if (line) line.qty += request.qty;
    else merged.set(item.id, { item, qty: request.qty });
  }
  return [...merged.values()];
}
