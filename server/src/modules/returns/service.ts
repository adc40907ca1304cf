import type { FieldErrorCode, Order, OrderReturn, RequestReturn, ReturnAction } from "@krishi/contract";
import type { Transaction } from "kysely";
import type { Db } from "../../db/database.ts";
import type { Database } from "../../db/schema.ts";
import type { Clock } from "../../lib/clock.ts";
import { ImageRejected, imageFiles, removeImage, storeImage, verifyUpload } from "../../lib/images.ts";
import type { FailureLimit, FailureState, Limit } from "../../lib/rate-limit.ts";
import { fail, ok, Refusal, type Result, refusals } from "../../lib/result.ts";
import type { PrivateStorage } from "../../lib/storage.ts";
import type { CatalogService } from "../catalog/service.ts";
import { lineName, linesOf } from "../orders/lines.ts";
import { OPEN_RETURN_STATUSES, returnStep } from "../orders/process.ts";
import type { OrderItemRow, OrderRow, Reader } from "../orders/repository.ts";
import type { ReturnView } from "../orders/serialize.ts";
import type { Customer, OrdersService } from "../orders/service.ts";
import type { PaymentsService, RefundFailure } from "../payments/service.ts";
import { PhotoLinks } from "./photo-links.ts";
import * as repo from "./repository.ts";

/** Why a return request is refused (nothing is recorded, no photo kept). */
export type ReturnRequestFailure =
  /** Not the customer's order (or none). */
  | { kind: "order-not-found" }
  /** `until`: when the return window after delivery closed (ISO). */
  | { kind: "window-closed"; until: string }
  /** A line asks for more units than are still returnable: `name` is the line's. */
  | { kind: "too-many-units"; productId: number; name: string; max: number }
  /** Cash on Delivery: no refund account given or kept. */
  | { kind: "refund-account-required" }
  /** Photo `index` (0 first) is not an image we take: `code` and `message` say why. */
  | { kind: "photo-rejected"; index: number; code: FieldErrorCode; message: string }
  /** The customer sent more photos than RETURN_PHOTOS_PER_CUSTOMER lately. */
  | { kind: "photos-throttled"; retryAfterSeconds: number }
  /** Another move of the order came first. */
  | { kind: "order-changed" };

/** Why staff cannot act on a return. */
export type ReturnActionFailure =
  /** A rejection says why: the customer reads it. */
  | { kind: "note-required" }
  | { kind: "return-not-found" }
  | { kind: "wrong-state"; status: string; action: ReturnAction["action"] }
  /** Receiving it: its refund is refused (payments' reason). */
  | { kind: "refund-refused"; refund: RefundFailure }
  | { kind: "order-changed" };

/** Why a return's photo is not given. */
export type ReturnPhotoFailure = { kind: "link-invalid" } | { kind: "photo-gone" };

/** Thrown inside an order's transaction so that it rolls back; the method returns the failure. */
const refuse = <F extends { kind: string }>(failure: F) => new Refusal(failure);

/**
 * The photos one customer may send with return requests in an hour, across their orders: each is
 * decoded (a large one costs seconds of CPU). Three requests' worth (3 each) and a few tries again.
 */
export const RETURN_PHOTOS_PER_CUSTOMER: Limit = { max: 12, windowMs: 3_600_000 };

/** Words for a return's reason on the timeline, the refund and the credit note. */
const REASON_WORDS: Record<OrderReturn["reason"], string> = {
  damaged: "Damaged",
  wrong_item: "Wrong item",
  expired: "Expired",
  other: "Other",
};

export interface ReturnsServiceDeps {
  db: Db;
  orders: OrdersService;
  payments: Pick<PaymentsService, "refundLines" | "saveRefundAccount" | "refundAccountsOf" | "refundsOf">;
  catalog: Pick<CatalogService, "returnStock">;
  /** Where return photos are kept: not the public media, never served but by photo() to the addresses it signed. */
  photos: PrivateStorage;
  /** The key photo addresses are signed with (derived from JWT_SECRET for this alone). */
  photoKey: Uint8Array;
  clock: Clock;
  /** The photos each customer sent lately, counted against RETURN_PHOTOS_PER_CUSTOMER. */
  photoLimit: FailureLimit;
}

/**
 * Returns: a customer asks to send units of a delivered order back (within the return window, for
 * a reason, with photos); staff approve the pickup, or refuse it with a note, and receive the goods:
 * their value is refunded with its own tax (a credit note follows), and the units go back on sale
 * when staff say so. Each step is a move of the order process (its timeline and the customer's
 * notices); the return's own steps are RETURN_PROCESS. Owns the returns tables.
 */
export class ReturnsService {
  readonly #links: PhotoLinks;

  constructor(private readonly deps: ReturnsServiceDeps) {
    this.#links = new PhotoLinks(deps.photoKey, deps.clock);
    deps.orders.provide({ returns: (ids, db) => this.returnsOf(ids, db) });
  }

  /**
   * The owner asks to return `input.lines` of their delivered order. The order is checked first —
   * theirs, open to a return now, the lines returnable, a refund account for Cash on Delivery — so
   * that no photo is decoded for a request that is refused anyway (a 40-megapixel PNG costs
   * seconds); then the customer's photos are counted (RETURN_PHOTOS_PER_CUSTOMER: 429 past it),
   * checked (images only) and stored; then the order is checked again in the transaction that
   * records the return, and on failure the photos are removed. Answers the return as the order
   * JSON shows it.
   */
  async request(
    user: Customer,
    orderId: number,
    input: RequestReturn,
    photos: readonly Buffer[],
  ): Promise<Result<OrderReturn, ReturnRequestFailure>> {
    return refusals(() => this.#request(user, orderId, input, photos));
  }

  async #request(
    user: Customer,
    orderId: number,
    input: RequestReturn,
    photos: readonly Buffer[],
  ): Promise<Result<OrderReturn, ReturnRequestFailure>> {
    await this.deps.orders.withOrder(orderId, (trx, order) => this.#checkRequest(trx, user, order, input));
    if (photos.length > 0) {
      const throttled = await this.#countPhotos(user, photos.length);
      if (throttled) return fail(throttled);
    }
    for (const [index, photo] of photos.entries()) {
      try {
        await verifyUpload(photo);
      } catch (error) {
        if (!(error instanceof ImageRejected)) throw error;
        return fail({ kind: "photo-rejected", index, code: error.code, message: error.message });
      }
    }
    const stored: string[] = [];
    for (const photo of photos) stored.push(await storeImage(photo, this.deps.photos, `return-${orderId}`));
    try {
      const id = await this.deps.orders.withOrder(orderId, async (trx, order) => {
        const lines = await this.#checkRequest(trx, user, order, input);
        const details = input.details?.trim() ?? "";
        // The move first: its guard counts the units still returnable, before this return holds them.
        // The timeline keeps the customer's own words; the screens word the event and the reason in the shopper's language.
        const note = details;
        const actor = { role: "owner" as const, userId: user.id, language: user.language };
        const moved = await this.deps.orders.transition(trx, order, "return_request", actor, { note });
        if (!moved.ok) throw refuse<ReturnRequestFailure>({ kind: "order-changed" });
        if (order.payment_method === "COD" && input.refundTo) {
          const saved = await this.deps.payments.saveRefundAccount(trx, order, input.refundTo);
          if (!saved.ok) throw new Error(`order ${order.id} is paid in cash but its refund account was refused: ${saved.failure.kind}`);
        }
        const at = this.deps.clock().toISOString();
        return repo.insertReturn(
          trx,
          { order_id: order.id, reason: input.reason, created_by: user.id, details, photos: stored, at },
          lines,
        );
      });
      return ok(await this.#answer(user, orderId, id));
    } catch (error) {
      await Promise.all(stored.map((path) => removeImage(path, this.deps.photos)));
      throw error;
    }
  }

  /**
   * Whether `user` may ask to return `input.lines` of `order` now: refused (a Refusal thrown) unless
   * it is theirs, once its window has closed, for lines it does not hold (or holds fewer of), for a
   * Cash on Delivery order without a refund account given or kept; the order process's check
   * (checkMove) refuses a move its owner may not make now. Answers the lines.
   */
  async #checkRequest(
    trx: Transaction<Database>,
    user: Customer,
    order: OrderRow,
    input: RequestReturn,
  ): Promise<{ order_item_id: number; qty: number }[]> {
    if (order.user_id !== user.id) throw refuse<ReturnRequestFailure>({ kind: "order-not-found" });
    this.#checkWindow(order);
    const items = await this.deps.orders.itemsOf(trx, order.id);
    const lines = await this.#returnable(trx, order, items, input.lines);
    await this.deps.orders.checkMove(trx, order, "return_request", "owner");
    if (order.payment_method === "COD" && !input.refundTo && !(await this.deps.payments.refundAccountsOf([order.id], trx)).has(order.id)) {
      throw refuse<ReturnRequestFailure>({ kind: "refund-account-required" });
    }
    return lines;
  }

  /** Counts a customer's photos against their limit before any is decoded: refused past it. */
  async #countPhotos(user: Customer, count: number): Promise<ReturnRequestFailure | null> {
    let state: FailureState | undefined;
    for (let i = 0; i < count; i++) state = await this.deps.photoLimit.fail(String(user.id));
    return state && state.count > RETURN_PHOTOS_PER_CUSTOMER.max
      ? { kind: "photos-throttled", retryAfterSeconds: state.retryAfterSeconds }
      : null;
  }

  /**
   * Staff act on a return: approve (pickup arranged), reject (the note says why, shown to the
   * customer), receive (the goods are back: the lines are refunded with their own tax, and their
   * units go back on sale when `restock`). Two staff acting at once: one wins, the other is told
   * the order changed.
   */
  async act(staff: Customer, orderId: number, returnId: number, input: ReturnAction): Promise<Result<Order, ReturnActionFailure>> {
    const note = input.note?.trim() ?? "";
    if (input.action === "reject" && !note) return fail({ kind: "note-required" });
    const acted = await refusals<void, ReturnActionFailure>(async () => {
      await this.#act(staff, orderId, returnId, input, note);
      return ok(undefined);
    });
    return acted.ok ? ok(await this.deps.orders.orderAfter(staff, orderId)) : acted;
  }

  async #act(staff: Customer, orderId: number, returnId: number, input: ReturnAction, note: string): Promise<void> {
    await this.deps.orders.withOrder(orderId, async (trx, order) => {
      const found = await repo.findReturn(trx, order.id, returnId);
      if (!found) throw refuse<ReturnActionFailure>({ kind: "return-not-found" });
      const step = returnStep(found.status, input.action);
      if (!step) throw refuse<ReturnActionFailure>({ kind: "wrong-state", status: found.status, action: input.action });
      const at = this.deps.clock().toISOString();
      let refundId: number | null = null;
      const restock = input.action === "receive" && input.restock !== false;
      if (input.action === "receive") {
        const lines = await this.#linesOf(trx, order.id, returnId);
        const refunded = await this.deps.payments.refundLines(
          trx,
          order,
          lines.map(({ item, qty }) => ({ orderItemId: item.id, qty })),
          { reason: `Return #${returnId}: ${REASON_WORDS[found.reason]}`, key: `return-${returnId}`, by: staff.id, returnId },
        );
        if (!refunded.ok) throw refuse<ReturnActionFailure>({ kind: "refund-refused", refund: refunded.failure });
        refundId = refunded.value;
        if (restock) {
          // Each line's units go back to the pack they were sold from; a pack removed since takes none.
          for (const { item, qty } of lines) await this.deps.catalog.returnStock(trx, item.product_id as number, item.variant_id, qty);
          this.deps.orders.announce(
            trx,
            order.id,
            step.event,
            lines.map(({ item }) => item.product_id as number),
          );
        }
      }
      const moved = await repo.moveReturn(trx, returnId, found.status, {
        status: step.to,
        at,
        ...(note ? { note } : {}),
        ...(input.action === "receive" ? { restocked: restock, refund_id: refundId } : {}),
      });
      if (!moved) throw refuse<ReturnActionFailure>({ kind: "order-changed" });
      const result = await this.deps.orders.transition(trx, order, step.event, { role: "staff", userId: staff.id }, { note });
      if (!result.ok) throw refuse<ReturnActionFailure>({ kind: "order-changed" });
    });
  }

  /**
   * A return's photo `n` (WebP; a narrower copy for `w`) by the address returnsOf() signed: refused
   * for an address not signed here or expired, and for a photo that is not there. Answers its bytes
   * and how long the address works still, in seconds.
   */
  async photo(
    orderId: number,
    returnId: number,
    n: number,
    link: { expires: number; signature: string; w?: number | undefined },
  ): Promise<Result<{ data: Buffer; secondsLeft: number }, ReturnPhotoFailure>> {
    if (!this.#links.valid(orderId, returnId, n, link.expires, link.signature)) return fail({ kind: "link-invalid" });
    const found = await repo.findReturn(this.deps.db, orderId, returnId);
    const path = found ? (JSON.parse(found.photos) as string[])[n] : undefined;
    const [main, ...narrower] = path ? imageFiles(path) : [];
    const file = link.w === undefined ? main : narrower.find((name) => name.endsWith(`-w${link.w}.webp`));
    const data = file ? await this.deps.photos.get(file) : null;
    if (!data) return fail({ kind: "photo-gone" });
    return ok({ data, secondsLeft: Math.max(0, link.expires - Math.floor(this.deps.clock().getTime() / 1000)) });
  }

  /** The returns of these orders with their lines, for the order JSON and the order process's guards. */
  async returnsOf(orderIds: readonly number[], db: Reader = this.deps.db): Promise<Map<number, ReturnView[]>> {
    const rows = await repo.findReturns(db, orderIds);
    const lines = await repo.findReturnLines(
      db,
      rows.map((row) => row.id),
    );
    const byOrder = new Map<number, ReturnView[]>();
    for (const row of rows) {
      const view: ReturnView = {
        id: row.id,
        status: row.status,
        reason: row.reason,
        details: row.details,
        // Addresses signed for whoever is given the order: the files are in private storage.
        photos: (JSON.parse(row.photos) as string[]).map((_, n) => this.#links.url(row.order_id, row.id, n)),
        note: row.note,
        restocked: Boolean(row.restocked),
        refundId: row.refund_id,
        createdAt: row.created_at,
        updatedAt: row.updated_at,
        lines: lines.filter((line) => line.return_id === row.id).map((line) => ({ orderItemId: line.order_item_id, qty: line.qty })),
      };
      byOrder.set(row.order_id, [...(byOrder.get(row.order_id) ?? []), view]);
    }
    return byOrder;
  }

  /** Refused once the window after delivery has passed (the process refuses other states). */
  #checkWindow(order: OrderRow): void {
    if (order.delivered_at === null) return;
    const until = new Date(new Date(order.delivered_at).getTime() + this.deps.orders.returnWindowMs);
    if (this.deps.clock() >= until) throw refuse<ReturnRequestFailure>({ kind: "window-closed", until: until.toISOString() });
  }

  /**
   * The order items and units of a return request: each product must be in the order, with no
   * more units than were ordered less those refunded by lines or held by another open return.
   */
  async #returnable(
    trx: Transaction<Database>,
    order: OrderRow,
    items: OrderItemRow[],
    requested: RequestReturn["lines"],
  ): Promise<{ order_item_id: number; qty: number }[]> {
    const [refunds, returns] = await Promise.all([this.deps.payments.refundsOf([order.id], trx), this.returnsOf([order.id], trx)]);
    const taken = new Map<number, number>();
    const count = (orderItemId: number, qty: number) => taken.set(orderItemId, (taken.get(orderItemId) ?? 0) + qty);
    for (const refund of refunds.get(order.id) ?? [])
      if (refund.status !== "failed") for (const line of refund.lines) count(line.orderItemId, line.qty);
    for (const held of returns.get(order.id) ?? [])
      if (OPEN_RETURN_STATUSES.includes(held.status)) for (const line of held.lines) count(line.orderItemId, line.qty);
    return linesOf(items, requested).map(({ item, qty }) => {
      const max = item.qty - (taken.get(item.id) ?? 0);
      if (qty > max)
        throw refuse<ReturnRequestFailure>({ kind: "too-many-units", productId: item.product_id as number, name: lineName(item), max });
      return { order_item_id: item.id, qty };
    });
  }

  /** A return's order lines (a deleted product's line cannot go back on sale: it is left out). */
  async #linesOf(trx: Transaction<Database>, orderId: number, returnId: number): Promise<{ item: OrderItemRow; qty: number }[]> {
    const [items, lines] = await Promise.all([this.deps.orders.itemsOf(trx, orderId), repo.findReturnLines(trx, [returnId])]);
    return lines.flatMap((line) => {
      const item = items.find((candidate) => candidate.id === line.order_item_id);
      return item?.product_id == null ? [] : [{ item, qty: line.qty }];
    });
  }

  async #answer(user: Customer, orderId: number, returnId: number): Promise<OrderReturn> {
    const order = await this.deps.orders.orderAfter(user, orderId);
    const made = order.returns.find((r) => r.id === returnId);
    if (!made) throw new Error("the return just made is missing");
    return made;
  }
}
