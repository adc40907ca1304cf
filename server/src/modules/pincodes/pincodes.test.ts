import { performance } from "node:perf_hooks";
import { setImmediate as turn } from "node:timers/promises";
import { paiseToDecimal, priceOrder } from "@krishi/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authHeaders } from "../../testing/accounts.ts";
import { makeProduct, makeUser } from "../../testing/factories.ts";
import { FARM_ADDRESS, stockOf } from "../../testing/orders.ts";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";
import { MAX_ROWS, TOO_MANY_ROWS } from "./serviceability-csv.ts";

/** The shop with Cash on Delivery on (7 days by default), and one with the defaults (COD off, 5 days). */
let t: TestApp;
let plain: TestApp;
let staff: Record<string, string>;
let customer: Record<string, string>;

beforeAll(async () => {
  [t, plain] = await Promise.all([createTestApp({ COD_ENABLED: "true", DELIVERY_DAYS: "7" }), createTestApp()]);
  staff = await authHeaders(t, (await makeUser(t.database.db, { is_staff: true })).id);
  customer = await authHeaders(t, (await makeUser(t.database.db)).id);
  // The first lookup loads the PIN directory (extracted in a child process on a fresh install).
  await t.app.services.pincodes.lookup("110001");
});
afterAll(async () => {
  await Promise.all([t.close(), plain.close()]);
});

const lookup = (pin: string, app = t) => app.app.inject({ url: `/api/pincodes/${pin}/` });
const upload = (csv: string, headers = staff, contentType = "text/csv") =>
  t.app.inject({ method: "PUT", url: "/api/staff/serviceability/", headers: { ...headers, "content-type": contentType }, payload: csv });
/** The table in force (the version `serviceability` names). */
const table = async () =>
  (
    await t.database.db
      .selectFrom("serviceable_pins")
      .select(["prefix", "delivery_days", "cod"])
      .where("version", "=", (eb) => eb.selectFrom("serviceability").select("version"))
      .orderBy("prefix")
      .execute()
  ).map((row) => [row.prefix, Number(row.delivery_days), Boolean(row.cod)]);
const clear = () => t.app.inject({ method: "DELETE", url: "/api/staff/serviceability/", headers: staff });

describe("GET /api/pincodes/{pin}/", () => {
  it("answers the district and state, served in the default days with COD while no table is uploaded; cacheable", async () => {
    const res = await lookup("110001");
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ pin: "110001", district: "Central Delhi", state: "Delhi", serviceable: true, cod: true, deliveryDays: 7 });
    expect(res.headers["cache-control"]).toMatch(/^public, max-age=\d{3}$/);
  });

  it("offers COD only when Cash on Delivery is on", async () => {
    expect((await lookup("110001", plain)).json()).toMatchObject({ serviceable: true, cod: false, deliveryDays: 5 });
  });

  it("spells states the shop's way, Leh and Kargil in Ladakh", async () => {
    expect((await lookup("194101")).json()).toMatchObject({ district: "Leh", state: "Ladakh" });
    expect((await lookup("190001")).json()).toMatchObject({ state: "Jammu and Kashmir" });
    expect((await lookup("744101")).json()).toMatchObject({ state: "Andaman and Nicobar Islands" });
  });

  it("answers 404 for a PIN code the directory does not know", async () => {
    const res = await lookup("999999");
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      detail: "PIN code 999999 was not found.",
      message: "PIN code 999999 was not found.",
      code: "pin_not_found",
      params: { pin: "999999" },
    });
  });

  it.each(["12345", "1100011", "011001", "11000A", "%20110001"])("answers 400 for the malformed PIN %j", async (pin) => {
    const res = await lookup(pin);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ pin: ["Enter a valid value."], detail: "pin: Enter a valid value." });
  });

  it("needs no sign-in", async () => {
    expect((await t.app.inject({ url: "/api/pincodes/400001/", headers: customer })).statusCode).toBe(200);
    expect((await lookup("400001")).statusCode).toBe(200);
  });
});

/**
 * How long the event loop went without running a 10 ms timer, from now until the first tick after
 * stop() (which measures a block that lasted to the end): the largest gap in wall time, and the
 * most CPU time the process spent within one gap. A block is CPU spent without yielding; on a
 * loaded machine a gap in wall time may also be time the process was not given a core.
 */
function loopGaps() {
  let last = { at: performance.now(), cpu: process.cpuUsage() };
  let wall = 0;
  let cpu = 0;
  let ticked: (() => void) | undefined;
  const timer = setInterval(() => {
    const now = { at: performance.now(), cpu: process.cpuUsage() };
    wall = Math.max(wall, now.at - last.at);
    const used = process.cpuUsage(last.cpu);
    cpu = Math.max(cpu, (used.user + used.system) / 1000);
    last = now;
    ticked?.();
  }, 10);
  return {
    async stop(): Promise<{ wall: number; cpu: number }> {
      await new Promise<void>((resolve) => {
        ticked = resolve;
      });
      clearInterval(timer);
      return { wall, cpu };
    },
  };
}

describe("PUT /api/staff/serviceability/", () => {
  it("replaces the table; the longest matching prefix wins; a PIN it does not cover is not served", async () => {
    const res = await upload("pin,deliveryDays,cod\n11,3,yes\n110001,1,no\n4110,2,true\n");
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ rows: 3, detail: expect.stringContaining("3") });
    expect(await table()).toEqual([
      ["11", 3, true],
      ["110001", 1, false],
      ["4110", 2, true],
    ]);
    expect(await t.app.services.pincodes.hasServiceabilityTable()).toBe(true);

    expect((await lookup("110001")).json()).toMatchObject({ serviceable: true, deliveryDays: 1, cod: false });
    expect((await lookup("110002")).json()).toMatchObject({ serviceable: true, deliveryDays: 3, cod: true });
    expect((await lookup("411001")).json()).toMatchObject({ serviceable: true, deliveryDays: 2, cod: true });
    expect((await lookup("560001")).json()).toEqual({
      pin: "560001",
      district: "Bengaluru",
      state: "Karnataka",
      serviceable: false,
      cod: false,
      deliveryDays: null,
    });
    // Unknown PINs stay unknown, whatever the table says.
    expect((await lookup("119999")).statusCode).toBe(404);

    const again = await upload("560001,4,no\n");
    expect(again.json().rows).toBe(1);
    expect(await table()).toEqual([["560001", 4, false]]);
    expect((await lookup("110001")).json()).toMatchObject({ serviceable: false, cod: false, deliveryDays: null });
    expect((await lookup("560001")).json()).toMatchObject({ serviceable: true, cod: false, deliveryDays: 4 });
  });

  it("refuses the whole upload when one line is bad, naming it, and keeps the table as it was", async () => {
    await upload("11,3,yes\n");
    const res = await upload("pin,deliveryDays,cod\n110001,1,yes\n4110,two,yes\n560001,3,no\n");
    expect(res.statusCode).toBe(400);
    const detail = 'Line 3: "two" is not a number of delivery days (a whole number from 0 to 60).';
    expect(res.json()).toEqual({
      detail,
      message: detail,
      non_field_errors: [detail],
      code: "serviceability_invalid",
      field_errors: { non_field_errors: [{ code: "csv_days_invalid", params: { line: 3, value: "two", max: 60 } }] },
    });
    expect(await table()).toEqual([["11", 3, true]]);
  });

  it("refuses an empty file, keeping the table", async () => {
    await upload("11,3,yes\n");
    const res = await upload("pin,deliveryDays,cod\n");
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toMatch(/^The file has no rows/);
    expect(await table()).toEqual([["11", 3, true]]);
  });

  it("takes text/csv with a charset, and text/plain (a spreadsheet's export saved as .txt)", async () => {
    const csv = await upload("110001,2,no\n", staff, "text/csv; charset=utf-8");
    expect(csv.statusCode, csv.body).toBe(200);
    const text = await upload("110002,3,no\n", staff, "text/plain; charset=utf-8");
    expect(text.statusCode, text.body).toBe(200);
    expect(await table()).toEqual([["110002", 3, false]]);
  });

  it("refuses other media types than CSV and text, JSON among them (415)", async () => {
    await upload("11,3,yes\n");
    expect((await upload(JSON.stringify({ rows: [] }), staff, "application/json")).statusCode).toBe(415);
    expect((await upload("11,3,yes", staff, "application/x-www-form-urlencoded")).statusCode).toBe(415);
    expect(await table()).toEqual([["11", 3, true]]);
  });

  it("takes a table with thousands of rows in one go", async () => {
    const lines = Array.from({ length: 2_500 }, (_, i) => `${110000 + i},${i % 10},${i % 2 ? "yes" : "no"}`);
    const res = await upload(lines.join("\n"));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().rows).toBe(2_500);
    expect(await table()).toHaveLength(2_500);
    expect((await lookup("110001")).json()).toMatchObject({ serviceable: true, deliveryDays: 1, cod: true });
  });

  it("runs two uploads at the same moment one after the other: the table is one of them whole, never a mix", async () => {
    const first = Array.from({ length: 300 }, (_, i) => `${110000 + i},1,yes`).join("\n");
    const second = Array.from({ length: 300 }, (_, i) => `${110000 + i * 2},2,no`).join("\n");
    const answers = await Promise.all([upload(first), upload(second)]);
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200]);
    const rows = await table();
    expect(rows).toHaveLength(300);
    const days = new Set(rows.map((row) => row[1]));
    expect(days.size).toBe(1);
  });

  it("takes a 90 000-line file without holding the event loop: other requests are answered meanwhile", async () => {
    const lines = Array.from({ length: 90_000 }, (_, i) => `${110000 + i},${i % 10},${i % 3 ? "yes" : "no"}`);
    const csv = ["pin,deliveryDays,cod", ...lines].join("\n");
    const gaps = loopGaps();
    const answer = await upload(csv);
    const largest = await gaps.stop();
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().rows).toBe(90_000);
    // No request may wait more than 100 ms for the loop. Asserted in CPU time, which a loaded
    // 2-core CI machine does not stretch (its wall-time gaps reach ~170 ms while the process
    // waits for a core; the CPU within a gap stays ~20–30 ms). Read and written in one go, the
    // file held the loop for 0.2–0.5 s of CPU (2 s on a busy server). The test database does no
    // synchronous disk I/O, so a block here is CPU.
    expect(largest.cpu, `largest gap ${Math.round(largest.wall)} ms, ${Math.round(largest.cpu)} ms of CPU`).toBeLessThanOrEqual(100);
    expect((await lookup("110001")).json()).toMatchObject({ serviceable: true, deliveryDays: 1, cod: true });
    expect((await lookup("560001")).json()).toMatchObject({ serviceable: false });
    const [count] = await t.database.db
      .selectFrom("serviceable_pins")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .execute();
    // The rows of the table it replaced are gone.
    expect(Number(count?.n)).toBe(90_000);
  });

  it("shows readers the old table whole while a large upload is written, then the new one whole", async () => {
    await upload("11,3,yes\n");
    const inForce = async () =>
      Number(
        (
          await t.database.db
            .selectFrom("serviceable_pins")
            .select((eb) => eb.fn.countAll<number>().as("n"))
            .where("version", "=", (eb) => eb.selectFrom("serviceability").select("version"))
            .executeTakeFirstOrThrow()
        ).n,
      );
    let done = false;
    const uploading = upload(Array.from({ length: 20_000 }, (_, i) => `${120000 + i},2,no`).join("\n")).finally(() => {
      done = true;
    });
    const seen = new Set<number>();
    let reads = 0;
    while (!done) {
      seen.add(await inForce());
      reads += 1;
      // A read on SQLite completes without a turn of the event loop: give the upload its turn.
      await turn();
    }
    expect((await uploading).statusCode).toBe(200);
    seen.add(await inForce());
    expect(reads).toBeGreaterThan(1);
    expect([...seen].sort((a, b) => a - b)).toEqual([1, 20_000]);
  });

  it(`refuses a file of more than ${MAX_ROWS} rows with 400 naming the limit, and one over 6 MB with 413, keeping the table`, async () => {
    await upload("11,3,yes\n");
    const tooMany = await upload(Array.from({ length: MAX_ROWS + 1 }, (_, i) => `${100000 + i},1,no`).join("\n"));
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toMatchObject({ detail: TOO_MANY_ROWS, message: TOO_MANY_ROWS, non_field_errors: [TOO_MANY_ROWS] });
    expect(TOO_MANY_ROWS).toContain("2,00,000");
    const tooLarge = await upload(`110001,1,yes${" ".repeat(6 * 1024 * 1024)}\n`);
    expect(tooLarge.statusCode).toBe(413);
    expect(await table()).toEqual([["11", 3, true]]);
  });

  it("is for staff only: 401 without a token, 403 for a customer, and the table stays", async () => {
    await upload("11,3,yes\n");
    const anonymous = await upload("560001,1,yes\n", {});
    expect(anonymous.statusCode).toBe(401);
    const forbidden = await upload("560001,1,yes\n", customer);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().detail).toBe("You do not have permission to perform this action.");
    expect((await t.app.inject({ url: "/api/staff/serviceability/", headers: customer })).statusCode).toBe(403);
    expect((await t.app.inject({ method: "DELETE", url: "/api/staff/serviceability/", headers: customer })).statusCode).toBe(403);
    expect(await table()).toEqual([["11", 3, true]]);
  });

  it("answers the table as CSV, and DELETE removes it (every known PIN is served again)", async () => {
    await upload("4110,2,yes\n11,3,no\n");
    const csv = await t.app.inject({ url: "/api/staff/serviceability/", headers: staff });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers["content-type"]).toMatch(/^text\/csv/);
    expect(csv.body).toBe("pin,deliveryDays,cod\n11,3,no\n4110,2,yes\n");

    const removed = await clear();
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toMatchObject({ rows: 0 });
    expect(await table()).toEqual([]);
    expect(await t.app.services.pincodes.hasServiceabilityTable()).toBe(false);
    expect((await lookup("560001")).json()).toMatchObject({ serviceable: true, cod: true, deliveryDays: 7 });
  });

  it("governs checkouts from the moment it is uploaded or removed", async () => {
    await clear();
    const buyer = await authHeaders(t, (await makeUser(t.database.db)).id);
    const product = await makeProduct(t.database.db, { pricePaise: 250_00, stock: 10 });
    const checkout = (postalCode: string) =>
      t.app.inject({
        method: "POST",
        url: "/api/orders/add/",
        headers: buyer,
        payload: {
          orderItems: [{ product: product.id, qty: 1 }],
          shippingAddress: { ...FARM_ADDRESS, postalCode },
          totalPrice: paiseToDecimal(priceOrder([{ pricePaise: 250_00, qty: 1 }]).totalPaise),
        },
      });
    // Without a table every known PIN is served (and the shop has now read that there is none).
    expect((await checkout("560001")).statusCode).toBe(201);

    expect((await upload("4220,2,yes\n")).statusCode).toBe(200);
    const refused = await checkout("560001");
    expect(refused.statusCode).toBe(400);
    expect(refused.json().postalCode).toEqual(["Sorry, we do not deliver to PIN code 560001 yet."]);
    expect(await stockOf(t.database.db, product.id)).toBe(9);
    expect((await checkout("422001")).statusCode).toBe(201);

    expect((await clear()).statusCode).toBe(200);
    expect((await checkout("560001")).statusCode).toBe(201);
    expect(await stockOf(t.database.db, product.id)).toBe(7);
  });
});

describe("PincodeService", () => {
  it("answers null for a malformed or unknown PIN, and looks up inside a caller's transaction", async () => {
    const { pincodes } = t.app.services;
    expect(await pincodes.lookup("12345")).toBeNull();
    expect(await pincodes.lookup("999999")).toBeNull();
    await clear();
    await upload("40,1,yes\n");
    const inside = await t.database.db
      .transaction()
      .execute(async (trx) => [await pincodes.lookup("400001", trx), await pincodes.hasServiceabilityTable(trx)]);
    expect(inside).toEqual([
      { pin: "400001", district: "Mumbai", state: "Maharashtra", serviceable: true, cod: true, deliveryDays: 1 },
      true,
    ]);
  });
});
