import { paiseToDecimal, priceOrder } from "@krishi/contract";
import { PDFParse } from "pdf-parse";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authHeaders, testClock } from "../../testing/accounts.ts";
import { makeProduct, makeUser, type PackInput } from "../../testing/factories.ts";
import {
  ADDRESSES,
  FARM_ADDRESS,
  INDIA_ENV,
  openPayment,
  packStockOf,
  packUnitsHeld,
  paySandbox,
  placeOrder,
  stockOf,
  totalFor,
} from "../../testing/orders.ts";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";

/**
 * Orders of products sold in packs: each line takes its units from its pack and is priced from it,
 * the order remembers the pack (its label outliving it), and cancelling or paying late gives the
 * units back to, or takes them again from, that pack. On PostgreSQL (TEST_DATABASE_URL) the race
 * runs on pooled connections at once; on SQLite it checks the bookkeeping.
 */

type Headers = Record<string, string>;
const WINDOW_SECONDS = 600;
const time = testClock();
let t: TestApp;
let owner: Headers;
let ownerId: number;

beforeAll(async () => {
  t = await createTestApp({ ORDER_PAYMENT_WINDOW_SECONDS: String(WINDOW_SECONDS) }, {}, { clock: time.clock });
  ownerId = (await makeUser(t.database.db)).id;
  owner = await authHeaders(t, ownerId, time.clock);
});
afterAll(() => t.close());

/** Urea in a 45 kg bag (the default pack) and a 10 kg bag. */
async function urea(bag45: PackInput = {}, bag10: PackInput = {}) {
  const product = await makeProduct(t.database.db, {
    name: "Urea",
    packs: [
      { label: "45 kg", netQuantity: 45, unit: "kg", pricePaise: 266_50, stock: 20, weightGrams: 45_200, ...bag45 },
      { label: "10 kg", netQuantity: 10, unit: "kg", pricePaise: 70_00, stock: 50, weightGrams: 10_100, ...bag10 },
    ],
  });
  const [big, small] = product.variants as [{ id: number; label: string }, { id: number; label: string }];
  return { id: product.id, big, small };
}

interface Line {
  product: number;
  variant?: number;
  qty: number;
}

/** The total the shopper is shown for these lines at these prices, by the app's pricing rule. */
function totalOf(priced: { pricePaise: number; qty: number }[]): string {
  return paiseToDecimal(priceOrder(priced, t.config.pricing).totalPaise);
}

function place(headers: Headers, orderItems: Line[], totalPrice: string) {
  return t.app.inject({
    method: "POST",
    url: "/api/orders/add/",
    headers,
    payload: { orderItems, shippingAddress: FARM_ADDRESS, totalPrice },
  });
}

async function orderOf(id: number) {
  return (await t.app.inject({ url: `/api/orders/${id}/`, headers: owner })).json();
}

describe("placing an order of packs", () => {
  it("takes a spec-shaped line (no pack named) from the product's default pack, at its price", async () => {
    const p = await urea();
    const res = await place(owner, [{ product: p.id, qty: 2 }], totalOf([{ pricePaise: 266_50, qty: 2 }]));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().orderItems).toEqual([
      expect.objectContaining({ product: p.id, variant: { id: p.big.id, label: "45 kg" }, name: "Urea", price: "266.50", qty: 2 }),
    ]);
    expect(await packStockOf(t.database.db, p.big.id)).toBe(18);
    expect(await packStockOf(t.database.db, p.small.id)).toBe(50);
    expect(await stockOf(t.database.db, p.id)).toBe(68);
  });

  it("keeps two packs of one product as two lines, each priced from its pack and taken from its stock", async () => {
    const p = await urea();
    const lines = [
      { product: p.id, variant: p.small.id, qty: 3 },
      { product: p.id, variant: p.big.id, qty: 1 },
    ];
    const res = await place(
      owner,
      lines,
      totalOf([
        { pricePaise: 266_50, qty: 1 },
        { pricePaise: 70_00, qty: 3 },
      ]),
    );
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json();
    expect(order.orderItems.map((item: { variant: unknown; price: string; qty: number }) => [item.variant, item.price, item.qty])).toEqual([
      [{ id: p.big.id, label: "45 kg" }, "266.50", 1],
      [{ id: p.small.id, label: "10 kg" }, "70.00", 3],
    ]);
    expect(order.itemsPrice).toBe("476.50");
    expect(await orderOf(order._id)).toEqual(order);
    expect([await packStockOf(t.database.db, p.big.id), await packStockOf(t.database.db, p.small.id)]).toEqual([19, 47]);
    expect(await stockOf(t.database.db, p.id)).toBe(66);
  });

  it("merges a line naming the default pack with one naming none: one line, the pack's units counted together", async () => {
    const p = await urea({ stock: 3 });
    const both = [
      { product: p.id, qty: 2 },
      { product: p.id, variant: p.big.id, qty: 1 },
    ];
    const res = await place(owner, both, totalOf([{ pricePaise: 266_50, qty: 3 }]));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().orderItems).toHaveLength(1);
    expect(res.json().orderItems[0]).toMatchObject({ variant: { id: p.big.id }, qty: 3 });
    expect(await packStockOf(t.database.db, p.big.id)).toBe(0);

    // Together they are more than the pack holds: refused, naming what the pack had.
    const again = await urea({ stock: 3 });
    const over = await place(
      owner,
      [
        { product: again.id, qty: 2 },
        { product: again.id, variant: again.big.id, qty: 2 },
      ],
      totalOf([{ pricePaise: 266_50, qty: 4 }]),
    );
    expect(over.statusCode).toBe(409);
    expect(over.json()).toMatchObject({ code: "out_of_stock", params: { name: "Urea (45 kg)", available: 3 } });
    expect(await packStockOf(t.database.db, again.big.id)).toBe(3);
  });

  it("refuses a pack out of stock by the product's and the pack's name and what is left of that pack, taking nothing", async () => {
    const p = await urea({ stock: 1 });
    const res = await place(
      owner,
      [
        { product: p.id, variant: p.small.id, qty: 2 },
        { product: p.id, variant: p.big.id, qty: 2 },
      ],
      totalOf([
        { pricePaise: 266_50, qty: 2 },
        { pricePaise: 70_00, qty: 2 },
      ]),
    );
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: "out_of_stock",
      detail: "Only 1 of Urea (45 kg) left in stock.",
      params: { name: "Urea (45 kg)", available: 1, product: p.id, variant: p.big.id },
    });
    expect([await packStockOf(t.database.db, p.big.id), await packStockOf(t.database.db, p.small.id)]).toEqual([1, 50]);
    expect(await stockOf(t.database.db, p.id)).toBe(51);
  });

  it("refuses a pack the product is not sold in (unknown, or another product's) with variant_not_found, taking nothing", async () => {
    const p = await urea();
    const other = await urea();
    for (const variant of [999_999, other.small.id]) {
      const res = await place(
        owner,
        [
          { product: p.id, qty: 1 },
          { product: p.id, variant, qty: 1 },
        ],
        totalOf([{ pricePaise: 266_50, qty: 2 }]),
      );
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({
        code: "variant_not_found",
        detail: "This pack of Urea is no longer sold.",
        params: { product: p.id, variant, name: "Urea" },
        field_errors: { orderItems: [{ code: "variant_not_found" }] },
      });
    }
    expect([await packStockOf(t.database.db, p.big.id), await packStockOf(t.database.db, other.small.id)]).toEqual([20, 50]);
  });

  it("refuses a pack id that is not a whole number", async () => {
    const p = await urea();
    for (const variant of [0, -1, "big", 1.5]) {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/orders/add/",
        headers: owner,
        payload: { orderItems: [{ product: p.id, variant, qty: 1 }], shippingAddress: FARM_ADDRESS, totalPrice: "1.00" },
      });
      expect(res.statusCode, String(variant)).toBe(400);
    }
    expect(await packStockOf(t.database.db, p.big.id)).toBe(20);
  });

  // Every checkout here names one pack or both; the 45 kg bag has 5 left, the 10 kg plenty.
  it("never oversells a pack: concurrent checkouts for its last units sell exactly those, the other pack sells to all", async () => {
    const p = await urea({ stock: 5 }, { stock: 100 });
    const big = { pricePaise: 266_50, qty: 1 };
    const small = { pricePaise: 70_00, qty: 2 };
    const checkouts = [
      ...Array.from({ length: 20 }, () => place(owner, [{ product: p.id, variant: p.big.id, qty: 1 }], totalOf([big]))),
      ...Array.from({ length: 10 }, () => place(owner, [{ product: p.id, qty: 1 }], totalOf([big]))),
      ...Array.from({ length: 10 }, () => place(owner, [{ product: p.id, variant: p.small.id, qty: 2 }], totalOf([small]))),
      ...Array.from({ length: 10 }, () =>
        place(
          owner,
          [
            { product: p.id, variant: p.small.id, qty: 2 },
            { product: p.id, variant: p.big.id, qty: 1 },
          ],
          totalOf([big, small]),
        ),
      ),
    ];
    const results = await Promise.all(checkouts);
    const statuses = results.map((r) => r.statusCode);
    expect(
      statuses.every((s) => s === 201 || s === 409),
      statuses.join(),
    ).toBe(true);
    // Every order of the 10 kg bag alone was placed.
    expect(statuses.slice(30, 40)).toEqual(Array(10).fill(201));
    const db = t.database.db;
    expect(await packStockOf(db, p.big.id)).toBe(0);
    expect(await packUnitsHeld(db, p.big.id)).toBe(5);
    const smallSold = await packUnitsHeld(db, p.small.id);
    expect((await packStockOf(db, p.small.id)) + smallSold).toBe(100);
    expect(smallSold).toBe(20 + 2 * statuses.slice(40).filter((s) => s === 201).length);
    expect(await stockOf(db, p.id)).toBe(100 - smallSold);
  });
});

describe("an order's packs after it is placed", () => {
  it("gives a cancelled order's units back to their packs, and takes them again from those packs when a late payment arrives", async () => {
    const p = await urea({ stock: 4 }, { stock: 10 });
    const res = await place(
      owner,
      [
        { product: p.id, variant: p.big.id, qty: 1 },
        { product: p.id, variant: p.small.id, qty: 3 },
      ],
      totalOf([
        { pricePaise: 266_50, qty: 1 },
        { pricePaise: 70_00, qty: 3 },
      ]),
    );
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json();
    const stocks = async () => [await packStockOf(t.database.db, p.big.id), await packStockOf(t.database.db, p.small.id)];
    expect(await stocks()).toEqual([3, 7]);
    const razorpayOrderId = await openPayment(t, owner, order);
    const proof = (await t.app.inject({ method: "POST", url: "/sandbox/razorpay/pay", payload: { order_id: razorpayOrderId } })).json();

    time.advance(WINDOW_SECONDS * 1000 + 1);
    expect(await t.app.services.orders.expireIfDue(order._id)).toBe(true);
    expect(await stocks()).toEqual([4, 10]);
    expect(await stockOf(t.database.db, p.id)).toBe(14);

    owner = await authHeaders(t, ownerId, time.clock);
    const paid = await t.app.inject({ method: "PUT", url: `/api/orders/${order._id}/pay/`, headers: owner, payload: proof });
    expect(paid.statusCode, paid.body).toBe(200);
    expect((await orderOf(order._id)).status).toBe("paid");
    expect(await stocks()).toEqual([3, 7]);
    expect(await stockOf(t.database.db, p.id)).toBe(10);
  });

  it("still reads a removed pack's label on its past order; cancelling gives its units to no other pack", async () => {
    const p = await urea();
    const order = await placeOrder(t, owner, { id: p.id, variant: p.small.id, pricePaise: 70_00 }, 2);
    await t.database.db.deleteFrom("product_variants").where("id", "=", p.small.id).execute();
    expect((await orderOf(order._id)).orderItems[0]).toMatchObject({ product: p.id, variant: { id: null, label: "10 kg" } });
    const cancelled = await t.app.inject({ method: "POST", url: `/api/orders/${order._id}/cancel/`, headers: owner });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().orderItems[0].variant).toEqual({ id: null, label: "10 kg" });
    expect(await packStockOf(t.database.db, p.big.id)).toBe(20);
  });
});

describe("the invoice of an order of two packs", () => {
  it("prints each line as the product and its pack", async () => {
    const india = await createTestApp(INDIA_ENV);
    try {
      const db = india.database.db;
      const buyer = await authHeaders(india, (await makeUser(db)).id);
      const product = await makeProduct(db, {
        name: "Urea",
        packs: [
          { label: "45 kg", pricePaise: 266_50, stock: 5 },
          { label: "10 kg", pricePaise: 70_00, stock: 5 },
        ],
      });
      await db.updateTable("products").set({ gst_rate: 5, hsn_code: "3102" }).where("id", "=", product.id).execute();
      const [big, small] = product.variants as [{ id: number; label: string }, { id: number; label: string }];
      const pack = (pricePaise: number) => ({ id: product.id, name: "Urea", pricePaise, gstRate: 5, hsnCode: "3102" });
      const res = await india.app.inject({
        method: "POST",
        url: "/api/orders/add/",
        headers: buyer,
        payload: {
          orderItems: [
            { product: product.id, variant: big.id, qty: 1 },
            { product: product.id, variant: small.id, qty: 2 },
          ],
          shippingAddress: ADDRESSES.nashik,
          totalPrice: totalFor(
            india,
            [
              { product: pack(266_50), qty: 1 },
              { product: pack(70_00), qty: 2 },
            ],
            { buyerState: "Maharashtra" },
          ),
        },
      });
      expect(res.statusCode, res.body).toBe(201);
      expect((await paySandbox(india, buyer, res.json())).statusCode).toBe(200);
      const pdf = await india.app.inject({ url: `/api/orders/${res.json()._id}/invoice/`, headers: buyer });
      expect(pdf.statusCode).toBe(200);
      const parser = new PDFParse({ data: new Uint8Array(pdf.rawPayload) });
      const text = (await parser.getText().finally(() => parser.destroy())).text.replace(/\s+/g, " ");
      // The PDF's Latin-1 font writes the dash as "-".
      expect(text).toContain("Urea - 45 kg");
      expect(text).toContain("Urea - 10 kg");
    } finally {
      await india.close();
    }
  });
});
