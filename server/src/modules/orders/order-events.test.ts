import { ORDER_STATES, ORDER_STATUSES, STAFF_EVENTS, statesTagged } from "@krishi/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authHeaders } from "../../testing/accounts.ts";
import { makeUser } from "../../testing/factories.ts";
import { ADDRESSES, type GstProduct, INDIA_ENV, makeGstProduct, paySandbox, placeAt, stockOf } from "../../testing/orders.ts";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";
import { ORDER_PROCESS, STATUS_LABELS } from "./process.ts";

/** Staff moves by event (`PUT /api/orders/{id}/events/{event}/`) and the groups of states read from the contract's table. */

type Headers = Record<string, string>;

describe("the staff's events route", () => {
  let t: TestApp;
  let owner: Headers;
  let staff: Headers;
  let fertiliser: GstProduct;

  beforeAll(async () => {
    t = await createTestApp(INDIA_ENV);
    const db = t.database.db;
    owner = await authHeaders(t, (await makeUser(db)).id);
    staff = await authHeaders(t, (await makeUser(db, { is_staff: true })).id);
    fertiliser = await makeGstProduct(db, { pricePaise: 499_00, gstRate: 5, hsnCode: "3105", stock: 1000 });
  });
  afterAll(() => t.close());

  const move = (headers: Headers, id: number, event: string, payload?: object) =>
    t.app.inject({ method: "PUT", url: `/api/orders/${id}/events/${event}/`, headers, ...(payload ? { payload } : {}) });
  const paidOrder = async () => {
    const placed = await placeAt(t, owner, [{ product: fertiliser, qty: 1 }], ADDRESSES.nashik);
    expect(placed.statusCode, placed.body).toBe(201);
    expect((await paySandbox(t, owner, placed.json())).statusCode).toBe(200);
    return placed.json()._id as number;
  };
  const eventsOf = async (id: number) =>
    (await t.database.db.selectFrom("order_events").select(["event", "note"]).where("order_id", "=", id).orderBy("id").execute()).map(
      (row) => `${row.event}:${row.note}`,
    );

  it("packs, ships with its courier and delivers a paid order, each recorded with its note", async () => {
    const id = await paidOrder();
    const packed = await move(staff, id, "pack", { note: "Two bags, taped" });
    expect(packed.statusCode, packed.body).toBe(200);
    expect(packed.json()).toMatchObject({ status: "packed", actions: { pack: false, ship: true } });
    const shipped = await move(staff, id, "ship", { courier: " India Post ", awb: "EE123456789IN" });
    expect(shipped.statusCode, shipped.body).toBe(200);
    expect(shipped.json()).toMatchObject({ status: "shipped", shipment: { courier: "India Post", awb: "EE123456789IN" } });
    expect((await move(staff, id, "deliver")).json()).toMatchObject({ status: "delivered", isDelivered: true });
    // Again: a repeat, not an error.
    expect((await move(staff, id, "deliver")).statusCode).toBe(200);
    expect(await eventsOf(id)).toEqual(["place:", "pay:", "pack:Two bags, taped", "ship:India Post EE123456789IN", "deliver:"]);
  });

  it("refuses a shipment without its courier or AWB number, naming the field, and moves nothing", async () => {
    const id = await paidOrder();
    const blank = await move(staff, id, "ship", { courier: "  ", awb: "EE1" });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toMatchObject({ code: "field_invalid", courier: [expect.any(String)] });
    const none = await move(staff, id, "ship");
    expect(none.statusCode).toBe(400);
    const badAwb = await move(staff, id, "ship", { courier: "DTDC", awb: "EE 1" });
    expect(badAwb.statusCode).toBe(400);
    expect((await t.app.inject({ url: `/api/orders/${id}/`, headers: staff })).json().status).toBe("paid");
  });

  it("refuses events made elsewhere or by the shop (refund, pay, a return's step), and a move the state does not allow", async () => {
    const id = await paidOrder();
    for (const event of ["refund", "pay", "expire", "return_approve", "nonsense"]) {
      expect((await move(staff, id, event)).statusCode, event).toBe(400);
    }
    const delivered = await move(staff, id, "collect");
    expect(delivered.statusCode).toBe(409);
    expect(delivered.json()).toMatchObject({ code: "order_not_cod" });
  });

  it("collects a Cash on Delivery order's cash once, as the cod-received route did", async () => {
    const res = await placeAt(t, owner, [{ product: fertiliser, qty: 1 }], ADDRESSES.nashik, { paymentMethod: "COD" });
    const id = res.json()._id as number;
    expect((await move(staff, id, "ship", { courier: "DTDC", awb: "D1" })).statusCode).toBe(200);
    const collected = await move(staff, id, "collect");
    expect(collected.statusCode, collected.body).toBe(200);
    expect(collected.json()).toMatchObject({ status: "delivered", isPaid: true });
    const again = await move(staff, id, "collect");
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: "cash_already_received" });
    expect((await eventsOf(id)).at(-1)).toBe("collect:Cash received");
  });

  it("cancels with the staff's reason on the timeline, gives the units back, and refuses cancelling a delivered order", async () => {
    const before = await stockOf(t.database.db, fertiliser.id);
    const id = await paidOrder();
    expect(await stockOf(t.database.db, fertiliser.id)).toBe(before - 1);
    const cancelled = await move(staff, id, "cancel", { note: "Customer asked by phone" });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: "cancelled" });
    expect((await eventsOf(id)).at(-1)).toBe("cancel:Customer asked by phone");
    expect(await stockOf(t.database.db, fertiliser.id)).toBe(before);

    const delivered = await paidOrder();
    expect((await move(staff, delivered, "deliver")).statusCode).toBe(200);
    const refused = await move(staff, delivered, "cancel");
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: "order_wrong_state", params: { status: "delivered", event: "cancel" } });
    const tooLong = await move(staff, delivered, "pack", { note: "x".repeat(501) });
    expect(tooLong.statusCode).toBe(400);
  });

  it("is the staff's: a customer is refused, even on their own order", async () => {
    const id = await paidOrder();
    expect((await move(owner, id, "pack")).statusCode).toBe(403);
    expect((await move({}, id, "pack")).statusCode).toBe(401);
  });
});

describe("the order states' table", () => {
  it("names every state in the process's words, and every staff event is one the process lets staff make", () => {
    for (const status of ORDER_STATUSES) expect(STATUS_LABELS[status], status).toMatch(/\w/);
    for (const event of STAFF_EVENTS)
      expect(
        ORDER_PROCESS.some((t) => t.event === event && t.who.includes("staff")),
        event,
      ).toBe(true);
  });

  it("groups the states by their tags: an open state is never closed, a refundable one is reached by paying or confirming", () => {
    expect(statesTagged("to_deliver")).toEqual(["confirmed", "paid", "packed", "shipped"]);
    expect(statesTagged("cash_to_collect")).toEqual(["confirmed", "packed", "shipped", "delivered"]);
    expect(statesTagged("awaiting_payment")).toEqual(["pending_payment"]);
    for (const status of statesTagged("open")) expect(ORDER_STATES[status].meaning).not.toBe("done");
    // Every state is reached by some move of the process (or is where an order starts).
    for (const status of ORDER_STATUSES)
      expect(
        ORDER_PROCESS.some((t) => t.to === status),
        status,
      ).toBe(true);
  });
});
