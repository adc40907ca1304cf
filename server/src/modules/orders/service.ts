import {
  DEFAULT_PAYMENT_METHOD,
  GST_STATE_CODES,
  type IndianState,
  indianState,
  type Language,
  type Order,
  type OrderEventName,
  type OrderStatus,
  type PaymentMethod,
  PIN_PATTERN,
  type Pincode,
  type PricingRules,
  priceOrder,
  type ShippingAddress,
  type ShippingRule,
  shippingCharge,
  supplyBetween,
  type TaxMode,
} from "@krishi/contract";
import type { Transaction } from "kysely";
import type { Db } from "../../db/database.ts";
import type { Database, OrderActor, OrdersTable } from "../../db/schema.ts";
import type { Clock } from "../../lib/clock.ts";
import { conflict, notFound } from "../../lib/errors.ts";
import type { EventBus } from "../../lib/events.ts";
import { groupBy } from "../../lib/group-by.ts";
import { isIndia } from "../addresses/check.ts";
import type { CatalogService, ProductForOrder } from "../catalog/service.ts";
import type { OrderNotices } from "./notices.ts";
import {
  type Actor,
  checkTransition,
  type Effect,
  type EffectHandler,
  leaves,
  OFF_THE_ROAD,
  OPEN_RETURN_STATUSES,
  ORDER_PROCESS,
  type Role,
  reachedBy,
  refusalOf,
  type Transition,
  type TransitionContext,
} from "./process.ts";
import * as repo from "./repository.ts";
import {
  NO_TAX_DOCUMENTS,
  type OrderExtras,
  orderFacts,
  orderJson,
  type RefundAccountView,
  type RefundView,
  type ReturnView,
  type TaxDocumentsView,
  type Viewer,
} from "./serialize.ts";

export type { Actor, EffectHandler, Role, TransitionContext } from "./process.ts";

export interface Customer {
  id: number;
  /** Null for a customer with a mobile number alone (the order's notices then go by SMS). */
  email: string | null;
  first_name: string;
  last_name: string;
  is_staff: boolean;
  /** The language of their e-mails, when the caller has it at hand (the signed-in user's). */
  language?: Language;
}

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
}

/** Limits of checkout, the payment window and the return window (config, with their defaults). */
export interface OrderRules {
  paymentWindowSeconds: number;
  maxUnpaidOrders: number;
  maxUnitsPerLine: number;
  returnWindowHours: number;
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
  | { kind: "cod-over-limit"; maxPaise: number; totalPaise: number };

export type PlaceOrderResult = { ok: true; order: Order } | { ok: false; failure: PlaceOrderFailure };

export const ORDER_NOT_FOUND = "No Order matches the given query.";

export const SYSTEM: Actor = { role: "system", userId: null };

/** What other modules add to an order's JSON, each read through the caller's executor (the transaction, when in one). */
export interface OrderParts {
  refunds(orderIds: readonly number[], db: repo.Reader): Promise<Map<number, RefundView[]>>;
  documents(orderIds: readonly number[], db: repo.Reader): Promise<Map<number, TaxDocumentsView>>;
  returns(orderIds: readonly number[], db: repo.Reader): Promise<Map<number, ReturnView[]>>;
  refundAccounts(orderIds: readonly number[], db: repo.Reader): Promise<Map<number, RefundAccountView>>;
}

const NO_PARTS: OrderParts = {
  refunds: async () => new Map(),
  documents: async () => new Map(),
  returns: async () => new Map(),
  refundAccounts: async () => new Map(),
};

/** What is announced once a transaction commits: the order changed, and the products whose stock moved. */
interface Announcement {
  orderId: number;
  event: OrderEventName;
  productIds: number[];
}

export type TransitionResult = { ok: true; order: repo.OrderRow } | { ok: false; reason: "moved" | "out-of-stock" };

/** A checkout's line as taken from its pack and priced from it. */
interface PricedLine {
  product: ProductForOrder;
  qty: number;
  pricePaise: number;
  gstRate: number;
}

class Rollback extends Error {
  constructor(readonly failure: PlaceOrderFailure) {
    super(failure.kind);
  }
}

const HOUR_MS = 3_600_000;
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

export interface OrdersServiceDeps {
  db: Db;
  catalog: CatalogService;
  pricing: PricingRules;
  rules: OrderRules;
  clock: Clock;
  events: EventBus;
  /** The customer's news of the moves that declare a notice. */
  notices: OrderNotices;
  /** The seller's GST state code: in GST mode an order to the same state pays CGST + SGST, to another IGST. */
  sellerStateCode: string | null;
  cod: CodRules;
  pincodes: PincodeLookup;
  /** The shop's shipping rules by weight and zone (the shipping module answers): checkout charges by them. */
  shipping: { rules(): Promise<ShippingRule[]> };
}

/**
 * Orders: checkout, reading, and the one writer of an order's state. Every move goes through
 * transition(), which does what the order process (process.ts) declares for it: checks who may
 * make it and its guard, moves the row with a conditional UPDATE, stamps its columns, records the
 * event, moves stock, runs the declared effects' handlers and queues the customer's notices — all
 * in the caller's transaction — and announces it once that transaction commits.
 */
export class OrdersService {
  readonly #effects = new Map<Effect, EffectHandler[]>();
  #parts: OrderParts = NO_PARTS;
  /** What each open transaction will announce when it commits (see #inTransaction). */
  readonly #announcements = new WeakMap<Transaction<Database>, Announcement[]>();
  private readonly db: Db;
  private readonly catalog: CatalogService;
  private readonly clock: Clock;

  constructor(private readonly deps: OrdersServiceDeps) {
    this.db = deps.db;
    this.catalog = deps.catalog;
    this.clock = deps.clock;
  }

  /** How orders are taxed now: "flat" (the spec's) or "gst". */
  get taxMode(): TaxMode {
    return this.deps.pricing.taxMode ?? "flat";
  }

  /** Attaches the work of an effect the order process names (invoices, payments). */
  handle(effect: Effect, handler: EffectHandler): void {
    this.#effects.set(effect, [...(this.#effects.get(effect) ?? []), handler]);
  }

  /** Attaches a module's part of the order JSON (refunds, tax documents, returns, refund accounts). */
  provide(parts: Partial<OrderParts>): void {
    this.#parts = { ...this.#parts, ...parts };
  }

  /** How long after delivery a return may be asked for. */
  get returnWindowMs(): number {
    return this.deps.rules.returnWindowHours * HOUR_MS;
  }

  /**
   * Runs `work` in a transaction; what its transitions announce is published once it commits
   * (nothing when it rolls back). Every transition runs inside one of these.
   */
  async #inTransaction<T>(work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
    const announcements: Announcement[] = [];
    const result = await this.db.transaction().execute(async (trx) => {
      this.#announcements.set(trx, announcements);
      return work(trx);
    });
    await this.#publish(announcements);
    return result;
  }

  /** Marks the order changed without a move (a refund recorded or settled): announced after commit like a transition. */
  announce(trx: Transaction<Database>, orderId: number, event: OrderEventName, productIds: number[] = []): void {
    const pending = this.#announcements.get(trx);
    if (!pending) throw new Error("an order change outside OrdersService.withOrder: it would never be announced");
    pending.push({ orderId, event, productIds });
  }

  /**
   * Places an order: prices come from the database, never from the client; the stock of every
   * line is taken from its pack in one transaction (all lines or none), in product-id then
   * pack-id order so concurrent checkouts lock rows in the same order and cannot deadlock (the
   * catalogue locks a product's row before its packs). In GST mode the tax follows the place of
   * supply (the state of the shipping PIN). A Cash on Delivery order is confirmed at once: no
   * payment window, paid when staff record its cash.
   */
  async placeOrder(customer: Customer, input: PlaceOrderInput): Promise<PlaceOrderResult> {
    const lines = mergeLines(input.orderItems);
    if (lines.length === 0) return { ok: false, failure: { kind: "empty" } };
    const { maxUnitsPerLine, maxUnpaidOrders, paymentWindowSeconds } = this.deps.rules;
    const tooMany = lines.find((line) => line.qty > maxUnitsPerLine);
    if (tooMany) return { ok: false, failure: { kind: "too-many-units", productId: tooMany.product, max: maxUnitsPerLine } };
    const cod = input.paymentMethod === "COD";
    const gst = this.taxMode === "gst";
    const address = input.shippingAddress;
    if (cod && !this.deps.cod.enabled) return { ok: false, failure: { kind: "cod-off" } };
    const destination = await this.#destination(address, cod);
    if (!destination.ok) return destination;
    const { state } = destination;
    if (cod && !destination.codAllowed) return { ok: false, failure: { kind: "cod-not-here", pin: address.postalCode } };
    const buyerStateCode = state ? GST_STATE_CODES[state] : null;
    const sellerStateCode = gst ? this.deps.sellerStateCode : null;
    const placing = ORDER_PROCESS.find((t) => t.event === "place" && t.from.length === 0 && (t.to === "confirmed") === cod) as Transition;
    // Read once, before the stock transaction: a short read that holds it up no longer (on SQLite
    // it holds the write lock); an order priced by rules a moment old is one placed a moment earlier.
    const shippingRules = await this.deps.shipping.rules();

    try {
      const placed = await this.#inTransaction(async (trx) => {
        // Writes first: on SQLite the transaction takes the write lock at once (waiting on the
        // busy timeout) instead of failing to upgrade a read lock held by another process.
        const priced = await this.#takeLines(trx, lines);
        const weightGrams = priced.reduce((sum, line) => sum + line.product.weight_grams * line.qty, 0);
        // A COD order waits for no payment: it neither counts toward the unpaid limit nor is held back by it.
        if (!cod) {
          await repo.lockCustomer(trx, customer.id);
          if ((await repo.countUnpaidOf(trx, customer.id)) >= maxUnpaidOrders) {
            throw new Rollback({ kind: "too-many-unpaid", max: maxUnpaidOrders });
          }
        }
        // The shipping rules price the parcel by what the lines' packs weigh, where it goes and the
        // items' gross cost: the contract's function, which the web's preview calls too.
        const itemsPaise = priced.reduce((sum, line) => sum + line.pricePaise * line.qty, 0);
        const shipment = { weightGrams, pin: address.postalCode, itemsPaise };
        const price = priceOrder(priced, this.deps.pricing, {
          supply: supplyBetween(sellerStateCode, buyerStateCode),
          codFeePaise: cod ? this.deps.cod.feePaise : 0,
          shippingPaise: shippingCharge(shippingRules, shipment, this.deps.pricing),
        });
        if (cod && price.totalPaise > this.deps.cod.maxOrderPaise) {
          throw new Rollback({ kind: "cod-over-limit", maxPaise: this.deps.cod.maxOrderPaise, totalPaise: price.totalPaise });
        }
        if (price.totalPaise !== input.totalPaise) throw new Rollback({ kind: "price-changed", totalPaise: price.totalPaise });

        const now = this.clock();
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
            };
          }),
        );
        const actor: Actor = { role: "owner", userId: customer.id, language: customer.language };
        const event = await this.#enter(trx, placing, { order: written.row, items: written.items }, null, actor, "", at);
        this.announce(
          trx,
          written.row.id,
          "place",
          priced.map((line) => line.product.id),
        );
        return { ...written, events: [event] };
      });
      // Answered from what was written: a new order has no refunds, returns or tax documents yet.
      const extras: OrderExtras = {
        events: placed.events,
        refunds: [],
        documents: NO_TAX_DOCUMENTS,
        returns: [],
        refundAccount: null,
        now: this.clock(),
        returnWindowMs: this.returnWindowMs,
      };
      return { ok: true, order: orderJson(placed.row, placed.items, extras, viewerOf(customer)) };
    } catch (error) {
      if (error instanceof Rollback) return { ok: false, failure: error.failure };
      throw error;
    }
  }

  /**
   * Takes each line's units from its pack and prices it from that pack, as locked. A line without
   * a pack and one naming the default pack are the same line: merged once the pack is known (the
   * units of both taken, so the pack had them all). Throws Rollback naming the pack that ran out, an
   * unknown product or pack, or a merged line over the units allowed.
   */
  async #takeLines(trx: Transaction<Database>, lines: readonly OrderLineInput[]): Promise<PricedLine[]> {
    const priced = new Map<string, PricedLine>();
    for (const line of lines) {
      const product = await this.catalog.takeStock(trx, line.product, line.variant ?? null, line.qty);
      if (!product) throw new Rollback(await this.#whyNotTaken(trx, line, priced));
      const key = `${product.id}:${product.variant_id}`;
      const same = priced.get(key);
      const qty = (same?.qty ?? 0) + line.qty;
      if (qty > this.deps.rules.maxUnitsPerLine) {
        throw new Rollback({ kind: "too-many-units", productId: product.id, max: this.deps.rules.maxUnitsPerLine });
      }
      priced.set(key, { product, qty, pricePaise: Number(product.price_paise), gstRate: product.gst_rate });
    }
    return [...priced.values()];
  }

  /** Why a line's units could not be taken: its product or pack is not sold, or the pack has fewer units. */
  async #whyNotTaken(trx: Transaction<Database>, line: OrderLineInput, taken: ReadonlyMap<string, PricedLine>): Promise<PlaceOrderFailure> {
    const [row] = await this.catalog.productsForOrder(trx, [line.product]);
    if (!row) return { kind: "unknown-product", productId: line.product };
    const pack = line.variant === undefined ? row.variants[0] : row.variants.find((candidate) => candidate.id === line.variant);
    if (!pack) {
      // A product without packs is not on sale; a pack it is not sold in is named as such.
      if (line.variant === undefined) return { kind: "unknown-product", productId: line.product };
      return { kind: "unknown-variant", productId: row.id, productName: row.name, variantId: line.variant };
    }
    // Units this order already took of the pack (a line naming the default pack and one without) were there too.
    const ours = taken.get(`${row.id}:${pack.id}`)?.qty ?? 0;
    return {
      kind: "out-of-stock",
      productName: row.variants.length > 1 ? `${row.name} (${pack.label})` : row.name,
      available: pack.count_in_stock + ours,
      productId: row.id,
      variantId: pack.id,
    };
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

  /**
   * The one writer of an order's state: moves `order` by `event` if the order process lets
   * `actor` do so now, doing what the process declares for the move. Answers "moved" when another
   * writer changed the order first (the UPDATE is conditional on the state read), "out-of-stock"
   * when a repay cannot take the units again. Throws 409 when the move is not allowed at all.
   * Runs in a transaction of withOrder() (its announcement goes out when that commits).
   */
  async transition(
    trx: Transaction<Database>,
    order: repo.OrderRow,
    event: OrderEventName,
    actor: Actor,
    options: { note?: string; set?: Partial<Pick<OrdersTable, "razorpay_payment_id" | "courier" | "awb" | "tracking_url">> } = {},
  ): Promise<TransitionResult> {
    const items = await repo.findItems(trx, [order.id]);
    const facts = await this.#facts(trx, order, items);
    const check = checkTransition(facts, order.status, event, actor.role);
    if (!check.ok) throw this.#refusal(order.status, event, check.reason);
    const { transition } = check;
    const productIds = items.flatMap((item) => (item.product_id === null ? [] : [item.product_id]));
    if (transition.stock === "take-again" && !(await this.#takeAgain(trx, items))) return { ok: false, reason: "out-of-stock" };
    const at = this.clock().toISOString();
    let after = order;
    if (transition.to) {
      const moved = await repo.updateStatus(trx, order.id, order.status, {
        status: transition.to,
        updated_at: at,
        ...options.set,
        ...transition.stamps?.(order, at),
      });
      if (!moved) {
        // Undo a repay's stock: the caller's transaction may still commit other work.
        if (transition.stock === "take-again") await this.#giveBack(trx, items);
        return { ok: false, reason: "moved" };
      }
      if (transition.stock === "give-back") await this.#giveBack(trx, items);
      const read = await repo.findOrder(trx, order.id);
      if (!read) throw new Error("the order just moved is missing");
      after = read;
    }
    await this.#enter(trx, transition, { order: after, items }, order.status, actor, options.note ?? "", at);
    const stockMoved = transition.stock === "give-back" || transition.stock === "take-again";
    this.announce(trx, order.id, event, stockMoved ? productIds : []);
    return { ok: true, order: after };
  }

  /**
   * Takes a cancelled order's units again from the packs they were sold from (a repay), all or
   * none: false when a pack lacks them, or a line's product or pack was removed since.
   */
  async #takeAgain(trx: Transaction<Database>, items: readonly repo.OrderItemRow[]): Promise<boolean> {
    // In product-id then pack-id order, as a checkout locks them.
    const ordered = [...items].sort((a, b) => (a.product_id ?? 0) - (b.product_id ?? 0) || (a.variant_id ?? 0) - (b.variant_id ?? 0));
    const taken: repo.OrderItemRow[] = [];
    for (const item of ordered) {
      const back = item.product_id !== null && item.variant_id !== null;
      if (!back || !(await this.catalog.takeStock(trx, item.product_id as number, item.variant_id, item.qty))) {
        await this.#giveBack(trx, taken);
        return false;
      }
      taken.push(item);
    }
    return true;
  }

  /** Puts order lines' units back on sale in the packs they were sold from; a product or pack removed since takes none. */
  async #giveBack(trx: Transaction<Database>, items: readonly repo.OrderItemRow[]): Promise<void> {
    for (const item of items) if (item.product_id !== null) await this.catalog.returnStock(trx, item.product_id, item.variant_id, item.qty);
  }

  /** Records the move on the timeline, runs its effects and queues its notices. */
  async #enter(
    trx: Transaction<Database>,
    transition: Transition,
    { order, items }: { order: repo.OrderRow; items: readonly repo.OrderItemRow[] },
    from: OrderStatus | null,
    actor: Actor,
    note: string,
    at: string,
  ): Promise<repo.OrderEventRow> {
    const { id: eventId, ...event } = await repo.insertEvent(trx, {
      order_id: order.id,
      from_status: from,
      to_status: order.status,
      event: transition.event,
      actor: actorName(actor.role),
      actor_id: actor.userId,
      note: note.slice(0, 500),
      created_at: at,
    });
    const context: TransitionContext = { trx, order, items, from, event: transition.event, to: order.status, actor, eventId, note };
    for (const effect of transition.effects ?? []) for (const handler of this.#effects.get(effect) ?? []) await handler(context);
    if (transition.notice) await this.deps.notices.notify(context, transition.notice);
    return event;
  }

  /** What the process's guards look at, read through the transaction. */
  async #facts(trx: Transaction<Database>, order: repo.OrderRow, items: repo.OrderItemRow[]) {
    const [refunds, returns] = await Promise.all([this.#parts.refunds([order.id], trx), this.#parts.returns([order.id], trx)]);
    return orderFacts(order, items, {
      refunds: refunds.get(order.id) ?? [],
      returns: returns.get(order.id) ?? [],
      now: this.clock(),
      returnWindowMs: this.returnWindowMs,
    });
  }

  /** Runs `work` in a transaction on the order's locked row; 404 when there is no such order. */
  async withOrder<T>(id: number, work: (trx: Transaction<Database>, order: repo.OrderRow) => Promise<T>): Promise<T> {
    return this.#inTransaction(async (trx) => {
      const order = await repo.lockOrder(trx, id);
      if (!order) throw notFound("order_not_found", ORDER_NOT_FOUND);
      return work(trx, order);
    });
  }

  /** The order's owner's or staff's move by event; answers the order as the viewer sees it. */
  async move(user: Customer, id: number, event: OrderEventName, options: Parameters<OrdersService["transition"]>[4] = {}): Promise<Order> {
    await this.withOrder(id, async (trx, order) => {
      if (!user.is_staff && order.user_id !== user.id) throw notFound("order_not_found", ORDER_NOT_FOUND);
      const role: Role = user.is_staff ? "staff" : "owner";
      // A repeated click (deliver a delivered order, cancel a cancelled one) changes nothing.
      if (reachedBy(event, order.status)) return;
      const moved = await this.transition(trx, order, event, { role, userId: user.id, language: user.language }, options);
      if (!moved.ok) throw conflict("order_changed", "This order changed while you were looking at it. Please reload it.");
    });
    return this.getOrderFor(user, id);
  }

  /**
   * Staff record the cash of a Cash on Delivery order as received: a shipped or delivered unpaid
   * COD order becomes paid (and delivered). 409 for an order not paid by COD or paid already.
   */
  async collectCash(user: Customer, id: number): Promise<Order> {
    await this.withOrder(id, async (trx, order) => {
      if (order.payment_method !== "COD") throw conflict("order_not_cod", "This order is not paid by Cash on Delivery.");
      if (order.paid_at !== null) throw conflict("cash_already_received", "The cash of this order has already been recorded as received.");
      const moved = await this.transition(trx, order, "collect", { role: "staff", userId: user.id }, { note: "Cash received" });
      if (!moved.ok) throw conflict("order_changed", "This order changed while you were looking at it. Please reload it.");
    });
    return this.getOrderFor(user, id);
  }

  /**
   * The payment-window sweep: every unpaid order past its deadline is cancelled and its stock put
   * back, each in its own transaction (a payment that wins the race keeps its order).
   */
  async expireDue(limit = 100): Promise<number[]> {
    const ids = await repo.findExpired(this.db, this.clock().toISOString(), limit);
    const expired: number[] = [];
    for (const id of ids) {
      if (await this.expireIfDue(id)) expired.push(id);
    }
    return expired;
  }

  /** Expires one order if the process says it may (unpaid, past its deadline); answers whether it did. */
  async expireIfDue(id: number): Promise<boolean> {
    return this.withOrder(id, async (trx, order) => {
      const items = await repo.findItems(trx, [order.id]);
      if (!checkTransition(await this.#facts(trx, order, items), order.status, "expire", "system").ok) return false;
      const result = await this.transition(trx, order, "expire", SYSTEM, { note: "Not paid in time" });
      return result.ok;
    });
  }

  /** The order's lines, read through the caller's transaction. */
  itemsOf(db: repo.Reader, orderId: number): Promise<repo.OrderItemRow[]> {
    return repo.findItems(db, [orderId]);
  }

  /** Whether the order process has `event` from the order's state at all (its guard aside). */
  canMove(order: repo.OrderRow, event: OrderEventName): boolean {
    return leaves(event, order.status);
  }

  /**
   * Throws the 409 transition() would throw if `role` made `event` now (who may, its state, its
   * guard); moves nothing. For work that must not start on an order that cannot move (a return's
   * photos are decoded only for an order that may be returned).
   */
  async checkMove(trx: Transaction<Database>, order: repo.OrderRow, event: OrderEventName, role: Role): Promise<void> {
    const items = await repo.findItems(trx, [order.id]);
    const check = checkTransition(await this.#facts(trx, order, items), order.status, event, role);
    if (!check.ok) throw this.#refusal(order.status, event, check.reason);
  }

  /**
   * The units of each of the order's lines (by order item) that its open returns hold — asked for
   * or approved, on their way back — but those of return `except`: they are the return's to refund
   * when it is received, not anyone's to refund by lines meanwhile. Read through the transaction.
   */
  async heldByReturns(trx: Transaction<Database>, orderId: number, except?: number): Promise<Map<number, number>> {
    const held = new Map<number, number>();
    for (const open of (await this.#parts.returns([orderId], trx)).get(orderId) ?? []) {
      if (open.id === except || !OPEN_RETURN_STATUSES.includes(open.status)) continue;
      for (const line of open.lines) held.set(line.orderItemId, (held.get(line.orderItemId) ?? 0) + line.qty);
    }
    return held;
  }

  /** Whether the order is closed without a road ahead (cancelled). */
  isCancelled(order: repo.OrderRow): boolean {
    return OFF_THE_ROAD.includes(order.status);
  }

  /** The order's row (payments reads what it needs to settle a payment). */
  row(id: number): Promise<repo.OrderRow | undefined> {
    return repo.findOrder(this.db, id);
  }

  /** These orders' rows with their lines, by id (invoices print and report them). */
  async rowsWithItems(ids: readonly number[]): Promise<Map<number, { row: repo.OrderRow; items: repo.OrderItemRow[] }>> {
    const [rows, items] = await Promise.all([repo.findOrders(this.db, ids), repo.findItems(this.db, ids)]);
    const itemsOf = groupBy(items, (item) => item.order_id);
    return new Map(rows.map((row) => [row.id, { row, items: itemsOf.get(row.id) ?? [] }]));
  }

  rowByRazorpayOrder(razorpayOrderId: string): Promise<repo.OrderRow | undefined> {
    return repo.findOrderByRazorpayId(this.db, razorpayOrderId);
  }

  /** Stores the gateway's order id unless one is stored already; answers the stored one. */
  attachRazorpayOrder(id: number, razorpayOrderId: string): Promise<string | null> {
    return repo.attachRazorpayOrder(this.db, id, razorpayOrderId, this.clock().toISOString());
  }

  /**
   * Orders to ask Razorpay about: unpaid for longer than `quietMs` (a checkout in progress is left
   * alone), or cancelled unpaid within `lateMs` (a capture can arrive after expiry).
   */
  toReconcile(quietMs: number, lateMs: number, limit: number) {
    const now = this.clock().getTime();
    return repo.findToReconcile(this.db, new Date(now - quietMs).toISOString(), new Date(now - lateMs).toISOString(), limit);
  }

  async getOrder(id: number, viewer: Viewer = { role: "system" }): Promise<Order> {
    const row = await repo.findOrder(this.db, id);
    if (!row) throw notFound("order_not_found", ORDER_NOT_FOUND);
    const [order] = await this.#toJson([row], viewer);
    return order as Order;
  }

  /** The order if the user may see it (its owner, or staff); otherwise 404, never 403. */
  async getOrderFor(user: Customer, id: number): Promise<Order> {
    const row = await repo.findOrder(this.db, id);
    if (!row || (row.user_id !== user.id && !user.is_staff)) throw notFound("order_not_found", ORDER_NOT_FOUND);
    const [order] = await this.#toJson([row], viewerOf(user));
    return order as Order;
  }

  async ordersOf(user: Customer): Promise<Order[]> {
    return this.#toJson(await repo.findOrdersOfUser(this.db, user.id), { role: "owner" });
  }

  async allOrders(filter: repo.OrderFilter, page: number, pageSize: number): Promise<{ orders: Order[]; total: number; pages: number }> {
    const [total, rows] = await Promise.all([
      repo.countOrders(this.db, filter),
      repo.findAllOrders(this.db, filter, pageSize, (page - 1) * pageSize),
    ]);
    const pages = Math.max(1, Math.ceil(total / pageSize));
    if (page > pages) throw notFound("page_not_found", "Invalid page.");
    return { orders: await this.#toJson(rows, { role: "staff" }), total, pages };
  }

  /** Each paid order's payment time and total (paise) since `since`: the sales chart's data. */
  async paymentsSince(since: Date): Promise<{ paidAt: Date; totalPaise: number }[]> {
    const rows = await repo.findPaidSince(this.db, since.toISOString());
    return rows.map((row) => ({ paidAt: new Date(row.paid_at as string | Date), totalPaise: Number(row.total_paise) }));
  }

  /** Orders paid and still on their way to the customer. */
  countToDeliver(): Promise<number> {
    return repo.countOrders(this.db, { statuses: repo.TO_DELIVER, paid: true });
  }

  /** Orders paid but not yet delivered, oldest payment first. */
  async toDeliver(limit: number): Promise<Order[]> {
    return this.#toJson(await repo.findToDeliver(this.db, limit), { role: "staff" });
  }

  /** Cash on Delivery orders placed and not cancelled whose cash is not received yet: how many, and that cash in all. */
  cashToCollect(): Promise<{ orders: number; totalPaise: number }> {
    return repo.sumCodToCollect(this.db);
  }

  /** Those orders, oldest first. */
  async codToCollect(limit: number): Promise<Order[]> {
    return this.#toJson(await repo.findCodToCollect(this.db, limit), { role: "staff" });
  }

  /** Announces committed changes: products whose stock moved (caches), then each order's change. */
  async #publish(announcements: readonly Announcement[]): Promise<void> {
    if (announcements.length === 0) return;
    const productIds = [...new Set(announcements.flatMap((a) => a.productIds))];
    const moved = productIds.length > 0 ? this.deps.events.emit("productsChanged", { productIds, stockOnly: true }) : undefined;
    // Both at once: their listeners do not depend on each other.
    await Promise.all([moved, ...announcements.map(({ orderId, event }) => this.deps.events.emit("orderChanged", { orderId, event }))]);
  }

  #refusal(status: OrderStatus, event: OrderEventName, reason: "not-allowed" | "wrong-state" | "not-now") {
    const { code, message, params } = refusalOf(status, event, reason);
    return conflict(code, message, params);
  }

  async #toJson(rows: repo.OrderRow[], viewer: Viewer): Promise<Order[]> {
    const ids = rows.map((r) => r.id);
    const [items, events, refunds, documents, returns, accounts] = await Promise.all([
      repo.findItems(this.db, ids),
      repo.findEvents(this.db, ids),
      this.#parts.refunds(ids, this.db),
      this.#parts.documents(ids, this.db),
      this.#parts.returns(ids, this.db),
      this.#parts.refundAccounts(ids, this.db),
    ]);
    const itemsOf = groupBy(items, (item) => item.order_id);
    const eventsOf = groupBy(events, (e) => e.order_id);
    const now = this.clock();
    return rows.map((row) => {
      const extras: OrderExtras = {
        events: eventsOf.get(row.id) ?? [],
        refunds: refunds.get(row.id) ?? [],
        documents: documents.get(row.id) ?? NO_TAX_DOCUMENTS,
        returns: returns.get(row.id) ?? [],
        refundAccount: accounts.get(row.id) ?? null,
        now,
        returnWindowMs: this.returnWindowMs,
      };
      return orderJson(row, itemsOf.get(row.id) ?? [], extras, viewer);
    });
  }
}

function viewerOf(user: Customer): Viewer {
  return { role: user.is_staff ? "staff" : "owner" };
}

function actorName(role: Role): OrderActor {
  return role === "owner" ? "customer" : role;
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
