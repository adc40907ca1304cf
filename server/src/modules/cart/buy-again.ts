import type { BuyAgainAnswer, BuyAgainLeftOut, BuyAgainReduced } from "@krishi/contract";
import type { Db } from "../../db/database.ts";
import { fail, ok, type Result } from "../../lib/result.ts";
import type { CatalogService, PackForOrder } from "../catalog/service.ts";
import type { OrderItemRow } from "../orders/repository.ts";
import type { OrderNotFound, OrdersService } from "../orders/service.ts";
import type { CartFailure, CartService, Shopper } from "./service.ts";

/** A line of the order to buy again, as the answer names it (its units summed if the order held its pack twice). */
type OrderedLine = Omit<BuyAgainLeftOut, "reason">;

/**
 * Buy again: puts the lines of a customer's order back in their cart, through the cart's own
 * changes (CartService.add: its per-line limit, MAX_CART_LINES, its row lock), each pack at the
 * price the cart reads now. A line goes in with the units ordered, or with fewer where its pack's
 * stock or the per-line limit has less room (counting what the cart holds already); a pack or
 * product no longer sold, a pack out of stock and a line the full cart has no room for are left
 * out. The answer says which, so the shopper is told.
 *
 * Each line is its own change of the cart, as the shopper's taps would be: a line that cannot go
 * in does not keep the others out.
 */
export class BuyAgain {
  constructor(
    private readonly deps: {
      db: Db;
      orders: OrdersService;
      catalog: CatalogService;
      cart: CartService;
      /** Units of one pack a line may hold (ORDER_MAX_UNITS_PER_LINE). */
      maxUnitsPerLine: number;
    },
  ) {}

  /**
   * Puts order `orderId`'s lines in the customer's cart (a guest cart the browser also names is
   * merged into it first). Only the order's customer may: anyone else's order is not found, as
   * the orders' routes answer (staff too: it would be the customer's order in staff's cart).
   */
  async put(shopper: Shopper & { userId: number }, orderId: number): Promise<Result<BuyAgainAnswer, OrderNotFound>> {
    const order = (await this.deps.orders.rowsWithItems([orderId])).get(orderId);
    if (!order || order.row.user_id !== shopper.userId) return fail({ kind: "order-not-found" });
    const lines = orderedLines(order.items);
    const packs = await this.#packs(lines);
    let cart = await this.deps.cart.read(shopper);
    // The guest's cart is the account's now: the lines below change the account's alone.
    const customer: Shopper = { userId: shopper.userId, guestKey: null };
    const answer: Omit<BuyAgainAnswer, "cart"> = { added: [], reduced: [], leftOut: [] };
    for (const line of lines) {
      const pack = line.variant === null ? undefined : packs.get(line.variant);
      if (!pack || line.product === null) {
        answer.leftOut.push({ ...line, reason: "not_sold" });
        continue;
      }
      if (pack.count_in_stock < 1) {
        answer.leftOut.push({ ...line, reason: "out_of_stock" });
        continue;
      }
      const held = cart.lines.find((cartLine) => cartLine.variant === pack.id)?.qty ?? 0;
      const { qty, short } = this.#room(line.ordered, held, pack);
      if (qty > 0) {
        const change = await this.deps.cart.add(customer, { product: line.product, variant: pack.id, qty });
        if (!change.ok) {
          answer.leftOut.push({ ...line, reason: leftOutReason(change.failure) });
          continue;
        }
        cart = change.cart;
        answer.added.push({ ...line, qty });
      }
      if (short) answer.reduced.push({ ...line, qty, reason: short });
    }
    return ok({ cart, ...answer });
  }

  /**
   * The units of a line to add: those ordered, or what the pack's stock and the per-line limit
   * leave beside the units the cart holds already (never below 0), and which of them fell short.
   */
  #room(ordered: number, held: number, pack: PackForOrder): { qty: number; short: BuyAgainReduced["reason"] | null } {
    const { maxUnitsPerLine } = this.deps;
    const qty = Math.max(0, Math.min(ordered, pack.count_in_stock - held, maxUnitsPerLine - held));
    if (qty === ordered) return { qty, short: null };
    return { qty, short: pack.count_in_stock < maxUnitsPerLine ? "short_stock" : "line_limit" };
  }

  /** The packs the order's lines name, as the catalogue sells them now (a removed one is absent). */
  async #packs(lines: readonly OrderedLine[]): Promise<Map<number, PackForOrder>> {
    const ids = [...new Set(lines.flatMap((line) => (line.product === null ? [] : [line.product])))];
    const products = await this.deps.catalog.productsForOrder(this.deps.db, ids);
    return new Map(products.flatMap((product) => product.variants.map((pack) => [pack.id, pack] as const)));
  }
}

/** The order's lines in its order, one per pack (a pack the order held twice: its units summed). */
function orderedLines(items: readonly OrderItemRow[]): OrderedLine[] {
  const lines: OrderedLine[] = [];
  for (const item of items) {
    const same = item.variant_id === null ? undefined : lines.find((line) => line.variant === item.variant_id);
    if (same) same.ordered += item.qty;
    else
      lines.push({
        product: item.product_id,
        variant: item.variant_id,
        name: item.name,
        nameHi: item.name_hi,
        variantLabel: item.variant_label,
        ordered: item.qty,
      });
  }
  return lines;
}

/** Why the cart refused a line (it changed since it was read: a pack removed or sold out, the cart filled meanwhile). */
function leftOutReason(failure: CartFailure): BuyAgainLeftOut["reason"] {
  switch (failure.kind) {
    case "cart-full":
      return "cart_full";
    case "out-of-stock":
      return "out_of_stock";
    case "unknown-product":
    case "unknown-variant":
      return "not_sold";
    case "too-many-units":
      throw new Error("the cart's add caps a line at the per-line limit; it does not refuse it");
  }
}
