import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { ErrorBody, StaffSummarySchema } from "@krishi/contract/schemas";
import type { StaffSummaryService } from "./summary.ts";

export interface StaffRoutesOptions {
  summary: StaffSummaryService;
}

/** The back office's own routes under /api/staff; the staff scope guards them. */
export const staffRoutes: FastifyPluginAsyncTypebox<StaffRoutesOptions> = async (app, { summary }) => {
  app.get(
    "/staff/summary/",
    {
      schema: {
        operationId: "getStaffSummary",
        tags: ["staff"],
        summary: "Dashboard: sales per day (30 days), orders to deliver, low stock, counts",
        response: { 200: StaffSummarySchema, 401: ErrorBody, 403: ErrorBody },
      },
    },
    async () => summary.summary(),
  );
};
