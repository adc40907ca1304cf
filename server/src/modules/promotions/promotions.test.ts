import {
  applyPromotions,
  gstStateCode,
  paiseToDecimal,
  priceOrder,
  promotionOf,
  type StaffPromotion,
  supplyBetween,
  toPaise,
} from "@krishi/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authHeaders } from "../../testing/accounts.ts";
import { makeUser } from "../../testing/factories.ts";
import {
  ADDRESSES,
  type GstProduct,
  INDIA_ENV,
  INDIA_MRP_ENV,
  makeGstProduct,
  openPayment,
  paySandbox,
  placeAt,
} from "../../testing/orders.ts";
import { pdfText } from "../../testing/pdf.ts";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";

/**
 * Offers and coupons: staff's terms and refusals, the cart's coupon, checkout priced and taxed with
 * the discount on both tax modes, the invoice and the refund of a discounted line, and uses counted
 * exactly under concurrent checkouts.
 */

type Headers = Record<string, string>;
type Address = { state: string } & Record<string, string>;
type Line = { product: GstProduct; qty: number };

interface Shop {
  t: TestApp;
  staff: Headers;
  seeds: GstProduct;
  fertiliser: GstProduct;
  sprayer: GstProduct;
}

async function openShop(env: Record<string, string>): Promise<Shop> {
  const t = await createTestApp(env);
  const db = t.database.db;
  const staff = await authHeaders(t, (await makeUser(db, { is_staff: true })).id);
  const seeds = await makeGstProduct(db, { pricePaise: 450_00, gstRate: 0, hsnCode: "1209", name: "Cotton Seeds", stock: 10_000 });
  const fertiliser = await makeGstProduct(db, { pricePaise: 266_50, gstRate: 5, hsnCode: "3102", name: "Urea 45 kg", stock: 10_000 });
  const sprayer = await makeGstProduct(db, { pricePaise: 99_99, gstRate: 18, hsnCode: "8424", name: "Sprayer Nozzle", stock: 10_000 });
  // Seeds in a category of their own, so an offer can name it.
  const { id: category } = await db.insertInto("categories").values({ name: "Seeds" }).returning("id").executeTakeFirstOrThrow();
  await db.updateTable("products").set({ category_id: category }).where("id", "=", seeds.id).execute();
  return { t, staff, seeds, fertiliser, sprayer };
}

const customer = async (shop: Shop) => authHeaders(shop.t, (await makeUser(shop.t.database.db)).id);

function createPromotion(shop: Shop, body: object, headers: Headers = shop.staff) {
  return shop.t.app.inject({ method: "POST", url: "/api/staff/promotions/", headers, payload: body });
}

async function promotion(shop: Shop, body: object): Promise<StaffPromotion> {
  const res = await createPromotion(shop, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

/** A kharif coupon (10 % off seeds, Hindi words too) and a bulk offer (₹5 off each fertiliser bag from 10 bags). */
async function kharifAndBulk(shop: Shop) {
  await promotion(shop, {
    code: "KHARIF10",
    description: "10 % off seeds",
    descriptionHi: "बीज पर 10 % छूट",
    kind: "percent_off",
    target: "lines",
    percent: 10,
    categories: ["Seeds"],
  });
  await promotion(shop, {
    description: "₹5 off each bag from 10 bags",
    kind: "unit_off",
    tiers: [{ minQty: 10, amount: 5 }],
    products: [shop.fertiliser.id],
  });
}

/** Ends every promotion, so each test sees only its own. */
async function clearPromotions(shop: Shop) {
  await shop.t.database.db
    .updateTable("promotions")
    .set({ deleted_at: new Date().toISOString() })
    .where("deleted_at", "is", null)
    .execute();
}

/**
 * The total the web would show: the live promotions (as staff read them) applied by the
 * contract's function, then priced by the contract's rule, as the cart's preview does.
 */
async function shownTotal(
  shop: Shop,
  lines: readonly Line[],
  address: Address,
  options: { coupon?: string; cod?: boolean; ordersBefore?: number } = {},
) {
  const live = ((await shop.t.app.inject({ url: "/api/staff/promotions/", headers: shop.staff })).json() as StaffPromotion[]).map(
    promotionOf,
  );
  const category = (line: Line) => (line.product === shop.seeds ? "Seeds" : "Fertilisers");
  const outcome = applyPromotions(
    lines.map((line) => ({
      product: line.product.id,
      variant: 0,
      category: category(line),
      pricePaise: line.product.pricePaise,
      qty: line.qty,
    })),
    live,
    options.coupon ?? null,
    { now: new Date(), ordersBefore: options.ordersBefore ?? 0 },
  );
  const items = lines.reduce((sum, line) => sum + line.product.pricePaise * line.qty, 0) - outcome.discountPaise;
  const { pricing } = shop.t.config;
  const price = priceOrder(
    lines.map((line, i) => ({
      pricePaise: line.product.pricePaise,
      qty: line.qty,
      gstRate: line.product.gstRate,
      discountPaise: outcome.lineDiscounts[i] as number,
    })),
    pricing,
    {
      supply: supplyBetween(shop.t.config.tax.seller.stateCode, gstStateCode(address.state)),
      codFeePaise: options.cod ? shop.t.config.cod.feePaise : 0,
      shippingPaise: outcome.freeShipping || items > pricing.freeShippingAbovePaise ? 0 : pricing.shippingPaise,
    },
  );
  return paiseToDecimal(price.totalPaise);
}

function place(
  shop: Shop,
  headers: Headers,
  lines: readonly Line[],
  address: Address,
  extra: { coupon?: string; totalPrice: string; cod?: boolean },
) {
  return placeAt(shop.t, headers, lines, address, {
    totalPrice: extra.totalPrice,
    ...(extra.coupon ? { coupon: extra.coupon } : {}),
    ...(extra.cod ? { paymentMethod: "COD" as const } : {}),
  });
}

describe("staff's promotions", () => {
  let shop: Shop;
  beforeAll(async () => {
    shop = await openShop(INDIA_ENV);
  });
  afterAll(() => shop.t.close());

  it("creates, lists, replaces and ends a promotion of each kind", async () => {
    const kharif = await promotion(shop, {
      code: " kharif10 ",
      description: "10 % off seeds till 15 June",
      descriptionHi: "15 जून तक बीज पर 10 % छूट",
      kind: "percent_off",
      target: "lines",
      percent: 10,
      categories: ["Seeds"],
      endsAt: "2026-06-15T00:00:00+05:30",
      usageLimit: 500,
      perCustomerLimit: 1,
    });
    expect(kharif).toMatchObject({
      code: "KHARIF10",
      kind: "percent_off",
      percent: 10,
      categories: ["Seeds"],
      endsAt: "2026-06-14T18:30:00.000Z",
      uses: 0,
      discountGiven: "0.00",
    });
    const bulk = await promotion(shop, {
      description: "₹5 off each bag from 10 bags",
      kind: "unit_off",
      tiers: [{ minQty: 10, amount: 5 }],
      products: [shop.fertiliser.id],
    });
    expect(bulk).toMatchObject({ code: null, tiers: [{ minQty: 10, amount: "5.00" }], products: [shop.fertiliser.id] });
    const delivery = await promotion(shop, { description: "Free delivery over ₹999", kind: "free_shipping", minAmount: "999" });
    const meeting = await promotion(shop, {
      code: "GAON50",
      description: "₹50 off a first order",
      kind: "amount_off",
      amount: 50,
      firstOrderOnly: true,
    });
    const list = (await shop.t.app.inject({ url: "/api/staff/promotions/", headers: shop.staff })).json() as StaffPromotion[];
    expect(list.map((p) => p.id)).toEqual([meeting.id, delivery.id, bulk.id, kharif.id]);

    const replaced = await shop.t.app.inject({
      method: "PUT",
      url: `/api/staff/promotions/${meeting.id}/`,
      headers: shop.staff,
      payload: { code: "GAON50", description: "₹60 off", kind: "amount_off", amount: "60.00" },
    });
    expect(replaced.json()).toMatchObject({ amount: "60.00", firstOrderOnly: false });
    expect(
      (await shop.t.app.inject({ method: "DELETE", url: `/api/staff/promotions/${meeting.id}/`, headers: shop.staff })).statusCode,
    ).toBe(200);
    expect(
      (await shop.t.app.inject({ method: "DELETE", url: `/api/staff/promotions/${meeting.id}/`, headers: shop.staff })).json().code,
    ).toBe("promotion_not_found");
    // Its code may be used again once it is ended.
    expect((await createPromotion(shop, { code: "GAON50", description: "Again", kind: "amount_off", amount: 10 })).statusCode).toBe(201);
    await clearPromotions(shop);
  });

  it("refuses what cannot be a promotion, field by field, with codes", async () => {
    await promotion(shop, { code: "TAKEN", description: "x", kind: "amount_off", amount: 1 });
    const refused = async (body: object) => {
      const res = await createPromotion(shop, { description: "Offer", ...body });
      expect(res.statusCode, res.body).toBe(400);
      return res.json();
    };
    expect((await refused({ code: "A!", kind: "amount_off", amount: 5 })).field_errors).toEqual({
      code: [{ code: "coupon_code_invalid" }],
    });
    expect((await refused({ code: "taken", kind: "amount_off", amount: 5 })).field_errors).toEqual({
      code: [{ code: "coupon_code_taken" }],
    });
    expect((await refused({ kind: "percent_off" })).field_errors).toEqual({ percent: [{ code: "promotion_value_required" }] });
    expect((await refused({ kind: "amount_off" })).field_errors).toEqual({ amount: [{ code: "promotion_value_required" }] });
    expect((await refused({ kind: "unit_off", tiers: [] })).field_errors).toEqual({ tiers: [{ code: "promotion_value_required" }] });
    const unordered = await refused({
      kind: "unit_off",
      tiers: [
        { minQty: 10, amount: 5 },
        { minQty: 10, amount: 6 },
      ],
    });
    expect(unordered.field_errors).toEqual({ tiers: [{ code: "promotion_tiers_order" }] });
    const backwards = await refused({ kind: "free_shipping", startsAt: "2026-06-15T00:00:00+05:30", endsAt: "2026-06-01T00:00:00+05:30" });
    expect(backwards.field_errors).toEqual({ endsAt: [{ code: "promotion_ends_before_start" }] });
    const unknown = await refused({ kind: "free_shipping", categories: ["Jewellery"], products: [987_654], variants: [987_654] });
    expect(unknown).toMatchObject({
      code: "promotion_invalid",
      field_errors: {
        categories: [{ code: "promotion_target_unknown", params: { value: "Jewellery" } }],
        products: [{ code: "promotion_target_unknown", params: { value: 987_654 } }],
        variants: [{ code: "promotion_target_unknown", params: { value: 987_654 } }],
      },
    });
    // The schema's own refusals: a percent over 100, an unknown kind.
    expect((await createPromotion(shop, { description: "x", kind: "percent_off", percent: 101 })).json().code).toBe("field_invalid");
    expect((await createPromotion(shop, { description: "x", kind: "half_off" })).json().code).toBe("field_invalid");
    await clearPromotions(shop);
  });

  it("is staff's only", async () => {
    const shopper = await customer(shop);
    expect((await createPromotion(shop, { description: "x", kind: "free_shipping" }, shopper)).statusCode).toBe(403);
    expect((await createPromotion(shop, { description: "x", kind: "free_shipping" }, {})).statusCode).toBe(401);
    expect((await shop.t.app.inject({ url: "/api/staff/promotions/", headers: shopper })).statusCode).toBe(403);
  });
});

describe("the cart's coupon and offers", () => {
  let shop: Shop;
  beforeAll(async () => {
    shop = await openShop(INDIA_ENV);
  });
  afterAll(() => shop.t.close());

  const addToCart = (headers: Headers, product: GstProduct, qty: number) =>
    shop.t.app.inject({ method: "POST", url: "/api/cart/lines/", headers, payload: { product: product.id, qty } });
  const setCoupon = (headers: Headers, code: string) =>
    shop.t.app.inject({ method: "PUT", url: "/api/cart/coupon/", headers, payload: { code } });

  it("applies a coupon to the lines it names and keeps it with the cart; an offer shows by itself", async () => {
    await kharifAndBulk(shop);
    const headers = await customer(shop);
    await addToCart(headers, shop.seeds, 2);
    const cart = (await addToCart(headers, shop.fertiliser, 10)).json();
    expect(cart.discounts).toEqual([
      { code: null, description: "₹5 off each bag from 10 bags", descriptionHi: "", amount: "50.00", freeShipping: false },
    ]);
    const withCoupon = await setCoupon(headers, "kharif10");
    expect(withCoupon.statusCode, withCoupon.body).toBe(200);
    expect(withCoupon.json()).toMatchObject({
      coupon: "KHARIF10",
      couponRefusal: null,
      lines: [
        { product: shop.seeds.id, category: "Seeds", discount: "90.00" },
        { product: shop.fertiliser.id, discount: "50.00" },
      ],
      discounts: [{ amount: "50.00" }, { code: "KHARIF10", amount: "90.00" }],
    });
    expect(withCoupon.json().promotions.map((p: { code: string | null }) => p.code)).toEqual(["KHARIF10", null]);
    // Kept: the next read has it; below the bags' tier the offer goes, the coupon stays.
    const fewer = (
      await shop.t.app.inject({ method: "PUT", url: "/api/cart/lines/", headers, payload: { product: shop.fertiliser.id, qty: 9 } })
    ).json();
    expect(fewer).toMatchObject({ coupon: "KHARIF10", discounts: [{ code: "KHARIF10", amount: "90.00" }] });
    const removed = (await shop.t.app.inject({ method: "DELETE", url: "/api/cart/coupon/", headers })).json();
    expect(removed).toMatchObject({ coupon: null, discounts: [] });
    await clearPromotions(shop);
  });

  it("refuses a coupon with why: unknown, not yet, expired, used up, not for you, minimum not reached", async () => {
    await promotion(shop, { code: "SOON", description: "x", kind: "amount_off", amount: 10, startsAt: "2099-01-01T00:00:00+05:30" });
    await promotion(shop, { code: "OVER", description: "x", kind: "amount_off", amount: 10, endsAt: "2020-01-01T00:00:00+05:30" });
    await promotion(shop, { code: "NONE", description: "x", kind: "amount_off", amount: 10, usageLimit: 1 });
    await promotion(shop, { code: "FIRST", description: "x", kind: "amount_off", amount: 10, firstOrderOnly: true });
    await promotion(shop, {
      code: "TENBAGS",
      description: "x",
      kind: "amount_off",
      amount: 10,
      minItems: 10,
      products: [shop.fertiliser.id],
    });
    await promotion(shop, { code: "BIG", description: "x", kind: "amount_off", amount: 10, minAmount: "5000" });
    await shop.t.database.db.updateTable("promotions").set({ uses: 1 }).where("code", "=", "NONE").execute();
    const user = await makeUser(shop.t.database.db);
    const headers = await authHeaders(shop.t, user.id);
    await addToCart(headers, shop.fertiliser, 3);
    // An order before makes this customer's next one not a first.
    const first = await place(shop, headers, [{ product: shop.sprayer, qty: 1 }], ADDRESSES.nashik, {
      totalPrice: await shownTotal(shop, [{ product: shop.sprayer, qty: 1 }], ADDRESSES.nashik),
    });
    expect(first.statusCode, first.body).toBe(201);
    const refusal = async (code: string) => {
      const res = await setCoupon(headers, code);
      return { status: res.statusCode, code: res.json().code, params: res.json().params };
    };
    expect(await refusal("NOPE")).toEqual({ status: 400, code: "coupon_unknown", params: { code: "NOPE" } });
    expect(await refusal("soon")).toEqual({ status: 400, code: "coupon_not_yet", params: { code: "SOON" } });
    expect(await refusal("OVER")).toEqual({ status: 400, code: "coupon_expired", params: { code: "OVER" } });
    expect(await refusal("NONE")).toEqual({ status: 409, code: "coupon_used_up", params: { code: "NONE" } });
    expect(await refusal("FIRST")).toEqual({ status: 400, code: "coupon_not_for_you", params: { code: "FIRST" } });
    expect(await refusal("TENBAGS")).toEqual({
      status: 400,
      code: "coupon_minimum",
      params: { code: "TENBAGS", moreItems: 7, moreAmount: "0.00" },
    });
    expect(await refusal("BIG")).toEqual({
      status: 400,
      code: "coupon_minimum",
      params: { code: "BIG", moreItems: 0, moreAmount: "4200.50" },
    });
    // A refused coupon is not kept.
    expect((await shop.t.app.inject({ url: "/api/cart/", headers })).json().coupon).toBeNull();
    // The schema refuses an empty code.
    expect((await setCoupon(headers, "")).json().code).toBe("field_invalid");
    await clearPromotions(shop);
  });
});

describe.each([
  ["GST added to the prices", INDIA_ENV],
  ["GST inside the prices (MRP)", INDIA_MRP_ENV],
])("checkout with promotions, %s", (_mode, env) => {
  let shop: Shop;
  beforeAll(async () => {
    shop = await openShop(env);
  });
  afterAll(() => shop.t.close());

  it("allocates a coupon to its lines before tax, within the state and to another, the order keeping its discounts and shares", async () => {
    await kharifAndBulk(shop);
    const lines = [
      { product: shop.seeds, qty: 3 },
      { product: shop.fertiliser, qty: 12 },
      { product: shop.sprayer, qty: 1 },
    ];
    for (const address of [ADDRESSES.nashik, ADDRESSES.bengaluru]) {
      const headers = await customer(shop);
      const totalPrice = await shownTotal(shop, lines, address, { coupon: "KHARIF10" });
      const res = await place(shop, headers, lines, address, { coupon: "kharif10", totalPrice });
      expect(res.statusCode, res.body).toBe(201);
      const order = res.json();
      expect(order).toMatchObject({
        itemsPrice: "4647.99",
        discountPrice: "195.00",
        discounts: [
          { code: null, description: "₹5 off each bag from 10 bags", amount: "60.00", freeShipping: false },
          { code: "KHARIF10", description: "10 % off seeds", descriptionHi: "बीज पर 10 % छूट", amount: "135.00", freeShipping: false },
        ],
        totalPrice,
      });
      expect(order.orderItems.map((item: { discount: string }) => item.discount)).toEqual(["135.00", "60.00", "0.00"]);
      // The tax is on the price less the discount: 12 × 266.50 − 60 = 3138.00 at 5 %.
      const fertiliserTax = toPaise(order.orderItems[1].tax);
      const taxable = 12 * 266_50 - 60_00;
      if (order.taxIncluded) expect(fertiliserTax).toBe(taxable - Math.floor((200 * taxable + 105) / 210));
      else expect(fertiliserTax).toBe(Math.floor((taxable * 500 + 5_000) / 10_000));
      if (address === ADDRESSES.bengaluru) expect(order.taxBreakup.cgst).toBe("0.00");
      else expect(order.taxBreakup.igst).toBe("0.00");
    }
    await clearPromotions(shop);
  });

  it("invoices each line at its value less its share, and a refund of a discounted line gives back what was paid for it", async () => {
    await promotion(shop, {
      code: "SEEDS50",
      description: "₹50 off seeds",
      kind: "amount_off",
      target: "lines",
      amount: 50,
      categories: ["Seeds"],
    });
    const headers = await customer(shop);
    const lines = [
      { product: shop.seeds, qty: 2 },
      { product: shop.fertiliser, qty: 1 },
    ];
    const placed = await place(shop, headers, lines, ADDRESSES.nashik, {
      coupon: "SEEDS50",
      totalPrice: await shownTotal(shop, lines, ADDRESSES.nashik, { coupon: "SEEDS50" }),
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const paid = (await paySandbox(shop.t, headers, placed.json())).json();
    const invoice = await pdfText((await shop.t.app.inject({ url: `/api/orders/${paid._id}/invoice/`, headers })).rawPayload);
    expect(invoice).toContain("Cotton Seeds - 1 pack (less discount 50.00)");
    // The seeds (0 % GST): 2 × 450 − 50 = 850.00 taxable.
    expect(invoice).toContain("850.00");
    const refund = await shop.t.app.inject({
      method: "POST",
      url: `/api/orders/${paid._id}/refund/`,
      headers: shop.staff,
      payload: { lines: [{ product: shop.seeds.id, qty: 1 }], reason: "One packet torn" },
    });
    expect(refund.statusCode, refund.body).toBe(200);
    // One of two packets: 450 less half the line's discount (25.00), no tax at 0 %.
    expect(refund.json().refunds.at(-1)).toMatchObject({ amount: "425.00" });
    const note = await pdfText((await shop.t.app.inject({ url: `/api/orders/${paid._id}/credit-notes/1/`, headers })).rawPayload);
    expect(note).toContain("Cotton Seeds - 1 pack (less discount 50.00)");
    expect(note).toContain("425.00");
    await clearPromotions(shop);
  });

  it("says the saving in the order's mail and, inside the total's slot, its SMS (in the customer's language)", async () => {
    await promotion(shop, {
      code: "SEEDS50",
      description: "₹50 off seeds",
      descriptionHi: "बीज पर ₹50 की छूट",
      kind: "amount_off",
      amount: 50,
    });
    const phone = "+919812345678";
    const user = await makeUser(shop.t.database.db, { language: "hi" });
    await shop.t.database.db.updateTable("users").set({ phone }).where("id", "=", user.id).execute();
    const headers = await authHeaders(shop.t, user.id);
    const lines = [{ product: shop.seeds, qty: 1 }];
    const placed = await place(shop, headers, lines, ADDRESSES.nashik, {
      coupon: "SEEDS50",
      cod: true,
      totalPrice: await shownTotal(shop, lines, ADDRESSES.nashik, { coupon: "SEEDS50", cod: true }),
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const queued = await shop.t.database.db
      .selectFrom("mail_queue")
      .select(["channel", "text_body"])
      .where("dedupe_key", "like", "order-event:%")
      .execute();
    const mail = queued.find((row) => row.channel === "email" && row.text_body.includes(`#${placed.json()._id}`));
    expect(mail?.text_body).toContain("आपकी बचत: ₹50.00 (SEEDS50)।");
    const sms = queued.find((row) => row.channel === "sms" && row.text_body.includes(`#${placed.json()._id}`));
    expect(sms?.text_body).toContain(`₹50.00 की छूट`);
    await clearPromotions(shop);
  });

  it("makes shipping free over a threshold, and refuses a coupon the order does not reach", async () => {
    await promotion(shop, { description: "Free delivery over ₹999", kind: "free_shipping", minAmount: "999" });
    await promotion(shop, {
      code: "TENBAGS",
      description: "₹100 off 10 bags",
      kind: "amount_off",
      amount: 100,
      minItems: 10,
      products: [shop.fertiliser.id],
    });
    const headers = await customer(shop);
    const lines = [{ product: shop.fertiliser, qty: 4 }];
    const free = await place(shop, headers, lines, ADDRESSES.nashik, { totalPrice: await shownTotal(shop, lines, ADDRESSES.nashik) });
    expect(free.json()).toMatchObject({
      shippingPrice: "0.00",
      discountPrice: "0.00",
      discounts: [{ description: "Free delivery over ₹999", freeShipping: true }],
    });
    const short = await place(shop, headers, lines, ADDRESSES.nashik, {
      coupon: "TENBAGS",
      totalPrice: await shownTotal(shop, lines, ADDRESSES.nashik),
    });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({ code: "coupon_minimum", params: { code: "TENBAGS", moreItems: 6 } });
    await clearPromotions(shop);
  });
});

describe("a coupon's uses", () => {
  let shop: Shop;
  beforeAll(async () => {
    shop = await openShop(INDIA_ENV);
  });
  afterAll(() => shop.t.close());

  const uses = async (code: string) =>
    Number(
      (
        await shop.t.database.db
          .selectFrom("promotions")
          .select("uses")
          .where("code", "=", code)
          .where("deleted_at", "is", null)
          .executeTakeFirstOrThrow()
      ).uses,
    );

  it("with 10 uses, 100 checkouts at once: 10 orders carry it, the others are refused as used up", async () => {
    await promotion(shop, { code: "TEN", description: "₹20 off", kind: "amount_off", amount: 20, usageLimit: 10 });
    const lines = [{ product: shop.fertiliser, qty: 1 }];
    const totalPrice = await shownTotal(shop, lines, ADDRESSES.nashik, { coupon: "TEN", cod: true });
    const shoppers = await Promise.all(Array.from({ length: 100 }, () => customer(shop)));
    const answers = await Promise.all(
      shoppers.map((headers) => place(shop, headers, lines, ADDRESSES.nashik, { coupon: "TEN", totalPrice, cod: true })),
    );
    const statuses = answers.map((res) => res.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    expect(answers.filter((res) => res.statusCode !== 201).map((res) => res.json().code)).toEqual(Array(90).fill("coupon_used_up"));
    expect(await uses("TEN")).toBe(10);
    const carried = await shop.t.database.db
      .selectFrom("promotion_redemptions")
      .select("order_id")
      .where("released_at", "is", null)
      .execute();
    expect(carried).toHaveLength(10);
    const report = (await shop.t.app.inject({ url: "/api/staff/promotions/report/", headers: shop.staff })).json();
    expect(report).toEqual([{ code: "TEN", description: "₹20 off", orders: 10, amount: "200.00" }]);
    await clearPromotions(shop);
  });

  it("gives a use back when the order is cancelled or expires unpaid (and takes it again if paid late), not when a paid order is cancelled; once per customer", async () => {
    await promotion(shop, { code: "ONCE", description: "₹20 off", kind: "amount_off", amount: 20, usageLimit: 5, perCustomerLimit: 1 });
    const headers = await customer(shop);
    const lines = [{ product: shop.fertiliser, qty: 1 }];
    const totalPrice = await shownTotal(shop, lines, ADDRESSES.nashik, { coupon: "ONCE" });
    const order = (await place(shop, headers, lines, ADDRESSES.nashik, { coupon: "ONCE", totalPrice })).json();
    expect(await uses("ONCE")).toBe(1);
    const again = await place(shop, headers, lines, ADDRESSES.nashik, { coupon: "ONCE", totalPrice });
    expect(again.json().code).toBe("coupon_not_for_you");
    const cancelled = await shop.t.app.inject({ method: "POST", url: `/api/orders/${order._id}/cancel/`, headers, payload: {} });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await uses("ONCE")).toBe(0);
    // The use is back: this customer may use it again, and this time pays.
    const second = (await place(shop, headers, lines, ADDRESSES.nashik, { coupon: "ONCE", totalPrice })).json();
    expect(await uses("ONCE")).toBe(1);
    expect((await paySandbox(shop.t, headers, second)).statusCode).toBe(200);
    const refunded = await shop.t.app.inject({ method: "POST", url: `/api/orders/${second._id}/cancel/`, headers, payload: {} });
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(await uses("ONCE")).toBe(1);

    // Expiry: the payment window closes on an unpaid order.
    const other = await customer(shop);
    const unpaid = (await place(shop, other, lines, ADDRESSES.nashik, { coupon: "ONCE", totalPrice })).json();
    expect(await uses("ONCE")).toBe(2);
    const razorpayOrder = await openPayment(shop.t, other, unpaid);
    await shop.t.database.db
      .updateTable("orders")
      .set({ payment_due_at: "2020-01-01T00:00:00.000Z" })
      .where("id", "=", unpaid._id)
      .execute();
    expect(await shop.t.app.services.orders.expireIfDue(unpaid._id)).toBe(true);
    expect(await uses("ONCE")).toBe(1);
    // Its payment captured after all: the order is sold again, and carries its use again.
    const proof = (await shop.t.app.inject({ method: "POST", url: "/sandbox/razorpay/pay", payload: { order_id: razorpayOrder } })).json();
    const late = await shop.t.app.inject({ method: "PUT", url: `/api/orders/${unpaid._id}/pay/`, headers: other, payload: proof });
    expect(late.json()).toMatchObject({ status: "paid", discounts: [{ code: "ONCE" }] });
    expect(await uses("ONCE")).toBe(2);
    await clearPromotions(shop);
  });
});
