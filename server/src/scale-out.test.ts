import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { paiseToDecimal, priceOrder } from "@krishi/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_ACCOUNTS } from "./seed/demo.ts";
import { AUTH, authHeaders } from "./testing/accounts.ts";
import { makeUser } from "./testing/factories.ts";
import { FARM_ADDRESS } from "./testing/orders.ts";
import { ServerProcess } from "./testing/server-process.ts";
import { TestMailbox } from "./testing/smtp.ts";
import { createTestDatabase } from "./testing/test-app.ts";

/**
 * Two real server processes on one PostgreSQL database and one Redis, started together, as a
 * shop runs behind a load balancer: they migrate and seed once, never oversell, see each other's
 * edits within a second, share rate limits, and run the scheduled work (expiry, mail) once.
 */
const pgUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.REDIS_URL;
const PAYMENT_WINDOW_SECONDS = 10;
const BUYERS = 50;
const ORDERS_EACH = 4;
const UNITS = 50;

type Database = Awaited<ReturnType<typeof createTestDatabase>>;

describe.skipIf(!pgUrl || !redisUrl)("two server processes sharing PostgreSQL and Redis", () => {
  let database: Database;
  let mailbox: TestMailbox;
  let dataDir: string;
  let a: ServerProcess;
  let b: ServerProcess;
  const jwtSecret = randomBytes(32).toString("hex");
  /** Each client is a different address behind the (trusted) load balancer. */
  const from = (ip: string) => ({ "x-forwarded-for": ip });

  beforeAll(async () => {
    database = await createTestDatabase({ migrate: false });
    mailbox = await TestMailbox.start();
    dataDir = mkdtempSync(path.join(tmpdir(), "krishi-scale-"));
    const env = {
      NODE_ENV: "development",
      DATABASE_URL: String(database.pgConfig?.connectionString),
      REDIS_URL: String(redisUrl),
      JWT_SECRET: jwtSecret,
      SMTP_URL: mailbox.url,
      // One media directory for both, as a shared mount would be.
      DATA_DIR: dataDir,
      SEED_DEMO: "true",
      RUN_JOBS: "true",
      ORDER_PAYMENT_WINDOW_SECONDS: String(PAYMENT_WINDOW_SECONDS),
      ORDER_MAX_UNPAID: String(ORDERS_EACH),
      TRUST_PROXY: "1",
      LOG_LEVEL: "warn",
      LOG_FORMAT: "json",
    };
    // Started together on an empty database: both migrate and seed under the start-up lock.
    [a, b] = await Promise.all([ServerProcess.start(env), ServerProcess.start(env)]);
  }, 180_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await mailbox?.stop();
    await database?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  it("migrated and seeded the empty database once", async () => {
    const accounts = await database.db
      .selectFrom("users")
      .select("email")
      .where(
        "email",
        "in",
        DEMO_ACCOUNTS.map((account) => account.email),
      )
      .execute();
    expect(accounts).toHaveLength(DEMO_ACCOUNTS.length);
    const products = await database.db
      .selectFrom("products")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    const names = await database.db.selectFrom("products").select("name").distinct().execute();
    expect(Number(products.n)).toBe(names.length);
  });

  let productId: number;

  it("shows an edit made through one process on the other within a second", async () => {
    const staff = (await signIn(a, DEMO_ACCOUNTS[0], "10.0.0.1")).headers;
    const list = (await (await b.fetch("/api/products/")).json()) as { _id: number }[];
    productId = Number(list[0]?._id);
    // B has the product in its cache, fresh, when A edits it.
    const before = (await (await b.fetch(`/api/products/${productId}/`)).json()) as Record<string, unknown>;
    await b.fetch(`/api/products/${productId}/`);
    // And its server-rendered page.
    expect((await b.fetch(`/product/${productId}`)).status).toBe(200);

    const price = "4321.00";
    const edit = await a.fetch(`/api/products/update/${productId}/`, {
      method: "PUT",
      headers: { ...staff, "content-type": "application/json" },
      body: JSON.stringify({
        name: before.name,
        brand: before.brand,
        category: (before.category as { id: number }).id,
        description: before.description,
        price,
        countInStock: UNITS,
      }),
    });
    expect(edit.status, await edit.clone().text()).toBe(200);
    const edited = Date.now();

    let seen = "";
    while (Date.now() - edited < 1_000) {
      seen = String(((await (await b.fetch(`/api/products/${productId}/`)).json()) as { price: string }).price);
      if (seen === price) break;
    }
    expect(seen, "B still served the price from before the edit").toBe(price);
    expect(Date.now() - edited).toBeLessThan(1_000);
    const page = await (await b.fetch(`/product/${productId}`)).text();
    expect(page, "B still served the page from before the edit").toContain("₹4,321.00");
  });

  it("applies a serviceability table uploaded through A to B within a second, and its removal too", async () => {
    const staff = (await signIn(a, DEMO_ACCOUNTS[0], "10.0.0.9")).headers;
    const servedOnB = async () => ((await (await b.fetch("/api/pincodes/560001/")).json()) as { serviceable: boolean }).serviceable;
    /** Asks B until it answers `expected` or a second has passed since the change; answers what it said last. */
    const bAfterChange = async (expected: boolean) => {
      const changed = Date.now();
      let served = await servedOnB();
      while (served !== expected && Date.now() - changed < 1_000) served = await servedOnB();
      return served;
    };
    // B has read that there is no table (every known PIN served) when A uploads one.
    expect(await servedOnB()).toBe(true);
    const csv = { ...staff, "content-type": "text/csv" };
    const uploaded = await a.fetch("/api/staff/serviceability/", { method: "PUT", headers: csv, body: "pin,days,cod\n4220,2,yes\n" });
    expect(uploaded.status, await uploaded.clone().text()).toBe(200);
    expect(await bAfterChange(false), "B still served a PIN code the table leaves out").toBe(false);

    const removed = await a.fetch("/api/staff/serviceability/", { method: "DELETE", headers: staff });
    expect(removed.status).toBe(200);
    expect(await bAfterChange(true), "B still refused a PIN code after the table was removed").toBe(true);
  });

  it("shares the sign-in rate limit: the 11th wrong password from one address is refused on either process", async () => {
    const email = `guess-${randomBytes(4).toString("hex")}@example.in`;
    const attempt = (server: ServerProcess) =>
      server.fetch(`${AUTH}/login/`, {
        method: "POST",
        headers: { ...from("10.0.0.2"), "content-type": "application/json" },
        body: JSON.stringify({ email, password: "not-the-password" }),
      });
    // 10 per address and IP a minute (DEFAULT_RATE_LIMITS), five through each process.
    for (let i = 0; i < 10; i++) expect((await attempt(i % 2 === 0 ? a : b)).status).not.toBe(429);
    expect((await attempt(a)).status).toBe(429);
    expect((await attempt(b)).status).toBe(429);
  });

  it("ends a session everywhere: signed out through A, its token is refused by B", async () => {
    const { access, refresh } = await signIn(a, DEMO_ACCOUNTS[1], "10.0.0.3");
    const profile = () => b.fetch("/api/users/profile/", { headers: { authorization: `Bearer ${access}` } });
    expect((await profile()).status).toBe(200);

    const out = await a.fetch(`${AUTH}/logout/`, {
      method: "POST",
      headers: { authorization: `Bearer ${access}`, "content-type": "application/json" },
      body: JSON.stringify({ refresh }),
    });
    expect(out.status).toBe(200);
    expect((await profile()).status).toBe(401);
  });

  let orderIds: number[] = [];

  it("sells exactly the 50 units in stock to 200 concurrent orders spread over both", async () => {
    const buyers = await Promise.all(
      Array.from({ length: BUYERS }, async (_, i) => {
        const user = await makeUser(database.db, { email: `buyer${i}-${randomBytes(3).toString("hex")}@example.in` });
        return authHeaders({ config: { jwtSecret }, database }, user.id);
      }),
    );
    const price = 4321_00;
    const body = JSON.stringify({
      orderItems: [{ product: productId, qty: 1 }],
      shippingAddress: FARM_ADDRESS,
      totalPrice: paiseToDecimal(priceOrder([{ pricePaise: price, qty: 1 }]).totalPaise),
    });
    const answers = await Promise.all(
      Array.from({ length: BUYERS * ORDERS_EACH }, async (_, i) => {
        const server = i % 2 === 0 ? a : b;
        const res = await server.fetch("/api/orders/add/", {
          method: "POST",
          headers: { ...buyers[i % BUYERS], "content-type": "application/json" },
          body,
        });
        return { status: res.status, body: (await res.json()) as { _id?: number; detail?: string } };
      }),
    );
    const placed = answers.filter((answer) => answer.status === 201);
    expect(placed).toHaveLength(UNITS);
    // The others are told the stock ran out (4xx), never an error of the server.
    for (const refused of answers.filter((answer) => answer.status !== 201))
      expect([400, 409], refused.body.detail).toContain(refused.status);
    orderIds = placed.map((answer) => Number(answer.body._id));
    expect(await stock(productId)).toBe(0);
  }, 60_000);

  it("expires each unpaid order once and puts its unit back once", async () => {
    // Both processes sweep; each order must be expired by one of them only.
    const deadline = Date.now() + 60_000;
    for (;;) {
      const open = await database.db
        .selectFrom("orders")
        .select("id")
        .where("id", "in", orderIds)
        .where("status", "!=", "cancelled")
        .execute();
      if (open.length === 0) break;
      if (Date.now() > deadline) throw new Error(`${open.length} orders were not expired in time`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(await stock(productId)).toBe(UNITS);
    const expiries = await database.db
      .selectFrom("order_events")
      .select(["order_id", (eb) => eb.fn.countAll<number>().as("n")])
      .where("order_id", "in", orderIds)
      .where("event", "=", "expire")
      .groupBy("order_id")
      .execute();
    expect(expiries).toHaveLength(UNITS);
    for (const row of expiries) expect(Number(row.n)).toBe(1);
  }, 90_000);

  it("sends each queued mail once", async () => {
    const deadline = Date.now() + 60_000;
    let rows: { dedupe_key: string; status: string; attempts: number; to_address: string; subject: string }[] = [];
    for (;;) {
      rows = await database.db.selectFrom("mail_queue").select(["dedupe_key", "status", "attempts", "to_address", "subject"]).execute();
      if (rows.length > 0 && rows.every((row) => row.status === "sent") && mailbox.messages.length >= rows.length) break;
      if (Date.now() > deadline) throw new Error(`mail still queued: ${rows.filter((r) => r.status !== "sent").length}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    // Every expired order was told, once.
    expect(rows.filter((row) => row.dedupe_key.startsWith("order-event:")).length).toBeGreaterThanOrEqual(UNITS);
    for (const row of rows) expect(row.attempts, row.dedupe_key).toBe(1);
    expect(mailbox.messages).toHaveLength(rows.length);
    const sent = mailbox.messages.map((m) => `${m.to.join(",")} ${m.subject}`).sort();
    const queued = rows.map((r) => `${r.to_address} ${r.subject}`).sort();
    expect(sent).toEqual(queued);
  }, 90_000);

  async function stock(id: number): Promise<number> {
    const row = await database.db.selectFrom("products").select("count_in_stock").where("id", "=", id).executeTakeFirstOrThrow();
    return row.count_in_stock;
  }

  async function signIn(server: ServerProcess, account: { email: string; password: string }, ip: string) {
    const res = await server.fetch(`${AUTH}/login/`, {
      method: "POST",
      headers: { ...from(ip), "content-type": "application/json" },
      body: JSON.stringify({ email: account.email, password: account.password }),
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const { access, refresh } = (await res.json()) as { access: string; refresh: string };
    return { access, refresh, headers: { authorization: `Bearer ${access}` } };
  }
});
