import {
  DEFAULT_PAYMENT_METHOD,
  GST_STATE_CODES,
  type IndianState,
  indianState,
  type Language,
  type Order,
  type OrderStatus,
  type PaymentMethod,
  PIN_PATTERN,
  type Pincode,
  type PricingRules,
  priceOrder,
  type ShippingAddress,
  supplyBetween,
  type TaxMode,
} from "@krishi/contract";
import type { Transaction, Updateable } from "kysely";
import type { Db } from "../../db/database.ts";
import type { Database, OrderActor, OrdersTable } from "../../db/schema.ts";
import type { Clock } from "../../lib/clock.ts";
import { conflict, notFound } from "../../lib/errors.ts";
import type { EventBus } from "../../lib/events.ts";
import { groupBy } from "../../lib/group-by.ts";
import { isIndia } from "../addresses/check.ts";
import type { CatalogService, ProductForOrder } from "../catalog/service.ts";
import { checkTransition, type OrderEventName, type Role, reachedBy, STATUS_LABELS } from "./lifecycle.ts";
import * as repo from "./repository.ts";
import { NO_TAX_DOCUMENTS, type OrderExtras, orderJson, type RefundView, type TaxDocumentsView, type Viewer } from "./serialize.ts";

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

export interface PlaceOrderInput {
  orderItems: { product: number; qty: number }[];
  /** Cleaned: a canonical state name when one is known, the phone as 10 digits or "". */
  shippingAddress: ShippingAddress;
  paymentMethod?: PaymentMethod;
  /** What the shopper was shown, in paise: the order is refused if the server's total differs. */
  totalPaise: number;
}

/** Limits of checkout and the payment window (config: the ORDER_* settings, defaults in the README). */
export interface OrderRules {
  paymentWindowSeconds: number;
  maxUnpaidOrders: number;
  maxUnitsPerLine: number;
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
  | { kind: "out-of-stock"; productName: string; available: number }
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

/** Who moves an order: their role in the state machine, and their user id for the timeline. */
export interface Actor {
  role: Role;
  userId: number | null;
  /** The actor's e-mail language when known: an owner's spares the mail listener a read. */
  language?: Language | undefined;
}

export const SYSTEM: Actor = { role: "system", userId: null };

/** What a transition listener learns, inside the transition's transaction. */
export interface TransitionContext {
  trx: Transaction<Database>;
  /** The order after the move. */
  order: repo.OrderRow;
  from: OrderStatus | null;
  event: OrderEventName;
  to: OrderStatus;
  actor: Actor;
  /** The order_events row: a stable name for "this happened once" (mail keys). */
  eventId: number;
}

/** Runs inside the transaction of every transition: a failure rolls the transition back. */
export type TransitionListener = (context: TransitionContext) => Promise<void>;

export type TransitionResult = { ok: true; order: repo.OrderRow } | { ok: false; reason: "moved" | "out-of-stock" };

class Rollback extends Error {
  constructor(readonly failure: PlaceOrderFailure) {
    super(failure.kind);
  }
}

const PAST_TENSE: Record<OrderEventName, string> = {
  place: "placed",
  pay: "paid",
  repay: "paid",
  pack: "packed",
  ship: "shipped",
  deliver: "delivered",
  cancel: "cancelled",
  expire: "expired",
  refund: "refunded",
  collect: "marked paid in cash",
};

/** Where an order goes, as tax, delivery and Cash on Delivery see it. */
interface Destination {
  /** The buyer's state (from the PIN, else the address), when known. */
  state: IndianState | null;
  codAllowed: boolean;
}

export interface OrdersServiceDeps {
  db: Db;
  catalog: CatalogService;
  pricing: PricingRules;
  rules: OrderRules;
  clock: Clock;
  events: EventBus;
  /** The refunds of these orders (payments owns the table). */
  refundsOf: (orderIds: readonly number[]) => Promise<Map<number, RefundView[]>>;
  /** The tax invoice and credit notes of these orders (invoices owns the table). */
  taxDocumentsOf: (orderIds: readonly number[]) => Promise<Map<number, TaxDocumentsView>>;
  /** The seller's GST state code: in GST mode an order to the same state pays CGST + SGST, to another IGST. */
  sellerStateCode: string | null;
  cod: CodRules;
  pincodes: PincodeLookup;
}

/**
 * Orders: checkout, reading, and the one writer of an order's state. Every change of state goes
 * through transition(), which asks the state machine (lifecycle.ts), moves the row with a
 * conditional UPDATE, records the event, gives stock back or takes it again, and lets listeners
 * (mail, refunds) act — all in one transaction.
 */
export class OrdersService {
  readonly #listeners: TransitionListener[] = [];
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

  onTransition(listener: TransitionListener): void {
    this.#listeners.push(listener);
  }

  /**
   * Places an order: prices come from the database, never from the client; the stock of every
   * line is taken in one transaction (all lines or none), in product-id order so concurrent
   * checkouts lock rows in the same order and cannot deadlock. In GST mode the tax follows the
   * place of supply (the state of the shipping PIN). A Cash on Delivery order is confirmed at once:
   * no payment window, paid when staff record its cash.
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

    try {
      const placed = await this.db.transaction().execute(async (trx) => {
        // Writes first: on SQLite the transaction takes the write lock at once (waiting on the
        // busy timeout) instead of failing to upgrade a read lock held by another process.
        // Each line's product comes back from the UPDATE that takes its units: priced as locked.
        const priced: { product: ProductForOrder; qty: number; pricePaise: number; gstRate: number }[] = [];
        for (const line of lines) {
          const product = await this.catalog.takeStock(trx, line.product, line.qty);
          if (!product) {
            const [row] = await this.catalog.productsForOrder(trx, [line.product]);
            throw new Rollback(
              row
                ? { kind: "out-of-stock", productName: row.name, available: row.count_in_stock }
                : { kind: "unknown-product", productId: line.product },
            );
          }
          priced.push({ ...line, product, pricePaise: Number(product.price_paise), gstRate: product.gst_rate });
        }
        // A COD order waits for no payment: it neither counts toward the unpaid limit nor is held back by it.
        if (!cod) {
          await repo.lockCustomer(trx, customer.id);
          if ((await repo.countUnpaidOf(trx, customer.id)) >= maxUnpaidOrders) {
            throw new Rollback({ kind: "too-many-unpaid", max: maxUnpaidOrders });
          }
        }
        const price = priceOrder(priced, this.deps.pricing, {
          supply: supplyBetween(sellerStateCode, buyerStateCode),
          codFeePaise: cod ? this.deps.cod.feePaise : 0,
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
            status: cod ? "confirmed" : "pending_payment",
            payment_due_at: cod ? null : new Date(now.getTime() + paymentWindowSeconds * 1000).toISOString(),
            created_at: at,
            updated_at: at,
          },
          priced.map((line, i) => {
            const taxed = price.lines[i] as (typeof price.lines)[number];
            return {
              product_id: line.product.id,
              name: line.product.name,
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
        const event = await this.#record(
          trx,
          written.row,
          null,
          "place",
          { role: "owner", userId: customer.id, language: customer.language },
          "",
          at,
        );
        return { ...written, events: [event] };
      });
      await this.#changed(placed.row.id, "place", lines);
      // Answered from what was written: a new order has no refunds or tax documents (they come with payments).
      const extras: OrderExtras = { events: placed.events, refunds: [], documents: NO_TAX_DOCUMENTS, now: this.clock() };
      return { ok: true, order: orderJson(placed.row, placed.items, extras, viewerOf(customer)) };
    } catch (error) {
      if (error instanceof Rollback) return { ok: false, failure: error.failure };
      throw error;
    }
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
    if (!gst && !served && !cod) return { ok: true, state: null, codAllowed: false };
    const pinCode = address.postalCode;
    const pin = isIndia(address.country) && PIN_PATTERN.test(pinCode) ? await pincodes.lookup(pinCode) : null;
    const named = address.state ? indianState(address.state) : null;
    const pinState = pin ? indianState(pin.state) : null;
    if (gst && pinState && named && pinState !== named) {
      return { ok: false, failure: { kind: "state-mismatch", pin: pinCode, pinState, addressState: address.state ?? "" } };
    }
    const state = pinState ?? named;
    if (gst && !state) return { ok: false, failure: { kind: "no-state" } };
    if (served && !pin?.serviceable) return { ok: false, failure: { kind: "not-served", pin: pinCode } };
    return { ok: true, state, codAllowed: pin?.cod ?? false };
  }

  /**
   * The one writer of an order's state: moves `order` by `event` if the state machine lets
   * `actor` do so from its current state. Answers "moved" when another writer changed the order
   * first (the UPDATE is conditional on the state read), "out-of-stock" when a repay cannot take
   * the units again. Throws 409 when the move is not allowed at all.
   */
  async transition(
    trx: Transaction<Database>,
    order: repo.OrderRow,
    event: OrderEventName,
    actor: Actor,
    options: { note?: string; set?: Partial<Pick<OrdersTable, "razorpay_payment_id" | "courier" | "awb" | "tracking_url">> } = {},
  ): Promise<TransitionResult> {
    const check = checkTransition(order.status, event, actor.role);
    if (!check.ok || (check.transition.takeStock && order.paid_at !== null)) throw this.#refusal(order.status, event, check);
    const { transition } = check;
    const items = transition.restock || transition.takeStock ? await repo.findItems(trx, [order.id]) : [];
    if (transition.takeStock) {
      const taken: typeof items = [];
      for (const item of items) {
        if (item.product_id === null || !(await this.catalog.takeStock(trx, item.product_id, item.qty))) {
          for (const done of taken) await this.catalog.returnStock(trx, done.product_id as number, done.qty);
          return { ok: false, reason: "out-of-stock" };
        }
        taken.push(item);
      }
    }
    const at = this.clock().toISOString();
    const moved = await repo.updateStatus(trx, order.id, order.status, {
      status: transition.to,
      updated_at: at,
      ...options.set,
      ...stampsFor(event, order, at),
    });
    if (!moved) {
      // Undo a repay's stock: the caller's transaction may still commit other work.
      for (const item of transition.takeStock ? items : []) await this.catalog.returnStock(trx, item.product_id as number, item.qty);
      return { ok: false, reason: "moved" };
    }
    if (transition.restock) {
      for (const item of items) if (item.product_id !== null) await this.catalog.returnStock(trx, item.product_id, item.qty);
    }
    const after = await repo.findOrder(trx, order.id);
    if (!after) throw new Error("the order just moved is missing");
    await this.#record(trx, after, order.status, event, actor, options.note ?? "", at);
    return { ok: true, order: after };
  }

  /** Runs `work` in a transaction on the order's locked row; 404 when there is no such order. */
  async withOrder<T>(id: number, work: (trx: Transaction<Database>, order: repo.OrderRow) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(async (trx) => {
      const order = await repo.lockOrder(trx, id);
      if (!order) throw notFound("order_not_found", ORDER_NOT_FOUND);
      return work(trx, order);
    });
  }

  /** A staff or owner move by event (pack, ship, deliver, cancel); answers the order as the viewer sees it. */
  async move(user: Customer, id: number, event: OrderEventName, options: Parameters<OrdersService["transition"]>[4] = {}): Promise<Order> {
    const result = await this.withOrder(id, async (trx, order) => {
      if (!user.is_staff && order.user_id !== user.id) throw notFound("order_not_found", ORDER_NOT_FOUND);
      const role: Role = user.is_staff ? "staff" : "owner";
      // A repeated click (deliver a delivered order, cancel a cancelled one) changes nothing.
      if (reachedBy(event, order.status)) return { ok: true as const, order, repeated: true };
      const moved = await this.transition(trx, order, event, { role, userId: user.id, language: user.language }, options);
      if (!moved.ok) throw conflict("order_changed", "This order changed while you were looking at it. Please reload it.");
      return { ...moved, repeated: false };
    });
    if (!result.repeated) await this.#changed(id, event, []);
    return this.getOrderFor(user, result.order.id);
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
    await this.#changed(id, "collect", []);
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

  /** Expires one order if it is unpaid and past its deadline; answers whether it did. */
  async expireIfDue(id: number): Promise<boolean> {
    const now = this.clock();
    const moved = await this.withOrder(id, async (trx, order) => {
      if (order.status !== "pending_payment" || !order.payment_due_at || new Date(order.payment_due_at) > now) return false;
      const result = await this.transition(trx, order, "expire", SYSTEM, { note: "Not paid in time" });
      return result.ok;
    });
    if (moved) await this.#changed(id, "expire", []);
    return moved;
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

  /** Announces a change after its transaction committed (the caller's part of #changed). */
  async changed(orderId: number, event: OrderEventName): Promise<void> {
    await this.#changed(orderId, event, []);
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

  async #record(
    trx: Transaction<Database>,
    order: repo.OrderRow,
    from: OrderStatus | null,
    name: OrderEventName,
    actor: Actor,
    note: string,
    at: string,
  ): Promise<repo.OrderEventRow> {
    const { id: eventId, ...event } = await repo.insertEvent(trx, {
      order_id: order.id,
      from_status: from,
      to_status: order.status,
      event: name,
      actor: actorName(actor.role),
      actor_id: actor.userId,
      note: note.slice(0, 500),
      created_at: at,
    });
    for (const listener of this.#listeners) await listener({ trx, order, from, event: name, to: order.status, actor, eventId });
    return event;
  }

  /** `lines`: the order's products when the caller has them at hand (else read here, for a move that takes or returns stock). */
  async #changed(orderId: number, event: OrderEventName, lines: readonly { product: number }[]): Promise<void> {
    const stockMoved = async () => {
      if (event !== "place" && event !== "cancel" && event !== "expire" && event !== "repay") return;
      const productIds =
        lines.length > 0
          ? lines.map((l) => l.product)
          : (await repo.findItems(this.db, [orderId])).flatMap((item) => (item.product_id === null ? [] : [item.product_id]));
      await this.deps.events.emit("productsChanged", { productIds, stockOnly: true });
    };
    // Both at once: their listeners do not depend on each other.
    await Promise.all([stockMoved(), this.deps.events.emit("orderChanged", { orderId, event })]);
  }

  #refusal(status: OrderStatus, event: OrderEventName, check: ReturnType<typeof checkTransition>) {
    const label = STATUS_LABELS[status];
    // not_allowed: the move exists from this state, but not for this actor (a customer cancelling a shipped order).
    const reason = !check.ok && check.reason === "not-allowed" ? "not_allowed" : "wrong_state";
    const params = { status, event, reason };
    if (status === "pending_payment" && event !== "cancel" && event !== "expire")
      return conflict("order_not_paid", "Order is not paid yet.", params);
    if (event === "collect") {
      return conflict("order_wrong_state", `This order is ${label}: record its cash when the courier has delivered it.`, params);
    }
    if (!check.ok && check.reason === "not-allowed") {
      return conflict(
        "order_wrong_state",
        `This order is ${label}: it can no longer be ${PAST_TENSE[event]} online. Please contact us.`,
        params,
      );
    }
    return conflict("order_wrong_state", `This order is ${label} and cannot be ${PAST_TENSE[event]}.`, params);
  }

  async #toJson(rows: repo.OrderRow[], viewer: Viewer): Promise<Order[]> {
    const ids = rows.map((r) => r.id);
    const [items, events, refunds, documents] = await Promise.all([
      repo.findItems(this.db, ids),
      repo.findEvents(this.db, ids),
      this.deps.refundsOf(ids),
      this.deps.taxDocumentsOf(ids),
    ]);
    const itemsOf = groupBy(items, (item) => item.order_id);
    const eventsOf = groupBy(events, (e) => e.order_id);
    const now = this.clock();
    return rows.map((row) => {
      const extras: OrderExtras = {
        events: eventsOf.get(row.id) ?? [],
        refunds: refunds.get(row.id) ?? [],
        documents: documents.get(row.id) ?? NO_TAX_DOCUMENTS,
        now,
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

/** The columns an event stamps, besides the state. */
function stampsFor(event: OrderEventName, order: repo.OrderRow, at: string): Updateable<OrdersTable> {
  switch (event) {
    case "pay":
    case "repay":
      return { is_paid: true, paid_at: at };
    case "collect":
      // Cash is handed over at the door: delivered then, unless staff recorded the delivery before.
      return { is_paid: true, paid_at: at, ...(order.delivered_at === null ? { is_delivered: true, delivered_at: at } : {}) };
    case "pack":
      return { packed_at: at };
    case "ship":
      return { shipped_at: at };
    case "deliver":
      return { is_delivered: true, delivered_at: at };
    case "cancel":
    case "expire":
      return { cancelled_at: at };
    default:
      return {};
  }
}

/** One line per product (quantities of repeated lines added), in product-id order. */
function mergeLines(items: PlaceOrderInput["orderItems"]): { product: number; qty: number }[] {
  const qty = new Map<number, number>();
  for (const item of items) qty.set(item.product, (qty.get(item.product) ?? 0) + item.qty);
  return [...qty].map(([product, q]) => ({ product, qty: q })).sort((a, b) => a.product - b.product);
}
