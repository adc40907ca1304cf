import type { Language } from "@krishi/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readOutboxMessages } from "../../lib/messenger.ts";
import { authHeaders, testClock } from "../../testing/accounts.ts";
import { makeCategory, makeProduct, makeUser } from "../../testing/factories.ts";
import { insertOrderRow } from "../../testing/orders.ts";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";
import { CART_LEFT_AFTER_MS, CART_REMINDER_GAP_MS } from "./service.ts";

/**
 * Messages that bring customers back: "Notify me" on a pack out of stock, one message to each
 * subscriber when it is back (however the stock came back), then the subscription ends; a
 * reminder of a cart left behind, to customers who opted in, at most once a week, with a "stop"
 * link. On SQLite, and on PostgreSQL when TEST_DATABASE_URL names one.
 */

const SITE = "http://shop.test";
const HOUR = 3_600_000;
type Headers = Record<string, string>;

let sequence = 0;

/** A customer with a verified mobile number (as the code sign-in makes one). */
async function phoneCustomer(t: TestApp, options: { language?: Language; whatsapp?: boolean; offers?: boolean } = {}) {
  const phone = `+9197${String(Date.now() % 1_000_000).padStart(6, "0")}${String(++sequence).padStart(2, "0")}`;
  const row = await t.database.db
    .insertInto("users")
    .values({
      email: null,
      phone,
      whatsapp_opt_in: options.whatsapp ?? false,
      offers_opt_in: options.offers ?? false,
      first_name: "Ramesh",
      last_name: "Patil",
      is_staff: false,
      is_active: true,
      email_verified: false,
      language: options.language ?? "en",
      created_at: new Date().toISOString(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { id: row.id, phone };
}

/** The text messages queued to a number, oldest first. */
async function textsTo(t: TestApp, phone: string) {
  const rows = await t.database.db
    .selectFrom("mail_queue")
    .select(["channel", "subject", "text_body", "payload"])
    .where("to_address", "=", phone)
    .orderBy("id")
    .execute();
  return rows.map((row) => ({ channel: row.channel, kind: row.subject, text: row.text_body }));
}

describe("Notify me on a pack out of stock", () => {
  let t: TestApp;
  let staff: Headers;
  let category: { id: number };

  beforeAll(async () => {
    t = await createTestApp({ SITE_URL: SITE });
    staff = await authHeaders(t, (await makeUser(t.database.db, { is_staff: true })).id);
    category = await makeCategory(t.database.db, "Fertilisers", "उर्वरक");
  });
  afterAll(() => t.close());

  /** Urea: the 45 kg bag (default) sold out, the 10 kg bag in stock. */
  async function urea(stock45 = 0, stock10 = 8) {
    const product = await makeProduct(t.database.db, {
      name: "Urea",
      nameHi: "यूरिया",
      categoryId: category.id,
      packs: [
        { label: "45 kg", netQuantity: 45, unit: "kg", pricePaise: 266_50, stock: stock45 },
        { label: "10 kg", netQuantity: 10, unit: "kg", pricePaise: 70_00, stock: stock10 },
      ],
    });
    const [big, small] = product.variants as [{ id: number; label: string }, { id: number; label: string }];
    return { id: product.id, big: big.id, small: small.id };
  }

  const notify = (headers: Headers, productId: number, body: Record<string, unknown> = {}, method: "POST" | "DELETE" = "POST") =>
    t.app.inject({ method, url: `/api/products/${productId}/notify/`, headers, payload: body });

  /** Staff set the packs' stock with the product's form, as the back office does. */
  async function restock(product: { id: number; big: number; small: number }, big: number, small: number) {
    const pack = (id: number, label: string, price: string, countInStock: number) => ({
      id,
      label,
      sku: "",
      netQuantity: Number.parseFloat(label),
      unit: "kg",
      price,
      mrp: price,
      countInStock,
      weightGrams: 0,
    });
    const res = await t.app.inject({
      method: "PUT",
      url: `/api/products/update/${product.id}/`,
      headers: staff,
      payload: {
        name: "Urea",
        price: "266.50",
        brand: "IFFCO",
        countInStock: big,
        category: category.id,
        description: "Nitrogen 46%",
        variants: [pack(product.big, "45 kg", "266.50", big), pack(product.small, "10 kg", "70.00", small)],
      },
    });
    expect(res.statusCode, res.body).toBe(200);
  }

  it("asks about the default pack or the pack named, lists them, is harmless twice, and is cancelled", async () => {
    const product = await urea(0, 0);
    const customer = await phoneCustomer(t);
    const headers = await authHeaders(t, customer.id);
    const subscribed = await notify(headers, product.id);
    expect(subscribed.statusCode, subscribed.body).toBe(200);
    expect(subscribed.json()).toEqual({ variants: [product.big] });
    expect((await notify(headers, product.id, { variant: product.small })).json()).toEqual({
      variants: [product.big, product.small].sort((a, b) => a - b),
    });
    expect((await notify(headers, product.id, { variant: product.small })).statusCode).toBe(200);
    const listed = await t.app.inject({ url: `/api/products/${product.id}/notify/`, headers });
    expect(listed.json()).toEqual({ variants: [product.big, product.small].sort((a, b) => a - b) });
    expect(listed.headers["cache-control"]).toBe("private, no-store");

    const cancelled = await notify(headers, product.id, { variant: product.big }, "DELETE");
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toEqual({ variants: [product.small] });
    // Another customer's list is their own.
    const other = await authHeaders(t, (await phoneCustomer(t)).id);
    expect((await t.app.inject({ url: `/api/products/${product.id}/notify/`, headers: other })).json()).toEqual({ variants: [] });
    const rows = await t.database.db
      .selectFrom("stock_alerts")
      .select(["user_id", "variant_id"])
      .where("product_id", "=", product.id)
      .execute();
    expect(rows).toEqual([{ user_id: customer.id, variant_id: product.small }]);
  });

  it("refuses a pack in stock, a customer without a mobile number, an unknown product or pack, bad input and no token", async () => {
    const product = await urea(0, 8);
    const other = await urea(0, 0);
    const headers = await authHeaders(t, (await phoneCustomer(t)).id);

    const inStock = await notify(headers, product.id, { variant: product.small });
    expect(inStock.statusCode).toBe(409);
    expect(inStock.json()).toMatchObject({ code: "pack_in_stock", params: { product: product.id, variant: product.small, available: 8 } });

    const withoutPhone = await authHeaders(t, (await makeUser(t.database.db)).id);
    const noPhone = await notify(withoutPhone, product.id);
    expect(noPhone.statusCode).toBe(409);
    expect(noPhone.json()).toMatchObject({ code: "phone_required" });

    const unknown = await notify(headers, 999_999);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: "product_not_found" });
    expect((await t.app.inject({ url: "/api/products/999999/notify/", headers })).statusCode).toBe(404);
    const wrongPack = await notify(headers, product.id, { variant: other.big });
    expect(wrongPack.statusCode).toBe(400);
    expect(wrongPack.json()).toMatchObject({ code: "variant_not_found", params: { product: product.id, variant: other.big } });
    for (const body of [{ variant: "big" }, { variant: 0 }, { variant: 1.5 }]) {
      const bad = await notify(headers, product.id, body);
      expect(bad.statusCode, JSON.stringify(body)).toBe(400);
      expect(bad.json()).toMatchObject({ code: "field_invalid" });
    }
    expect((await notify({}, product.id)).statusCode).toBe(401);
    expect((await notify({}, product.id, {}, "DELETE")).statusCode).toBe(401);
    expect(await t.database.db.selectFrom("stock_alerts").select("id").where("product_id", "=", product.id).execute()).toEqual([]);
  });

  it("tells each subscriber once when staff restock the pack, in their language, and then the subscriptions end", async () => {
    const product = await urea(0, 8);
    const hindi = await phoneCustomer(t, { language: "hi", whatsapp: true });
    const english = await phoneCustomer(t);
    const smallPackOnly = await phoneCustomer(t);
    const bystander = await phoneCustomer(t);
    expect((await notify(await authHeaders(t, hindi.id), product.id)).statusCode).toBe(200);
    expect((await notify(await authHeaders(t, english.id), product.id, { variant: product.big })).statusCode).toBe(200);
    await restock(product, 0, 0);
    expect((await notify(await authHeaders(t, smallPackOnly.id), product.id, { variant: product.small })).statusCode).toBe(200);

    await restock(product, 12, 0);
    // The announcement's work runs beside the answer: the job's turn (what it missed) finds nothing more.
    await t.app.services.alerts.sendBackInStock();
    const url = `${SITE}/product/${product.id}`;
    expect(await textsTo(t, hindi.phone)).toEqual([
      { channel: "sms", kind: "back_in_stock", text: `कृषि बाज़ार: यूरिया · 45 kg फिर से स्टॉक में है। ख़त्म होने से पहले ख़रीदें: ${url}?lang=hi` },
      { channel: "whatsapp", kind: "back_in_stock", text: `कृषि बाज़ार: यूरिया · 45 kg फिर से स्टॉक में है। ख़त्म होने से पहले ख़रीदें: ${url}?lang=hi` },
    ]);
    expect(await textsTo(t, english.phone)).toEqual([
      { channel: "sms", kind: "back_in_stock", text: `Krishi Bazaar: Urea · 45 kg is back in stock. Buy it before it runs out: ${url}` },
    ]);
    expect(await textsTo(t, smallPackOnly.phone)).toEqual([]);
    expect(await textsTo(t, bystander.phone)).toEqual([]);
    const left = await t.database.db
      .selectFrom("stock_alerts")
      .select(["user_id", "variant_id"])
      .where("product_id", "=", product.id)
      .execute();
    expect(left).toEqual([{ user_id: smallPackOnly.id, variant_id: product.small }]);

    // Sold out and back again: the ended subscriptions send nothing more. The 10 kg bag's subscriber hears of it.
    await restock(product, 0, 0);
    await restock(product, 5, 3);
    await t.app.services.alerts.sendBackInStock();
    expect(await textsTo(t, hindi.phone)).toHaveLength(2);
    expect(await textsTo(t, english.phone)).toHaveLength(1);
    expect(await textsTo(t, smallPackOnly.phone)).toEqual([
      {
        channel: "sms",
        kind: "back_in_stock",
        text: `Krishi Bazaar: Urea · 10 kg is back in stock. Buy it before it runs out: ${url}?pack=${product.small}`,
      },
    ]);

    // The queue sends it: the sandbox's outbox has it.
    await t.app.services.mailQueue.drain();
    const sent = (await readOutboxMessages(t.dataDir, "sms")).filter((message) => message.to === english.phone);
    expect(sent).toMatchObject([{ kind: "back_in_stock", language: "en", params: ["Urea · 45 kg", url] }]);
  });

  it("tells subscribers when stock comes back without staff: an order cancelled, or stock the job finds", async () => {
    // The last 45 kg bag, held by an order awaiting payment (its checkout took it).
    const product = await urea(0, 0);
    const buyer = await makeUser(t.database.db);
    const buyerHeaders = await authHeaders(t, buyer.id);
    const orderId = await insertOrderRow(t.database.db, { userId: buyer.id, email: buyer.email, totalPaise: 266_50 });
    await t.database.db
      .insertInto("order_items")
      .values({
        order_id: orderId,
        product_id: product.id,
        variant_id: product.big,
        variant_label: "45 kg",
        name: "Urea",
        image: "",
        price_paise: 266_50,
        qty: 1,
      })
      .execute();
    const waiting = await phoneCustomer(t);
    expect((await notify(await authHeaders(t, waiting.id), product.id)).statusCode).toBe(200);
    expect((await notify(await authHeaders(t, waiting.id), product.id, { variant: product.small })).statusCode).toBe(200);

    const cancelled = await t.app.inject({ method: "POST", url: `/api/orders/${orderId}/cancel/`, headers: buyerHeaders, payload: {} });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    await t.app.services.alerts.sendBackInStock([product.id]);
    expect((await textsTo(t, waiting.phone)).map((text) => text.text)).toEqual([
      `Krishi Bazaar: Urea · 45 kg is back in stock. Buy it before it runs out: ${SITE}/product/${product.id}`,
    ]);

    // Stock written where nothing announces it (a bulk loader): the job's turn looks at every subscribed pack.
    await t.database.db.updateTable("product_variants").set({ count_in_stock: 4 }).where("id", "=", product.small).execute();
    expect(await t.app.services.alerts.sendBackInStock()).toBeGreaterThanOrEqual(1);
    expect(await textsTo(t, waiting.phone)).toHaveLength(2);
    expect(await t.database.db.selectFrom("stock_alerts").select("id").where("user_id", "=", waiting.id).execute()).toEqual([]);
  });
});

describe("the reminder of a cart left behind", () => {
  const time = testClock(new Date("2026-03-02T06:00:00.000Z"));
  let t: TestApp;
  let product: { id: number; variants: { id: number }[] };

  beforeAll(async () => {
    t = await createTestApp({ SITE_URL: SITE }, {}, { clock: time.clock });
    product = await makeProduct(t.database.db, { name: "Neem Oil", stock: 50 });
  });
  afterAll(() => t.close());

  /**
   * A customer's cart holding `qty` of the product (none: no line), changed now by the app's
   * clock, as the cart module writes it (the cart's own tests cover its API).
   */
  async function cartOf(customer: { id: number }, qty = 1) {
    const db = t.database.db;
    const at = time.now().toISOString();
    const cart = await db
      .insertInto("carts")
      .values({ user_id: customer.id, created_at: at, updated_at: at })
      .onConflict((oc) => oc.column("user_id").doUpdateSet({ updated_at: at }))
      .returning("id")
      .executeTakeFirstOrThrow();
    await db.deleteFrom("cart_lines").where("cart_id", "=", cart.id).execute();
    const variant = product.variants[0]?.id as number;
    if (qty > 0)
      await db
        .insertInto("cart_lines")
        .values({ cart_id: cart.id, product_id: product.id, variant_id: variant, qty, added_at: at })
        .execute();
  }

  const remind = () => t.app.services.alerts.remindCartsLeftBehind();
  const reminders = async (phone: string) => (await textsTo(t, phone)).filter((text) => text.kind === "cart_reminder");

  it("comes 24 hours after the cart's last change, once for a cart left so, and at most once a week", async () => {
    const customer = await phoneCustomer(t, { language: "hi", offers: true });
    await cartOf(customer);
    time.advance(CART_LEFT_AFTER_MS - HOUR);
    await remind();
    expect(await reminders(customer.phone)).toEqual([]);

    time.advance(HOUR);
    await remind();
    const [sms, ...more] = await reminders(customer.phone);
    expect(more).toEqual([]);
    expect(sms?.channel).toBe("sms");
    const stop = /(http:\/\/shop\.test\/api\/offers\/stop\/\?t=[0-9a-z]+\.[A-Za-z0-9_-]+)$/.exec(sms?.text ?? "")?.[1];
    expect(sms?.text).toBe(`कृषि बाज़ार: आपकी कार्ट में सामान आपका इंतज़ार कर रहा है। ऑर्डर करें: ${SITE}/cart?lang=hi ये संदेश बंद करने के लिए: ${stop}`);

    // Still untouched three days later: it was reminded of.
    time.advance(3 * 24 * HOUR);
    await remind();
    expect(await reminders(customer.phone)).toHaveLength(1);
    // Changed and left again: a day later is within the week of the last reminder.
    await cartOf(customer, 2);
    time.advance(CART_LEFT_AFTER_MS);
    await remind();
    expect(await reminders(customer.phone)).toHaveLength(1);
    // A week after the last reminder, the cart changed since and still left: reminded again, once.
    time.advance(CART_REMINDER_GAP_MS - 4 * 24 * HOUR + HOUR);
    await remind();
    await remind();
    expect(await reminders(customer.phone)).toHaveLength(2);
  });

  it("goes only to customers who opted in, with a number, a cart with lines untouched for at most a week", async () => {
    const notOptedIn = await phoneCustomer(t);
    const optedIn = await phoneCustomer(t, { offers: true, whatsapp: true });
    const emptied = await phoneCustomer(t, { offers: true });
    const noPhone = await makeUser(t.database.db);
    await t.database.db.updateTable("users").set({ offers_opt_in: true }).where("id", "=", noPhone.id).execute();
    // Left for longer than a week before a reminder's turn came (the shop was down, say): too late to remind.
    const forgotten = await phoneCustomer(t, { offers: true });
    await cartOf(forgotten);
    time.advance(CART_REMINDER_GAP_MS - CART_LEFT_AFTER_MS);
    for (const customer of [notOptedIn, optedIn, emptied, noPhone]) await cartOf(customer);
    await cartOf(emptied, 0);
    time.advance(CART_LEFT_AFTER_MS + HOUR);
    await remind();

    expect(await reminders(notOptedIn.phone)).toEqual([]);
    expect(await reminders(emptied.phone)).toEqual([]);
    expect(await reminders(forgotten.phone)).toEqual([]);
    expect((await reminders(optedIn.phone)).map((text) => text.channel)).toEqual(["sms", "whatsapp"]);
    const queued = await t.database.db.selectFrom("cart_reminders").select("user_id").where("user_id", "=", noPhone.id).execute();
    expect(queued).toEqual([]);
  });

  it("stops with the message's link, without signing in, and the profile turns offers on and off", async () => {
    const customer = await phoneCustomer(t, { language: "hi", offers: true });
    await cartOf(customer);
    time.advance(CART_LEFT_AFTER_MS);
    await remind();
    const [sms] = await reminders(customer.phone);
    const stop = new URL(/http:\/\/shop\.test\/api\/offers\/stop\/\S+$/.exec(sms?.text ?? "")?.[0] ?? "http://none/");
    const offersOf = async (id: number) =>
      Boolean(
        (await t.database.db.selectFrom("users").select("offers_opt_in").where("id", "=", id).executeTakeFirstOrThrow()).offers_opt_in,
      );
    // Opening the link asks to confirm and changes nothing (an app that previews links opens it too).
    const page = await t.app.inject({ url: `${stop.pathname}${stop.search}` });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(page.headers["cache-control"]).toBe("private, no-store");
    expect(page.body).toContain('<html lang="hi">');
    expect(page.body).toContain("ऑफ़र के संदेश बंद करें?");
    const token = stop.searchParams.get("t") ?? "";
    expect(page.body).toContain(`<form method="post" action="/api/offers/stop/"><input type="hidden" name="t" value="${token}">`);
    expect(await offersOf(customer.id)).toBe(true);
    // Its button posts the token as a form: offers off.
    const done = await t.app.inject({
      method: "POST",
      url: "/api/offers/stop/",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: new URLSearchParams({ t: token }).toString(),
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.body).toContain("अब आपको कृषि बाज़ार से ऑफ़र या कार्ट की याद दिलाने वाले संदेश नहीं मिलेंगे।");
    expect(await offersOf(customer.id)).toBe(false);
    // Opted out: the cart changed and left again a week later gets nothing.
    time.advance(CART_REMINDER_GAP_MS);
    await cartOf(customer, 3);
    time.advance(CART_LEFT_AFTER_MS);
    await remind();
    expect(await reminders(customer.phone)).toHaveLength(1);

    // A link not signed by the shop, or for another customer, stops nothing.
    const other = await phoneCustomer(t, { offers: true });
    for (const forged of [`${other.id.toString(36)}.${token.split(".")[1]}`, "1.abc", "", "x".repeat(101)]) {
      const refused = await t.app.inject({ url: `/api/offers/stop/?t=${encodeURIComponent(forged)}` });
      expect(refused.statusCode, forged).toBe(400);
      const posted = await t.app.inject({ method: "POST", url: "/api/offers/stop/", payload: { t: forged } });
      expect(posted.statusCode, forged).toBe(400);
    }
    expect(await offersOf(other.id)).toBe(true);

    // The profile's switch: offers on and off, WhatsApp left as it was.
    const headers = await authHeaders(t, customer.id, time.clock);
    const put = (payload: Record<string, unknown>) => t.app.inject({ method: "PUT", url: "/api/users/profile/notices/", headers, payload });
    expect((await put({ offers: true })).json()).toMatchObject({ offers: true, whatsapp: false });
    expect((await put({ whatsapp: true })).json()).toMatchObject({ offers: true, whatsapp: true });
    expect((await put({ offers: false })).json()).toMatchObject({ offers: false, whatsapp: true });
    expect((await put({ offers: "yes" })).statusCode).toBe(400);
  });
});
