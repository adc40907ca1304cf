import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authHeaders } from "../../testing/accounts.ts";
import { fakeDltTemplateId, useFakeMessaging } from "../../testing/fake-messaging.ts";
import { ADDRESSES, type GstProduct, INDIA_ENV, makeGstProduct, placeAt } from "../../testing/orders.ts";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";
import { ORDER_MESSAGE_TEMPLATES, orderMessage, RETURN_NOTES } from "./order-messages.ts";

const SITE = "http://shop.test";
const SHIPMENT = { courier: "India Post", awb: "EE123456789IN", trackingUrl: "https://www.indiapost.gov.in/track?awb=EE123456789IN" };

type Headers = Record<string, string>;

describe("order news by SMS and WhatsApp", () => {
  const { msg91, whatsapp, env } = useFakeMessaging();
  let t: TestApp;
  let staff: Headers;
  let urea: GstProduct;
  let sequence = 0;

  beforeAll(async () => {
    t = await createTestApp({ ...INDIA_ENV, ...env(), SITE_URL: SITE });
    const db = t.database.db;
    const staffRow = await db
      .insertInto("users")
      .values({
        email: "staff@krishibazaar.in",
        first_name: "Meera",
        last_name: "Joshi",
        is_staff: true,
        is_active: true,
        email_verified: true,
        created_at: new Date().toISOString(),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    staff = await authHeaders(t, staffRow.id);
    urea = await makeGstProduct(db, { pricePaise: 266_50, gstRate: 5, hsnCode: "3102", stock: 1000, name: "Urea" });
  });
  afterAll(() => t.close());

  /** A customer with a mobile number and no e-mail address, as the code sign-in makes one. */
  async function phoneCustomer(language: "en" | "hi", optIn = false) {
    const phone = `+9198${String(++sequence).padStart(8, "0")}`;
    const row = await t.database.db
      .insertInto("users")
      .values({
        email: null,
        phone,
        whatsapp_opt_in: optIn,
        first_name: "Ramesh",
        last_name: "",
        is_staff: false,
        is_active: true,
        email_verified: false,
        language,
        created_at: new Date().toISOString(),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    return { phone, headers: await authHeaders(t, row.id) };
  }

  const put = (id: number, action: string, payload?: object) =>
    t.app.inject({ method: "PUT", url: `/api/orders/${id}/${action}/`, headers: staff, ...(payload ? { payload } : {}) });
  const drain = () => t.app.services.mailQueue.drain();
  /** What MSG91 was asked to send to a number: template and values. */
  const smsTo = (phone: string) =>
    msg91.requests.flatMap((r) => {
      const [recipient] = (r.body?.recipients ?? []) as Record<string, string>[];
      return recipient?.mobiles === phone.slice(1) ? [{ template: r.body?.template_id, vars: Object.values(recipient).slice(1) }] : [];
    });

  it("tells a phone-only customer in Hindi to keep the cash ready, then that the parcel shipped and arrived — by SMS, once each, never by e-mail", async () => {
    const customer = await phoneCustomer("hi");
    const placed = await placeAt(t, customer.headers, [{ product: urea, qty: 4 }], ADDRESSES.nashik, { paymentMethod: "COD" });
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json();
    // Written with India's grouping, as the shop shows amounts.
    const total = "₹1,161.30";
    expect(`₹${order.totalPrice}`).toBe(total.replace(",", ""));
    // The order's page, opening in Hindi.
    const url = `${SITE}/order/${order._id}?lang=hi`;

    const queued = await t.database.db
      .selectFrom("mail_queue")
      .select(["channel", "to_address", "text_body"])
      .where("to_address", "=", customer.phone)
      .execute();
    expect(queued).toEqual([{ channel: "sms", to_address: customer.phone, text_body: expect.stringContaining(`${total} तैयार रखें`) }]);
    // No e-mail address, so no mail is queued for the order at all.
    const mails = await t.database.db
      .selectFrom("mail_queue")
      .select("to_address")
      .where("channel", "=", "email")
      .where("to_address", "=", "")
      .execute();
    expect(mails).toEqual([]);

    await drain();
    await drain();
    expect(smsTo(customer.phone)).toEqual([
      { template: fakeDltTemplateId("order_placed_cod", "hi"), vars: [String(order._id), total, url] },
    ]);

    expect((await put(order._id, "ship", SHIPMENT)).statusCode).toBe(200);
    expect((await put(order._id, "cod-received")).statusCode).toBe(200);
    await drain();
    expect(smsTo(customer.phone).slice(1)).toEqual([
      {
        template: fakeDltTemplateId("order_shipped", "hi"),
        vars: [String(order._id), SHIPMENT.courier, SHIPMENT.awb, SHIPMENT.trackingUrl],
      },
      { template: fakeDltTemplateId("order_delivered", "hi"), vars: [String(order._id), url] },
    ]);
    // WhatsApp only for those who opted in.
    expect(whatsapp.requests).toHaveLength(0);
  });

  it("tells a phone-only customer in Hindi of each step of a return by SMS, once each, and of the refund paid to their UPI id", async () => {
    const customer = await phoneCustomer("hi");
    const order = (await placeAt(t, customer.headers, [{ product: urea, qty: 1 }], ADDRESSES.nashik, { paymentMethod: "COD" })).json();
    expect((await put(order._id, "ship", SHIPMENT)).statusCode).toBe(200);
    expect((await put(order._id, "cod-received")).statusCode).toBe(200);
    const asked = await t.app.inject({
      method: "POST",
      url: `/api/orders/${order._id}/returns/`,
      headers: customer.headers,
      payload: { lines: [{ product: urea.id, qty: 1 }], reason: "damaged", refundTo: { upi: "ramesh@okaxis" } },
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const returnId = asked.json().id;
    const act = (action: string) =>
      t.app.inject({ method: "PUT", url: `/api/orders/${order._id}/returns/${returnId}/`, headers: staff, payload: { action } });
    expect((await act("approve")).statusCode).toBe(200);
    const received = await act("receive");
    expect(received.statusCode, received.body).toBe(200);
    const [refund] = received.json().refunds;
    const paid = await t.app.inject({
      method: "PUT",
      url: `/api/orders/${order._id}/refunds/${refund.id}/`,
      headers: staff,
      payload: { reference: "UTR55501" },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    await drain();
    await drain();
    const url = `${SITE}/order/${order._id}?lang=hi`;
    const returned = (step: "requested" | "approved" | "received") => ({
      template: fakeDltTemplateId("order_return", "hi"),
      vars: [String(order._id), RETURN_NOTES.hi[step], url],
    });
    expect(smsTo(customer.phone).slice(3)).toEqual([
      returned("requested"),
      returned("approved"),
      returned("received"),
      { template: fakeDltTemplateId("order_refunded", "hi"), vars: [`₹${refund.amount}`, String(order._id)] },
    ]);
  });

  it("sends the same news on WhatsApp, in its utility template and language, to a customer who opted in", async () => {
    const customer = await phoneCustomer("en", true);
    const order = (await placeAt(t, customer.headers, [{ product: urea, qty: 1 }], ADDRESSES.nashik, { paymentMethod: "COD" })).json();
    const cancelled = await t.app.inject({
      method: "POST",
      url: `/api/orders/${order._id}/cancel/`,
      headers: customer.headers,
      payload: {},
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    await drain();
    expect(whatsapp.templates.map((template) => [template.name, (template.language as { code: string }).code])).toEqual([
      ["kb_order_placed_cod", "en"],
      ["kb_order_cancelled", "en"],
    ]);
    expect(smsTo(customer.phone)[1]).toEqual({
      template: fakeDltTemplateId("order_cancelled", "en"),
      vars: [String(order._id), "Nothing was charged.", `${SITE}/order/${order._id}`],
    });
  });

  it("retries a message the provider could not take, and sends it once", async () => {
    const customer = await phoneCustomer("en");
    // Nothing of an earlier test left to send: the failure is this message's.
    await drain();
    msg91.failNext(1);
    await placeAt(t, customer.headers, [{ product: urea, qty: 1 }], ADDRESSES.nashik, { paymentMethod: "COD" });
    await drain();
    expect(smsTo(customer.phone)).toHaveLength(1);
    const row = await t.database.db
      .selectFrom("mail_queue")
      .select(["status", "last_error", "next_attempt_at"])
      .where("to_address", "=", customer.phone)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe("queued");
    expect(row.last_error).toContain("500");
    // Due again once its back-off has passed (the queue's clock is the system's in this app).
    await t.database.db
      .updateTable("mail_queue")
      .set({ next_attempt_at: new Date(0).toISOString() })
      .where("to_address", "=", customer.phone)
      .execute();
    await drain();
    await drain();
    // The failed attempt and the one that went through: nothing more.
    expect(smsTo(customer.phone)).toHaveLength(2);
    const sent = await t.database.db
      .selectFrom("mail_queue")
      .select("status")
      .where("to_address", "=", customer.phone)
      .executeTakeFirstOrThrow();
    expect(sent.status).toBe("sent");
  });

  it("fills every registered template with exactly its values, in both languages", () => {
    for (const language of ["en", "hi"] as const) {
      for (const kind of Object.keys(ORDER_MESSAGE_TEMPLATES[language]) as (keyof (typeof ORDER_MESSAGE_TEMPLATES)["en"])[]) {
        const slots = ORDER_MESSAGE_TEMPLATES[language][kind].split("{#}").length - 1;
        const values = Array.from({ length: slots }, (_, i) => `v${i}`);
        const { text } = orderMessage(language, kind, values);
        expect(text).not.toContain("{#}");
        for (const value of values) expect(text).toContain(value);
        expect(() => orderMessage(language, kind, values.slice(1))).toThrow();
      }
    }
  });
});
