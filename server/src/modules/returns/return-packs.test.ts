import { paiseToDecimal, priceOrder } from "@krishi/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authHeaders } from "../../testing/accounts.ts";
import { makeProduct, makeUser } from "../../testing/factories.ts";
import { FARM_ADDRESS, packStockOf, paySandbox } from "../../testing/orders.ts";
import { actOnReturn, deliveredOrder, requestReturn } from "../../testing/returns.ts";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";

/**
 * Returns and line refunds of an order holding two packs of one product: a line names its pack
 * (the product alone is ambiguous), the return and the refund show the pack, and a return received
 * with restock puts its units back in that pack only.
 */

type Headers = Record<string, string>;
let t: TestApp;
let owner: Headers;
let staff: Headers;

beforeAll(async () => {
  t = await createTestApp();
  owner = await authHeaders(t, (await makeUser(t.database.db)).id);
  staff = await authHeaders(t, (await makeUser(t.database.db, { is_staff: true })).id);
});
afterAll(() => t.close());

/** Urea in a 45 kg bag (the default) and a 10 kg bag, 20 of each. */
async function urea() {
  const product = await makeProduct(t.database.db, {
    name: "Urea",
    packs: [
      { label: "45 kg", netQuantity: 45, unit: "kg", pricePaise: 266_50, stock: 20 },
      { label: "10 kg", netQuantity: 10, unit: "kg", pricePaise: 70_00, stock: 20 },
    ],
  });
  const [big, small] = product.variants as [{ id: number; label: string }, { id: number; label: string }];
  return { id: product.id, big: big.id, small: small.id };
}

/** An order of 2 bags of 45 kg and 3 of 10 kg, paid and delivered. */
async function deliveredBothPacks(p: Awaited<ReturnType<typeof urea>>) {
  const totalPrice = paiseToDecimal(
    priceOrder(
      [
        { pricePaise: 266_50, qty: 2 },
        { pricePaise: 70_00, qty: 3 },
      ],
      t.config.pricing,
    ).totalPaise,
  );
  const placed = await t.app.inject({
    method: "POST",
    url: "/api/orders/add/",
    headers: owner,
    payload: {
      orderItems: [
        { product: p.id, variant: p.big, qty: 2 },
        { product: p.id, variant: p.small, qty: 3 },
      ],
      shippingAddress: FARM_ADDRESS,
      totalPrice,
    },
  });
  expect(placed.statusCode, placed.body).toBe(201);
  const order = placed.json();
  expect((await paySandbox(t, owner, order)).statusCode).toBe(200);
  expect((await t.app.inject({ method: "PUT", url: `/api/orders/${order._id}/deliver/`, headers: staff })).statusCode).toBe(200);
  return order as { _id: number };
}

const stocks = async (p: { big: number; small: number }) => [
  await packStockOf(t.database.db, p.big),
  await packStockOf(t.database.db, p.small),
];

describe("returns of an order holding two packs of a product", () => {
  it("asks which pack a line means, returns that pack's units and puts them back in that pack when received", async () => {
    const p = await urea();
    const order = await deliveredBothPacks(p);
    expect(await stocks(p)).toEqual([18, 17]);

    const ambiguous = await requestReturn(t, owner, order._id, { lines: [{ product: p.id, qty: 1 }], reason: "damaged" });
    expect(ambiguous.statusCode).toBe(400);
    expect(ambiguous.json().field_errors.lines[0]).toMatchObject({ code: "line_variant_required", params: { product: p.id } });
    const otherPack = await requestReturn(t, owner, order._id, { lines: [{ product: p.id, variant: 999_999, qty: 1 }], reason: "damaged" });
    expect(otherPack.json().field_errors.lines[0]).toMatchObject({
      code: "line_not_in_order",
      params: { product: p.id, variant: 999_999 },
    });
    const tooMany = await requestReturn(t, owner, order._id, { lines: [{ product: p.id, variant: p.big, qty: 3 }], reason: "damaged" });
    expect(tooMany.json().field_errors.lines[0]).toMatchObject({ code: "line_qty_too_many", params: { product: p.id, max: 2 } });

    const asked = await requestReturn(t, owner, order._id, {
      lines: [
        { product: p.id, variant: p.small, qty: 1 },
        { product: p.id, variant: p.small, qty: 1 },
      ],
      reason: "damaged",
    });
    expect(asked.statusCode, asked.body).toBe(201);
    expect(asked.json().lines).toEqual([
      { product: p.id, variant: { id: p.small, label: "10 kg" }, name: "Urea", nameHi: "", qty: 2, price: "70.00" },
    ]);
    const returnId = asked.json().id;
    expect((await actOnReturn(t, staff, order._id, returnId, { action: "approve" })).statusCode).toBe(200);
    const received = await actOnReturn(t, staff, order._id, returnId, { action: "receive", restock: true });
    expect(received.statusCode, received.body).toBe(200);
    expect(received.json().refunds[0].lines).toEqual([{ product: p.id, variant: { id: p.small, label: "10 kg" }, qty: 2 }]);
    expect(Number(received.json().refunds[0].amount)).toBeGreaterThanOrEqual(140);
    expect(await stocks(p)).toEqual([18, 19]);
  });

  it("returns a single pack's units by product alone", async () => {
    const p = await urea();
    const order = await deliveredOrder(t, owner, staff, { id: p.id, variant: p.small, pricePaise: 70_00 }, 2);
    const asked = await requestReturn(t, owner, order._id, { lines: [{ product: p.id, qty: 2 }], reason: "wrong_item" });
    expect(asked.statusCode, asked.body).toBe(201);
    expect(asked.json().lines[0].variant).toEqual({ id: p.small, label: "10 kg" });
  });
});

describe("line refunds of an order holding two packs of a product", () => {
  it("refunds the pack a line names, refusing a line that names none", async () => {
    const p = await urea();
    const order = await deliveredBothPacks(p);
    const refund = (lines: object[]) =>
      t.app.inject({ method: "POST", url: `/api/orders/${order._id}/refund/`, headers: staff, payload: { lines, reason: "Torn bag" } });
    const ambiguous = await refund([{ product: p.id, qty: 1 }]);
    expect(ambiguous.statusCode).toBe(400);
    expect(ambiguous.json().field_errors.lines[0]).toMatchObject({ code: "line_variant_required", params: { product: p.id } });
    const anotherProducts = await refund([{ product: p.id, variant: (await urea()).small, qty: 1 }]);
    expect(anotherProducts.json().field_errors.lines[0]).toMatchObject({ code: "line_not_in_order" });

    const res = await refund([{ product: p.id, variant: p.big, qty: 1 }]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().refunds).toEqual([
      expect.objectContaining({ lines: [{ product: p.id, variant: { id: p.big, label: "45 kg" }, qty: 1 }] }),
    ]);
    // A line refund gives money back, not stock.
    expect(await stocks(p)).toEqual([18, 17]);
  });
});
