import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { ErrorBody, GstReportQuery } from "@krishi/contract/schemas";
import type { FastifyReply } from "fastify";
import { Type } from "typebox";
import { valueOr } from "../../lib/result.ts";
import { periodRefusal } from "./failures.ts";
import type { InvoicesService } from "./service.ts";

export interface InvoiceStaffRoutesOptions {
  invoices: InvoicesService;
}

/** A report to save as a file. */
function sendCsv(reply: FastifyReply, { fileName, csv }: { fileName: string; csv: string }) {
  return reply
    .type("text/csv; charset=utf-8")
    .header("Content-Disposition", `attachment; filename="${fileName}"`)
    .header("Cache-Control", "private, no-cache")
    .send(csv);
}

/** The staff's GST report; the staff scope guards it. */
export const invoiceStaffRoutes: FastifyPluginAsyncTypebox<InvoiceStaffRoutesOptions> = async (app, { invoices }) => {
  app.get(
    "/staff/gst-report/",
    {
      schema: {
        operationId: "getGstReport",
        tags: ["staff"],
        summary:
          "GST report (text/csv): invoices and credit notes of a period with taxable value and tax per rate, then totals per rate and state",
        querystring: GstReportQuery,
        response: {
          200: {
            description: "The report as CSV, to save (Content-Disposition: attachment)",
            content: { "text/csv": { schema: Type.String() } },
          },
          400: ErrorBody,
          401: ErrorBody,
          403: ErrorBody,
        },
      },
    },
    async (request, reply) => sendCsv(reply, valueOr(await invoices.gstReport(request.query.from, request.query.to), periodRefusal)),
  );
};
