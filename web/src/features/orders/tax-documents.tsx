import type { Order } from "@krishi/contract";
import Button from "react-bootstrap/Button";
import { Message } from "../../components/message.tsx";
import { t } from "../../i18n/index.ts";
import { errorText } from "../../lib/api-error.ts";
import { useDownloadDocumentMutation } from "./orders-api.ts";

/** How long a downloaded file's blob: URL lives (the browser has read it long before). */
const KEEP_URL_MS = 60_000;

/** A document number as a file name: "KB/2026-27/000001" → "KB-2026-27-000001.pdf". */
export function pdfName(number: string): string {
  return `${number.replace(/[^\w.-]+/g, "-")}.pdf`;
}

/** Saves (or opens, as the browser does with PDFs) a file the page holds as a blob: URL. */
function saveFile(url: string, name: string): void {
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  link.rel = "noopener";
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), KEEP_URL_MS);
}

/**
 * The order's tax invoice, once issued (paid, or a COD order's cash received), and a credit note
 * per refund: each a button that fetches the PDF with the session's token and saves it under its
 * number. A refusal (signed out, not found …) is said in the shop's words.
 */
export function TaxDocuments({ order }: { order: Order }) {
  const [download, { error, isLoading }] = useDownloadDocumentMutation();
  const invoice = order.invoiceNumber;
  if (!invoice) return null;

  async function save(url: string, number: string) {
    const result = await download(url);
    if (result.data) saveFile(result.data, pdfName(number));
  }

  return (
    <section className="panel-card">
      <h2>{t("Tax invoice")}</h2>
      <p className="mb-2">{t("Invoice {number}", { number: invoice })}</p>
      {error && <Message variant="danger">{errorText(error, "detail")}</Message>}
      <div className="tax-documents">
        <Button
          type="button"
          variant="outline-primary"
          disabled={isLoading}
          onClick={() => void save(`/orders/${order._id}/invoice/`, invoice)}
        >
          {t("Download tax invoice")}
        </Button>
        {order.creditNotes.map((note) => (
          <Button
            key={note.n}
            type="button"
            variant="outline-primary"
            disabled={isLoading}
            onClick={() => void save(`/orders/${order._id}/credit-notes/${note.n}/`, note.number)}
          >
            {t("Credit note {number}", { number: note.number })}
          </Button>
        ))}
      </div>
    </section>
  );
}
