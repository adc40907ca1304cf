import { type Language, type Order, type OrderEventName, type OrderStatus, stateIs } from "@krishi/contract";
import type { Transaction } from "kysely";
import type { Db } from "../../db/database.ts";
import type { Database, OrderActor, OrdersTable } from "../../db/schema.ts";
import type { Clock } from "../../lib/clock.ts";
// withOrder's 404 and transition's and checkMove's 409 are still thrown: payments and returns call
// them inside their own transactions and let them reach the error handler (move, getOrderFor and
// allOrders return their failures).
// biome-ignore lint/style/noRestrictedImports: withOrder, transition and checkMove (above)
import { conflict, notFound } from "../../lib/errors.ts";
import type { EventBus } from "../../lib/events.ts";
import { groupBy } from "../../lib/group-by.ts";
import { fail, ok, Refusal, type Result, refusals } from "../../lib/result.ts";
import type { CatalogService } from "../catalog/service.ts";
import type { OrderNotices } from "./notices.ts";
import {
  type Actor,
  checkTransition,
  type Effect,
  type EffectHandler,
  eventNeeds,
  leaves,
  type Refusal as MoveRefusal,
  OPEN_RETURN_STATUSES,
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

/** Limits of checkout, the payment window and the return window (config, with their defaults). */
export interface OrderRules {
  paymentWindowSeconds: number;
  maxUnpaidOrders: number;
  maxUnitsPerLine: number;
  returnWindowHours: number;
}

export const ORDER_NOT_FOUND = "No Order matches the given query.";

/** An order that is not there, or not the asker's to see (never told apart: 404, never 403). */
export type OrderNotFound = { kind: "order-not-found" };
/**
 * Why an owner's or staff's move is refused (failures.ts answers it): the process's refusal in
 * its words (process.ts), or the order moved by someone else meanwhile.
 */
export type MoveFailure = OrderNotFound | { kind: "move-refused"; refusal: MoveRefusal } | { kind: "order-changed" };
/** A page of the staff's list past its last. */
export type PageNotFound = { kind: "page-not-found" };

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

const HOUR_MS = 3_600_000;

export interface OrdersServiceDeps {
  db: Db;
  catalog: Pick<CatalogService, "takeStock" | "returnStock">;
  rules: OrderRules;
  clock: Clock;
  events: EventBus;
  /** The customer's news of the moves that declare a notice. */
  notices: OrderNotices;
}

/**
 * Orders: reading, and the one writer of an order's state (checkout.ts writes a new order through
 * placing()). Every move goes through
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
  private readonly catalog: OrdersServiceDeps["catalog"];
  private readonly clock: Clock;

  constructor(private readonly deps: OrdersServiceDeps) {
    this.db = deps.db;
    this.catalog = deps.catalog;
    this.clock = deps.clock;
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
   * Runs a checkout's transaction (checkout.ts): `work` writes the new order and calls `enter` to
   * record its first move (the process's "place": its event, effects and notices), announced with
   * the products whose stock it takes once the transaction commits.
   */
  async placing<T>(
    work: (
      trx: Transaction<Database>,
      enter: (
        written: { order: repo.OrderRow; items: readonly repo.OrderItemRow[] },
        transition: Transition,
        actor: Actor,
        at: string,
        productIds: number[],
      ) => Promise<repo.OrderEventRow>,
    ) => Promise<T>,
  ): Promise<T> {
    return this.#inTransaction((trx) =>
      work(trx, async (written, transition, actor, at, productIds) => {
        const event = await this.#enter(trx, transition, written, null, actor, "", at);
        this.announce(trx, written.order.id, transition.event, productIds);
        return event;
      }),
    );
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
    const moved = await this.#transition(trx, order, event, actor, options);
    if ("refusal" in moved) throw this.#refusal(moved.refusal);
    return moved;
  }

  /** transition(), answering a move the process refuses as its refusal (move() returns it). */
  async #transition(
    trx: Transaction<Database>,
    order: repo.OrderRow,
    event: OrderEventName,
    actor: Actor,
    options: Parameters<OrdersService["transition"]>[4] = {},
  ): Promise<TransitionResult | { ok: false; refusal: MoveRefusal }> {
    const items = await repo.findItems(trx, [order.id]);
    const facts = await this.#facts(trx, order, items);
    const check = checkTransition(facts, order.status, event, actor.role);
    if (!check.ok) return { ok: false, refusal: refusalOf(order.status, event, check.reason) };
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

  /**
   * The order's owner's or staff's move by event; answers the order as the viewer sees it. A
   * repeated click (deliver a delivered order, cancel a cancelled one) changes nothing.
   */
  async move(
    user: Customer,
    id: number,
    event: OrderEventName,
    options: Parameters<OrdersService["transition"]>[4] = {},
  ): Promise<Result<Order, MoveFailure>> {
    const { note } = eventNeeds(event);
    const moved = await refusals(() => this.#move(user, id, event, { note, ...options }));
    if (!moved.ok) return moved;
    return this.getOrderFor(user, id);
  }

  /** move()'s transaction: a lost race is thrown as a Refusal, so that a repay's stock taken and given back rolls back. */
  #move(user: Customer, id: number, event: OrderEventName, options: Parameters<OrdersService["transition"]>[4]) {
    const { refuse } = eventNeeds(event);
    return this.#inTransaction(async (trx): Promise<Result<void, MoveFailure>> => {
      const order = await repo.lockOrder(trx, id);
      if (!order || (!user.is_staff && order.user_id !== user.id)) return fail({ kind: "order-not-found" });
      const refusal = refuse(order);
      // The process's own refusals of a move carry no params in their answer.
      if (refusal) return fail({ kind: "move-refused", refusal: { code: refusal.code, message: refusal.message } });
      if (reachedBy(event, order.status)) return ok(undefined);
      const role: Role = user.is_staff ? "staff" : "owner";
      const result = await this.#transition(trx, order, event, { role, userId: user.id, language: user.language }, options);
      // Refused by the process: nothing written yet.
      if ("refusal" in result) return fail({ kind: "move-refused", refusal: result.refusal });
      if (!result.ok) throw new Refusal<MoveFailure>({ kind: "order-changed" });
      return ok(undefined);
    });
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
  /** The customer's orders that were not cancelled, but `except` (in the caller's transaction when given one). */
  countPlaced(db: repo.Reader | Transaction<Database>, userId: number, except?: number): Promise<number> {
    return repo.countPlacedOf(db, userId, except);
  }

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
    if (!check.ok) throw this.#refusal(refusalOf(order.status, event, check.reason));
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
    return stateIs(order.status, "off_the_road");
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

  async getOrder(id: number, viewer: Viewer = { role: "system" }): Promise<Result<Order, OrderNotFound>> {
    const row = await repo.findOrder(this.db, id);
    if (!row) return fail({ kind: "order-not-found" });
    const [order] = await this.#toJson([row], viewer);
    return ok(order as Order);
  }

  /** The order if the user may see it (its owner, or staff); otherwise not found, never forbidden. */
  async getOrderFor(user: Customer, id: number): Promise<Result<Order, OrderNotFound>> {
    const row = await repo.findOrder(this.db, id);
    if (!row || (row.user_id !== user.id && !user.is_staff)) return fail({ kind: "order-not-found" });
    const [order] = await this.#toJson([row], viewerOf(user));
    return ok(order as Order);
  }

  /**
   * The order as `user` sees it, for a caller that has just read or written it for them (its
   * owner, checked, or staff): not finding it is a broken invariant (orders are never deleted).
   */
  async orderAfter(user: Customer, id: number): Promise<Order> {
    const read = await this.getOrderFor(user, id);
    if (!read.ok) throw new Error(`order ${id} is missing or not ${user.id}'s`);
    return read.value;
  }

  async ordersOf(user: Customer): Promise<Order[]> {
    return this.#toJson(await repo.findOrdersOfUser(this.db, user.id), { role: "owner" });
  }

  async allOrders(
    filter: repo.OrderFilter,
    page: number,
    pageSize: number,
  ): Promise<Result<{ orders: Order[]; total: number; pages: number }, PageNotFound>> {
    const [total, rows] = await Promise.all([
      repo.countOrders(this.db, filter),
      repo.findAllOrders(this.db, filter, pageSize, (page - 1) * pageSize),
    ]);
    const pages = Math.max(1, Math.ceil(total / pageSize));
    if (page > pages) return fail({ kind: "page-not-found" });
    return ok({ orders: await this.#toJson(rows, { role: "staff" }), total, pages });
  }

  /** Announces committed changes: products whose stock moved (caches), then each order's change. */
  async #publish(announcements: readonly Announcement[]): Promise<void> {
    if (announcements.length === 0) return;
    const productIds = [...new Set(announcements.flatMap((a) => a.productIds))];
    const moved = productIds.length > 0 ? this.deps.events.emit("productsChanged", { productIds, stockOnly: true }) : undefined;
    // Both at once: their listeners do not depend on each other.
    await Promise.all([moved, ...announcements.map(({ orderId, event }) => this.deps.events.emit("orderChanged", { orderId, event }))]);
  }

  /** The 409 that transition() and checkMove() still throw to their callers' routes (payments', returns'). */
  #refusal({ code, message, params }: MoveRefusal) {
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
