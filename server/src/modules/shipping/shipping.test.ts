import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { authHeaders } from "../../testing/accounts.ts";
import { makeUser } from "../../testing/factories.ts";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";

type Headers = Record<string, string>;

let t: TestApp;
let staff: Headers;
let customer: Headers;

beforeAll(async () => {
  t = await createTestApp();
  staff = await authHeaders(t, (await makeUser(t.database.db, { is_staff: true })).id);
  customer = await authHeaders(t, (await makeUser(t.database.db)).id);
});
afterAll(() => t.close());
beforeEach(async () => {
  // Straight in the table: the rules each process keeps are dropped as another process's change would drop them.
  await t.database.db.deleteFrom("shipping_rules").execute();
  await t.app.services.events.emit("shippingRulesChanged", {});
});

const RULES = "/api/staff/shipping-rules/";
const create = (payload: object, headers = staff) => t.app.inject({ method: "POST", url: RULES, headers, payload });
const update = (id: number | string, payload: object, headers = staff) =>
  t.app.inject({ method: "PUT", url: `${RULES}${id}/`, headers, payload });
const remove = (id: number | string, headers = staff) => t.app.inject({ method: "DELETE", url: `${RULES}${id}/`, headers });
const upload = (csv: string, headers = staff, contentType = "text/csv") =>
  t.app.inject({ method: "PUT", url: `${RULES}csv/`, headers: { ...headers, "content-type": contentType }, payload: csv });
const publicRules = async () => (await t.app.inject({ url: "/api/shipping/rules/" })).json();
const rowCount = async () => (await t.database.db.selectFrom("shipping_rules").select("id").execute()).length;

const EVERYWHERE = { zone: "", minGrams: 0, maxGrams: 5_000, charge: "40", freeAbove: 2000 };

describe("GET /api/shipping/rules/", () => {
  it("answers no rules at first, publicly and cacheable", async () => {
    const res = await t.app.inject({ url: "/api/shipping/rules/" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
    expect(res.headers["cache-control"]).toMatch(/^public, max-age=\d+$/);
  });

  it("answers every rule by zone and slab, money as decimal strings", async () => {
    await create({ zone: "4110", minGrams: 0, maxGrams: 5_000, charge: 20 });
    await create({ zone: "", minGrams: 5_000, charge: "150.50" });
    await create(EVERYWHERE);
    expect(await publicRules()).toEqual([
      { id: expect.any(Number), zone: "", minGrams: 0, maxGrams: 5_000, charge: "40.00", freeAbove: "2000.00" },
      { id: expect.any(Number), zone: "", minGrams: 5_000, maxGrams: null, charge: "150.50", freeAbove: null },
      { id: expect.any(Number), zone: "4110", minGrams: 0, maxGrams: 5_000, charge: "20.00", freeAbove: null },
    ]);
  });
});

describe("staff: /api/staff/shipping-rules/", () => {
  it("creates, lists, replaces and removes a rule", async () => {
    const created = await create(EVERYWHERE);
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json();
    expect(created.json()).toEqual({ id, ...EVERYWHERE, charge: "40.00", freeAbove: "2000.00" });
    expect((await t.app.inject({ url: RULES, headers: staff })).json()).toEqual([created.json()]);

    const replaced = await update(id, { zone: "41", minGrams: 0, maxGrams: null, charge: 55.5, freeAbove: null });
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.json()).toEqual({ id, zone: "41", minGrams: 0, maxGrams: null, charge: "55.50", freeAbove: null });
    expect(await publicRules()).toEqual([replaced.json()]);

    const removed = await remove(id);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ detail: "Shipping rule removed." });
    expect(await rowCount()).toBe(0);
  });

  it("refuses a slab that overlaps another of its zone, naming that rule, and keeps the rules as they were", async () => {
    const first = (await create(EVERYWHERE)).json();
    // Touching slabs and other zones' slabs are fine.
    expect((await create({ zone: "", minGrams: 5_000, charge: 150 })).statusCode).toBe(201);
    expect((await create({ zone: "41", minGrams: 0, maxGrams: 10_000, charge: 30 })).statusCode).toBe(201);

    const res = await create({ zone: "", minGrams: 4_000, maxGrams: 6_000, charge: 60 });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: "shipping_rules_invalid",
      detail: "minGrams: The weights overlap the rule for everywhere, 0–5000 g.",
      params: { rule: first.id },
      field_errors: { minGrams: [{ code: "slab_overlap", params: { zone: "", min: 0, max: 5_000 } }] },
    });
    expect(await rowCount()).toBe(3);

    // An update may not move a slab onto another either; the rule keeps its old slab.
    const pune = (await create({ zone: "41", minGrams: 10_000, charge: 80 })).json();
    const moved = await update(pune.id, { zone: "41", minGrams: 9_000, charge: 80 });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().field_errors.minGrams[0]).toEqual({ code: "slab_overlap", params: { zone: "41", min: 0, max: 10_000 } });
    expect((await publicRules()).find((rule: { id: number }) => rule.id === pune.id)).toMatchObject({ minGrams: 10_000 });
    // A rule does not overlap itself.
    expect((await update(first.id, { ...EVERYWHERE, charge: 45 })).statusCode).toBe(200);
  });

  it.each([
    ["a zone that is not a PIN prefix", { ...EVERYWHERE, zone: "0411" }, "zone", "invalid"],
    ["a zone longer than a PIN", { ...EVERYWHERE, zone: "4110011" }, "zone", "invalid"],
    ["a negative charge", { ...EVERYWHERE, charge: -1 }, "charge", "too_small"],
    ["a negative charge as text", { ...EVERYWHERE, charge: "-1.00" }, "charge", "not_number"],
    ["a charge of three decimals", { ...EVERYWHERE, charge: "1.005" }, "charge", "not_number"],
    ["a negative free-above", { ...EVERYWHERE, freeAbove: -5 }, "freeAbove", "too_small"],
    ["a negative weight", { ...EVERYWHERE, minGrams: -1 }, "minGrams", "too_small"],
    ["a fraction of a gram", { ...EVERYWHERE, minGrams: 0.5 }, "minGrams", "not_integer"],
    ["an empty slab", { ...EVERYWHERE, minGrams: 5_000, maxGrams: 5_000 }, "maxGrams", "slab_empty"],
    ["no charge", { zone: "", minGrams: 0 }, "charge", "required"],
  ])("refuses %s", async (_name, payload, field, code) => {
    const res = await create(payload);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().field_errors[field][0]).toMatchObject({ code });
    expect(await rowCount()).toBe(0);
  });

  it("answers 404 for a rule that does not exist, and 400 for an id that is not one", async () => {
    expect((await update(999_999, EVERYWHERE)).json()).toMatchObject({ code: "shipping_rule_not_found" });
    expect((await update(999_999, EVERYWHERE)).statusCode).toBe(404);
    expect((await remove(999_999)).statusCode).toBe(404);
    expect((await remove("x")).statusCode).toBe(400);
  });

  it("is for staff only", async () => {
    for (const headers of [customer, {}]) {
      const statuses = [
        (await t.app.inject({ url: RULES, headers })).statusCode,
        (await create(EVERYWHERE, headers)).statusCode,
        (await update(1, EVERYWHERE, headers)).statusCode,
        (await remove(1, headers)).statusCode,
        (await upload(",0,,10,", headers)).statusCode,
        (await t.app.inject({ url: `${RULES}csv/`, headers })).statusCode,
      ];
      expect(statuses).toEqual(Array(6).fill(headers === customer ? 403 : 401));
    }
    expect(await rowCount()).toBe(0);
  });
});

describe("staff: the rules as CSV", () => {
  it("replaces every rule with an upload and downloads them in the same format", async () => {
    await create({ zone: "56", minGrams: 0, charge: 99 });
    const csv = "zone,minGrams,maxGrams,charge,freeAbove\n,0,5000,40,2000\n,5000,,150,\n4110,0,5000,20,\n";
    const res = await upload(csv);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ rows: 3, detail: "Shipping rules updated: 3 rules." });
    expect((await publicRules()).map((rule: { zone: string }) => rule.zone)).toEqual(["", "", "4110"]);

    const download = await t.app.inject({ url: `${RULES}csv/`, headers: staff });
    expect(download.statusCode).toBe(200);
    expect(download.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(download.headers["content-disposition"]).toBe('attachment; filename="shipping-rules.csv"');
    expect(download.body).toBe("zone,minGrams,maxGrams,charge,freeAbove\n,0,5000,40.00,2000.00\n,5000,,150.00,\n4110,0,5000,20.00,\n");
    // Uploaded again as downloaded, nothing changes.
    expect((await upload(download.body)).json()).toMatchObject({ rows: 3 });
    expect((await t.app.inject({ url: `${RULES}csv/`, headers: staff })).body).toBe(download.body);
  });

  it("downloads the header alone when there are no rules (a template), and takes text/plain", async () => {
    expect((await t.app.inject({ url: `${RULES}csv/`, headers: staff })).body).toBe("zone,minGrams,maxGrams,charge,freeAbove\n");
    expect((await upload(",0,,10,\n", staff, "text/plain")).statusCode).toBe(200);
  });

  it("refuses a file with a bad line, naming the line, and keeps the rules in force", async () => {
    const kept = (await create(EVERYWHERE)).json();
    const res = await upload(",0,5000,40,\n,4000,,150,\n");
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: "shipping_rules_invalid",
      detail: "Line 2: The weights overlap the rule for everywhere, 0–5000 g. (line 1)",
      field_errors: { non_field_errors: [{ code: "slab_overlap", params: { line: 2, zone: "", min: 0, max: 5_000 } }] },
    });
    for (const bad of [",0,5000,-40,\n", "4x,0,,1,\n", ""]) expect((await upload(bad)).statusCode).toBe(400);
    expect(await publicRules()).toEqual([kept]);
  });
});
