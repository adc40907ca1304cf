import { DEFAULT_PAYMENT_METHOD, type Order, type PricingRules, priceOrder, type ShippingAddress } from "@krishi/contract";
import type { Db } from "../../db/database.ts";
import { badRequest, notFound } from "../../lib/errors.ts";
import { groupBy } from "../../lib/group-by.ts";
import type { CatalogService } from "../catalog/service.ts";
import * as repo from "./repository.ts";
import { orderJson } from "./serialize.ts";

export interface Customer {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
  is_staff: boolean;
}

export interface PlaceOrderInput {
  orderItems: { product: number; qty: number }[];
  shippingAddress: ShippingAddress;
  paymentMethod?: string;
  /** What the shopper was shown, in paise: the order is refused if the server's total differs. */
  totalPaise: number;
}

/** Expected ways a checkout can fail: returned, not thrown, and mapped to HTTP by the route. */
export type PlaceOrderFailure =
  | { kind: "empty" }
  | { kind: "unknown-product"; productId: number }
  | { kind: "out-of-stock"; productName: string; available: number }
  | { kind: "price-changed"; totalPaise: number };

export type PlaceOrderResult = { ok: true; order: Order } | { ok: false; failure: PlaceOrderFailure };

export const ORDER_NOT_FOUND = "No Order matches the given query.";

class Rollback extends Error {
  constructor(readonly failure: PlaceOrderFailure) {
    super(failure.kind);
  }
}

export class OrdersService {
  constructor(
    private readonly db: Db,
    private readonly catalog: CatalogService,
    private readonly pricing: PricingRules,
  ) {}

  /**
   * Places an order: prices come from the database, never from the client; the stock of every
   * line is taken in one transaction (all lines or none), in product-id order so concurrent
   * checkouts lock rows in the same order and cannot deadlock.
   */
  async placeOrder(customer: Customer, input: PlaceOrderInput): Promise<PlaceOrderResult> {
    const lines = mergeLines(input.orderItems);
    if (lines.length === 0) return { ok: false, failure: { kind: "empty" } };

    try {
      const orderId = await this.db.transaction().execute(async (trx) => {
        // Writes first: on SQLite the transaction takes the write lock at once (waiting on the
        // busy timeout) instead of failing to upgrade a read lock held by another process.
        for (const line of lines) {
          if (!(await this.catalog.takeStock(trx, line.product, line.qty))) {
            const [row] = await this.catalog.productsForOrder(trx, [line.product]);
            throw new Rollback(
              row
                ? { kind: "out-of-stock", productName: row.name, available: row.count_in_stock }
                : { kind: "unknown-product", productId: line.product },
            );
          }
        }
        const products = new Map(
          (
            await this.catalog.productsForOrder(
              trx,
              lines.map((l) => l.product),
            )
          ).map((p) => [p.id, p]),
        );
        const priced = lines.map((line) => {
          const product = products.get(line.product);
          if (!product) throw new Rollback({ kind: "unknown-product", productId: line.product });
          return { ...line, product, pricePaise: Number(product.price_paise) };
        });
        const price = priceOrder(priced, this.pricing);
        if (price.totalPaise !== input.totalPaise) throw new Rollback({ kind: "price-changed", totalPaise: price.totalPaise });

        const now = new Date().toISOString();
        const address = input.shippingAddress;
        return repo.insertOrder(
          trx,
          {
            user_id: customer.id,
            customer_first_name: customer.first_name,
            customer_last_name: customer.last_name,
            customer_email: customer.email,
            ship_label: address.label,
            ship_address: address.address,
            ship_city: address.city,
            ship_state: address.state ?? "",
            ship_postal_code: address.postalCode,
            ship_landmark: address.landmark ?? "",
            ship_country: address.country,
            payment_method: input.paymentMethod ?? DEFAULT_PAYMENT_METHOD,
            items_paise: price.itemsPaise,
            shipping_paise: price.shippingPaise,
            tax_paise: price.taxPaise,
            total_paise: price.totalPaise,
            created_at: now,
            updated_at: now,
          },
          priced.map((line) => ({
            product_id: line.product.id,
            name: line.product.name,
            image: line.product.image ?? "",
            price_paise: line.pricePaise,
            qty: line.qty,
          })),
        );
      });
      this.catalog.invalidate();
      return { ok: true, order: await this.getOrder(orderId) };
    } catch (error) {
      if (error instanceof Rollback) return { ok: false, failure: error.failure };
      throw error;
    }
  }

  async getOrder(id: number): Promise<Order> {
    const row = await repo.findOrder(this.db, id);
    if (!row) throw notFound(ORDER_NOT_FOUND);
    return orderJson(row, await repo.findItems(this.db, [id]));
  }

  /** The order if the user may see it (its owner, or staff); otherwise 404, never 403. */
  async getOrderFor(user: Customer, id: number): Promise<Order> {
    const row = await repo.findOrder(this.db, id);
    if (!row || (row.user_id !== user.id && !user.is_staff)) throw notFound(ORDER_NOT_FOUND);
    return orderJson(row, await repo.findItems(this.db, [id]));
  }

  async ordersOf(userId: number): Promise<Order[]> {
    return this.withItems(await repo.findOrdersOfUser(this.db, userId));
  }

  async allOrders(filter: repo.OrderFilter, page: number, pageSize: number): Promise<{ orders: Order[]; total: number; pages: number }> {
    const [total, rows] = await Promise.all([
      repo.countOrders(this.db, filter),
      repo.findAllOrders(this.db, filter, pageSize, (page - 1) * pageSize),
    ]);
    const pages = Math.max(1, Math.ceil(total / pageSize));
    if (page > pages) throw notFound("Invalid page.");
    return { orders: await this.withItems(rows), total, pages };
  }

  /** Each paid order's payment time and total (paise) since `since`: the sales chart's data. */
  async paymentsSince(since: Date): Promise<{ paidAt: Date; totalPaise: number }[]> {
    const rows = await repo.findPaidSince(this.db, since.toISOString());
    return rows.map((row) => ({ paidAt: new Date(row.paid_at as string | Date), totalPaise: Number(row.total_paise) }));
  }

  countOrders(filter: repo.OrderFilter): Promise<number> {
    return repo.countOrders(this.db, filter);
  }

  /** Orders paid but not yet delivered, oldest payment first. */
  async toDeliver(limit: number): Promise<Order[]> {
    return this.withItems(await repo.findToDeliver(this.db, limit));
  }

  /** Staff only (the staff scope checks): a paid order becomes delivered; anything else is refused. */
  async markDelivered(id: number): Promise<Order> {
    const row = await repo.findOrder(this.db, id);
    if (!row) throw notFound(ORDER_NOT_FOUND);
    if (row.status === "created") throw badRequest("Order is not paid yet.");
    if (row.status === "paid") await repo.moveStatus(this.db, id, "paid", "delivered", new Date().toISOString());
    return this.getOrder(id);
  }

  private async withItems(rows: repo.OrderRow[]): Promise<Order[]> {
    const items = groupBy(
      await repo.findItems(
        this.db,
        rows.map((r) => r.id),
      ),
      (item) => item.order_id,
    );
    return rows.map((row) => orderJson(row, items.get(row.id) ?? []));
  }
}

/** One line per product (quantities of repeated lines added), in product-id order. */
function mergeLines(items: PlaceOrderInput["orderItems"]): { product: number; qty: number }[] {
  const qty = new Map<number, number>();
  for (const item of items) qty.set(item.product, (qty.get(item.product) ?? 0) + item.qty);
  return [...qty].map(([product, q]) => ({ product, qty: q })).sort((a, b) => a.product - b.product);
}
