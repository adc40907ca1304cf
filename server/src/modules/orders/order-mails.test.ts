import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { toPaise } from "@krishi/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../app.ts";
import { loadConfig } from "../../config.ts";
import type { Mailer, MailMessage } from "../../lib/mail.ts";
import { authHeaders } from "../../testing/accounts.ts";
import { makeProduct, makeUser } from "../../testing/factories.ts";
import { placeOrder } from "../../testing/orders.ts";
import { createTestApp, createTestDatabase, type TestApp } from "../../testing/test-app.ts";

const SITE = "http://shop.test";

/** A mailer that keeps what it is given: the customer's inbox, as the tests read it. */
class RecordingMailer implements Mailer {
  readonly sent: MailMessage[] = [];

  async send(message: MailMessage): Promise<void> {
    this.sent.push(message);
  }

  async close(): Promise<void> {}

  to(address: string): MailMessage[] {
    return this.sent.filter((m) => m.to === address);
  }
}

type Headers = Record<string, string>;
interface Customer {
  email: string;
  headers: Headers;
}
interface PlacedOrder {
  id: number;
  totalPaise: number;
}

async function newCustomer(t: TestApp, language: "en" | "hi" = "en"): Promise<Customer> {
  const user = await makeUser(t.database.db, { first_name: "Asha", last_name: "Kulkarni", language });
  return { email: user.email, headers: await authHeaders(t, user.id) };
}

/** An order of ₹1,995.00 of goods: ₹2,158.59 with the 8.2 % tax, shipping free. */
const TOTAL = "₹2,158.59";

async function newOrder(t: TestApp, customer: Customer): Promise<PlacedOrder> {
  const product = await makeProduct(t.database.db, { pricePaise: 1995_00, stock: 10 });
  const order = await placeOrder(t, customer.headers, { id: product.id, pricePaise: 1995_00 });
  return { id: order._id, totalPaise: toPaise(order.totalPrice) };
}

/** Pays through the sandbox checkout, as the browser does (see payments.test.ts). */
async function payOrder(t: TestApp, customer: Customer, order: PlacedOrder): Promise<void> {
  const opened = await t.app.inject({
    method: "POST",
    url: "/api/orders/create-razorpay-order/",
    headers: customer.headers,
    payload: { order_id: order.id, amount: order.totalPaise },
  });
  expect(opened.statusCode, opened.body).toBe(200);
  const proof = await t.app.inject({ method: "POST", url: "/sandbox/razorpay/pay", payload: { order_id: opened.json().data.id } });
  expect(proof.statusCode, proof.body).toBe(200);
  for (let time = 0; time < 2; time++) {
    // Confirming twice (a retried request) is harmless, and must not queue a second mail.
    const paid = await t.app.inject({
      method: "PUT",
      url: `/api/orders/${order.id}/pay/`,
      headers: customer.headers,
      payload: proof.json(),
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().isPaid).toBe(true);
  }
}

/** The customer mails queued for an order's transitions, oldest first, with the event that caused each. */
async function queuedFor(t: TestApp, orderId: number) {
  const { db } = t.database;
  const events = await db.selectFrom("order_events").select(["id", "event"]).where("order_id", "=", orderId).execute();
  const eventOf = new Map(events.map((e) => [`order-event:${e.id}`, e.event]));
  const rows = await db
    .selectFrom("mail_queue")
    .select(["dedupe_key", "to_address", "subject", "text_body", "status"])
    .where("dedupe_key", "in", [...eventOf.keys()])
    .orderBy("id")
    .execute();
  return rows.map((row) => ({ event: eventOf.get(row.dedupe_key), to: row.to_address, subject: row.subject, status: row.status }));
}

const placedSubject = (id: number) => `Your order #${id} is placed: please pay to confirm it`;
const paidSubject = (id: number) => `Payment received for your order #${id}`;

describe("order mails", () => {
  let t: TestApp;
  let mailer: RecordingMailer;
  let staff: Headers;

  beforeAll(async () => {
    mailer = new RecordingMailer();
    t = await createTestApp({ SITE_URL: SITE }, {}, { mailer });
    staff = await authHeaders(t, (await makeUser(t.database.db, { is_staff: true })).id);
  });
  afterAll(() => t.close());

  const drain = () => t.app.services.mailQueue.drain();

  it("queues exactly one 'placed' mail to the customer when an order is placed, and sends it when the queue is drained", async () => {
    const customer = await newCustomer(t);
    const order = await newOrder(t, customer);

    expect(await queuedFor(t, order.id)).toEqual([
      { event: "place", to: customer.email, subject: placedSubject(order.id), status: "queued" },
    ]);
    // Jobs do not run by themselves in tests: nothing has gone out yet.
    expect(mailer.to(customer.email)).toEqual([]);

    expect(await drain()).toMatchObject({ sent: 1, retrying: 0, failed: 0 });
    const [mail] = mailer.to(customer.email);
    expect(mailer.to(customer.email)).toHaveLength(1);
    expect(mail?.subject).toBe(placedSubject(order.id));
    expect(mail?.text).toContain("Namaste Asha Kulkarni,");
    expect(mail?.text).toContain(`Thank you for your order #${order.id} of ${TOTAL}.`);
    expect(mail?.text).toContain(`${SITE}/order/${order.id}\n`);
    expect(mail?.html).toContain(`href="${SITE}/order/${order.id}"`);
  });

  it("queues one 'Payment received' mail when the order is paid; draining twice sends each mail once", async () => {
    const customer = await newCustomer(t);
    const order = await newOrder(t, customer);
    await payOrder(t, customer, order);

    expect(await queuedFor(t, order.id)).toEqual([
      { event: "place", to: customer.email, subject: placedSubject(order.id), status: "queued" },
      { event: "pay", to: customer.email, subject: paidSubject(order.id), status: "queued" },
    ]);

    expect(await drain()).toMatchObject({ sent: 2, retrying: 0, failed: 0 });
    expect(await drain()).toEqual({ sent: 0, retrying: 0, failed: 0 });

    const inbox = mailer.to(customer.email);
    expect(inbox.map((m) => m.subject)).toEqual([placedSubject(order.id), paidSubject(order.id)]);
    expect(inbox[1]?.text).toContain(`We have received your payment of ${TOTAL} for order #${order.id}.`);
    expect((await queuedFor(t, order.id)).map((m) => m.status)).toEqual(["sent", "sent"]);
  });

  it("mails the courier, the AWB number and the tracking link when staff ship the order", async () => {
    const customer = await newCustomer(t);
    const order = await newOrder(t, customer);
    await payOrder(t, customer, order);
    const trackingUrl = "https://www.delhivery.example/track/package/DLV20250601";

    const shipped = await t.app.inject({
      method: "PUT",
      url: `/api/orders/${order.id}/ship/`,
      headers: staff,
      payload: { courier: "Delhivery", awb: "DLV20250601", trackingUrl },
    });
    expect(shipped.statusCode, shipped.body).toBe(200);
    expect((await queuedFor(t, order.id)).map((m) => m.event)).toEqual(["place", "pay", "ship"]);

    await drain();
    const mails = mailer.to(customer.email).filter((m) => m.subject === `Your order #${order.id} has shipped`);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain(`Your order #${order.id} is on its way with Delhivery (AWB DLV20250601).`);
    expect(mails[0]?.text).toContain(`Track your parcel: ${trackingUrl}`);
    expect(mails[0]?.html).toContain(trackingUrl);
  });

  it("mails the customer when staff mark the order delivered", async () => {
    const customer = await newCustomer(t);
    const order = await newOrder(t, customer);
    await payOrder(t, customer, order);

    const delivered = await t.app.inject({ method: "PUT", url: `/api/orders/${order.id}/deliver/`, headers: staff });
    expect(delivered.statusCode, delivered.body).toBe(200);
    expect((await queuedFor(t, order.id)).map((m) => m.event)).toEqual(["place", "pay", "deliver"]);

    await drain();
    expect(mailer.to(customer.email).map((m) => m.subject)).toEqual([
      placedSubject(order.id),
      paidSubject(order.id),
      `Your order #${order.id} has been delivered`,
    ]);
  });

  it("mails one 'cancelled' notice, with no refund promise, when the owner cancels an unpaid order", async () => {
    const customer = await newCustomer(t);
    const order = await newOrder(t, customer);

    const cancelled = await t.app.inject({
      method: "POST",
      url: `/api/orders/${order.id}/cancel/`,
      headers: customer.headers,
      payload: { reason: "Ordered twice" },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    // A repeated click changes nothing and queues nothing more.
    const again = await t.app.inject({ method: "POST", url: `/api/orders/${order.id}/cancel/`, headers: customer.headers, payload: {} });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().status).toBe("cancelled");
    expect((await queuedFor(t, order.id)).map((m) => m.event)).toEqual(["place", "cancel"]);

    await drain();
    const inbox = mailer.to(customer.email);
    expect(inbox.map((m) => m.subject)).toEqual([placedSubject(order.id), `Your order #${order.id} is cancelled`]);
    expect(inbox[1]?.text).toContain(`Your order #${order.id} has been cancelled.`);
    expect(inbox[1]?.text).not.toContain("refund");
  });

  it("writes a Hindi-speaking customer's order mails in Hindi, with the order number, amount and link", async () => {
    const customer = await newCustomer(t, "hi");
    const order = await newOrder(t, customer);
    await payOrder(t, customer, order);
    await drain();

    const [placed, paid] = mailer.to(customer.email);
    expect(mailer.to(customer.email)).toHaveLength(2);
    expect(placed?.subject).toBe(`आपका ऑर्डर #${order.id} दर्ज हो गया है: पक्का करने के लिए भुगतान करें`);
    expect(placed?.text).toContain("नमस्ते Asha Kulkarni,");
    expect(placed?.text).toContain(`${TOTAL} के आपके ऑर्डर #${order.id} के लिए धन्यवाद।`);
    // The link opens the order's page in Hindi.
    expect(placed?.text).toContain(`${SITE}/order/${order.id}?lang=hi\n`);
    expect(placed?.html).toContain(`href="${SITE}/order/${order.id}?lang=hi"`);
    expect(placed?.html).toContain("अपना ऑर्डर देखें");
    expect(placed?.text).not.toContain("Thank you");
    expect(paid?.subject).toBe(`आपके ऑर्डर #${order.id} का भुगतान मिल गया है`);
    expect(paid?.text).toContain(`हमें ऑर्डर #${order.id} के लिए आपका ${TOTAL} का भुगतान मिल गया है।`);
  });
});

describe("order mails across a restart", () => {
  it("sends the mails one process queued and never sent from the next process, each exactly once in total", async () => {
    const database = await createTestDatabase();
    const dataDir = mkdtempSync(path.join(tmpdir(), "kb-test-"));
    const config = loadConfig({ NODE_ENV: "test", DATA_DIR: dataDir, JWT_SECRET: randomBytes(32).toString("hex"), SITE_URL: SITE });
    /** One shop process on the shared database: what createTestApp builds, without owning the database. */
    const boot = async (mailer: Mailer): Promise<TestApp> => {
      const app = await buildApp(config, { database, mailer });
      await app.ready();
      return { app, database, config, dataDir, close: () => app.close() };
    };
    const beforeRestart = new RecordingMailer();
    const afterRestart = new RecordingMailer();
    let first: TestApp | undefined;
    try {
      first = await boot(beforeRestart);
      const customer = await newCustomer(first);
      const paid = await newOrder(first, customer);
      expect(await first.app.services.mailQueue.drain()).toMatchObject({ sent: 1 });
      await payOrder(first, customer, paid);
      const unpaid = await newOrder(first, customer);
      // The process stops with two mails still queued.
      await first.close();
      first = undefined;

      const second = await boot(afterRestart);
      try {
        expect(await second.app.services.jobs.runNow("send-mail")).toBe(true);
        expect(await second.app.services.mailQueue.drain()).toEqual({ sent: 0, retrying: 0, failed: 0 });
      } finally {
        await second.close();
      }

      expect(beforeRestart.sent.map((m) => m.subject)).toEqual([placedSubject(paid.id)]);
      expect(afterRestart.sent.map((m) => m.subject)).toEqual([paidSubject(paid.id), placedSubject(unpaid.id)]);
      expect(afterRestart.sent.every((m) => m.to === customer.email)).toBe(true);
      const statuses = await database.db.selectFrom("mail_queue").select(["status", "attempts"]).execute();
      expect(statuses).toEqual([
        { status: "sent", attempts: 1 },
        { status: "sent", attempts: 1 },
        { status: "sent", attempts: 1 },
      ]);
    } finally {
      await first?.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
