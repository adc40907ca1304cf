import { createHash, randomBytes } from "node:crypto";
import {
  type Cart,
  type CartLine,
  type CartLineInput,
  type CouponRefusal,
  GUEST_CART_DAYS,
  MAX_CART_LINES,
  normalizeCouponCode,
  paiseToDecimal,
  toPaise,
  whyUnusable,
} from "@krishi/contract";
import type { Transaction } from "kysely";
import type { Db } from "../../db/database.ts";
import { toIso } from "../../db/dialect.ts";
import type { Database } from "../../db/schema.ts";
import type { Clock } from "../../lib/clock.ts";
import type { CatalogService, PackForOrder, ProductPacksForOrder } from "../catalog/service.ts";
import type { OrdersService } from "../orders/service.ts";
import { type PromotionsService, promotionJson } from "../promotions/service.ts";
import * as repo from "./repository.ts";

/**
 * Who asks: the signed-in customer (userId), and the random id of the guest cart in the browser's
 * cookie, if any. A customer's cart is the account's; a guest's is the cookie's.
 */
export interface Shopper {
  userId: number | null;
  guestKey: string | null;
}

/** Why a line was not put in the cart: the route answers each with its code. */
export type CartFailure =
  | { kind: "unknown-product"; productId: number }
  | { kind: "unknown-variant"; productId: number; productName: string; variantId: number }
  | { kind: "out-of-stock"; productId: number; variantId: number; productName: string }
  | { kind: "too-many-units"; productId: number; max: number }
  | { kind: "cart-full"; max: number };

/**
 * The cart after a change, and the guest key to give the browser when the change made a guest's
 * cart (the cookie holds it from then on).
 */
export type CartChange = { ok: true; cart: Cart; newGuestKey: string | null } | { ok: false; failure: CartFailure };

/** The cart with its coupon, or why the coupon does not apply to it (it is then not kept). */
export type CouponChange = { ok: true; cart: Cart } | { ok: false; refusal: CouponRefusal };

/** The cart as its answer needs it: its id, when it changed, whose it is and its coupon. */
interface CartKey {
  id: number;
  updatedAt: string;
  userId: number | null;
  coupon: string | null;
}

/** A guest key: 24 random bytes (192 bits), base64url (cookie-safe). */
const GUEST_KEY_PATTERN = /^[A-Za-z0-9_-]{32}$/;
const DAY_MS = 24 * 60 * 60 * 1000;

const hashOf = (guestKey: string) => createHash("sha256").update(guestKey).digest("hex");

/**
 * The carts (the cart module owns tables carts and cart_lines). Lines are kept by pack; a line's
 * price, stock, names and image are read from the catalogue whenever the cart is read, so the
 * cart shows what the shop sells now (Place Order prices and takes stock itself). A guest's cart
 * is merged into the account's when they sign in; placing an order takes its lines out.
 */
export class CartService {
  constructor(
    private readonly deps: {
      db: Db;
      catalog: CatalogService;
      orders: OrdersService;
      promotions: PromotionsService;
      clock: Clock;
      /** Units of one pack a line may hold (ORDER_MAX_UNITS_PER_LINE). */
      maxUnitsPerLine: number;
    },
  ) {
    // Placing an order takes the packs it bought out of the customer's cart, in its transaction.
    deps.orders.handle("empty-cart", async ({ trx, order, items }) => {
      if (order.user_id === null) return;
      await this.removeBought(
        trx,
        order.user_id,
        items.flatMap((item) => (item.variant_id === null ? [] : [item.variant_id])),
      );
    });
  }

  /** The shopper's cart (a guest's cart is merged into the customer's first, when both are named). */
  async read(shopper: Shopper): Promise<Cart> {
    if (shopper.userId !== null && shopper.guestKey) await this.merge(shopper.guestKey, shopper.userId);
    const owner = this.#owner(shopper);
    const cart = owner ? await repo.findCart(this.deps.db, owner) : undefined;
    return this.#answer(this.deps.db, cart ? keyOf(cart, shopper.userId) : null);
  }

  /**
   * Keeps a coupon with the cart when it applies to the cart now (else answers why, and the cart
   * keeps what it had); null takes it off. A kept coupon that stops applying (fewer units) stays,
   * its refusal in the cart's answer, and applies again when the cart reaches it.
   */
  async setCoupon(shopper: Shopper, code: string | null): Promise<CouponChange> {
    if (shopper.userId !== null && shopper.guestKey) await this.merge(shopper.guestKey, shopper.userId);
    const owner = this.#owner(shopper);
    const cart = owner ? await repo.findCart(this.deps.db, owner) : undefined;
    const normalized = code === null ? null : normalizeCouponCode(code);
    if (!cart)
      return normalized === null
        ? { ok: true, cart: await this.#answer(this.deps.db, null) }
        : { ok: false, refusal: { kind: "minimum", code: normalized, moreItems: 1 } };
    const key = { ...keyOf(cart, shopper.userId), coupon: normalized };
    const answer = await this.#answer(this.deps.db, key);
    const refusal = answer.couponRefusal;
    if (refusal) {
      const { moreAmount, ...rest } = refusal;
      return { ok: false, refusal: { ...rest, ...(moreAmount === undefined ? {} : { moreAmountPaise: toPaise(moreAmount) }) } };
    }
    await this.deps.db.transaction().execute((trx) => repo.setCoupon(trx, cart.id, normalized));
    return { ok: true, cart: answer };
  }

  /** Adds qty of a pack (the default pack when none is named) to its line, up to the per-line limit. */
  add(shopper: Shopper, input: CartLineInput): Promise<CartChange> {
    return this.#change(shopper, input, (current) => Math.min((current ?? 0) + input.qty, this.deps.maxUnitsPerLine));
  }

  /** Sets a line's quantity; 0 removes it. A quantity over the per-line limit is refused. */
  set(shopper: Shopper, input: Omit<CartLineInput, "qty"> & { qty: number }): Promise<CartChange> {
    const { maxUnitsPerLine } = this.deps;
    if (input.qty > maxUnitsPerLine) {
      return Promise.resolve({ ok: false, failure: { kind: "too-many-units", productId: input.product, max: maxUnitsPerLine } });
    }
    return this.#change(shopper, input, () => input.qty);
  }

  /**
   * Moves a guest's cart into the customer's account (at sign-in, or the first cart request signed
   * in): quantities of the same pack are added, each line capped by its pack's stock and the
   * per-line limit, lines past the cart's limit and packs out of stock left out; the guest's cart
   * is removed. Nothing happens for a key without a cart.
   */
  async merge(guestKey: string, userId: number): Promise<void> {
    if (!GUEST_KEY_PATTERN.test(guestKey)) return;
    const at = this.#now();
    await this.deps.db.transaction().execute(async (trx) => {
      const guest = await repo.findCart(trx, { guestHash: hashOf(guestKey) });
      if (!guest) return;
      // Locked first (PostgreSQL): a second sign-in at the same instant waits, then finds no lines.
      await repo.touch(trx, guest.id, at);
      const guestLines = await repo.findLines(trx, guest.id);
      await repo.deleteCart(trx, guest.id);
      if (guestLines.length === 0) return;
      const cartId = await repo.ensureCart(trx, { userId }, at);
      await repo.touch(trx, cartId, at);
      const packs = await this.#packs(
        trx,
        guestLines.map((line) => line.product_id),
      );
      let count = await repo.countLines(trx, cartId);
      for (const line of guestLines) {
        const pack = packs.get(line.variant_id);
        if (!pack) continue;
        const current = await repo.lineQty(trx, cartId, line.variant_id);
        const cap = Math.min(Math.max(pack.count_in_stock, current ?? 0), this.deps.maxUnitsPerLine);
        const qty = Math.min((current ?? 0) + line.qty, cap);
        if (current !== null) {
          if (qty > current) await repo.updateLine(trx, cartId, line.variant_id, qty);
        } else if (qty >= 1 && count < MAX_CART_LINES) {
          await repo.insertLine(trx, { cartId, productId: line.product_id, variantId: line.variant_id, qty, at });
          count++;
        }
      }
    });
  }

  /** Takes the packs an order bought out of the customer's cart, in the order's transaction (one statement). */
  async removeBought(trx: Transaction<Database>, userId: number, variantIds: readonly number[]): Promise<void> {
    await repo.deleteCustomerLines(trx, userId, variantIds);
  }

  /** Removes guests' carts untouched for GUEST_CART_DAYS (a scheduled job); answers how many went. */
  removeAbandonedGuestCarts(): Promise<number> {
    const before = new Date(this.deps.clock().getTime() - GUEST_CART_DAYS * DAY_MS).toISOString();
    return repo.deleteGuestCartsBefore(this.deps.db, before);
  }

  async #change(shopper: Shopper, input: Omit<CartLineInput, "qty">, qtyOf: (current: number | null) => number): Promise<CartChange> {
    if (shopper.userId !== null && shopper.guestKey) await this.merge(shopper.guestKey, shopper.userId);
    const [product] = await this.deps.catalog.productsForOrder(this.deps.db, [input.product]);
    const found = productPack(product, input);
    if (!found.ok) return found;
    const { pack } = found;
    const at = this.#now();
    const known = this.#owner(shopper);
    // A guest without a cart gets one under a new key; a key the shop did not make is not used.
    const knownCart = known ? await repo.findCart(this.deps.db, known) : undefined;
    const newGuestKey = shopper.userId === null && !knownCart ? randomBytes(24).toString("base64url") : null;
    const owner: repo.CartOwnerKey =
      shopper.userId !== null ? { userId: shopper.userId } : { guestHash: hashOf(newGuestKey ?? (shopper.guestKey as string)) };
    const coupon = knownCart?.coupon_code ?? null;
    return this.deps.db.transaction().execute(async (trx): Promise<CartChange> => {
      const cartId = await repo.ensureCart(trx, owner, at);
      await repo.touch(trx, cartId, at);
      const current = await repo.lineQty(trx, cartId, pack.id);
      const qty = qtyOf(current);
      if (current === null && qty > 0) {
        if (pack.count_in_stock < 1) return { ok: false, failure: outOfStock(found.product, pack) };
        if ((await repo.countLines(trx, cartId)) >= MAX_CART_LINES)
          return { ok: false, failure: { kind: "cart-full", max: MAX_CART_LINES } };
        await repo.insertLine(trx, { cartId, productId: found.product.id, variantId: pack.id, qty, at });
      } else if (current !== null && qty > 0) await repo.updateLine(trx, cartId, pack.id, qty);
      else if (current !== null) await repo.deleteLines(trx, cartId, [pack.id]);
      return { ok: true, cart: await this.#answer(trx, { id: cartId, updatedAt: at, userId: shopper.userId, coupon }), newGuestKey };
    });
  }

  #owner(shopper: Shopper): repo.CartOwnerKey | null {
    if (shopper.userId !== null) return { userId: shopper.userId };
    if (shopper.guestKey && GUEST_KEY_PATTERN.test(shopper.guestKey)) return { guestHash: hashOf(shopper.guestKey) };
    return null;
  }

  /**
   * The cart as the shopper sees it: its lines at today's prices, and the promotions this shopper
   * may use applied to them (the contract's applyPromotions(), as Place Order applies them).
   */
  async #answer(db: Db | Transaction<Database>, cart: CartKey | null): Promise<Cart> {
    if (cart === null)
      return { lines: [], itemsCount: 0, updatedAt: null, coupon: null, couponRefusal: null, promotions: [], discounts: [] };
    const rows = await repo.findLines(db, cart.id);
    const products = new Map(
      (await this.deps.catalog.productsForOrder(db, unique(rows.map((row) => row.product_id)))).map((p) => [p.id, p]),
    );
    const lines: CartLine[] = [];
    for (const row of rows) {
      const product = products.get(row.product_id);
      const pack = product?.variants.find((variant) => variant.id === row.variant_id);
      if (product && pack) lines.push(lineJson(product, pack, row.qty));
    }
    const usable = await this.deps.promotions.usable(cart.userId, cart.coupon, db);
    const outcome = this.deps.promotions.apply(
      lines.map((line) => ({
        product: line.product,
        variant: line.variant,
        category: line.category,
        pricePaise: toPaise(line.price),
        qty: line.qty,
      })),
      usable,
    );
    outcome.lineDiscounts.forEach((discount, i) => {
      (lines[i] as CartLine).discount = paiseToDecimal(discount);
    });
    const refusal = outcome.couponRefusal;
    return {
      lines,
      itemsCount: lines.reduce((sum, line) => sum + line.qty, 0),
      updatedAt: cart.updatedAt,
      coupon: cart.coupon,
      couponRefusal: refusal && {
        kind: refusal.kind,
        code: refusal.code,
        ...(refusal.moreItems === undefined ? {} : { moreItems: refusal.moreItems }),
        ...(refusal.moreAmountPaise === undefined ? {} : { moreAmount: paiseToDecimal(refusal.moreAmountPaise) }),
      },
      promotions: usable.promotions.filter((p) => whyUnusable(p, usable.context) === null).map(promotionJson),
      discounts: outcome.applied.map(({ promotion, discountPaise, freeShipping }) => ({
        code: promotion.code,
        description: promotion.description,
        descriptionHi: promotion.descriptionHi,
        amount: paiseToDecimal(discountPaise),
        freeShipping,
      })),
    };
  }

  async #packs(db: Transaction<Database>, productIds: readonly number[]): Promise<Map<number, PackForOrder>> {
    const products = await this.deps.catalog.productsForOrder(db, unique(productIds));
    return new Map(products.flatMap((product) => product.variants.map((pack) => [pack.id, pack] as const)));
  }

  #now(): string {
    return this.deps.clock().toISOString();
  }
}

function productPack(
  product: ProductPacksForOrder | undefined,
  input: Omit<CartLineInput, "qty">,
): { ok: true; product: ProductPacksForOrder; pack: PackForOrder } | { ok: false; failure: CartFailure } {
  if (!product || product.variants.length === 0) return { ok: false, failure: { kind: "unknown-product", productId: input.product } };
  const pack = input.variant === undefined ? product.variants[0] : product.variants.find((variant) => variant.id === input.variant);
  if (!pack) {
    return {
      ok: false,
      failure: { kind: "unknown-variant", productId: product.id, productName: product.name, variantId: input.variant ?? 0 },
    };
  }
  return { ok: true, product, pack };
}

function outOfStock(product: ProductPacksForOrder, pack: PackForOrder): CartFailure {
  const productName = product.variants.length > 1 ? `${product.name} (${pack.label})` : product.name;
  return { kind: "out-of-stock", productId: product.id, variantId: pack.id, productName };
}

function lineJson(product: ProductPacksForOrder, pack: PackForOrder, qty: number): CartLine {
  return {
    product: product.id,
    variant: pack.id,
    variantLabel: pack.label,
    weightGrams: pack.weight_grams,
    name: product.name,
    nameHi: product.name_hi,
    image: product.image ?? "",
    price: paiseToDecimal(pack.price_paise),
    mrp: paiseToDecimal(pack.mrp_paise),
    gstRate: product.gst_rate,
    countInStock: pack.count_in_stock,
    qty,
    category: product.category,
    discount: "0.00",
  };
}

const keyOf = (cart: { id: number; updated_at: Date | string; coupon_code: string | null }, userId: number | null): CartKey => ({
  id: cart.id,
  updatedAt: toIso(cart.updated_at) as string,
  userId,
  coupon: cart.coupon_code,
});

const unique = (ids: readonly number[]) => [...new Set(ids)];
