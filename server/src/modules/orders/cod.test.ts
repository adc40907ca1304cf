import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authHeaders } from "../../testing/accounts.ts";
import { makeUser } from "../../testing/factories.ts";
import { ADDRESSES, type GstProduct, INDIA_ENV, makeGstProduct, placeAt, stockOf } from "../../testing/orders.ts";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";

/** Cash on Delivery (COD_ENABLED): limits, the lifecycle from "confirmed" to the cash received, refusals at the door. */

type Headers = Record<string, string>;

const SHIPMENT = { courier: "India Post", awb: "EE123456789IN", trackingUrl: "" };

/** The mails queued to an address, oldest first. */
async function mailsTo(t: TestApp, email: string) {
  return t.database.db.selectFrom("mail_queue").select(["subject", "text_body"]).where("to_address", "=", email).orderBy("id").execute();
}

async function eventsOf(t: TestApp, orderId: number) {
  const rows = await t.database.db.selectFrom("order_events").select("event").where("order_id", "=", orderId).orderBy("id").execute();
  return rows.map((r) => r.event);
}

describe("Cash on Delivery in GST mode (seller in Maharashtra, ₹40 fee, orders up to ₹5000)", () => {
  let t: TestApp;
  let owner: Headers;
  let ownerEmail: string;
  let staff: Headers;
  let fertiliser: GstProduct;

  beforeAll(async () => {
    t = await createTestApp(INDIA_ENV);
    const db = t.database.db;
    const user = await makeUser(db, { first_name: "Asha", last_name: "Kulkarni" });
    ownerEmail = user.email;
    owner = await authHeaders(t, user.id);
    staff = await authHeaders(t, (await makeUser(db, { is_staff: true })).id);
    fertiliser = await makeGstProduct(db, { pricePaise: 1_249_50, gstRate: 5, hsnCode: "3105", stock: 1000 });
  });
  afterAll(() => t.close());

  const placeCod = (qty = 1, address: { state: string } & Record<string, string> = ADDRESSES.nashik) =>
    placeAt(t, owner, [{ product: fertiliser, qty }], address, { paymentMethod: "COD" });
  const put = (headers: Headers, id: number, action: string, payload?: object) =>
    t.app.inject({ method: "PUT", url: `/api/orders/${id}/${action}/`, headers, ...(payload ? { payload } : {}) });
  const view = async (headers: Headers, id: number) => (await t.app.inject({ url: `/api/orders/${id}/`, headers })).json();

  it("confirms a COD order at once: stock taken, no payment window, the fee a charge of its own taxed with the goods", async () => {
    const before = await stockOf(t.database.db, fertiliser.id);
    const res = await placeCod();
    expect(res.statusCode, res.body).toBe(201);
    // 1249.50 at 2.5 % + 2.5 % = 31.24 each; the ₹40 fee at the lines' 5 %: 1.00 + 1.00.
    expect(res.json()).toMatchObject({
      paymentMethod: "COD",
      status: "confirmed",
      paymentDueAt: null,
      isPaid: false,
      itemsPrice: "1249.50",
      shippingPrice: "0.00",
      codFee: "40.00",
      taxPrice: "64.48",
      taxBreakup: { cgst: "32.24", sgst: "32.24", igst: "0.00" },
      totalPrice: "1353.98",
      invoiceNumber: null,
      actions: { pay: false, codReceived: false },
    });
    expect((await view(owner, res.json()._id)).actions).toMatchObject({
      pay: false,
      cancel: true,
      codReceived: false,
      return_request: false,
    });
    expect(await stockOf(t.database.db, fertiliser.id)).toBe(before - 1);
  });

  it("tells the customer to keep the cash ready, not to pay online", async () => {
    const order = (await placeCod()).json();
    const mail = (await mailsTo(t, ownerEmail)).at(-1);
    expect(mail?.subject).toBe(`Your order #${order._id} is confirmed: Cash on Delivery`);
    // ₹1,353.98: written with India's grouping, as the shop shows it.
    expect(order.totalPrice).toBe("1353.98");
    expect(mail?.text_body).toContain("please keep ₹1,353.98 ready for the courier");
    expect(mail?.text_body).not.toMatch(/payment window|pay for it/);
  });

  it("writes the COD mails in Hindi to a customer who reads Hindi", async () => {
    const user = await makeUser(t.database.db, { language: "hi" });
    const headers = await authHeaders(t, user.id);
    const res = await placeAt(t, headers, [{ product: fertiliser, qty: 1 }], ADDRESSES.nashik, { paymentMethod: "COD" });
    expect(res.statusCode, res.body).toBe(201);
    const [mail] = await mailsTo(t, user.email);
    expect(mail?.subject).toBe(`आपका ऑर्डर #${res.json()._id} पक्का हो गया है: कैश ऑन डिलीवरी`);
    expect(res.json().totalPrice).toBe("1353.98");
    expect(mail?.text_body).toContain("कूरियर के लिए ₹1,353.98 तैयार रखें");
  });

  it("refuses COD above the limit with the fee, and takes no stock", async () => {
    const before = await stockOf(t.database.db, fertiliser.id);
    // 4 × 1249.50 = 4998.00, + ₹40 fee + 5 % GST = 5289.90.
    const res = await placeCod(4);
    expect(res.statusCode).toBe(400);
    const detail = "Cash on Delivery is available for orders up to ₹5,000.00; this one comes to ₹5,289.90. Please pay online.";
    expect(res.json()).toEqual({
      detail,
      message: detail,
      paymentMethod: [detail],
      code: "cod_over_limit",
      params: { max: "5000.00", total: "5289.90" },
      field_errors: { paymentMethod: [{ code: "cod_over_limit", params: { max: "5000.00", total: "5289.90" } }] },
    });
    expect(await stockOf(t.database.db, fertiliser.id)).toBe(before);
    // The same order paid online is fine.
    expect((await placeAt(t, owner, [{ product: fertiliser, qty: 4 }], ADDRESSES.nashik)).statusCode).toBe(201);
  });

  it("ships unpaid, then staff record the cash: paid, delivered, invoiced; a second record is refused and changes nothing", async () => {
    const order = (await placeCod()).json();
    expect((await put(staff, order._id, "ship", SHIPMENT)).json()).toMatchObject({
      status: "shipped",
      isPaid: false,
      actions: { codReceived: true },
    });
    expect((await view(owner, order._id)).actions.codReceived).toBe(false);

    const asCustomer = await put(owner, order._id, "cod-received");
    expect(asCustomer.statusCode).toBe(403);
    expect(asCustomer.json().detail).toBe("You do not have permission to perform this action.");
    expect((await view(owner, order._id)).isPaid).toBe(false);

    const res = await put(staff, order._id, "cod-received");
    expect(res.statusCode, res.body).toBe(200);
    const paid = res.json();
    expect(paid).toMatchObject({
      status: "delivered",
      isPaid: true,
      isDelivered: true,
      invoiceNumber: expect.stringMatching(/^KB\/\d{4}-\d{2}\/\d{6}$/),
      actions: { codReceived: false, cancel: false },
    });
    expect(paid.paidAt).toBe(paid.deliveredAt);
    expect(paid.events.at(-1)).toMatchObject({ event: "collect", from: "shipped", to: "delivered", actor: "staff", note: "Cash received" });
    const mail = (await mailsTo(t, ownerEmail)).at(-1);
    expect(mail?.subject).toBe(`Cash received for your order #${order._id}`);

    const again = await put(staff, order._id, "cod-received");
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ detail: "The cash of this order has already been recorded as received." });
    const after = await view(staff, order._id);
    expect([after.paidAt, after.invoiceNumber, after.events.length]).toEqual([paid.paidAt, paid.invoiceNumber, paid.events.length]);

    const invoice = await t.app.inject({ url: `/api/orders/${order._id}/invoice/`, headers: owner });
    expect(invoice.statusCode).toBe(200);
    expect(invoice.headers["content-type"]).toBe("application/pdf");
  });

  it("records the cash of an order delivered before, keeping its delivery time", async () => {
    const order = (await placeCod()).json();
    const delivered = (await put(staff, order._id, "deliver")).json();
    expect(delivered).toMatchObject({ status: "delivered", isPaid: false, actions: { codReceived: true } });
    const paid = (await put(staff, order._id, "cod-received")).json();
    expect(paid).toMatchObject({ status: "delivered", isPaid: true, deliveredAt: delivered.deliveredAt });
    expect(await eventsOf(t, order._id)).toEqual(["place", "deliver", "collect"]);
  });

  it("refuses to record cash before the order has shipped, for an online order, and for an order that is none", async () => {
    const confirmed = (await placeCod()).json();
    const early = await put(staff, confirmed._id, "cod-received");
    expect(early.statusCode).toBe(409);
    expect(early.json().detail).toMatch(/^This order is confirmed, to be paid on delivery: record its cash/);
    expect(await eventsOf(t, confirmed._id)).toEqual(["place"]);

    const online = (await placeAt(t, owner, [{ product: fertiliser, qty: 1 }], ADDRESSES.nashik)).json();
    const notCod = await put(staff, online._id, "cod-received");
    expect(notCod.statusCode).toBe(409);
    expect(notCod.json()).toMatchObject({ detail: "This order is not paid by Cash on Delivery." });

    expect((await put(staff, 999_999, "cod-received")).statusCode).toBe(404);
    expect((await put(staff, 0, "cod-received")).statusCode).toBe(400);
  });

  it("puts the stock back when the parcel is refused at the door (staff cancel a shipped unpaid order)", async () => {
    const before = await stockOf(t.database.db, fertiliser.id);
    const order = (await placeCod(2)).json();
    expect(await stockOf(t.database.db, fertiliser.id)).toBe(before - 2);
    await put(staff, order._id, "ship", SHIPMENT);
    const res = await t.app.inject({
      method: "POST",
      url: `/api/orders/${order._id}/cancel/`,
      headers: staff,
      payload: { reason: "Refused at the door" },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: "cancelled", isPaid: false, refunds: [], invoiceNumber: null });
    expect(await stockOf(t.database.db, fertiliser.id)).toBe(before);
  });

  it("lets the customer cancel a confirmed order, giving its stock back", async () => {
    const before = await stockOf(t.database.db, fertiliser.id);
    const order = (await placeCod()).json();
    const res = await t.app.inject({ method: "POST", url: `/api/orders/${order._id}/cancel/`, headers: owner });
    expect(res.json()).toMatchObject({ status: "cancelled" });
    expect(await stockOf(t.database.db, fertiliser.id)).toBe(before);
  });

  it("will not open a Razorpay payment for a COD order; refunds it by a transfer to the account its customer gives, marked paid by staff", async () => {
    const order = (await placeCod()).json();
    const start = await t.app.inject({
      method: "POST",
      url: "/api/orders/create-razorpay-order/",
      headers: owner,
      payload: { order_id: order._id, amount: 1_353_98 },
    });
    expect(start.statusCode).toBe(400);
    expect(start.json()).toMatchObject({ bool: 0, detail: "This order is paid in cash on delivery: there is nothing to pay online." });

    await put(staff, order._id, "ship", SHIPMENT);
    await put(staff, order._id, "cod-received");
    const refund = await t.app.inject({
      method: "POST",
      url: `/api/orders/${order._id}/refund/`,
      headers: staff,
      payload: { amount: "100.00", reason: "Damaged bag" },
    });
    expect(refund.statusCode).toBe(400);
    expect(refund.json()).toMatchObject({ code: "refund_account_required" });
    expect((await view(staff, order._id)).refunds).toEqual([]);

    const account = (payload: object, headers = owner) =>
      t.app.inject({ method: "PUT", url: `/api/orders/${order._id}/refund-account/`, headers, payload });
    for (const bad of [
      { upi: "farmer" },
      { accountName: "Ramesh", accountNumber: "12ab", ifsc: "SBIN0001234" },
      { accountName: "R", accountNumber: "123456789", ifsc: "SBIN1001234" },
    ]) {
      expect((await account(bad)).statusCode, JSON.stringify(bad)).toBe(400);
    }
    const stranger = await authHeaders(t, (await makeUser(t.database.db)).id);
    expect((await account({ upi: "stranger@okaxis" }, stranger)).statusCode).toBe(404);
    const given = await account({ accountName: "Ramesh Patil", accountNumber: "123456789012", ifsc: "sbin0001234" });
    expect(given.statusCode, given.body).toBe(200);
    expect(given.json().refundAccount).toEqual({ kind: "bank", display: "Ramesh Patil, A/c XXXX9012, IFSC SBIN0001234" });
    expect((await view(staff, order._id)).refundAccount.display).toBe("Ramesh Patil, A/c 123456789012, IFSC SBIN0001234");

    const made = await t.app.inject({
      method: "POST",
      url: `/api/orders/${order._id}/refund/`,
      headers: staff,
      payload: { amount: "100.00", reason: "Damaged bag" },
    });
    expect(made.statusCode, made.body).toBe(200);
    const [pending] = made.json().refunds;
    expect(pending).toMatchObject({ amount: "100.00", status: "pending", method: "transfer", reference: "", ofOrderPayment: true });
    expect(made.json().creditNotes).toEqual([]);
    // Nothing goes to Razorpay: the job that retries refunds leaves a transfer alone.
    await t.app.services.payments.processRefunds(null);
    expect((await view(staff, order._id)).refunds[0].status).toBe("pending");

    const markPaid = (reference: string, headers = staff) =>
      t.app.inject({ method: "PUT", url: `/api/orders/${order._id}/refunds/${pending.id}/`, headers, payload: { reference } });
    expect((await markPaid("UTR123", owner)).statusCode).toBe(403);
    expect((await markPaid("  ")).statusCode).toBe(400);
    const paid = await markPaid("SBIN26331123456");
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().refunds[0]).toMatchObject({ status: "processed", reference: "SBIN26331123456" });
    expect(paid.json().creditNotes).toHaveLength(1);
    expect(paid.json().amountRefunded).toBe("100.00");
    // Marking it again changes nothing: it is settled.
    expect((await markPaid("SBIN26331123456")).json().creditNotes).toHaveLength(1);
  });

  it("lists confirmed COD orders on the dashboard as cash to collect, not among the paid orders to deliver", async () => {
    const order = (await placeCod()).json();
    const summary = (await t.app.inject({ url: "/api/staff/summary/", headers: staff })).json();
    expect(summary.codToCollect.map((o: { _id: number }) => o._id)).toContain(order._id);
    expect(summary.toDeliver.map((o: { _id: number }) => o._id)).not.toContain(order._id);
  });
});

describe("Cash on Delivery in flat mode with a serviceability table", () => {
  let t: TestApp;
  let customer: Headers;
  let seeds: GstProduct;

  beforeAll(async () => {
    t = await createTestApp({ COD_ENABLED: "true", ORDER_MAX_UNPAID: "1" });
    customer = await authHeaders(t, (await makeUser(t.database.db)).id);
    seeds = await makeGstProduct(t.database.db, { pricePaise: 200_00, gstRate: 0 });
    const upload = await t.app.services.pincodes.replaceServiceability("pin,days,cod\n4220,2,yes\n560001,4,no\n");
    expect(upload).toEqual({ ok: true, rows: 2 });
  });
  afterAll(() => t.close());

  const place = (address: { state: string } & Record<string, string>, paymentMethod?: "COD" | "RazorPay", headers = customer) =>
    placeAt(t, headers, [{ product: seeds, qty: 1 }], address, {
      paymentMethod,
      totalPrice: paymentMethod === "COD" ? "256.40" : "216.40",
    });

  it("adds the fee to the spec's flat tax (8.2 % of the items, the fee untaxed) and issues no invoice", async () => {
    const res = await place(ADDRESSES.nashik, "COD");
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      status: "confirmed",
      itemsPrice: "200.00",
      codFee: "40.00",
      taxPrice: "16.40",
      taxBreakup: { cgst: "0.00", sgst: "0.00", igst: "0.00" },
      totalPrice: "256.40",
      orderItems: [{ gstRate: 0, tax: "16.40" }],
    });
  });

  it("refuses COD where the table does not allow it, with a clear reason", async () => {
    const res = await place(ADDRESSES.bengaluru, "COD");
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      detail: "Cash on Delivery is not available for PIN code 560001. Please pay online.",
      paymentMethod: ["Cash on Delivery is not available for PIN code 560001. Please pay online."],
    });
    expect((await place(ADDRESSES.bengaluru, "RazorPay")).statusCode).toBe(201);
  });

  it("refuses any order to a PIN the table does not serve", async () => {
    const before = await stockOf(t.database.db, seeds.id);
    for (const address of [ADDRESSES.kochi, { ...ADDRESSES.kochi, postalCode: "999999" }]) {
      const res = await place(address);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        detail: `Sorry, we do not deliver to PIN code ${address.postalCode} yet.`,
        postalCode: [`Sorry, we do not deliver to PIN code ${address.postalCode} yet.`],
      });
    }
    expect(await stockOf(t.database.db, seeds.id)).toBe(before);
  });

  it("does not count COD orders as unpaid, nor hold them back by the unpaid limit", async () => {
    const headers = await authHeaders(t, (await makeUser(t.database.db)).id);
    expect((await place(ADDRESSES.nashik, "RazorPay", headers)).statusCode).toBe(201);
    expect((await place(ADDRESSES.nashik, "COD", headers)).statusCode).toBe(201);
    expect((await place(ADDRESSES.nashik, "COD", headers)).statusCode).toBe(201);
    const second = await place(ADDRESSES.nashik, "RazorPay", headers);
    expect(second.statusCode).toBe(409);
    expect(second.json().detail).toMatch(/1 unpaid orders/);
  });
});

describe("Cash on Delivery switched off (the default)", () => {
  it("refuses a COD order with a clear reason", async () => {
    const t = await createTestApp();
    try {
      const customer = await authHeaders(t, (await makeUser(t.database.db)).id);
      const seeds = await makeGstProduct(t.database.db, { pricePaise: 200_00, gstRate: 0 });
      const res = await placeAt(t, customer, [{ product: seeds, qty: 1 }], ADDRESSES.nashik, {
        paymentMethod: "COD",
        totalPrice: "256.40",
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        detail: "Cash on Delivery is not available. Please pay online.",
        message: "Cash on Delivery is not available. Please pay online.",
        paymentMethod: ["Cash on Delivery is not available. Please pay online."],
        code: "cod_unavailable",
        field_errors: { paymentMethod: [{ code: "cod_unavailable" }] },
      });
      expect(await stockOf(t.database.db, seeds.id)).toBe(100);
    } finally {
      await t.close();
    }
  });
});
