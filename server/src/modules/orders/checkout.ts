import {
  type AppliedPromotion,
  type CouponRefusal,
  DEFAULT_PAYMENT_METHOD,
  GST_STATE_CODES,
  type IndianState,
  indianState,
  type Order,
  type OrderStatus,
  type PaymentMethod,
  PIN_PATTERN,
  type Pincode,
  type PricingRules,
  type PromotionLine,
  type PromotionOutcome,
  priceOrder,
  type ShippingAddress,
  type ShippingRule,
  shippingCharge,
  supplyBetween,
  type TaxMode,
} from "@krishi/contract";
import type { Transaction } from "kysely";
import type { Db } from "../../db/database.ts";
import type { Database } from "../../db/schema.ts";
import type { Clock } from "../../lib/clock.ts";
import { isIndia } from "../addresses/check.ts";
import type { CatalogService, ProductForOrder, ProductPacksForOrder } from "../catalog/service.ts";
import { orderDiscounts, type Usable } from "../promotions/service.ts";
import { type Actor, ORDER_PROCESS, type Transition } from "./process.ts";
import * as repo from "./repository.ts";
import { NO_TAX_DOCUMENTS, type OrderExtras, orderJson } from "./serialize.ts";
import type { Customer, OrderRules, OrdersService } from "./service.ts";

/** A checkout's line: a product, in one of its packs (the default pack when `variant` is absent). */
export interface OrderLineInput {
  product: number;
  variant?: number | undefined;
  qty: number;
}

export interface PlaceOrderInput {
  orderItems: OrderLineInput[];
  /** Cleaned: a canonical state name when one is known, the phone as 10 digits or "". */
  shippingAddress: ShippingAddress;
  paymentMethod?: PaymentMethod;
  /** What the shopper was shown, in paise: the order is refused if the server's total differs. */
  totalPaise: number;
  /** The coupon the shopper entered: the order is refused when it does not apply. */
  coupon?: string | undefined;
}

/**
 * The promotions a checkout applies and redeems (the promotions module answers): what the
 * customer may use, read before the transaction, and the uses taken inside it.
 */
export interface CheckoutPromotions {
  usable(userId: number, coupon: string | null): Promise<Usable>;
  apply(lines: readonly PromotionLine[], usable: Usable): PromotionOutcome;
  redeem(trx: Transaction<Database>, orderId: number, userId: number, applied: readonly AppliedPromotion[]): Promise<CouponRefusal | null>;
}

/** Cash on Delivery (config): off by default; the fee is a charge of its own, the limit is on the total with it. */
export interface CodRules {
  enabled: boolean;
  feePaise: number;
  maxOrderPaise: number;
}

/** Where a PIN is and whether the shop delivers there (the pincodes module answers). */
export interface PincodeLookup {
  lookup(pin: string): Promise<Pincode | null>;
  /** Whether staff uploaded a serviceability table: without one the shop delivers everywhere. */
  hasServiceabilityTable(): Promise<boolean>;
}

/** Expected ways a checkout can fail: returned, not thrown, and mapped to HTTP by the route. */
export type PlaceOrderFailure =
  | { kind: "empty" }
  | { kind: "unknown-product"; productId: number }
  | { kind: "unknown-variant"; productId: number; productName: string; variantId: number }
  /** `productName` names the pack too when the product is sold in several ("Urea (45 kg)"); `available`: of that pack. */
  | { kind: "out-of-stock"; productName: string; available: number; productId: number; variantId: number | null }
  | { kind: "price-changed"; totalPaise: number }
  | { kind: "too-many-units"; productId: number; max: number }
  | { kind: "too-many-unpaid"; max: number }
  | { kind: "state-mismatch"; pin: string; pinState: string; addressState: string }
  | { kind: "no-state" }
  | { kind: "not-served"; pin: string }
  | { kind: "cod-off" }
  | { kind: "cod-not-here"; pin: string }
  | { kind: "cod-over-limit"; maxPaise: number; totalPaise: number }
  | { kind: "coupon"; refusal: CouponRefusal };

export type PlaceOrderResult = { ok: true; order: Order } | { ok: false; failure: PlaceOrderFailure };

export interface CheckoutDeps {
  db: Db;
  /** The order process's interpreter: records the new order's first move in the checkout's transaction. */
  orders: OrdersService;
  catalog: CatalogService;
  pricing: PricingRules;
  rules: OrderRules;
  clock: Clock;
  /** The seller's GST state code: in GST mode an order to the same state pays CGST + SGST, to another IGST. */
  sellerStateCode: string | null;
  cod: CodRules;
  pincodes: PincodeLookup;
  /** The shop's shipping rules by weight and zone (the shipping module answers): checkout charges by them. */
  shipping: { rules(): Promise<ShippingRule[]> };
  promotions: CheckoutPromotions;
}

/** A checkout's line as read from its pack and priced from it. */
interface PricedLine {
  product: ProductForOrder & { category: string };
  qty: number;
  pricePaise: number;
  gstRate: number;
}

/** Why a checkout's transaction rolled back: a refusal, or lines that changed since they were read (read and try again). */
class Rollback extends Error {
  constructor(readonly failure: PlaceOrderFailure | { kind: "changed" }) {
    super(failure.kind);
  }
}

/** How many times a checkout reads its lines again when they changed between its read and its locks. */
const ATTEMPTS = 3;
const DAY_MS = 86_400_000;
const IST_OFFSET_MS = 330 * 60_000;

/** Where an order goes, as tax, delivery and Cash on Delivery see it. */
interface Destination {
  /** The buyer's state (from the PIN, else the address), when known. */
  state: IndianState | null;
  codAllowed: boolean;
  /** Days to deliver there, when the PIN is known. */
  deliveryDays: number | null;
}

/**
 * Checkout: places an order. Everything is read and priced before the transaction (the lines'
 * products and packs, the destination, the shipping rules); the transaction then writes the order,
 * its event, cart and notices, and takes the row locks last, in one order: the lines' stock in
 * product-id then pack-id order, then the customer's row (to count their unpaid orders). Product
 * rows are so locked for a checkout's last statements only (concurrent checkouts of one product
 * wait on each other for no more than that). Each line is checked again under its lock: a pack
 * changed since it was read (price, tax, weight, name…) rolls the checkout back and it is read and
 * priced again — the server is the authority, never a price read a moment before.
 */
export class Checkout {
  constructor(private readonly deps: CheckoutDeps) {}

  /** How orders are taxed now: "flat" (the spec's) or "gst". */
  get taxMode(): TaxMode {
    return this.deps.pricing.taxMode ?? "flat";
  }

  /**
   * Places an order: prices come from the database, never from the client; the stock of every
   * line is taken from its pack in one transaction (all lines or none). In GST mode the tax follows
   * the place of supply (the state of the shipping PIN). A Cash on Delivery order is confirmed at
   * once: no payment window, paid when staff record its cash.
   */
  async placeOrder(customer: Customer, input: PlaceOrderInput): Promise<PlaceOrderResult> {
    const lines = mergeLines(input.orderItems);
    if (lines.length === 0) return { ok: false, failure: { kind: "empty" } };
    const { maxUnitsPerLine } = this.deps.rules;
    const tooMany = lines.find((line) => line.qty > maxUnitsPerLine);
    if (tooMany) return { ok: false, failure: { kind: "too-many-units", productId: tooMany.product, max: maxUnitsPerLine } };
    const cod = input.paymentMethod === "COD";
    const address = input.shippingAddress;
    if (cod && !this.deps.cod.enabled) return { ok: false, failure: { kind: "cod-off" } };
    const destination = await this.#destination(address, cod);
    if (!destination.ok) return destination;
    if (cod && !destination.codAllowed) return { ok: false, failure: { kind: "cod-not-here", pin: address.postalCode } };
    // Read once, before the stock transaction: a short read that holds it up no longer (on SQLite
    // it holds the write lock); an order priced by rules a moment old is one placed a moment earlier.
    const shippingRules = await this.deps.shipping.rules();
    const promotions = await this.deps.promotions.usable(customer.id, input.coupon ?? null);
    for (let attempt = 1; ; attempt++) {
      const result = await this.#attempt(customer, input, lines, destination, { shippingRules, promotions }, attempt === ATTEMPTS);
      if (result !== "changed") return result;
    }
  }

  /**
   * One try at placing the order: reads and prices its lines, then writes it and takes the stock
   * in one transaction. "changed" when a line's pack changed between the read and its lock (and
   * this is not the `last` try: then the order is priced as locked, and refused if that total is
   * not the shopper's).
   */
  async #attempt(
    customer: Customer,
    input: PlaceOrderInput,
    lines: readonly OrderLineInput[],
    destination: Destination,
    terms: { shippingRules: ShippingRule[]; promotions: Usable },
    last: boolean,
  ): Promise<PlaceOrderResult | "changed"> {
    const { maxUnpaidOrders, paymentWindowSeconds } = this.deps.rules;
    const cod = input.paymentMethod === "COD";
    const gst = this.taxMode === "gst";
    const address = input.shippingAddress;
    const { state } = destination;
    const buyerStateCode = state ? GST_STATE_CODES[state] : null;
    const sellerStateCode = gst ? this.deps.sellerStateCode : null;
    const placing = ORDER_PROCESS.find((t) => t.event === "place" && t.from.length === 0 && (t.to === "confirmed") === cod) as Transition;
    const products = await this.deps.catalog.productsForOrder(this.deps.db, [...new Set(lines.map((line) => line.product))]);
    const read = this.#readLines(lines, products);
    if (!read.ok) return read;
    // The promotions give each line its share of the discount; the shipping rules price the parcel
    // by what the lines' packs weigh, where it goes and the items' cost less their discounts
    // (free when a promotion says so): the contract's functions, which the web's preview calls too.
    const priceOf = (priced: readonly PricedLine[]) => {
      const outcome = this.deps.promotions.apply(
        priced.map((line) => ({
          product: line.product.id,
          variant: line.product.variant_id,
          category: line.product.category,
          pricePaise: line.pricePaise,
          qty: line.qty,
        })),
        terms.promotions,
      );
      const charged = shippingCharge(
        terms.shippingRules,
        {
          weightGrams: priced.reduce((sum, line) => sum + line.product.weight_grams * line.qty, 0),
          pin: address.postalCode,
          itemsPaise: priced.reduce((sum, line) => sum + line.pricePaise * line.qty, 0) - outcome.discountPaise,
        },
        this.deps.pricing,
      );
      const price = priceOrder(
        priced.map((line, i) => ({ ...line, discountPaise: outcome.lineDiscounts[i] as number })),
        this.deps.pricing,
        {
          supply: supplyBetween(sellerStateCode, buyerStateCode),
          codFeePaise: cod ? this.deps.cod.feePaise : 0,
          shippingPaise: outcome.freeShipping ? 0 : charged,
        },
      );
      return { ...price, outcome, shippingWaivedPaise: outcome.freeShipping ? charged : 0 };
    };
    const priced = read.lines;
    const price = priceOf(priced);
    if (price.outcome.couponRefusal) return { ok: false, failure: { kind: "coupon", refusal: price.outcome.couponRefusal } };

    try {
      const placed = await this.deps.orders.placing(async (trx, enter) => {
        // The order first, a write: on SQLite the transaction takes the write lock at once (waiting
        // on the busy timeout) rather than failing to upgrade a read lock later.
        const now = this.deps.clock();
        const at = now.toISOString();
        const written = await repo.insertOrder(
          trx,
          {
            user_id: customer.id,
            customer_first_name: customer.first_name,
            customer_last_name: customer.last_name,
            customer_email: customer.email ?? "",
            ship_label: address.label,
            ship_address: address.address,
            ship_city: address.city,
            ship_state: (gst ? state : null) ?? address.state ?? "",
            ship_postal_code: address.postalCode,
            ship_landmark: address.landmark ?? "",
            ship_country: address.country,
            ship_phone: address.phone ?? "",
            payment_method: input.paymentMethod ?? DEFAULT_PAYMENT_METHOD,
            items_paise: price.itemsPaise,
            discount_paise: price.discountPaise,
            discounts: JSON.stringify(orderDiscounts(price.outcome.applied, price.shippingWaivedPaise)),
            shipping_paise: price.shippingPaise,
            cod_fee_paise: price.codFeePaise,
            tax_paise: price.taxPaise,
            total_paise: price.totalPaise,
            tax_mode: gst ? "gst" : "flat",
            place_of_supply: gst ? (buyerStateCode ?? "") : "",
            seller_state_code: sellerStateCode ?? "",
            charges_gst_rate: price.charges.gstRate,
            charges_tax_paise: price.charges.taxPaise,
            cgst_paise: price.breakup.cgstPaise,
            sgst_paise: price.breakup.sgstPaise,
            igst_paise: price.breakup.igstPaise,
            prices_include_tax: price.taxIncluded,
            status: placing.to as OrderStatus,
            payment_due_at: cod ? null : new Date(now.getTime() + paymentWindowSeconds * 1000).toISOString(),
            expected_delivery_on: expectedDeliveryOn(now, destination.deliveryDays),
            created_at: at,
            updated_at: at,
          },
          priced.map((line, i) => {
            const taxed = price.lines[i] as (typeof price.lines)[number];
            return {
              product_id: line.product.id,
              variant_id: line.product.variant_id,
              variant_label: line.product.variant_label,
              name: line.product.name,
              name_hi: line.product.name_hi,
              image: line.product.image ?? "",
              price_paise: line.pricePaise,
              qty: line.qty,
              hsn_code: line.product.hsn_code,
              gst_rate: taxed.gstRate,
              tax_paise: taxed.taxPaise,
              cgst_paise: taxed.cgstPaise,
              sgst_paise: taxed.sgstPaise,
              igst_paise: taxed.igstPaise,
              discount_paise: price.outcome.lineDiscounts[i] as number,
            };
          }),
        );
        const actor: Actor = { role: "owner", userId: customer.id, language: customer.language };
        const event = await enter(
          { order: written.row, items: written.items },
          placing,
          actor,
          at,
          priced.map((line) => line.product.id),
        );
        // Last, the locks: each line's units taken from its pack, and the pack checked again as
        // locked. The order is priced as locked: one read before its change is read again.
        const locked = await this.#takeLines(trx, priced);
        if (locked.some((line, i) => !samePack(line, priced[i] as PricedLine))) {
          if (!last) throw new Rollback({ kind: "changed" });
          const repriced = priceOf(locked).totalPaise;
          throw new Rollback(repriced === input.totalPaise ? { kind: "changed" } : { kind: "price-changed", totalPaise: repriced });
        }
        // Then the promotions' uses, in promotion-id order: a coupon out of uses refuses the order.
        const refusal = await this.deps.promotions.redeem(trx, written.row.id, customer.id, price.outcome.applied);
        if (refusal) throw new Rollback({ kind: "coupon", refusal });
        // Then the customer's row (PostgreSQL), so their concurrent checkouts are counted one after
        // another. A COD order waits for no payment: it neither counts toward the unpaid limit nor
        // is held back by it. The count has this order in it (unpaid, just written).
        if (!cod) {
          await repo.lockCustomer(trx, customer.id);
          if ((await repo.countUnpaidOf(trx, customer.id)) > maxUnpaidOrders) {
            throw new Rollback({ kind: "too-many-unpaid", max: maxUnpaidOrders });
          }
        }
        if (cod && price.totalPaise > this.deps.cod.maxOrderPaise) {
          throw new Rollback({ kind: "cod-over-limit", maxPaise: this.deps.cod.maxOrderPaise, totalPaise: price.totalPaise });
        }
        if (price.totalPaise !== input.totalPaise) throw new Rollback({ kind: "price-changed", totalPaise: price.totalPaise });
        return { ...written, events: [event] };
      });
      // Answered from what was written: a new order has no refunds, returns or tax documents yet.
      const extras: OrderExtras = {
        events: placed.events,
        refunds: [],
        documents: NO_TAX_DOCUMENTS,
        returns: [],
        refundAccount: null,
        now: this.deps.clock(),
        returnWindowMs: this.deps.orders.returnWindowMs,
      };
      return { ok: true, order: orderJson(placed.row, placed.items, extras, { role: customer.is_staff ? "staff" : "owner" }) };
    } catch (error) {
      if (!(error instanceof Rollback)) throw error;
      if (error.failure.kind !== "changed") return { ok: false, failure: error.failure };
      if (!last) return "changed";
      // Changed on every try, to the same total: the shopper is asked to look again.
      return { ok: false, failure: { kind: "price-changed", totalPaise: input.totalPaise } };
    }
  }

  /**
   * The lines as read, each in its pack and priced from it, or the first line's refusal (in the
   * lines' order): a product or pack not sold, a pack without the units, or merged lines over the
   * units allowed. A line without a pack and one naming the default pack are the same line: merged
   * once the pack is known.
   */
  #readLines(
    lines: readonly OrderLineInput[],
    products: readonly ProductPacksForOrder[],
  ): { ok: true; lines: PricedLine[] } | { ok: false; failure: PlaceOrderFailure } {
    const byId = new Map(products.map((product) => [product.id, product]));
    const priced = new Map<string, PricedLine>();
    for (const line of lines) {
      const row = byId.get(line.product);
      if (!row) return { ok: false, failure: { kind: "unknown-product", productId: line.product } };
      const pack = line.variant === undefined ? row.variants[0] : row.variants.find((candidate) => candidate.id === line.variant);
      if (!pack) {
        // A product without packs is not on sale; a pack it is not sold in is named as such.
        if (line.variant === undefined) return { ok: false, failure: { kind: "unknown-product", productId: line.product } };
        return { ok: false, failure: { kind: "unknown-variant", productId: row.id, productName: row.name, variantId: line.variant } };
      }
      const key = `${row.id}:${pack.id}`;
      const qty = (priced.get(key)?.qty ?? 0) + line.qty;
      if (pack.count_in_stock < qty) return { ok: false, failure: outOfStock(row, pack.id, pack.count_in_stock) };
      if (qty > this.deps.rules.maxUnitsPerLine) {
        return { ok: false, failure: { kind: "too-many-units", productId: row.id, max: this.deps.rules.maxUnitsPerLine } };
      }
      const product: PricedLine["product"] = {
        id: row.id,
        category: row.category,
        name: row.name,
        name_hi: row.name_hi,
        hsn_code: row.hsn_code,
        gst_rate: row.gst_rate,
        image: row.image,
        variant_id: pack.id,
        variant_label: pack.label,
        price_paise: pack.price_paise,
        mrp_paise: pack.mrp_paise,
        count_in_stock: pack.count_in_stock - qty,
        weight_grams: pack.weight_grams,
      };
      priced.set(key, { product, qty, pricePaise: product.price_paise, gstRate: product.gst_rate });
    }
    return { ok: true, lines: [...priced.values()] };
  }

  /**
   * Takes each line's units from its pack in product-id then pack-id order (the one lock order of
   * every checkout, the catalogue locking a product's row before its packs); answers the packs as
   * locked, in the lines' order. Throws Rollback naming the pack that ran out, or was removed, meanwhile.
   */
  async #takeLines(trx: Transaction<Database>, lines: readonly PricedLine[]): Promise<PricedLine[]> {
    const locked: PricedLine[] = [];
    const order = [...lines.keys()].sort((i, j) => {
      const a = (lines[i] as PricedLine).product;
      const b = (lines[j] as PricedLine).product;
      return a.id - b.id || a.variant_id - b.variant_id;
    });
    for (const i of order) {
      const line = lines[i] as PricedLine;
      const { id, variant_id } = line.product;
      const product = await this.deps.catalog.takeStock(trx, id, variant_id, line.qty);
      if (!product) throw new Rollback(await this.#whyNotTaken(trx, id, variant_id));
      locked[i] = {
        product: { ...product, image: line.product.image, category: line.product.category },
        qty: line.qty,
        pricePaise: Number(product.price_paise),
        gstRate: product.gst_rate,
      };
    }
    return locked;
  }

  /** Why a pack's units could not be taken: its product or pack is not sold any more, or the pack has fewer units. */
  async #whyNotTaken(trx: Transaction<Database>, productId: number, variantId: number): Promise<PlaceOrderFailure> {
    const [row] = await this.deps.catalog.productsForOrder(trx, [productId]);
    if (!row) return { kind: "unknown-product", productId };
    const pack = row.variants.find((candidate) => candidate.id === variantId);
    if (!pack) return { kind: "unknown-variant", productId: row.id, productName: row.name, variantId };
    return outOfStock(row, pack.id, pack.count_in_stock);
  }

  /**
   * The buyer's state and what the shop allows at the address's PIN: in GST mode the state comes
   * from the PIN (an address naming another state is refused), else from the address; an unserved
   * PIN is refused when a serviceability table exists.
   */
  async #destination(
    address: ShippingAddress,
    cod: boolean,
  ): Promise<({ ok: true } & Destination) | { ok: false; failure: PlaceOrderFailure }> {
    const gst = this.taxMode === "gst";
    const { pincodes } = this.deps;
    const served = await pincodes.hasServiceabilityTable();
    const pinCode = address.postalCode;
    // Looked up for every Indian PIN: its delivery days give the order its expected day.
    const pin = isIndia(address.country) && PIN_PATTERN.test(pinCode) ? await pincodes.lookup(pinCode) : null;
    if (!gst && !served && !cod) return { ok: true, state: null, codAllowed: false, deliveryDays: pin?.deliveryDays ?? null };
    const named = address.state ? indianState(address.state) : null;
    const pinState = pin ? indianState(pin.state) : null;
    if (gst && pinState && named && pinState !== named) {
      return { ok: false, failure: { kind: "state-mismatch", pin: pinCode, pinState, addressState: address.state ?? "" } };
    }
    const state = pinState ?? named;
    if (gst && !state) return { ok: false, failure: { kind: "no-state" } };
    if (served && !pin?.serviceable) return { ok: false, failure: { kind: "not-served", pin: pinCode } };
    return { ok: true, state, codAllowed: pin?.cod ?? false, deliveryDays: pin?.deliveryDays ?? null };
  }
}

/** A pack without the units: named with its label when the product is sold in several ("Urea (45 kg)"). */
function outOfStock(row: ProductPacksForOrder, variantId: number, available: number): PlaceOrderFailure {
  const pack = row.variants.find((candidate) => candidate.id === variantId);
  return {
    kind: "out-of-stock",
    productName: row.variants.length > 1 && pack ? `${row.name} (${pack.label})` : row.name,
    available,
    productId: row.id,
    variantId,
  };
}

/** Whether a line's pack, as locked, is still what the order was priced and written from (its image aside: a picture prices nothing). */
function samePack(locked: PricedLine, read: PricedLine): boolean {
  const a = locked.product;
  const b = read.product;
  return (
    a.variant_id === b.variant_id &&
    a.variant_label === b.variant_label &&
    a.name === b.name &&
    a.name_hi === b.name_hi &&
    a.hsn_code === b.hsn_code &&
    Number(a.gst_rate) === Number(b.gst_rate) &&
    Number(a.price_paise) === Number(b.price_paise) &&
    a.weight_grams === b.weight_grams
  );
}

/** The day a delivery is expected, in India's calendar: today there plus the PIN's delivery days. */
function expectedDeliveryOn(now: Date, deliveryDays: number | null): string | null {
  if (deliveryDays === null) return null;
  return new Date(now.getTime() + IST_OFFSET_MS + deliveryDays * DAY_MS).toISOString().slice(0, 10);
}

/**
 * One line per product and pack named (quantities of repeated lines added), in product-id then
 * pack-id order, a product's line without a pack (its default) first.
 */
function mergeLines(items: readonly OrderLineInput[]): OrderLineInput[] {
  const merged = new Map<string, OrderLineInput>();
  for (const { product, variant, qty } of items) {
    const key = `${product}:${variant ?? ""}`;
    const line = merged.get(key);
    if (line) line.qty += qty;
    else merged.set(key, { product, ...(variant === undefined ? {} : { variant }), qty });
  }
  return [...merged.values()].sort((a, b) => a.product - b.product || (a.variant ?? 0) - (b.variant ?? 0));
}
