import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { ErrorBody, PincodeParams, PincodeSchema, ServiceabilityAnswer } from "@krishi/contract/schemas";
import { Type } from "typebox";
import { fieldError, notFound, problem } from "../../lib/errors.ts";
import type { PincodeService } from "./service.ts";
import { MAX_ROWS } from "./serviceability-csv.ts";

export interface PincodeRoutesOptions {
  pincodes: PincodeService;
}

/** Browsers and proxies may keep an answer this long: the directory is fixed, the table rarely changes. */
const CACHE_SECONDS = 300;

/** GET /api/pincodes/{pin}/: public, as the product page's "Check delivery" and the shipping form ask it. */
export const pincodeRoutes: FastifyPluginAsyncTypebox<PincodeRoutesOptions> = async (app, { pincodes }) => {
  app.get(
    "/pincodes/:pin/",
    {
      schema: {
        operationId: "getPincode",
        tags: ["pincodes"],
        summary: "Where a PIN code is (district, state) and whether the shop delivers there, in how many days, with COD",
        params: PincodeParams,
        response: { 200: PincodeSchema, 400: ErrorBody, 404: ErrorBody },
      },
    },
    async (request, reply) => {
      const { pin } = request.params;
      const found = await pincodes.lookup(pin);
      reply.header("Cache-Control", `public, max-age=${CACHE_SECONDS}`);
      if (!found) throw notFound("pin_not_found", `PIN code ${pin} was not found.`, { pin });
      return found;
    },
  );
};

const tags = ["pincodes"];
const errors = { 401: ErrorBody, 403: ErrorBody };
const CsvBody = Type.String({
  description: `CSV, one line per PIN code or prefix: \`pin or prefix,deliveryDays,cod\` (header optional), at most ${MAX_ROWS} rows and 6 MB`,
});
/**
 * The largest upload: room for MAX_ROWS lines of 31 characters (`"411001","60","false"` with a
 * Windows line end is 24), and what deploy/nginx.conf lets through (client_max_body_size 6m).
 */
const CSV_BODY_LIMIT = 6 * 1024 * 1024;

/** Staff: the serviceability table, uploaded and downloaded as CSV; the staff scope guards these. */
export const pincodeStaffRoutes: FastifyPluginAsyncTypebox<PincodeRoutesOptions> = async (app, { pincodes }) => {
  // The body as text (text/plain has Fastify's own parser); only these routes take CSV.
  app.addContentTypeParser("text/csv", { parseAs: "string" }, (_request, body, done) => done(null, body));

  app.put(
    "/staff/serviceability/",
    {
      bodyLimit: CSV_BODY_LIMIT,
      schema: {
        operationId: "replaceServiceability",
        tags,
        summary: "Replace the PIN serviceability table with a CSV upload (all rows or none)",
        consumes: ["text/csv", "text/plain"],
        body: CsvBody,
        response: { 200: ServiceabilityAnswer, 400: ErrorBody, ...errors, 413: ErrorBody, 415: ErrorBody },
      },
    },
    async (request) => {
      const result = await pincodes.replaceServiceability(request.body);
      if (!result.ok) {
        const refused = problem(result.code, result.detail, result.params);
        throw fieldError("serviceability_invalid", "non_field_errors", refused);
      }
      const { rows } = result;
      return { rows, detail: `Serviceability updated: ${rows} PIN code${rows === 1 ? "" : "s"} or prefix${rows === 1 ? "" : "es"}.` };
    },
  );

  app.get(
    "/staff/serviceability/",
    {
      schema: {
        operationId: "getServiceability",
        tags,
        summary: "The PIN serviceability table as CSV (the upload's format)",
        produces: ["text/csv"],
        response: { 200: { description: "CSV with a header row", content: { "text/csv": { schema: Type.String() } } }, ...errors },
      },
    },
    async (_request, reply) => {
      reply.type("text/csv; charset=utf-8").header("Content-Disposition", 'attachment; filename="serviceability.csv"');
      return pincodes.serviceabilityCsv();
    },
  );

  app.delete(
    "/staff/serviceability/",
    {
      schema: {
        operationId: "deleteServiceability",
        tags,
        summary: "Remove the serviceability table: every PIN code the directory knows is served again",
        response: { 200: ServiceabilityAnswer, ...errors },
      },
    },
    async () => {
      await pincodes.clearServiceability();
      return { rows: 0, detail: "Serviceability table removed: the shop delivers to every known PIN code." };
    },
  );
};
