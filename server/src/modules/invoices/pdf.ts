import { type Paise, paiseToDecimal, rupeesInWords, type Supply } from "@krishi/contract";
import PDFDocument from "pdfkit";
import type { DocumentAmounts } from "./amounts.ts";

/**
 * Tax invoices and credit notes as PDF (pdfkit's built-in Helvetica: no font files to ship). That
 * font writes only Latin-1, so amounts say "Rs." instead of the rupee sign and other letters (a
 * name in Devanagari) become "?".
 */

export interface Party {
  name: string;
  /** The address, one line each. */
  lines: string[];
  gstin?: string;
  phone?: string;
  /** "Karnataka (29)". */
  state: string;
}

export interface DocumentLine {
  description: string;
  hsn: string;
  /** Quantity and unit price; null for charges and credit notes. */
  qty: number | null;
  ratePaise: Paise | null;
  taxablePaise: Paise;
  gstRate: number;
  cgstPaise: Paise;
  sgstPaise: Paise;
  igstPaise: Paise;
}

export interface TaxDocument {
  title: "TAX INVOICE" | "CREDIT NOTE";
  number: string;
  issuedAt: Date;
  orderId: number;
  /** Lines under the number: the invoice a credit note is against, its reason. */
  references: string[];
  seller: Party;
  buyer: Party;
  /** "Karnataka (29)". */
  placeOfSupply: string;
  supply: Supply;
  lines: DocumentLine[];
  totals: DocumentAmounts;
  /** The order's prices included GST: the document says so under its totals. */
  pricesIncludeTax?: boolean;
}

const MARGIN = 40;
const WIDTH = 595.28 - 2 * MARGIN;

/** Latin-1 only: the standard fonts cannot draw anything else. */
function latin(text: string): string {
  return text
    .replace(/₹/g, "Rs.")
    .replace(/[‐-―]/g, "-")
    .replace(/[‘’]/g, "'")
    .replace(/[“”]/g, '"')
    .replace(/[^\n\x20-\x7e\xa0-\xff]/g, "?");
}

/** 124950 → "1,249.50" (Indian grouping: 1,23,456.00). */
function amount(paise: Paise): string {
  const [whole = "0", fraction = "00"] = paiseToDecimal(Math.abs(paise)).split(".");
  const grouped = whole.length > 3 ? `${whole.slice(0, -3).replace(/\B(?=(\d{2})+(?!\d))/g, ",")},${whole.slice(-3)}` : whole;
  return `${paise < 0 ? "-" : ""}${grouped}.${fraction}`;
}

/** The Indian calendar date: 05-04-2026. */
export function indianDate(at: Date): string {
  const ist = new Date(at.getTime() + 330 * 60_000).toISOString();
  return `${ist.slice(8, 10)}-${ist.slice(5, 7)}-${ist.slice(0, 4)}`;
}

interface Column {
  title: string;
  width: number;
  align?: "left" | "right";
  value(line: DocumentLine, index: number): string;
}

function columns(supply: Supply): Column[] {
  const money = (title: string, width: number, paise: (line: DocumentLine) => Paise): Column => ({
    title,
    width,
    align: "right",
    value: (line) => amount(paise(line)),
  });
  const tax =
    supply === "intra"
      ? [money("CGST", 52, (l) => l.cgstPaise), money("SGST", 52, (l) => l.sgstPaise)]
      : [money("IGST", 104, (l) => l.igstPaise)];
  return [
    { title: "#", width: 18, value: (_line, i) => String(i + 1) },
    { title: "Description", width: 111, value: (line) => line.description },
    { title: "HSN", width: 46, value: (line) => line.hsn },
    { title: "Qty", width: 26, align: "right", value: (line) => (line.qty === null ? "" : String(line.qty)) },
    { title: "Rate", width: 56, align: "right", value: (line) => (line.ratePaise === null ? "" : amount(line.ratePaise)) },
    money("Taxable value", 62, (l) => l.taxablePaise),
    { title: "GST %", width: 32, align: "right", value: (line) => `${line.gstRate}%` },
    ...tax,
    money("Total", WIDTH - 18 - 111 - 46 - 26 - 56 - 62 - 32 - 104, (l) => l.taxablePaise + l.cgstPaise + l.sgstPaise + l.igstPaise),
  ];
}

function party(doc: PDFKit.PDFDocument, heading: string, who: Party, x: number, y: number, width: number): number {
  doc.font("Helvetica-Bold").fontSize(9).text(heading, x, y, { width });
  doc.font("Helvetica-Bold").fontSize(10).text(latin(who.name), { width });
  doc.font("Helvetica").fontSize(9);
  for (const line of who.lines.filter(Boolean)) doc.text(latin(line), { width });
  if (who.phone) doc.text(`Phone: ${who.phone}`, { width });
  if (who.gstin) doc.text(`GSTIN: ${who.gstin}`, { width });
  doc.text(`State: ${latin(who.state)}`, { width });
  return doc.y;
}

/** Renders a tax invoice or a credit note. */
export function renderTaxDocument(document: TaxDocument): Promise<Buffer> {
  const doc = new PDFDocument({
    size: "A4",
    margin: MARGIN,
    info: { Title: `${document.title} ${document.number}`, Author: latin(document.seller.name) },
  });
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });

  doc.font("Helvetica-Bold").fontSize(16).text(document.title, MARGIN, MARGIN, { width: WIDTH, align: "center" });
  doc.moveDown(0.5);
  const top = doc.y;
  const half = WIDTH / 2 - 10;
  const sellerEnd = party(doc, "Seller", document.seller, MARGIN, top, half);
  const kind = document.title === "TAX INVOICE" ? "Invoice" : "Credit note";
  doc.font("Helvetica").fontSize(9);
  const right = MARGIN + WIDTH / 2 + 10;
  doc.text(`${kind} number: ${document.number}`, right, top, { width: half });
  doc.text(`${kind} date: ${indianDate(document.issuedAt)}`, { width: half });
  doc.text(`Order: #${document.orderId}`, { width: half });
  doc.text(`Place of supply: ${latin(document.placeOfSupply)}`, { width: half });
  doc.text("Reverse charge: No", { width: half });
  for (const reference of document.references) doc.text(latin(reference), { width: half });
  const metaEnd = doc.y;
  const buyerEnd = party(doc, "Bill to / Ship to", document.buyer, MARGIN, Math.max(sellerEnd, metaEnd) + 12, WIDTH);

  // The lines.
  const cols = columns(document.supply);
  let y = buyerEnd + 14;
  const row = (cells: string[], bold: boolean) => {
    doc.font(bold ? "Helvetica-Bold" : "Helvetica").fontSize(8);
    const height = Math.max(...cells.map((cell, i) => doc.heightOfString(cell, { width: (cols[i] as Column).width - 4 })));
    if (y + height > 842 - MARGIN - 160) {
      doc.addPage();
      y = MARGIN;
    }
    let x = MARGIN;
    cells.forEach((cell, i) => {
      const col = cols[i] as Column;
      doc.text(cell, x + 2, y, { width: col.width - 4, align: col.align ?? "left" });
      x += col.width;
    });
    y += height + 4;
    doc
      .moveTo(MARGIN, y - 2)
      .lineTo(MARGIN + WIDTH, y - 2)
      .lineWidth(0.5)
      .strokeColor("#999999")
      .stroke();
  };
  row(
    cols.map((c) => c.title),
    true,
  );
  document.lines.forEach((line, i) => {
    row(
      cols.map((c) => latin(c.value(line, i))),
      false,
    );
  });

  // Totals, then the amount in words.
  const { totals } = document;
  const sums: [string, Paise][] = [
    ["Taxable value", totals.taxablePaise],
    ...(document.supply === "intra"
      ? ([
          ["CGST", totals.cgstPaise],
          ["SGST", totals.sgstPaise],
        ] as [string, Paise][])
      : ([["IGST", totals.igstPaise]] as [string, Paise][])),
  ];
  y += 6;
  doc.font("Helvetica").fontSize(9);
  for (const [label, paise] of sums) {
    doc.text(label, MARGIN + WIDTH - 260, y, { width: 150, align: "right" });
    doc.text(`Rs. ${amount(paise)}`, MARGIN + WIDTH - 110, y, { width: 110, align: "right" });
    y += 14;
  }
  doc.font("Helvetica-Bold").fontSize(10);
  doc.text(document.title === "TAX INVOICE" ? "Total" : "Total credited", MARGIN + WIDTH - 260, y, { width: 150, align: "right" });
  doc.text(`Rs. ${amount(totals.totalPaise)}`, MARGIN + WIDTH - 110, y, { width: 110, align: "right" });
  y += 22;
  if (document.pricesIncludeTax) {
    doc.font("Helvetica").fontSize(9).text("Prices are inclusive of GST.", MARGIN, y, { width: WIDTH });
    y += 14;
  }
  doc.font("Helvetica").fontSize(9).text("Amount in words:", MARGIN, y, { width: WIDTH });
  doc.font("Helvetica-Bold").text(rupeesInWords(totals.totalPaise), { width: WIDTH });
  doc.moveDown(1.5);
  doc
    .font("Helvetica")
    .fontSize(8)
    .fillColor("#555555")
    .text("This is a computer-generated document and needs no signature.", { width: WIDTH });
  doc.end();
  return done;
}
