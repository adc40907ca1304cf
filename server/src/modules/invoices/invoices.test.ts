import { financialYear, rupeesInWords, toPaise } from "@krishi/contract";
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
  SELLER_GSTIN,
} from "../../testing/orders.ts";
import { pdfText } from "../../testing/pdf.ts";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";
import { SandboxGateway } from "../payments/gateway.ts";
import { creditNoteAmounts, type DocumentAmounts, share } from "./amounts.ts";

/** Tax invoices and credit notes in GST mode: numbering without gaps, the PDFs, the GST report. */

type Headers = Record<string, string>;

interface Shop {
  t: TestApp;
  owner: Headers;
  staff: Headers;
  fertiliser: GstProduct;
  sprayer: GstProduct;
  seeds: GstProduct;
}

async function openShop(env: Record<string, string> = INDIA_ENV, deps: { gateway?: SandboxGateway } = {}): Promise<Shop> {
  const t = await createTestApp(env, {}, deps);
  const db = t.database.db;
  const owner = await authHeaders(t, (await makeUser(db, { first_name: "Asha", last_name: "Kulkarni" })).id);
  const staff = await authHeaders(t, (await makeUser(db, { is_staff: true })).id);
  return {
    t,
    owner,
    staff,
    fertiliser: await makeGstProduct(db, { pricePaise: 1_249_50, gstRate: 5, hsnCode: "3105", name: "NPK 19-19-19", stock: 1000 }),
    sprayer: await makeGstProduct(db, { pricePaise: 99_99, gstRate: 18, hsnCode: "8424", name: "Sprayer Nozzle", stock: 1000 }),
    seeds: await makeGstProduct(db, { pricePaise: 45_00, gstRate: 0, hsnCode: "1209", name: "Tomato Seeds", stock: 1000 }),
  };
}

/** Places an order and pays it through the sandbox; answers the paid order's JSON. */
async function paidOrder(shop: Shop, lines: { product: GstProduct; qty: number }[], address: { state: string } & Record<string, string>) {
  const placed = await placeAt(shop.t, shop.owner, lines, address);
  expect(placed.statusCode, placed.body).toBe(201);
  const paid = await paySandbox(shop.t, shop.owner, placed.json());
  expect(paid.statusCode, paid.body).toBe(200);
  return paid.json();
}

function refund(shop: Shop, orderId: number, amount: string) {
  return shop.t.app.inject({
    method: "POST",
    url: `/api/orders/${orderId}/refund/`,
    headers: shop.staff,
    payload: { amount, reason: "Two bags arrived torn" },
  });
}

/** A staff refund of lines (`{product, qty}`), as for a returned unit. */
function refundOfLines(shop: Shop, orderId: number, lines: object[]) {
  return shop.t.app.inject({
    method: "POST",
    url: `/api/orders/${orderId}/refund/`,
    headers: shop.staff,
    payload: { lines, reason: "Torn bag" },
  });
}

async function documents(shop: Shop, orderId: number) {
  const rows = await shop.t.database.db
    .selectFrom("tax_documents")
    .select(["kind", "number", "seq", "series", "taxable_paise", "cgst_paise", "sgst_paise", "igst_paise", "total_paise", "issued_at"])
    .where("order_id", "=", orderId)
    .orderBy("id")
    .execute();
  return rows.map((r) => ({
    ...r,
    taxable_paise: Number(r.taxable_paise),
    cgst_paise: Number(r.cgst_paise),
    sgst_paise: Number(r.sgst_paise),
    igst_paise: Number(r.igst_paise),
    total_paise: Number(r.total_paise),
  }));
}

describe("invoice numbers", () => {
  it("are gap-free and unique under 50 concurrent payments, even when some payments roll back", async () => {
    // Proofs straight from the sandbox gateway: its pay route would also settle each payment a
    // moment later on its own (a webhook), racing the requests this test makes.
    const gateway = new SandboxGateway("invoice-numbers-test-secret");
    const shop = await openShop(INDIA_ENV, { gateway });
    const { t } = shop;
    try {
      const orders: { _id: number; totalPrice: string }[] = [];
      const proofs = new Map<number, object>();
      for (let i = 0; i < 50; i++) {
        const placed = await placeAt(t, shop.owner, [{ product: i % 2 ? shop.fertiliser : shop.sprayer, qty: 1 }], ADDRESSES.bengaluru);
        expect(placed.statusCode, placed.body).toBe(201);
        const order = placed.json();
        const razorpayOrderId = await openPayment(t, shop.owner, order);
        orders.push(order);
        proofs.set(order._id, gateway.pay(razorpayOrderId, toPaise(order.totalPrice)));
      }
      // Five payments fail after their invoice has taken a number: their transactions roll back, numbers and all.
      const failing = new Set(orders.filter((_, i) => i % 10 === 3).map((o) => o._id));
      t.app.services.orders.handle("issue-invoice", async ({ order, event }) => {
        if (event === "pay" && failing.has(order.id)) throw new Error("injected failure after the invoice was numbered");
      });
      const pay = (order: { _id: number }) =>
        t.app.inject({ method: "PUT", url: `/api/orders/${order._id}/pay/`, headers: shop.owner, payload: proofs.get(order._id) });

      const answers = await Promise.all(orders.map(pay));
      expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(45);
      expect(answers.filter((a) => a.statusCode === 500)).toHaveLength(5);
      const afterFirst = await t.database.db.selectFrom("tax_documents").select(["seq"]).where("kind", "=", "invoice").execute();
      expect(afterFirst.map((d) => d.seq).sort((a, b) => a - b)).toEqual(Array.from({ length: 45 }, (_, i) => i + 1));

      failing.clear();
      for (const order of orders) expect((await pay(order)).statusCode).toBe(200);

      const invoices = await t.database.db
        .selectFrom("tax_documents")
        .innerJoin("orders", "orders.id", "tax_documents.order_id")
        .select(["tax_documents.number", "tax_documents.seq", "tax_documents.issued_at", "orders.paid_at", "orders.id"])
        .where("kind", "=", "invoice")
        .execute();
      expect(invoices).toHaveLength(50);
      expect(new Set(invoices.map((i) => i.id))).toEqual(new Set(orders.map((o) => o._id)));
      const year = financialYear(new Date(invoices[0]?.paid_at as string));
      expect(invoices.map((i) => i.number).sort()).toEqual(
        Array.from({ length: 50 }, (_, i) => `KB/${year}/${String(i + 1).padStart(6, "0")}`),
      );
      for (const invoice of invoices) expect(new Date(invoice.issued_at).getTime()).toBe(new Date(invoice.paid_at as string).getTime());
      const series = await t.database.db.selectFrom("document_series").selectAll().execute();
      expect(series).toEqual([{ series: `invoice:KB/${year}`, last_number: 50 }]);
    } finally {
      await t.close();
    }
  });
});

describe("the tax invoice", () => {
  let shop: Shop;
  let stranger: Headers;

  beforeAll(async () => {
    shop = await openShop();
    stranger = await authHeaders(shop.t, (await makeUser(shop.t.database.db)).id);
  });
  afterAll(() => shop.t.close());

  const invoice = (headers: Headers, id: number) => shop.t.app.inject({ url: `/api/orders/${id}/invoice/`, headers });

  it("is issued when the order is paid, and reads back with its number, parties, lines, totals and words (inter-state)", async () => {
    const order = await paidOrder(
      shop,
      [
        { product: shop.fertiliser, qty: 2 },
        { product: shop.sprayer, qty: 3 },
        { product: shop.seeds, qty: 1 },
      ],
      ADDRESSES.bengaluru,
    );
    const year = financialYear(new Date(order.paidAt));
    expect(order.invoiceNumber).toMatch(new RegExp(`^KB/${year}/\\d{6}$`));
    const res = await invoice(shop.owner, order._id);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    expect(res.headers["content-disposition"]).toBe(`inline; filename="${order.invoiceNumber.replaceAll("/", "-")}.pdf"`);
    expect(res.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");

    const text = await pdfText(res.rawPayload);
    for (const expected of [
      "TAX INVOICE",
      `Invoice number: ${order.invoiceNumber}`,
      "Krishi Bazaar Agro LLP",
      "Plot 7, MIDC Satpur",
      `GSTIN: ${SELLER_GSTIN}`,
      "State: Maharashtra (27)",
      "Asha Kulkarni",
      "12 MG Road",
      "Bengaluru 560001",
      "Phone: 9845012345",
      "State: Karnataka (29)",
      "Place of supply: Karnataka (29)",
      `Order: #${order._id}`,
      "NPK 19-19-19",
      "3105",
      "8424",
      "1209",
      "IGST",
      // 2 × 1249.50 at 5 %: 124.95; 3 × 99.99 at 18 %: 53.99.
      "2,499.00",
      "124.95",
      "53.99",
      "Rs. 2,843.97",
      "Rs. 178.94",
      "Rs. 3,022.91",
      "Rupees Three Thousand Twenty-Two and Ninety-One Paise Only",
    ]) {
      expect(text, expected).toContain(expected);
    }
    expect(text).not.toContain("CGST");
    expect(rupeesInWords(toPaise(order.totalPrice))).toBe("Rupees Three Thousand Twenty-Two and Ninety-One Paise Only");
  });

  it("splits the tax into CGST and SGST within the seller's state, with shipping as a line", async () => {
    const order = await paidOrder(shop, [{ product: shop.seeds, qty: 1 }], ADDRESSES.nashik);
    const text = await pdfText((await invoice(shop.staff, order._id)).rawPayload);
    expect(text).toContain("CGST");
    expect(text).toContain("SGST");
    expect(text).not.toContain("IGST");
    expect(text).toContain("Shipping");
    expect(text).toContain("Place of supply: Maharashtra (27)");
    expect(text).toContain("Rs. 55.00");
    expect(text).toContain("Rupees Fifty-Five Only");
  });

  it("is for the order's owner and staff only: anyone else gets 404, never 403; an unpaid order has none", async () => {
    const order = await paidOrder(shop, [{ product: shop.seeds, qty: 1 }], ADDRESSES.nashik);
    expect((await invoice(shop.staff, order._id)).statusCode).toBe(200);
    const other = await invoice(stranger, order._id);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({
      detail: "No Order matches the given query.",
      message: "No Order matches the given query.",
      code: "order_not_found",
    });
    expect((await invoice({}, order._id)).statusCode).toBe(401);
    expect((await invoice(shop.owner, 999_999)).statusCode).toBe(404);
    expect((await invoice(shop.owner, -1)).statusCode).toBe(400);

    const unpaid = (await placeAt(shop.t, shop.owner, [{ product: shop.seeds, qty: 1 }], ADDRESSES.nashik)).json();
    expect(unpaid.invoiceNumber).toBeNull();
    const none = await invoice(shop.owner, unpaid._id);
    expect(none.statusCode).toBe(404);
    expect(none.json().detail).toBe("This order has no tax invoice.");
  });
});

describe("credit notes", () => {
  let shop: Shop;

  beforeAll(async () => {
    shop = await openShop();
  });
  afterAll(() => shop.t.close());

  it("issues one per processed refund, in their own series, the parts adding up to the refund and the notes to the invoice", async () => {
    const order = await paidOrder(
      shop,
      [
        { product: shop.fertiliser, qty: 2 },
        { product: shop.sprayer, qty: 3 },
      ],
      ADDRESSES.nashik,
    );
    const year = financialYear(new Date(order.paidAt));
    const first = await refund(shop, order._id, "500.00");
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().creditNotes).toEqual([{ n: 1, number: `KB/CN/${year}/000001`, amount: "500.00", issuedAt: expect.any(String) }]);

    const note = await shop.t.app.inject({ url: `/api/orders/${order._id}/credit-notes/1/`, headers: shop.owner });
    expect(note.statusCode).toBe(200);
    expect(note.headers["content-type"]).toBe("application/pdf");
    expect(note.headers["content-disposition"]).toBe(`inline; filename="KB-CN-${year}-000001.pdf"`);
    const text = await pdfText(note.rawPayload);
    for (const expected of [
      "CREDIT NOTE",
      `Credit note number: KB/CN/${year}/000001`,
      `Against invoice ${order.invoiceNumber}`,
      "Reason: Two bags arrived torn",
      "CGST",
      "Rs. 500.00",
      "Rupees Five Hundred Only",
    ]) {
      expect(text, expected).toContain(expected);
    }

    // The rest: the two notes credit exactly what the invoice charged.
    const rest = await refund(shop, order._id, (toPaise(order.totalPrice) / 100 - 500).toFixed(2));
    expect(rest.json()).toMatchObject({ status: "refunded", creditNotes: [{ n: 1 }, { n: 2, number: `KB/CN/${year}/000002` }] });
    const [invoice, ...notes] = await documents(shop, order._id);
    expect(notes).toHaveLength(2);
    for (const key of ["taxable_paise", "cgst_paise", "sgst_paise", "igst_paise", "total_paise"] as const) {
      expect(
        notes.reduce((sum, n) => sum + n[key], 0),
        key,
      ).toBe(invoice?.[key]);
    }
    for (const n of notes) {
      expect(n.taxable_paise + n.cgst_paise + n.sgst_paise + n.igst_paise).toBe(n.total_paise);
      expect(n.cgst_paise).toBe(n.sgst_paise);
    }
    expect((await shop.t.app.inject({ url: `/api/orders/${order._id}/credit-notes/3/`, headers: shop.owner })).statusCode).toBe(404);
    expect((await shop.t.app.inject({ url: `/api/orders/${order._id}/credit-notes/0/`, headers: shop.owner })).statusCode).toBe(400);
  });

  it("credits the whole invoice when a paid order is cancelled and refunded in full", async () => {
    const order = await paidOrder(shop, [{ product: shop.fertiliser, qty: 1 }], ADDRESSES.kochi);
    const cancelled = await shop.t.app.inject({ method: "POST", url: `/api/orders/${order._id}/cancel/`, headers: shop.owner });
    expect(cancelled.json()).toMatchObject({ status: "cancelled", creditNotes: [{ n: 1, amount: order.totalPrice }] });
    const [invoice, note] = await documents(shop, order._id);
    expect(note).toMatchObject({
      kind: "credit_note",
      taxable_paise: invoice?.taxable_paise,
      igst_paise: invoice?.igst_paise,
      total_paise: invoice?.total_paise,
    });
  });

  it("splits a refund back in the invoice's proportions, exactly, whatever the rounding", () => {
    const invoice: DocumentAmounts = { taxablePaise: 2_798_97, cgstPaise: 89_48, sgstPaise: 89_48, igstPaise: 0, totalPaise: 2_977_93 };
    const none: DocumentAmounts = { taxablePaise: 0, cgstPaise: 0, sgstPaise: 0, igstPaise: 0, totalPaise: 0 };
    expect(creditNoteAmounts(invoice, none, 500_00)).toEqual({
      // 500 × 89.48 / 2977.93 = 15.0239 → 15.02.
      taxablePaise: 469_96,
      cgstPaise: 15_02,
      sgstPaise: 15_02,
      igstPaise: 0,
      totalPaise: 500_00,
    });
    let credited = none;
    for (let i = 0; i < 7; i++) {
      const note = creditNoteAmounts(invoice, credited, i < 6 ? 333_33 : invoice.totalPaise);
      expect(note.taxablePaise + note.cgstPaise + note.sgstPaise + note.igstPaise).toBe(note.totalPaise);
      credited = {
        taxablePaise: credited.taxablePaise + note.taxablePaise,
        cgstPaise: credited.cgstPaise + note.cgstPaise,
        sgstPaise: credited.sgstPaise + note.sgstPaise,
        igstPaise: credited.igstPaise + note.igstPaise,
        totalPaise: credited.totalPaise + note.totalPaise,
      };
    }
    expect(credited).toEqual(invoice);
    expect(share(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(share(-100, [1, 1, 1])).toEqual([-34, -33, -33]);
  });
});

describe("prices that include GST (PRICES_INCLUDE_TAX, the default)", () => {
  let shop: Shop;
  let urea: GstProduct;

  beforeAll(async () => {
    shop = await openShop(INDIA_MRP_ENV);
    urea = await makeGstProduct(shop.t.database.db, { pricePaise: 266_50, gstRate: 5, hsnCode: "3102", name: "Urea 45 kg", stock: 100 });
  });
  afterAll(() => shop.t.close());

  const invoiceText = async (orderId: number) =>
    pdfText((await shop.t.app.inject({ url: `/api/orders/${orderId}/invoice/`, headers: shop.owner })).rawPayload);
  const refundLines = (orderId: number, lines: object[]) => refundOfLines(shop, orderId, lines);

  it("shows urea's ₹266.50 as the line and the total, its taxable value 253.81 and CGST 6.34 + SGST 6.35 inside", async () => {
    const order = await paidOrder(shop, [{ product: urea, qty: 1 }], ADDRESSES.nashik);
    const [invoice] = await documents(shop, order._id);
    expect(invoice).toMatchObject({ taxable_paise: 253_81, cgst_paise: 6_34, sgst_paise: 6_35, igst_paise: 0, total_paise: 266_50 });
    const text = await invoiceText(order._id);
    for (const expected of [
      "Urea 45 kg",
      "266.50",
      "253.81",
      "6.34",
      "6.35",
      "Rs. 266.50",
      "Prices are inclusive of GST.",
      "Rupees Two Hundred Sixty-Six and Fifty Paise Only",
    ]) {
      expect(text, expected).toContain(expected);
    }
    expect(text).not.toContain("279.82");
  });

  it.each([
    ["within the state", ADDRESSES.nashik, { cgst_paise: 82_38, sgst_paise: 82_38, igst_paise: 0 }],
    ["to another state", ADDRESSES.bengaluru, { cgst_paise: 0, sgst_paise: 0, igst_paise: 164_76 }],
  ])("adds up to the paisa on mixed rates of 0, 5 and 18 per cent %s, its total the order's", async (_where, address, tax) => {
    const order = await paidOrder(
      shop,
      [
        { product: shop.fertiliser, qty: 2 },
        { product: shop.sprayer, qty: 3 },
        { product: shop.seeds, qty: 1 },
      ],
      address,
    );
    expect(order).toMatchObject({ totalPrice: "2843.97", taxPrice: "164.76", taxIncluded: true });
    const [invoice] = await documents(shop, order._id);
    // Taxable values 2380.00 + 254.21 + 45.00 = 2679.21; the GST 119.00 + 45.76 inside.
    expect(invoice).toMatchObject({ taxable_paise: 2_679_21, ...tax, total_paise: 2_843_97 });
    const text = await invoiceText(order._id);
    for (const expected of [
      "2,380.00",
      "254.21",
      "45.00",
      "2,499.00",
      "299.97",
      "Rs. 2,679.21",
      "Rs. 2,843.97",
      "Prices are inclusive of GST.",
    ]) {
      expect(text, expected).toContain(expected);
    }
  });

  it("gives back exactly a whole line's price, and units refunded one by one each their price, adding up to their line to the paisa", async () => {
    const order = await paidOrder(
      shop,
      [
        { product: shop.fertiliser, qty: 2 },
        { product: shop.sprayer, qty: 3 },
      ],
      ADDRESSES.bengaluru,
    );
    const whole = await refundLines(order._id, [{ product: shop.fertiliser.id, qty: 2 }]);
    expect(whole.statusCode, whole.body).toBe(200);
    expect(whole.json().refunds[0]).toMatchObject({ amount: "2499.00" });
    expect((await documents(shop, order._id))[1]).toMatchObject({ taxable_paise: 2_380_00, igst_paise: 119_00, total_paise: 2_499_00 });

    for (let i = 0; i < 3; i++) expect((await refundLines(order._id, [{ product: shop.sprayer.id, qty: 1 }])).statusCode).toBe(200);
    const notes = (await documents(shop, order._id)).slice(2);
    // Each unit gives back what it cost, its GST inside.
    expect(notes.map((n) => n.total_paise)).toEqual([99_99, 99_99, 99_99]);
    const sum = (key: "taxable_paise" | "igst_paise" | "total_paise") => notes.reduce((total, n) => total + n[key], 0);
    expect({ taxable: sum("taxable_paise"), igst: sum("igst_paise"), total: sum("total_paise") }).toEqual({
      taxable: 254_21,
      igst: 45_76,
      total: 299_97,
    });
    const after = (await shop.t.app.inject({ url: `/api/orders/${order._id}/`, headers: shop.owner })).json();
    expect(after).toMatchObject({ amountRefunded: "2798.97", status: "refunded" });

    const note = await shop.t.app.inject({ url: `/api/orders/${order._id}/credit-notes/1/`, headers: shop.owner });
    const text = await pdfText(note.rawPayload);
    for (const expected of ["CREDIT NOTE", "NPK 19-19-19", "2,380.00", "119.00", "Rs. 2,499.00", "Prices are inclusive of GST."]) {
      expect(text, expected).toContain(expected);
    }
  });

  it("gives back one of two bags at its shelf price within the state, though its CGST and SGST shares round up", async () => {
    // Two bags at ₹266.50 (5 %): CGST ₹12.69 and SGST ₹12.69 inside; half of each rounds to ₹6.35.
    const order = await paidOrder(shop, [{ product: urea, qty: 2 }], ADDRESSES.nashik);
    const first = await refundLines(order._id, [{ product: urea.id, qty: 1 }]);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().refunds[0]).toMatchObject({ amount: "266.50" });
    expect((await refundLines(order._id, [{ product: urea.id, qty: 1 }])).json().refunds[1]).toMatchObject({ amount: "266.50" });
    const [invoice, ...notes] = await documents(shop, order._id);
    for (const key of ["taxable_paise", "cgst_paise", "sgst_paise", "total_paise"] as const) {
      expect(
        notes.reduce((total, n) => total + n[key], 0),
        key,
      ).toBe(invoice?.[key]);
    }
  });

  it("credits an amount in the invoice's proportions, the notes adding up to the invoice", async () => {
    const order = await paidOrder(shop, [{ product: urea, qty: 3 }], ADDRESSES.nashik);
    expect((await refund(shop, order._id, "100.00")).statusCode).toBe(200);
    expect((await refund(shop, order._id, "699.50")).statusCode).toBe(200);
    const [invoice, ...notes] = await documents(shop, order._id);
    expect(invoice?.total_paise).toBe(799_50);
    for (const key of ["taxable_paise", "cgst_paise", "sgst_paise", "igst_paise", "total_paise"] as const) {
      expect(
        notes.reduce((total, n) => total + n[key], 0),
        key,
      ).toBe(invoice?.[key]);
    }
  });
});

describe("the GST report", () => {
  let shop: Shop;
  let customer: Headers;
  let today: string;

  beforeAll(async () => {
    shop = await openShop();
    customer = shop.owner;
    today = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);
  });
  afterAll(() => shop.t.close());

  const report = (query: string, headers: Headers = shop.staff) => shop.t.app.inject({ url: `/api/staff/gst-report/?${query}`, headers });
  const parse = (csv: string) =>
    csv
      .trim()
      .split("\r\n")
      .map((line) => line.split(","));

  it("lists each invoice and credit note per GST rate, credit notes negative, then totals per state and rate", async () => {
    const intra = await paidOrder(
      shop,
      [
        { product: shop.fertiliser, qty: 2 },
        { product: shop.sprayer, qty: 3 },
      ],
      ADDRESSES.nashik,
    );
    const inter = await paidOrder(shop, [{ product: shop.seeds, qty: 1 }], ADDRESSES.bengaluru);
    await refund(shop, intra._id, "500.00");

    const res = await report(`from=${today}&to=${today}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(res.headers["content-disposition"]).toBe(`attachment; filename="gst-report-${today}-to-${today}.csv"`);
    const [header, ...rows] = parse(res.body);
    expect(header).toEqual([
      "Type",
      "Number",
      "Date",
      "Order",
      "Buyer state",
      "Place of supply",
      "GST rate",
      "Taxable value",
      "CGST",
      "SGST",
      "IGST",
      "Total",
    ]);
    const documentRows = rows.filter((r) => r[0] !== "Total");
    expect(documentRows.slice(0, 3)).toEqual([
      ["Invoice", intra.invoiceNumber, today, String(intra._id), "Maharashtra", "27", "5", "2499.00", "62.48", "62.48", "0.00", "2623.96"],
      ["Invoice", intra.invoiceNumber, today, String(intra._id), "Maharashtra", "27", "18", "299.97", "27.00", "27.00", "0.00", "353.97"],
      // Seeds at 0 %, shipping with them at 0 %.
      ["Invoice", inter.invoiceNumber, today, String(inter._id), "Karnataka", "29", "0", "55.00", "0.00", "0.00", "0.00", "55.00"],
    ]);
    const credits = documentRows.slice(3);
    expect(credits.map((r) => [r[0], r[1], r[3], r[5], r[6]])).toEqual([
      ["Credit note", expect.stringMatching(/^KB\/CN\//), String(intra._id), "27", "5"],
      ["Credit note", expect.stringMatching(/^KB\/CN\//), String(intra._id), "27", "18"],
    ]);
    const paise = (row: string[], column: number) => toPaise(row[column] as string);
    expect(credits.reduce((sum, r) => sum + paise(r, 11), 0)).toBe(-500_00);
    for (const r of credits) expect(paise(r, 7) + paise(r, 8) + paise(r, 9) + paise(r, 10)).toBe(paise(r, 11));

    const totals = rows.filter((r) => r[0] === "Total");
    expect(totals.map((r) => [r[4], r[5], r[6]])).toEqual([
      ["Maharashtra", "27", "5"],
      ["Maharashtra", "27", "18"],
      ["Karnataka", "29", "0"],
    ]);
    for (const total of totals) {
      const same = documentRows.filter((r) => r[5] === total[5] && r[6] === total[6]);
      for (const column of [7, 8, 9, 10, 11]) {
        expect(paise(total, column)).toBe(same.reduce((sum, r) => sum + paise(r, column), 0));
      }
    }
    expect(totals.reduce((sum, r) => sum + paise(r, 11), 0)).toBe(toPaise(intra.totalPrice) + toPaise(inter.totalPrice) - 500_00);
  });

  it("reports a credit note of returned lines at the lines' own rates, as its PDF does, not spread over the invoice's", async () => {
    const order = await paidOrder(
      shop,
      [
        { product: shop.fertiliser, qty: 2 },
        { product: shop.seeds, qty: 2 },
      ],
      ADDRESSES.nashik,
    );
    expect((await refundOfLines(shop, order._id, [{ product: shop.fertiliser.id, qty: 1 }])).statusCode).toBe(200);
    expect((await refundOfLines(shop, order._id, [{ product: shop.seeds.id, qty: 1 }])).statusCode).toBe(200);
    const [, fertiliserNote, seedsNote] = await documents(shop, order._id);

    const rows = parse((await report(`from=${today}&to=${today}`)).body);
    const creditRows = rows.filter((r) => r[0] === "Credit note" && r[3] === String(order._id));
    // One bag of NPK at 5 %: ₹1,249.50 and its GST ₹31.24 + ₹31.24; one packet of seeds at 0 %: ₹45.00, no GST.
    expect(creditRows.map((r) => [r[1], r[6], r[7], r[8], r[9], r[10], r[11]])).toEqual([
      [fertiliserNote?.number, "5", "-1249.50", "-31.24", "-31.24", "0.00", "-1311.98"],
      [seedsNote?.number, "0", "-45.00", "0.00", "0.00", "0.00", "-45.00"],
    ]);
    expect(fertiliserNote).toMatchObject({ taxable_paise: 1_249_50, cgst_paise: 31_24, sgst_paise: 31_24, total_paise: 1_311_98 });
    expect(seedsNote).toMatchObject({ taxable_paise: 45_00, cgst_paise: 0, sgst_paise: 0, total_paise: 45_00 });
  });

  it("has only its header for a period without documents", async () => {
    const res = await report("from=2020-04-01&to=2020-04-30");
    expect(res.statusCode).toBe(200);
    expect(parse(res.body)).toHaveLength(1);
  });

  it.each([
    ["a day that is none", "from=2026-02-30&to=2026-03-01", "from"],
    ["a month that is none", "from=2026-13-01&to=2026-12-31", "from"],
    ["a date in another format", "from=01-04-2026&to=2026-04-30", "from"],
    ["no last day", "from=2026-04-01", "to"],
    ["a last day before the first", "from=2026-04-30&to=2026-04-01", "to"],
    ["more than a year", "from=2025-04-01&to=2026-04-02", "to"],
  ])("refuses %s with 400", async (_what, query, field) => {
    const res = await report(query);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ detail: expect.stringMatching(new RegExp(`^${field}: `)), [field]: [expect.any(String)] });
  });

  it("is for staff only", async () => {
    const asCustomer = await report(`from=${today}&to=${today}`, customer);
    expect(asCustomer.statusCode).toBe(403);
    expect(asCustomer.json().detail).toBe("You do not have permission to perform this action.");
    expect((await report(`from=${today}&to=${today}`, {})).statusCode).toBe(401);
  });
});

describe("flat mode (the default)", () => {
  it("issues no invoice: the order has no number and the endpoint answers 404", async () => {
    const shop = await openShop({});
    try {
      const placed = await shop.t.app.inject({
        method: "POST",
        url: "/api/orders/add/",
        headers: shop.owner,
        payload: { orderItems: [{ product: shop.seeds.id, qty: 1 }], shippingAddress: ADDRESSES.nashik, totalPrice: "58.69" },
      });
      expect(placed.statusCode, placed.body).toBe(201);
      const paid = (await paySandbox(shop.t, shop.owner, placed.json())).json();
      expect(paid).toMatchObject({ isPaid: true, invoiceNumber: null, creditNotes: [] });
      const res = await shop.t.app.inject({ url: `/api/orders/${paid._id}/invoice/`, headers: shop.owner });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({
        detail: "This order has no tax invoice.",
        message: "This order has no tax invoice.",
        code: "invoice_not_found",
      });
      await refund(shop, paid._id, "10.00");
      expect(await shop.t.database.db.selectFrom("tax_documents").select("id").execute()).toEqual([]);
    } finally {
      await shop.t.close();
    }
  });
});
