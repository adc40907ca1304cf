import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { CreditNoteParams, ErrorBody, IdParams } from "@krishi/contract/schemas";
import type { FastifyReply } from "fastify";
import { Type } from "typebox";
import { type AuthGuards, bearer, currentUser } from "../../lib/auth.ts";
import { valueOr } from "../../lib/result.ts";
import { documentRefusal } from "./failures.ts";
import type { InvoicesService, PdfFile } from "./service.ts";

export interface InvoicesRoutesOptions {
  auth: AuthGuards;
  invoices: InvoicesService;
}

const errors = { 400: ErrorBody, 401: ErrorBody, 404: ErrorBody };
/** The answer of a tax document: the PDF itself. */
const pdfAnswer = (description: string) => ({ description, content: { "application/pdf": { schema: Type.String({ format: "binary" }) } } });
const tags = ["orders"];

/** A tax document, shown in the browser (and saved under its number). */
function sendPdf(reply: FastifyReply, { fileName, pdf }: PdfFile) {
  return reply
    .type("application/pdf")
    .header("Content-Disposition", `inline; filename="${fileName}"`)
    .header("Cache-Control", "private, no-cache")
    .send(pdf);
}

/** The tax invoice and credit notes of an order, for its owner or staff (404 for anyone else, never 403). */
export const invoicesRoutes: FastifyPluginAsyncTypebox<InvoicesRoutesOptions> = async (app, { auth, invoices }) => {
  app.get(
    "/orders/:id/invoice/",
    {
      onRequest: auth.requireUser,
      schema: {
        operationId: "getInvoice",
        tags,
        summary: "The order's GST tax invoice (application/pdf), issued when it is paid",
        security: bearer,
        params: IdParams,
        response: { 200: pdfAnswer("The tax invoice (PDF, shown inline, named after its number)"), ...errors },
      },
    },
    async (request, reply) => sendPdf(reply, valueOr(await invoices.invoicePdf(currentUser(request), request.params.id), documentRefusal)),
  );

  app.get(
    "/orders/:id/credit-notes/:n/",
    {
      onRequest: auth.requireUser,
      schema: {
        operationId: "getCreditNote",
        tags,
        summary: "The order's n-th credit note (application/pdf), one per processed refund",
        security: bearer,
        params: CreditNoteParams,
        response: { 200: pdfAnswer("The credit note (PDF, shown inline, named after its number)"), ...errors },
      },
    },
    async (request, reply) =>
      sendPdf(reply, valueOr(await invoices.creditNotePdf(currentUser(request), request.params.id, request.params.n), documentRefusal)),
  );
};
