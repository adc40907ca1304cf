import { GST_STATE_CODES, paiseToDecimal, supplyBetween } from "@krishi/contract";
import type { Transaction } from "kysely";
import type { Config } from "../../config.ts";
import type { Db } from "../../db/database.ts";
import type { Database } from "../../db/schema.ts";
import type { Clock } from "../../lib/clock.ts";
import { fail, ok, type Result } from "../../lib/result.ts";
import { lineName } from "../orders/lines.ts";
import type { OrderItemRow, OrderRow, Reader } from "../orders/repository.ts";
import type { TaxDocumentsView } from "../orders/serialize.ts";
import type { Customer, OrdersService, TransitionContext } from "../orders/service.ts";
import type { RefundLineRow } from "../payments/repository.ts";
import type { PaymentsService, RefundProcessedContext } from "../payments/service.ts";
import {
  byRate,
  creditByRate,
  creditNoteAmounts,
  type DocumentAmounts,
  type DocumentKind,
  documentNumber,
  fileName,
  type RateAmounts,
  seriesOf,
} from "./amounts.ts";
import { type DocumentLine, indianDate, type Party, renderTaxDocument } from "./pdf.ts";
import * as repo from "./repository.ts";

/** Why a tax document is not given: the order is not the reader's (or none), or it has no such document. */
export type TaxDocumentFailure = { kind: "order-not-found" } | { kind: "invoice-not-found" } | { kind: "credit-note-not-found"; n: number };

/** Why a GST report's period is refused: a day that is not one, a last day before the first, too many days. */
export type ReportPeriodFailure =
  | { kind: "date-invalid"; field: "from" | "to" }
  | { kind: "date-range-reversed" }
  | { kind: "date-range-too-long"; maxDays: number };

export interface InvoicesServiceDeps {
  db: Db;
  clock: Clock;
  tax: Config["tax"];
  orders: OrdersService;
  /** The refunds (payments owns them): a credit note names its refund's reason and follows its lines. */
  payments: Pick<PaymentsService, "refundsOf" | "refundLinesOf" | "onRefundProcessed">;
}

/** A refund of lines credited line by line: each its taxable value and its own GST. */
function linesAmounts(lines: readonly RefundLineRow[]): DocumentAmounts {
  const sum = (key: "taxable_paise" | "cgst_paise" | "sgst_paise" | "igst_paise") =>
    lines.reduce((total, line) => total + Number(line[key]), 0);
  const taxablePaise = sum("taxable_paise");
  const [cgstPaise, sgstPaise, igstPaise] = [sum("cgst_paise"), sum("sgst_paise"), sum("igst_paise")];
  return { taxablePaise, cgstPaise, sgstPaise, igstPaise, totalPaise: taxablePaise + cgstPaise + sgstPaise + igstPaise };
}

/** A tax document as a PDF, with the file name it is offered under. */
export interface PdfFile {
  fileName: string;
  pdf: Buffer;
}

/** The GST report's longest period (a year, leap day included). */
const MAX_REPORT_DAYS = 366;
const DAY_MS = 86_400_000;
const IST_OFFSET = "+05:30";

const STATE_NAMES = new Map<string, string>(Object.entries(GST_STATE_CODES).map(([name, code]) => [code, name]));

/** "Karnataka (29)". */
function stateLabel(code: string): string {
  const name = STATE_NAMES.get(code);
  return name ? `${name} (${code})` : code;
}

type OrderWithItems = { row: OrderRow; items: OrderItemRow[] };

/**
 * The amounts of an order's invoice: its total, its GST and the taxable value, which is what is
 * left — everything charged when GST was added on top, the value found inside the prices when they
 * included it.
 */
function invoiceAmounts(order: OrderRow): DocumentAmounts {
  const [cgstPaise, sgstPaise, igstPaise] = [Number(order.cgst_paise), Number(order.sgst_paise), Number(order.igst_paise)];
  const totalPaise = Number(order.total_paise);
  return { taxablePaise: totalPaise - cgstPaise - sgstPaise - igstPaise, cgstPaise, sgstPaise, igstPaise, totalPaise };
}

/** A line's name on a tax document, with the discount taken off its value when it had one ("less discount 12.50"). */
function discountedName(item: OrderItemRow): string {
  const discount = Number(item.discount_paise);
  return discount > 0 ? `${lineName(item)} (less discount ${paiseToDecimal(discount)})` : lineName(item);
}

/** A line's taxable value: its gross (less its discount), less its GST when the prices included it (then the line's total is the gross). */
function taxableOf(grossPaise: number, tax: { cgstPaise: number; sgstPaise: number; igstPaise: number }, included: boolean): number {
  return included ? grossPaise - tax.cgstPaise - tax.sgstPaise - tax.igstPaise : grossPaise;
}

function amountsOf(document: repo.DocumentRow): DocumentAmounts {
  return {
    taxablePaise: Number(document.taxable_paise),
    cgstPaise: Number(document.cgst_paise),
    sgstPaise: Number(document.sgst_paise),
    igstPaise: Number(document.igst_paise),
    totalPaise: Number(document.total_paise),
  };
}

/**
 * The invoice's lines: the goods, then shipping and the COD fee (taxed with them, a composite
 * supply). When the prices included GST each line's taxable value is its gross less the GST found
 * in it at checkout (rounded per line then), so the line's total is what the shopper paid for it.
 */
function invoiceLines({ row, items }: OrderWithItems): DocumentLine[] {
  const included = Boolean(row.prices_include_tax);
  const lines: DocumentLine[] = items.map((item) => {
    const tax = { cgstPaise: Number(item.cgst_paise), sgstPaise: Number(item.sgst_paise), igstPaise: Number(item.igst_paise) };
    return {
      description: discountedName(item),
      hsn: item.hsn_code,
      qty: item.qty,
      ratePaise: Number(item.price_paise),
      taxablePaise: taxableOf(Number(item.price_paise) * item.qty - Number(item.discount_paise), tax, included),
      gstRate: Number(item.gst_rate),
      ...tax,
    };
  });
  const shipping = Number(row.shipping_paise);
  const codFee = Number(row.cod_fee_paise);
  if (shipping + codFee > 0) {
    const rest = (key: "cgstPaise" | "sgstPaise" | "igstPaise", total: number) => total - lines.reduce((sum, line) => sum + line[key], 0);
    const tax = {
      cgstPaise: rest("cgstPaise", Number(row.cgst_paise)),
      sgstPaise: rest("sgstPaise", Number(row.sgst_paise)),
      igstPaise: rest("igstPaise", Number(row.igst_paise)),
    };
    lines.push({
      description: shipping && codFee ? "Shipping and Cash on Delivery fee" : shipping ? "Shipping" : "Cash on Delivery fee",
      hsn: "",
      qty: null,
      ratePaise: null,
      taxablePaise: taxableOf(shipping + codFee, tax, included),
      gstRate: Number(row.charges_gst_rate),
      ...tax,
    });
  }
  return lines;
}

/**
 * A credit note's lines: a refund of lines credits each line with its own rate, as refunded; a
 * refund of an amount is shared over the invoice's rates. The PDF and the GST report both follow them.
 */
function creditNoteLines(order: OrderWithItems, note: repo.DocumentRow, refundLines: readonly RefundLineRow[]): DocumentLine[] {
  if (refundLines.length === 0) {
    return creditByRate(amountsOf(note), byRate(invoiceLines(order))).map((rate) => ({
      description: "Refund",
      hsn: "",
      qty: null,
      ratePaise: null,
      ...rate,
    }));
  }
  const itemOf = new Map(order.items.map((item) => [item.id, item]));
  return refundLines.map((line) => {
    const item = itemOf.get(line.order_item_id);
    return {
      description: item ? discountedName(item) : "Returned goods",
      hsn: item?.hsn_code ?? "",
      qty: line.qty,
      ratePaise: item ? Number(item.price_paise) : null,
      taxablePaise: Number(line.taxable_paise),
      gstRate: Number(item?.gst_rate ?? 0),
      cgstPaise: Number(line.cgst_paise),
      sgstPaise: Number(line.sgst_paise),
      igstPaise: Number(line.igst_paise),
    };
  });
}

/** The first moment of an Indian calendar date (YYYY-MM-DD), or null when it is not a date. */
function startOfIndianDay(date: string): number | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return null;
  const at = Date.parse(`${date}T00:00:00${IST_OFFSET}`);
  // Date.parse rolls 2026-02-30 over to March: a date that does not come back as itself is not one.
  if (Number.isNaN(at) || new Date(at + 330 * 60_000).toISOString().slice(0, 10) !== date) return null;
  return at;
}

function csvField(value: string | number): string {
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * Tax invoices and credit notes (GST mode): an invoice is issued in the transaction that makes an
 * order paid, a credit note in the one that records a refund as processed, each numbered without
 * gaps in its series per financial year. Also their PDFs and the staff's GST report.
 */
export class InvoicesService {
  constructor(private readonly deps: InvoicesServiceDeps) {
    deps.orders.handle("issue-invoice", this.#onPaid);
    deps.orders.provide({ documents: (ids, db) => this.documentsOf(ids, db) });
    deps.payments.onRefundProcessed(this.#onRefundProcessed);
  }

  /** The "issue-invoice" effect: an order taxed by GST that becomes paid (online or in cash) gets its invoice. */
  readonly #onPaid = async ({ trx, order }: TransitionContext): Promise<void> => {
    if (this.deps.tax.mode !== "gst" || order.tax_mode !== "gst" || order.paid_at === null) return;
    if (await repo.findInvoice(trx, order.id)) return;
    const issuedAt = new Date(order.paid_at);
    await this.#issue(trx, "invoice", issuedAt, { order, refundId: null, amounts: invoiceAmounts(order) });
  };

  /**
   * A processed refund of an invoiced order's payment gets a credit note: a refund of lines
   * credits each line's value and its own GST; an amount is shared over the invoice's rates.
   */
  readonly #onRefundProcessed = async ({ trx, order, refund, ofOrderPayment }: RefundProcessedContext): Promise<void> => {
    if (!ofOrderPayment) return;
    const invoice = await repo.findInvoice(trx, order.id);
    if (!invoice || (await repo.hasCreditNoteFor(trx, refund.id))) return;
    const amounts =
      refund.lines.length > 0
        ? linesAmounts(refund.lines)
        : creditNoteAmounts(amountsOf(invoice), await repo.creditedSoFar(trx, order.id), refund.amountPaise);
    if (amounts.totalPaise <= 0) return;
    await this.#issue(trx, "credit_note", this.deps.clock(), { order, refundId: refund.id, amounts });
  };

  async #issue(
    trx: Transaction<Database>,
    kind: DocumentKind,
    issuedAt: Date,
    { order, refundId, amounts }: { order: OrderRow; refundId: number | null; amounts: DocumentAmounts },
  ): Promise<void> {
    const series = seriesOf(kind, this.deps.tax.invoicePrefix, issuedAt);
    const seq = await repo.nextNumber(trx, series.key);
    await repo.insertDocument(trx, {
      kind,
      order_id: order.id,
      refund_id: refundId,
      series: series.key,
      seq,
      number: documentNumber(series.stem, seq),
      taxable_paise: amounts.taxablePaise,
      cgst_paise: amounts.cgstPaise,
      sgst_paise: amounts.sgstPaise,
      igst_paise: amounts.igstPaise,
      total_paise: amounts.totalPaise,
      place_of_supply: order.place_of_supply,
      issued_at: issuedAt.toISOString(),
    });
  }

  /** The invoice number and credit notes of these orders, for the order JSON. */
  async documentsOf(orderIds: readonly number[], db: Reader = this.deps.db): Promise<Map<number, TaxDocumentsView>> {
    const byOrder = new Map<number, TaxDocumentsView>();
    for (const document of await repo.findDocuments(db, orderIds)) {
      const view = byOrder.get(document.order_id) ?? { invoiceNumber: null, creditNotes: [] };
      if (document.kind === "invoice") view.invoiceNumber = document.number;
      else
        view.creditNotes.push({
          n: view.creditNotes.length + 1,
          number: document.number,
          amountPaise: Number(document.total_paise),
          issuedAt: document.issued_at,
        });
      byOrder.set(document.order_id, view);
    }
    return byOrder;
  }

  /** The order's tax invoice as a PDF, for its owner or staff; refused for anyone else, or when it has none. */
  async invoicePdf(user: Customer, orderId: number): Promise<Result<PdfFile, TaxDocumentFailure>> {
    const found = await this.#documentsFor(user, orderId);
    if (!found) return fail({ kind: "order-not-found" });
    const { order, documents } = found;
    const invoice = documents.find((d) => d.kind === "invoice");
    if (!invoice) return fail({ kind: "invoice-not-found" });
    const pdf = await renderTaxDocument({
      title: "TAX INVOICE",
      number: invoice.number,
      issuedAt: new Date(invoice.issued_at),
      orderId,
      references: [],
      ...this.#parties(order.row),
      placeOfSupply: stateLabel(invoice.place_of_supply),
      supply: supplyBetween(order.row.seller_state_code || null, invoice.place_of_supply || null),
      lines: invoiceLines(order),
      totals: amountsOf(invoice),
      pricesIncludeTax: Boolean(order.row.prices_include_tax),
    });
    return ok({ fileName: fileName(invoice.number), pdf });
  }

  /** The order's `n`th credit note (1 first) as a PDF; refused as for the invoice. */
  async creditNotePdf(user: Customer, orderId: number, n: number): Promise<Result<PdfFile, TaxDocumentFailure>> {
    const found = await this.#documentsFor(user, orderId);
    if (!found) return fail({ kind: "order-not-found" });
    const { order, documents } = found;
    const invoice = documents.find((d) => d.kind === "invoice");
    const note = documents.filter((d) => d.kind === "credit_note")[n - 1];
    if (!invoice || !note) return fail({ kind: "credit-note-not-found", n });
    const refund = (await this.deps.payments.refundsOf([orderId])).get(orderId)?.find((r) => r.id === note.refund_id);
    const lines = creditNoteLines(order, note, await this.#refundLinesOf(note));
    const pdf = await renderTaxDocument({
      title: "CREDIT NOTE",
      number: note.number,
      issuedAt: new Date(note.issued_at),
      orderId,
      references: [
        `Against invoice ${invoice.number} of ${indianDate(new Date(invoice.issued_at))}`,
        ...(refund?.reason ? [`Reason: ${refund.reason}`] : []),
      ],
      ...this.#parties(order.row),
      placeOfSupply: stateLabel(note.place_of_supply),
      supply: supplyBetween(order.row.seller_state_code || null, note.place_of_supply || null),
      lines,
      totals: amountsOf(note),
      pricesIncludeTax: Boolean(order.row.prices_include_tax),
    });
    return ok({ fileName: fileName(note.number), pdf });
  }

  #refundLinesOf(note: repo.DocumentRow): Promise<RefundLineRow[]> {
    return note.refund_id === null ? Promise.resolve([]) : this.deps.payments.refundLinesOf(note.refund_id);
  }

  /** The order and its documents, or null when it is none or another customer's. */
  async #documentsFor(user: Customer, orderId: number): Promise<{ order: OrderWithItems; documents: repo.DocumentRow[] } | null> {
    const order = (await this.deps.orders.rowsWithItems([orderId])).get(orderId);
    if (!order || (order.row.user_id !== user.id && !user.is_staff)) return null;
    return { order, documents: await repo.findDocuments(this.deps.db, [orderId]) };
  }

  #parties(row: OrderRow): { seller: Party; buyer: Party } {
    const { seller } = this.deps.tax;
    const sellerState = row.seller_state_code || seller.stateCode || "";
    return {
      seller: { name: seller.name, lines: seller.address.split(/\r?\n/), gstin: seller.gstin ?? "", state: stateLabel(sellerState) },
      buyer: {
        name: `${row.customer_first_name} ${row.customer_last_name}`.trim() || row.customer_email || row.ship_phone,
        lines: [row.ship_address, row.ship_landmark, `${row.ship_city} ${row.ship_postal_code}`, row.ship_country],
        phone: row.ship_phone,
        state: row.place_of_supply ? stateLabel(row.place_of_supply) : row.ship_state,
      },
    };
  }

  /**
   * The GST report of a period (Indian dates, both included): one row per invoice and credit note
   * and GST rate (credit notes negative), then the totals per rate and state — the base of a GSTR-1.
   */
  async gstReport(from: string, to: string): Promise<Result<{ fileName: string; csv: string }, ReportPeriodFailure>> {
    const start = startOfIndianDay(from);
    const last = startOfIndianDay(to);
    if (start === null) return fail({ kind: "date-invalid", field: "from" });
    if (last === null) return fail({ kind: "date-invalid", field: "to" });
    if (last < start) return fail({ kind: "date-range-reversed" });
    if ((last - start) / DAY_MS >= MAX_REPORT_DAYS) return fail({ kind: "date-range-too-long", maxDays: MAX_REPORT_DAYS });
    const documents = await repo.findIssuedBetween(this.deps.db, new Date(start).toISOString(), new Date(last + DAY_MS).toISOString());
    const orders = await this.deps.orders.rowsWithItems([...new Set(documents.map((d) => d.order_id))]);

    const header = [
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
    ];
    const rows: (string | number)[][] = [];
    const totals = new Map<string, RateAmounts & { placeOfSupply: string }>();
    const sorted = [...documents].sort((a, b) => (a.kind === b.kind ? 0 : a.kind === "invoice" ? -1 : 1));
    for (const document of sorted) {
      const order = orders.get(document.order_id);
      if (!order) continue;
      // A credit note follows its own lines, as its PDF does (its invoice may fall in another period).
      const credit = document.kind === "credit_note";
      const rates = byRate(credit ? creditNoteLines(order, document, await this.#refundLinesOf(document)) : invoiceLines(order));
      const sign = credit ? -1 : 1;
      for (const rate of rates) {
        if (credit && rate.taxablePaise + rate.cgstPaise + rate.sgstPaise + rate.igstPaise === 0) continue;
        const tax = rate.cgstPaise + rate.sgstPaise + rate.igstPaise;
        const code = document.place_of_supply;
        rows.push([
          credit ? "Credit note" : "Invoice",
          document.number,
          new Date(new Date(document.issued_at).getTime() + 330 * 60_000).toISOString().slice(0, 10),
          document.order_id,
          STATE_NAMES.get(code) ?? "",
          code,
          rate.gstRate,
          paiseToDecimal(sign * rate.taxablePaise),
          paiseToDecimal(sign * rate.cgstPaise),
          paiseToDecimal(sign * rate.sgstPaise),
          paiseToDecimal(sign * rate.igstPaise),
          paiseToDecimal(sign * (rate.taxablePaise + tax)),
        ]);
        const key = `${code}:${rate.gstRate}`;
        const total = totals.get(key) ?? {
          placeOfSupply: code,
          gstRate: rate.gstRate,
          taxablePaise: 0,
          cgstPaise: 0,
          sgstPaise: 0,
          igstPaise: 0,
        };
        total.taxablePaise += sign * rate.taxablePaise;
        total.cgstPaise += sign * rate.cgstPaise;
        total.sgstPaise += sign * rate.sgstPaise;
        total.igstPaise += sign * rate.igstPaise;
        totals.set(key, total);
      }
    }
    const summary = [...totals.values()].sort((a, b) => a.placeOfSupply.localeCompare(b.placeOfSupply) || a.gstRate - b.gstRate);
    for (const total of summary) {
      rows.push([
        "Total",
        "",
        "",
        "",
        STATE_NAMES.get(total.placeOfSupply) ?? "",
        total.placeOfSupply,
        total.gstRate,
        paiseToDecimal(total.taxablePaise),
        paiseToDecimal(total.cgstPaise),
        paiseToDecimal(total.sgstPaise),
        paiseToDecimal(total.igstPaise),
        paiseToDecimal(total.taxablePaise + total.cgstPaise + total.sgstPaise + total.igstPaise),
      ]);
    }
    const csv = [header, ...rows].map((row) => `${row.map(csvField).join(",")}\r\n`).join("");
    return ok({ fileName: `gst-report-${from}-to-${to}.csv`, csv });
  }
}
