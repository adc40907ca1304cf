import { priceOrder } from "@krishi/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeProduct, makeUser } from "../../testing/factories.ts";
import { FARM_ADDRESS, stockOf } from "../../testing/orders.ts";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";
import type { CatalogService } from "../catalog/service.ts";
import { Checkout } from "./checkout.ts";
import type { Customer } from "./service.ts";

/**
 * A checkout reads and prices its lines before its transaction and takes their stock last, under
 * the row locks: a pack that changes in between (a staff edit) is caught there, never sold at the
 * price read a moment before. The change is made, for real, right after the checkout's read.
 */

let t: TestApp;
let customer: Customer;

beforeAll(async () => {
  t = await createTestApp();
  const user = await makeUser(t.database.db);
  customer = { ...user, is_staff: false };
});
afterAll(() => t.close());

/** A checkout whose read of the lines' products is followed, once, by `change` (committed before it takes any lock). */
function racedBy(change: () => Promise<unknown>): Checkout {
  const catalog = t.app.services.catalog;
  let pending = true;
  const racing = Object.create(catalog) as CatalogService;
  racing.productsForOrder = async (db, ids) => {
    const read = await catalog.productsForOrder(db, ids);
    if (pending) {
      pending = false;
      await change();
    }
    return read;
  };
  const { config } = t;
  return new Checkout({
    db: t.database.db,
    orders: t.app.services.orders,
    catalog: racing,
    pricing: config.pricing,
    rules: config.orders,
    promotions: t.app.services.promotions,
    clock: () => new Date(),
    sellerStateCode: config.tax.seller.stateCode,
    cod: config.cod,
    pincodes: t.app.services.pincodes,
    shipping: t.app.services.shipping,
  });
}

const setPackPrice = (productId: number, pricePaise: number) =>
  t.database.db.updateTable("product_variants").set({ price_paise: pricePaise }).where("product_id", "=", productId).execute();

const totalOf = (pricePaise: number, qty: number) => priceOrder([{ pricePaise, qty }], t.config.pricing).totalPaise;

describe("a pack changed between a checkout's read and its locks", () => {
  it("refuses the order at the price read before, naming the total as locked, and takes no stock", async () => {
    const product = await makeProduct(t.database.db, { pricePaise: 100_00, stock: 10 });
    const checkout = racedBy(() => setPackPrice(product.id, 150_00));
    const result = await checkout.placeOrder(customer, {
      orderItems: [{ product: product.id, qty: 2 }],
      shippingAddress: FARM_ADDRESS,
      totalPaise: totalOf(100_00, 2),
    });
    expect(result).toEqual({ ok: false, failure: { kind: "price-changed", totalPaise: totalOf(150_00, 2) } });
    expect(await stockOf(t.database.db, product.id)).toBe(10);
    expect(await t.database.db.selectFrom("order_items").select("id").where("product_id", "=", product.id).execute()).toEqual([]);
  });

  it("places the order at the locked price when that is the total the shopper was shown", async () => {
    const product = await makeProduct(t.database.db, { pricePaise: 100_00, stock: 10 });
    const checkout = racedBy(() => setPackPrice(product.id, 150_00));
    const result = await checkout.placeOrder(customer, {
      orderItems: [{ product: product.id, qty: 2 }],
      shippingAddress: FARM_ADDRESS,
      totalPaise: totalOf(150_00, 2),
    });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.order.orderItems.map((line) => line.price)).toEqual(["150.00"]);
    expect(result.order.totalPrice).toBe((totalOf(150_00, 2) / 100).toFixed(2));
    expect(await stockOf(t.database.db, product.id)).toBe(8);
  });

  it("refuses a pack sold out meanwhile as out of stock, naming what is left", async () => {
    const product = await makeProduct(t.database.db, { pricePaise: 100_00, stock: 10 });
    const checkout = racedBy(() =>
      t.database.db.transaction().execute(async (trx) => {
        await trx.updateTable("product_variants").set({ count_in_stock: 1 }).where("product_id", "=", product.id).execute();
        await trx.updateTable("products").set({ count_in_stock: 1 }).where("id", "=", product.id).execute();
      }),
    );
    const result = await checkout.placeOrder(customer, {
      orderItems: [{ product: product.id, qty: 2 }],
      shippingAddress: FARM_ADDRESS,
      totalPaise: totalOf(100_00, 2),
    });
    expect(result).toMatchObject({ ok: false, failure: { kind: "out-of-stock", available: 1, productId: product.id } });
    expect(await stockOf(t.database.db, product.id)).toBe(1);
  });
});
