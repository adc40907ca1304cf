import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authHeaders, testClock } from "../../testing/accounts.ts";
import { makeUser } from "../../testing/factories.ts";
import { anImage, multipart } from "../../testing/multipart.ts";
import { ADDRESSES, type GstProduct, INDIA_ENV, makeGstProduct, paySandbox, placeAt, stockOf } from "../../testing/orders.ts";
import { actOnReturn, requestReturn } from "../../testing/returns.ts";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";

/**
 * Returns on the India shop (GST, Cash on Delivery): a customer asks within the window after
 * delivery, staff approve, refuse or receive; receiving refunds the lines with their own tax (a
 * credit note per refund, line by line), puts the units back on sale once, and tells the customer.
 */

type Headers = Record<string, string>;
const HOUR = 3_600_000;

let t: TestApp;
const time = testClock();
let owner: Headers;
let ownerId: number;
let ownerEmail: string;
let staff: Headers;
let staffId: number;
let okra: GstProduct;
let urea: GstProduct;

beforeAll(async () => {
  t = await createTestApp(INDIA_ENV, {}, { clock: time.clock });
  const db = t.database.db;
  const user = await makeUser(db, { first_name: "Asha", last_name: "Kulkarni" });
  ownerId = user.id;
  ownerEmail = user.email;
  staffId = (await makeUser(db, { is_staff: true })).id;
  okra = await makeGstProduct(db, { pricePaise: 120_00, gstRate: 0, hsnCode: "1209", name: "Okra seeds 100 g", stock: 500 });
  urea = await makeGstProduct(db, { pricePaise: 266_50, gstRate: 5, hsnCode: "3102", name: "Urea 45 kg", stock: 500 });
  await signIn();
});
afterAll(() => t.close());

/** Fresh tokens on the moved clock (access tokens live 15 minutes). */
async function signIn(): Promise<void> {
  owner = await authHeaders(t, ownerId, time.clock);
  staff = await authHeaders(t, staffId, time.clock);
}

/** An order of the lines, paid (sandbox) or Cash on Delivery with its cash collected, and delivered. */
async function delivered(
  lines: { product: GstProduct; qty: number }[],
  { address = ADDRESSES.nashik, cod = false }: { address?: (typeof ADDRESSES)[keyof typeof ADDRESSES]; cod?: boolean } = {},
) {
  const placed = await placeAt(t, owner, lines, address, cod ? { paymentMethod: "COD" } : {});
  expect(placed.statusCode, placed.body).toBe(201);
  const order = placed.json();
  if (cod) {
    const ship = { courier: "Delhivery", awb: "DL1", trackingUrl: "" };
    expect((await t.app.inject({ method: "PUT", url: `/api/orders/${order._id}/ship/`, headers: staff, payload: ship })).statusCode).toBe(
      200,
    );
    expect((await t.app.inject({ method: "PUT", url: `/api/orders/${order._id}/cod-received/`, headers: staff })).statusCode).toBe(200);
  } else {
    expect((await paySandbox(t, owner, order)).statusCode).toBe(200);
    expect((await t.app.inject({ method: "PUT", url: `/api/orders/${order._id}/deliver/`, headers: staff })).statusCode).toBe(200);
  }
  return order as { _id: number; totalPrice: string };
}

const view = async (orderId: number, headers = owner) => (await t.app.inject({ url: `/api/orders/${orderId}/`, headers })).json();

async function mailsTo(email: string) {
  return t.database.db.selectFrom("mail_queue").select(["subject", "text_body"]).where("to_address", "=", email).orderBy("id").execute();
}

async function creditNotesOf(orderId: number) {
  return t.database.db
    .selectFrom("tax_documents")
    .select(["taxable_paise", "cgst_paise", "sgst_paise", "igst_paise", "total_paise"])
    .where("order_id", "=", orderId)
    .where("kind", "=", "credit_note")
    .orderBy("id")
    .execute();
}

describe("asking for a return", () => {
  it("records a request within the window: the return, the timeline, one mail, and the units no longer returnable", async () => {
    const order = await delivered([{ product: urea, qty: 2 }]);
    expect((await view(order._id)).actions.return_request).toBe(true);
    const res = await requestReturn(t, owner, order._id, {
      lines: [{ product: urea.id, qty: 1 }],
      reason: "damaged",
      details: "  The bag was torn  ",
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      id: expect.any(Number),
      status: "requested",
      lines: [{ product: urea.id, name: "Urea 45 kg", qty: 1, price: "266.50" }],
      reason: "damaged",
      details: "The bag was torn",
      photos: [],
      createdAt: expect.any(String),
      actions: { approve: false, reject: false, receive: false },
    });
    const after = await view(order._id);
    expect(after.returns).toHaveLength(1);
    expect(after.events.at(-1)).toMatchObject({ event: "return_request", from: "delivered", to: "delivered", actor: "customer" });
    // One more unit is returnable; a second request for two is refused, for one accepted.
    const tooMany = await requestReturn(t, owner, order._id, { lines: [{ product: urea.id, qty: 2 }], reason: "other" });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().field_errors.lines[0]).toMatchObject({ code: "line_qty_too_many", params: { product: urea.id, max: 1 } });
    expect((await requestReturn(t, owner, order._id, { lines: [{ product: urea.id, qty: 1 }], reason: "other" })).statusCode).toBe(201);
    expect((await view(order._id)).actions.return_request).toBe(false);
    const mails = (await mailsTo(ownerEmail)).filter((m) => m.subject === `We have your return request for order #${order._id}`);
    expect(mails).toHaveLength(2);
    // Staff see the actions the owner does not.
    expect((await view(order._id, staff)).returns[0].actions).toEqual({ approve: true, reject: true, receive: false });
  });

  it("refuses bad requests clearly and records nothing", async () => {
    const order = await delivered([{ product: urea, qty: 1 }]);
    const stranger = await authHeaders(t, (await makeUser(t.database.db)).id, time.clock);
    const good = { lines: [{ product: urea.id, qty: 1 }], reason: "wrong_item" };
    for (const [payload, field] of [
      [{ ...good, reason: "changed_mind" }, "reason"],
      [{ ...good, lines: [] }, "lines"],
      [{ ...good, lines: [{ product: okra.id, qty: 1 }] }, "lines"],
      [{ ...good, lines: [{ product: urea.id, qty: 0 }] }, "lines.0.qty"],
      [{ reason: "damaged" }, "lines"],
    ] as const) {
      const res = await requestReturn(t, owner, order._id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()[field], `${JSON.stringify(payload)}: ${res.body}`).toBeDefined();
    }
    expect((await requestReturn(t, stranger, order._id, good)).statusCode).toBe(404);
    expect((await requestReturn(t, {}, order._id, good)).statusCode).toBe(401);
    expect((await view(order._id)).returns).toEqual([]);
  });

  it("is open for RETURN_WINDOW_HOURS after delivery only, and never before delivery", async () => {
    const placed = await placeAt(t, owner, [{ product: urea, qty: 1 }], ADDRESSES.nashik);
    const unpaid = placed.json();
    const early = await requestReturn(t, owner, unpaid._id, { lines: [{ product: urea.id, qty: 1 }], reason: "damaged" });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ params: { event: "return_request" } });

    const order = await delivered([{ product: urea, qty: 1 }]);
    time.advance(47 * HOUR);
    await signIn();
    expect((await view(order._id)).actions.return_request).toBe(true);
    time.advance(1 * HOUR + 1000);
    await signIn();
    const after = await view(order._id);
    expect(after.actions.return_request).toBe(false);
    const late = await requestReturn(t, owner, order._id, { lines: [{ product: urea.id, qty: 1 }], reason: "damaged" });
    expect(late.statusCode).toBe(400);
    expect(late.json()).toMatchObject({ code: "return_window_closed", params: { until: after.returnWindowEndsAt } });
  });

  it("takes up to three photos through the image pipeline, refusing files that are not images and a fourth", async () => {
    const order = await delivered([{ product: okra, qty: 3 }]);
    const fields = { lines: JSON.stringify([{ product: okra.id, qty: 1 }]), reason: "damaged", details: "Seeds were mouldy" };
    const photo = async (i: number) => ({ field: "photos", filename: `p${i}.jpg`, contentType: "image/jpeg", data: await anImage("jpeg") });
    const send = (body: ReturnType<typeof multipart>) =>
      t.app.inject({
        method: "POST",
        url: `/api/orders/${order._id}/returns/`,
        headers: { ...owner, ...body.headers },
        payload: body.payload,
      });

    const notImage = await send(
      multipart(fields, [{ field: "photos", filename: "a.jpg", contentType: "image/jpeg", data: Buffer.from("not a picture at all") }]),
    );
    expect(notImage.statusCode).toBe(400);
    expect(notImage.json().field_errors.photos[0]).toMatchObject({ code: "image_not_image" });
    const four = await send(multipart(fields, await Promise.all([1, 2, 3, 4].map(photo))));
    expect(four.statusCode).toBe(400);
    expect(four.json().field_errors.photos[0]).toMatchObject({ code: "too_many_photos", params: { max: 3 } });
    const badLines = await send(multipart({ ...fields, lines: "[{" }));
    expect(badLines.statusCode).toBe(400);
    expect(badLines.json().lines).toBeDefined();
    expect((await view(order._id)).returns).toEqual([]);

    const ok = await send(multipart(fields, await Promise.all([1, 2].map(photo))));
    expect(ok.statusCode, ok.body).toBe(201);
    const { id, photos } = ok.json();
    expect(photos).toHaveLength(2);
    for (const [n, url] of (photos as string[]).entries()) {
      // At an address of its own, signed (return-photos.test.ts: who may see them).
      expect(url).toMatch(new RegExp(`^/api/orders/${order._id}/returns/${id}/photos/${n}/\\?expires=\\d+&signature=[\\w-]+$`));
      const served = await t.app.inject({ url });
      expect(served.statusCode).toBe(200);
      expect(served.headers["content-type"]).toBe("image/webp");
    }
  });
});

describe("staff acting on a return", () => {
  it("approve, then receive: the lines refunded with their own tax, a credit note, stock back once, the customer told at each step", async () => {
    const order = await delivered([
      { product: okra, qty: 2 },
      { product: urea, qty: 2 },
    ]);
    const okraBefore = await stockOf(t.database.db, okra.id);
    const asked = await requestReturn(t, owner, order._id, {
      lines: [
        { product: okra.id, qty: 1 },
        { product: urea.id, qty: 1 },
      ],
      reason: "damaged",
    });
    const returnId = asked.json().id;
    expect((await actOnReturn(t, staff, order._id, returnId, { action: "receive" })).statusCode).toBe(409);
    const approved = await actOnReturn(t, staff, order._id, returnId, { action: "approve", note: "Pickup on Monday" });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().returns[0]).toMatchObject({ status: "approved", note: "Pickup on Monday", actions: { receive: true } });
    expect((await actOnReturn(t, owner, order._id, returnId, { action: "receive" })).statusCode).toBe(403);

    const received = await actOnReturn(t, staff, order._id, returnId, { action: "receive", restock: true });
    expect(received.statusCode, received.body).toBe(200);
    const json = received.json();
    // Okra ₹120 at 0 %, urea ₹266.50 at 5 % within Maharashtra (₹6.66 + ₹6.66 on one bag: its share of the line's tax).
    const [refund] = json.refunds;
    expect(json.returns[0]).toMatchObject({ status: "received", restocked: true, refundId: refund.id });
    expect(refund).toMatchObject({
      status: "processed",
      method: "razorpay",
      lines: [
        { product: okra.id, qty: 1 },
        { product: urea.id, qty: 1 },
      ],
    });
    const lineRows = await t.database.db
      .selectFrom("order_items")
      .select(["product_id", "cgst_paise", "sgst_paise", "qty"])
      .where("order_id", "=", order._id)
      .execute();
    const ureaLine = lineRows.find((row) => row.product_id === urea.id);
    const ureaTax = Math.round(Number(ureaLine?.cgst_paise) / 2) + Math.round(Number(ureaLine?.sgst_paise) / 2);
    expect(Math.round(Number(refund.amount) * 100)).toBe(120_00 + 266_50 + ureaTax);
    const [note] = await creditNotesOf(order._id);
    expect(note).toMatchObject({ taxable_paise: 120_00 + 266_50, igst_paise: 0 });
    expect(Number(note?.cgst_paise)).toBe(Number(note?.sgst_paise));
    expect(Number(note?.cgst_paise) + Number(note?.sgst_paise)).toBe(ureaTax);
    expect(json.creditNotes).toHaveLength(1);
    expect(await stockOf(t.database.db, okra.id)).toBe(okraBefore + 1);
    // Receiving again changes nothing.
    expect((await actOnReturn(t, staff, order._id, returnId, { action: "receive" })).json()).toMatchObject({ code: "return_wrong_state" });
    expect(await stockOf(t.database.db, okra.id)).toBe(okraBefore + 1);
    expect((await view(order._id)).refunds).toHaveLength(1);

    const events = (await view(order._id)).events.map((e: { event: string }) => e.event);
    expect(events.slice(-3)).toEqual(["return_request", "return_approve", "return_receive"]);
    const subjects = (await mailsTo(ownerEmail)).map((m) => m.subject);
    for (const subject of [
      `Your return for order #${order._id} is approved`,
      `We have received your returned items of order #${order._id}`,
    ])
      expect(subjects.filter((s) => s === subject)).toHaveLength(1);
  });

  it("rejects only with a note the customer sees; a rejected return frees its units and cannot be received", async () => {
    const order = await delivered([{ product: urea, qty: 1 }]);
    const returnId = (await requestReturn(t, owner, order._id, { lines: [{ product: urea.id, qty: 1 }], reason: "other" })).json().id;
    const blank = await actOnReturn(t, staff, order._id, returnId, { action: "reject", note: "   " });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().field_errors.note[0]).toMatchObject({ code: "return_note_required" });
    const rejected = await actOnReturn(t, staff, order._id, returnId, {
      action: "reject",
      note: "The seal is unbroken: seeds cannot be returned once sown",
    });
    expect(rejected.statusCode).toBe(200);
    const seen = await view(order._id);
    expect(seen.returns[0]).toMatchObject({ status: "rejected", note: "The seal is unbroken: seeds cannot be returned once sown" });
    expect(seen.actions.return_request).toBe(true);
    expect((await actOnReturn(t, staff, order._id, returnId, { action: "receive" })).statusCode).toBe(409);
    expect((await actOnReturn(t, staff, order._id, 999_999, { action: "approve" })).statusCode).toBe(404);
    expect((await actOnReturn(t, staff, order._id, returnId, { action: "explode" })).statusCode).toBe(400);
  });

  it("two staff receiving at once: one refund, stock back once", async () => {
    const order = await delivered([{ product: okra, qty: 2 }]);
    const returnId = (await requestReturn(t, owner, order._id, { lines: [{ product: okra.id, qty: 2 }], reason: "expired" })).json().id;
    await actOnReturn(t, staff, order._id, returnId, { action: "approve" });
    const before = await stockOf(t.database.db, okra.id);
    const answers = await Promise.all([1, 2].map(() => actOnReturn(t, staff, order._id, returnId, { action: "receive" })));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(await stockOf(t.database.db, okra.id)).toBe(before + 2);
    expect((await view(order._id)).refunds).toHaveLength(1);
  });

  it("receives without putting units back on sale when staff say so (a damaged bag)", async () => {
    const order = await delivered([{ product: urea, qty: 1 }]);
    const returnId = (await requestReturn(t, owner, order._id, { lines: [{ product: urea.id, qty: 1 }], reason: "damaged" })).json().id;
    await actOnReturn(t, staff, order._id, returnId, { action: "approve" });
    const before = await stockOf(t.database.db, urea.id);
    const received = await actOnReturn(t, staff, order._id, returnId, { action: "receive", restock: false });
    expect(received.json().returns[0]).toMatchObject({ status: "received", restocked: false });
    expect(await stockOf(t.database.db, urea.id)).toBe(before);
    // All its goods came back and it shipped free: the whole payment is back, so the order is refunded.
    expect(received.json()).toMatchObject({ status: "refunded", amountRefunded: received.json().totalPrice });
  });

  it("refunds a Cash on Delivery return by transfer to the UPI id the customer gave, once staff mark it paid", async () => {
    const order = await delivered([{ product: urea, qty: 1 }], { cod: true });
    const without = await requestReturn(t, owner, order._id, { lines: [{ product: urea.id, qty: 1 }], reason: "wrong_item" });
    expect(without.statusCode).toBe(400);
    expect(without.json()).toMatchObject({ code: "refund_account_required" });
    const badUpi = await requestReturn(t, owner, order._id, {
      lines: [{ product: urea.id, qty: 1 }],
      reason: "wrong_item",
      refundTo: { upi: "no-at-sign" },
    });
    expect(badUpi.statusCode).toBe(400);
    const asked = await requestReturn(t, owner, order._id, {
      lines: [{ product: urea.id, qty: 1 }],
      reason: "wrong_item",
      refundTo: { upi: "Asha.K@okSBI" },
    });
    expect(asked.statusCode, asked.body).toBe(201);
    expect((await view(order._id)).refundAccount).toEqual({ kind: "upi", display: "asha.k@oksbi" });
    await actOnReturn(t, staff, order._id, asked.json().id, { action: "approve" });
    const received = (await actOnReturn(t, staff, order._id, asked.json().id, { action: "receive" })).json();
    const [refund] = received.refunds;
    expect(refund).toMatchObject({ method: "transfer", status: "pending" });
    expect(received.creditNotes).toEqual([]);
    const paid = await t.app.inject({
      method: "PUT",
      url: `/api/orders/${order._id}/refunds/${refund.id}/`,
      headers: staff,
      payload: { reference: "UPI-7781" },
    });
    expect(paid.json().refunds[0]).toMatchObject({ status: "processed", reference: "UPI-7781" });
    expect(paid.json().creditNotes).toHaveLength(1);
  });
});

describe("line refunds by staff", () => {
  it("credits each line's own tax on mixed rates, CGST + SGST within the state and IGST to another; never more units than ordered", async () => {
    for (const [address, intra] of [
      [ADDRESSES.nashik, true],
      [ADDRESSES.bengaluru, false],
    ] as const) {
      const order = await delivered(
        [
          { product: okra, qty: 3 },
          { product: urea, qty: 3 },
        ],
        { address },
      );
      const refund = (lines: object[]) =>
        t.app.inject({
          method: "POST",
          url: `/api/orders/${order._id}/refund/`,
          headers: staff,
          payload: { lines, reason: "Damaged in transit" },
        });
      // One okra packet at 0 %: a credit note with no tax at all.
      const first = await refund([{ product: okra.id, qty: 1 }]);
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json().refunds[0]).toMatchObject({ amount: "120.00", lines: [{ product: okra.id, qty: 1 }] });
      expect((await creditNotesOf(order._id))[0]).toMatchObject({
        taxable_paise: 120_00,
        cgst_paise: 0,
        sgst_paise: 0,
        igst_paise: 0,
        total_paise: 120_00,
      });
      // Then the three urea bags one by one: their tax adds up exactly to the line's.
      for (let i = 0; i < 3; i++) expect((await refund([{ product: urea.id, qty: 1 }])).statusCode).toBe(200);
      const items = await t.database.db
        .selectFrom("order_items")
        .select(["product_id", "cgst_paise", "sgst_paise", "igst_paise"])
        .where("order_id", "=", order._id)
        .execute();
      const line = items.find((item) => item.product_id === urea.id);
      const notes = (await creditNotesOf(order._id)).slice(1);
      const sum = (key: "cgst_paise" | "sgst_paise" | "igst_paise") => notes.reduce((total, n) => total + Number(n[key]), 0);
      expect(sum("cgst_paise")).toBe(Number(line?.cgst_paise));
      expect(sum("sgst_paise")).toBe(Number(line?.sgst_paise));
      expect(sum("igst_paise")).toBe(Number(line?.igst_paise));
      expect(intra ? sum("igst_paise") : sum("cgst_paise")).toBe(0);
      const tooMany = await refund([{ product: urea.id, qty: 1 }]);
      expect(tooMany.statusCode).toBe(400);
      expect(tooMany.json().field_errors.lines[0]).toMatchObject({ code: "line_qty_too_many", params: { max: 0 } });
      expect((await refund([{ product: 999_999, qty: 1 }])).json().field_errors.lines[0]).toMatchObject({ code: "line_not_in_order" });
    }
  });

  it("leaves the units an open return holds to its receive: refunding them by lines is refused, twice as once, and the return is then received", async () => {
    const order = await delivered([{ product: okra, qty: 2 }]);
    const refund = (qty: number) =>
      t.app.inject({
        method: "POST",
        url: `/api/orders/${order._id}/refund/`,
        headers: staff,
        payload: { lines: [{ product: okra.id, qty }], reason: "Damaged in transit" },
      });
    const returnId = (await requestReturn(t, owner, order._id, { lines: [{ product: okra.id, qty: 1 }], reason: "damaged" })).json().id;
    // Asked for: the unit is the return's already.
    const whileAsked = await refund(2);
    expect(whileAsked.statusCode).toBe(400);
    expect(whileAsked.json().field_errors.lines[0]).toMatchObject({ code: "line_qty_too_many", params: { product: okra.id, max: 1 } });
    expect((await actOnReturn(t, staff, order._id, returnId, { action: "approve" })).statusCode).toBe(200);
    // Approved: the other unit may be refunded, once; the returned one never by lines.
    expect((await refund(1)).statusCode).toBe(200);
    const again = await refund(1);
    expect(again.statusCode).toBe(400);
    expect(again.json().field_errors.lines[0]).toMatchObject({ code: "line_qty_too_many", params: { max: 0 } });
    expect(again.json().lines[0]).toMatch(
      /^At most 0 of Okra seeds 100 g.* can be refunded: 1 in a return not yet received or rejected\.$/,
    );
    // The return is received: its unit refunded by its own refund, and nothing is left.
    const received = await actOnReturn(t, staff, order._id, returnId, { action: "receive" });
    expect(received.statusCode, received.body).toBe(200);
    const after = received.json();
    expect(after.returns[0]).toMatchObject({ status: "received", refundId: expect.any(Number) });
    expect(after.refunds.map((r: { amount: string; lines: { product: number; qty: number }[] }) => [r.amount, r.lines])).toEqual([
      ["120.00", [expect.objectContaining({ product: okra.id, qty: 1 })]],
      ["120.00", [expect.objectContaining({ product: okra.id, qty: 1 })]],
    ]);
    expect((await refund(1)).json().field_errors.lines[0]).toMatchObject({ code: "line_qty_too_many", params: { max: 0 } });
  });

  it("takes an amount or lines, not both and not neither", async () => {
    const order = await delivered([{ product: okra, qty: 1 }]);
    for (const payload of [{ reason: "x" }, { amount: "1.00", lines: [{ product: okra.id, qty: 1 }], reason: "x" }]) {
      const res = await t.app.inject({ method: "POST", url: `/api/orders/${order._id}/refund/`, headers: staff, payload });
      expect(res.statusCode).toBe(400);
      expect(res.json().field_errors.non_field_errors[0]).toMatchObject({ code: "refund_one_of" });
    }
  });
});

describe("refund accounts and transfers: bad input changes nothing", () => {
  it("refuses a refund account for an order paid online, and marking paid a refund that is not a transfer or not the order's", async () => {
    const order = await delivered([{ product: okra, qty: 1 }]);
    const account = await t.app.inject({
      method: "PUT",
      url: `/api/orders/${order._id}/refund-account/`,
      headers: owner,
      payload: { upi: "asha@okaxis" },
    });
    expect(account.statusCode).toBe(400);
    expect(account.json()).toMatchObject({ code: "order_not_cod" });
    expect((await view(order._id)).refundAccount).toBeNull();

    const refunded = await t.app.inject({
      method: "POST",
      url: `/api/orders/${order._id}/refund/`,
      headers: staff,
      payload: { lines: [{ product: okra.id, qty: 1 }], reason: "Torn packet" },
    });
    const [refund] = refunded.json().refunds;
    expect(refund).toMatchObject({ method: "razorpay", actions: { markPaid: false } });
    const markPaid = (orderId: number, refundId: number) =>
      t.app.inject({ method: "PUT", url: `/api/orders/${orderId}/refunds/${refundId}/`, headers: staff, payload: { reference: "UTR1" } });
    expect((await markPaid(order._id, refund.id)).json()).toMatchObject({ code: "refund_not_transfer" });
    const other = await delivered([{ product: okra, qty: 1 }]);
    expect((await markPaid(other._id, refund.id)).json()).toMatchObject({ code: "refund_not_found" });
    expect((await markPaid(order._id, 999_999)).statusCode).toBe(404);
    expect((await view(order._id)).refunds[0]).toMatchObject({ reference: "" });
  });
});
