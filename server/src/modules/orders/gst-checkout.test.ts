import { toPaise } from "@krishi/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authHeaders } from "../../testing/accounts.ts";
import { makeUser } from "../../testing/factories.ts";
import { ADDRESSES, type GstProduct, INDIA_ENV, INDIA_MRP_ENV, makeGstProduct, placeAt, stockOf } from "../../testing/orders.ts";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";

/** Checkout in GST mode (TAX_MODE=gst, seller in Maharashtra): the tax follows the state of the shipping PIN. */

let t: TestApp;
let customer: Record<string, string>;
/** 5 % fertiliser, 18 % sprayer, 0 % seeds: the expected amounts below are worked out by hand. */
let fertiliser: GstProduct;
let sprayer: GstProduct;
let seeds: GstProduct;

beforeAll(async () => {
  t = await createTestApp(INDIA_ENV);
  const db = t.database.db;
  customer = await authHeaders(t, (await makeUser(db)).id);
  fertiliser = await makeGstProduct(db, { pricePaise: 1_249_50, gstRate: 5, hsnCode: "3105", name: "NPK 19-19-19" });
  sprayer = await makeGstProduct(db, { pricePaise: 99_99, gstRate: 18, hsnCode: "8424", name: "Knapsack Sprayer Nozzle" });
  seeds = await makeGstProduct(db, { pricePaise: 45_00, gstRate: 0, hsnCode: "1209", name: "Tomato Seeds" });
});
afterAll(() => t.close());

const basket = () => [
  { product: fertiliser, qty: 2 },
  { product: sprayer, qty: 3 },
  { product: seeds, qty: 1 },
];

interface OrderJson {
  orderItems: { tax: string; gstRate: number; hsnCode: string }[];
  itemsPrice: string;
  shippingPrice: string;
  codFee: string;
  taxPrice: string;
  totalPrice: string;
  taxBreakup: { cgst: string; sgst: string; igst: string };
}

/** The order's totals are the sums of its lines, to the paisa. */
function expectTotalsAddUp(order: OrderJson, chargesTaxPaise = 0): void {
  const p = toPaise;
  const linesTax = order.orderItems.reduce((sum, line) => sum + p(line.tax), 0);
  expect(linesTax + chargesTaxPaise).toBe(p(order.taxPrice));
  expect(p(order.taxBreakup.cgst) + p(order.taxBreakup.sgst) + p(order.taxBreakup.igst)).toBe(p(order.taxPrice));
  expect(p(order.itemsPrice) + p(order.shippingPrice) + p(order.codFee) + p(order.taxPrice)).toBe(p(order.totalPrice));
}

async function orderRow(id: number) {
  return t.database.db
    .selectFrom("orders")
    .select(["tax_mode", "place_of_supply", "seller_state_code", "ship_phone", "ship_state", "cgst_paise", "sgst_paise", "igst_paise"])
    .where("id", "=", id)
    .executeTakeFirstOrThrow();
}

describe("GST at checkout", () => {
  it("charges CGST + SGST, half the rate each rounded per line, to an address in the seller's state", async () => {
    const res = await placeAt(t, customer, basket(), ADDRESSES.nashik);
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json();
    // 2 × 1249.50 = 2499.00 at 2.5 % + 2.5 %: 62.475 → 62.48 each; 3 × 99.99 = 299.97 at 9 % + 9 %: 26.9973 → 27.00 each.
    expect(order).toMatchObject({
      orderItems: [
        { product: fertiliser.id, hsnCode: "3105", gstRate: 5, tax: "124.96", qty: 2, price: "1249.50" },
        { product: sprayer.id, hsnCode: "8424", gstRate: 18, tax: "54.00" },
        { product: seeds.id, hsnCode: "1209", gstRate: 0, tax: "0.00" },
      ],
      itemsPrice: "2843.97",
      shippingPrice: "0.00",
      codFee: "0.00",
      taxPrice: "178.96",
      taxBreakup: { cgst: "89.48", sgst: "89.48", igst: "0.00" },
      totalPrice: "3022.93",
      taxIncluded: false,
      paymentMethod: "RazorPay",
      status: "pending_payment",
      invoiceNumber: null,
      creditNotes: [],
      shippingAddress: { state: "Maharashtra", phone: "9876543210" },
    });
    expectTotalsAddUp(order);
    expect(await orderRow(order._id)).toMatchObject({
      tax_mode: "gst",
      place_of_supply: "27",
      seller_state_code: "27",
      ship_phone: "9876543210",
      cgst_paise: 89_48,
      sgst_paise: 89_48,
      igst_paise: 0,
    });
    const items = await t.database.db
      .selectFrom("order_items")
      .select(["hsn_code", "gst_rate", "tax_paise", "cgst_paise", "sgst_paise", "igst_paise"])
      .where("order_id", "=", order._id)
      .orderBy("id")
      .execute();
    expect(
      items.map((i) => [
        i.hsn_code,
        Number(i.gst_rate),
        Number(i.tax_paise),
        Number(i.cgst_paise),
        Number(i.sgst_paise),
        Number(i.igst_paise),
      ]),
    ).toEqual([
      ["3105", 5, 124_96, 62_48, 62_48, 0],
      ["8424", 18, 54_00, 27_00, 27_00, 0],
      ["1209", 0, 0, 0, 0, 0],
    ]);
  });

  it("charges IGST at the full rate to another state, the place of supply taken from the PIN", async () => {
    const res = await placeAt(t, customer, basket(), ADDRESSES.bengaluru);
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json();
    // 2499.00 at 5 % = 124.95; 299.97 at 18 % = 53.9946 → 53.99.
    expect(order).toMatchObject({
      orderItems: [{ tax: "124.95" }, { tax: "53.99" }, { tax: "0.00" }],
      taxPrice: "178.94",
      taxBreakup: { cgst: "0.00", sgst: "0.00", igst: "178.94" },
      totalPrice: "3022.91",
      // "+91 98450 12345" kept as its 10 digits.
      shippingAddress: { state: "Karnataka", phone: "9845012345", postalCode: "560001" },
    });
    expectTotalsAddUp(order);
    expect(await orderRow(order._id)).toMatchObject({ place_of_supply: "29", seller_state_code: "27", igst_paise: 178_94 });
  });

  it("taxes shipping as part of a composite supply, at the highest rate among the lines", async () => {
    const small = await makeGstProduct(t.database.db, { pricePaise: 50_00, gstRate: 5 });
    const tool = await makeGstProduct(t.database.db, { pricePaise: 30_00, gstRate: 12, hsnCode: "8201" });
    const lines = [
      { product: small, qty: 1 },
      { product: tool, qty: 1 },
    ];
    const res = await placeAt(t, customer, lines, ADDRESSES.kochi);
    expect(res.statusCode, res.body).toBe(201);
    // ₹80 of goods ship for ₹10, taxed at 12 %: IGST 2.50 + 3.60 + 1.20.
    expect(res.json()).toMatchObject({
      itemsPrice: "80.00",
      shippingPrice: "10.00",
      orderItems: [{ tax: "2.50" }, { tax: "3.60" }],
      taxPrice: "7.30",
      taxBreakup: { igst: "7.30" },
      totalPrice: "97.30",
    });
    expectTotalsAddUp(res.json(), 1_20);
  });

  it("charges no tax on zero-rated seeds, nor on their shipping", async () => {
    const res = await placeAt(t, customer, [{ product: seeds, qty: 1 }], ADDRESSES.bengaluru);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      orderItems: [{ gstRate: 0, hsnCode: "1209", tax: "0.00" }],
      itemsPrice: "45.00",
      shippingPrice: "10.00",
      taxPrice: "0.00",
      taxBreakup: { cgst: "0.00", sgst: "0.00", igst: "0.00" },
      totalPrice: "55.00",
    });
  });

  it("takes the state from the address when the PIN directory does not know the PIN", async () => {
    const res = await placeAt(t, customer, [{ product: fertiliser, qty: 1 }], { ...ADDRESSES.kochi, postalCode: "999999" });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().taxBreakup).toEqual({ cgst: "0.00", sgst: "0.00", igst: "62.48" });
    expect((await orderRow(res.json()._id)).place_of_supply).toBe("32");
  });

  it("writes an alternative spelling of the state as the shop spells it", async () => {
    const res = await placeAt(t, customer, [{ product: seeds, qty: 2 }], { ...ADDRESSES.nashik, state: "maharashtra" });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().shippingAddress.state).toBe("Maharashtra");
  });
});

describe("addresses GST cannot tax: refused with 400 and nothing taken", () => {
  it("refuses an address whose state is not its PIN's", async () => {
    const before = await stockOf(t.database.db, fertiliser.id);
    const res = await placeAt(t, customer, [{ product: fertiliser, qty: 1 }], { ...ADDRESSES.bengaluru, state: "Kerala" });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      detail: "PIN code 560001 is in Karnataka, not Kerala.",
      message: "PIN code 560001 is in Karnataka, not Kerala.",
      state: ["PIN code 560001 is in Karnataka, not Kerala."],
    });
    expect(await stockOf(t.database.db, fertiliser.id)).toBe(before);
  });

  it.each([
    ["no state", { state: "" }, "state"],
    ["a state that is none", { state: "Atlantis" }, "state"],
    ["no phone for the courier", { phone: "" }, "phone"],
    ["a phone that is not an Indian mobile", { phone: "12345" }, "shippingAddress.phone"],
    ["a PIN code of five digits", { postalCode: "42200" }, "postalCode"],
  ])("refuses %s", async (_what, change, field) => {
    const before = await stockOf(t.database.db, seeds.id);
    const res = await placeAt(t, customer, [{ product: seeds, qty: 1 }], { ...ADDRESSES.nashik, ...change });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()[field]).toEqual([expect.any(String)]);
    expect(res.json().detail).toMatch(new RegExp(`^${field}: `));
    expect(await stockOf(t.database.db, seeds.id)).toBe(before);
  });

  it("answers 409 when the total shown is the flat-tax one, not the GST one", async () => {
    const res = await placeAt(t, customer, [{ product: fertiliser, qty: 1 }], ADDRESSES.bengaluru, { totalPrice: "1351.96" });
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toMatch(/Prices have changed/);
  });

  it("refuses a payment method that is none", async () => {
    const res = await placeAt(t, customer, [{ product: seeds, qty: 1 }], ADDRESSES.nashik, {
      paymentMethod: "Cheque" as "COD",
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().paymentMethod).toEqual([expect.stringMatching(/Must be one of/)]);
  });
});

/** Prices that include GST (the default in GST mode, as an MRP does): the shelf price is what is paid, the GST is found inside it. */
describe("GST inside the prices (PRICES_INCLUDE_TAX, the default)", () => {
  let mrp: TestApp;
  let buyer: Record<string, string>;
  let urea: GstProduct;
  let fertiliser: GstProduct;
  let sprayer: GstProduct;
  let seeds: GstProduct;

  beforeAll(async () => {
    mrp = await createTestApp(INDIA_MRP_ENV);
    const db = mrp.database.db;
    buyer = await authHeaders(mrp, (await makeUser(db)).id);
    urea = await makeGstProduct(db, { pricePaise: 266_50, gstRate: 5, hsnCode: "3102", name: "Urea 45 kg" });
    fertiliser = await makeGstProduct(db, { pricePaise: 1_249_50, gstRate: 5, hsnCode: "3105", name: "NPK 19-19-19" });
    sprayer = await makeGstProduct(db, { pricePaise: 99_99, gstRate: 18, hsnCode: "8424", name: "Knapsack Sprayer Nozzle" });
    seeds = await makeGstProduct(db, { pricePaise: 45_00, gstRate: 0, hsnCode: "1209", name: "Tomato Seeds" });
  });
  afterAll(() => mrp.close());

  /** Each line's and the charges' GST add up to the tax, and the total is what the shelf said: nothing added. */
  function expectInclusiveTotalsAddUp(order: OrderJson): void {
    const p = toPaise;
    expect(p(order.taxBreakup.cgst) + p(order.taxBreakup.sgst) + p(order.taxBreakup.igst)).toBe(p(order.taxPrice));
    expect(p(order.itemsPrice) + p(order.shippingPrice) + p(order.codFee)).toBe(p(order.totalPrice));
  }

  it("charges urea's notified ₹266.50 and no more, the 5 % inside it split CGST 6.34 + SGST 6.35", async () => {
    const res = await placeAt(mrp, buyer, [{ product: urea, qty: 1 }], ADDRESSES.nashik);
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json();
    // 266.50 × 100 / 105 = 253.8095 → 253.81 taxable; 12.69 of GST, the odd paisa to SGST. Shipping is free above ₹100.
    expect(order).toMatchObject({
      orderItems: [{ price: "266.50", qty: 1, gstRate: 5, tax: "12.69" }],
      itemsPrice: "266.50",
      shippingPrice: "0.00",
      taxPrice: "12.69",
      taxBreakup: { cgst: "6.34", sgst: "6.35", igst: "0.00" },
      totalPrice: "266.50",
      taxIncluded: true,
    });
    expectInclusiveTotalsAddUp(order);
    const row = await mrp.database.db
      .selectFrom("orders")
      .select(["prices_include_tax", "total_paise", "cgst_paise", "sgst_paise"])
      .where("id", "=", order._id)
      .executeTakeFirstOrThrow();
    expect({ ...row, prices_include_tax: Boolean(row.prices_include_tax) }).toEqual({
      prices_include_tax: true,
      total_paise: 266_50,
      cgst_paise: 6_34,
      sgst_paise: 6_35,
    });
  });

  it.each([
    // 2 × 1249.50 = 2499.00 at 5 %: 2380.00 + 119.00; 3 × 99.99 = 299.97 at 18 %: 254.21 + 45.76; seeds 45.00 at 0 %.
    ["within the state: CGST + SGST", ADDRESSES.nashik, { cgst: "82.38", sgst: "82.38", igst: "0.00" }],
    ["to another state: IGST", ADDRESSES.bengaluru, { cgst: "0.00", sgst: "0.00", igst: "164.76" }],
  ])("finds each line's GST inside it on mixed rates (0 %, 5 %, 18 %) %s", async (_where, address, breakup) => {
    const basket = [
      { product: fertiliser, qty: 2 },
      { product: sprayer, qty: 3 },
      { product: seeds, qty: 1 },
    ];
    const res = await placeAt(mrp, buyer, basket, address);
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json();
    expect(order).toMatchObject({
      orderItems: [{ tax: "119.00" }, { tax: "45.76" }, { tax: "0.00" }],
      itemsPrice: "2843.97",
      taxPrice: "164.76",
      taxBreakup: breakup,
      totalPrice: "2843.97",
      taxIncluded: true,
    });
    expectInclusiveTotalsAddUp(order);
  });

  it("takes shipping as including GST too, at the highest rate of the lines", async () => {
    const small = await makeGstProduct(mrp.database.db, { pricePaise: 50_00, gstRate: 5 });
    const tool = await makeGstProduct(mrp.database.db, { pricePaise: 30_00, gstRate: 12, hsnCode: "8201" });
    const res = await placeAt(
      mrp,
      buyer,
      [
        { product: small, qty: 1 },
        { product: tool, qty: 1 },
      ],
      ADDRESSES.kochi,
    );
    expect(res.statusCode, res.body).toBe(201);
    // 50.00 at 5 %: 2.38 inside; 30.00 at 12 %: 3.21; shipping 10.00 at 12 %: 1.07 — and the total is ₹80 + ₹10.
    expect(res.json()).toMatchObject({
      itemsPrice: "80.00",
      shippingPrice: "10.00",
      orderItems: [{ tax: "2.38" }, { tax: "3.21" }],
      taxPrice: "6.66",
      taxBreakup: { igst: "6.66" },
      totalPrice: "90.00",
    });
    expectInclusiveTotalsAddUp(res.json());
  });

  it("answers 409 to a total with GST added on top (₹279.82 for urea): the shop's total is the shelf price", async () => {
    const before = await stockOf(mrp.database.db, urea.id);
    const res = await placeAt(mrp, buyer, [{ product: urea, qty: 1 }], ADDRESSES.nashik, { totalPrice: "279.82" });
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toMatch(/Prices have changed/);
    expect(await stockOf(mrp.database.db, urea.id)).toBe(before);
  });
});
