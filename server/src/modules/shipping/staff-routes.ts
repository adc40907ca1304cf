import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import {
  DetailSchema,
  ErrorBody,
  IdParams,
  ShippingRuleBody,
  ShippingRuleSchema,
  ShippingRulesAnswer,
  ShippingRulesSchema,
} from "@krishi/contract/schemas";
import { Type } from "typebox";
import { fieldError, problem } from "../../lib/errors.ts";
import { valueOr } from "../../lib/result.ts";
import { ruleRefusal } from "./failures.ts";
import type { ShippingRoutesOptions } from "./routes.ts";
import { ruleJson } from "./service.ts";
import { CSV_HEADER, MAX_RULES } from "./shipping-csv.ts";

const tags = ["shipping"];
const errors = { 401: ErrorBody, 403: ErrorBody };
const CsvBody = Type.String({
  description: `CSV, one line per rule: \`${CSV_HEADER}\` (header optional; a blank zone is everywhere, a blank maxGrams has no bound, a blank freeAbove is never free; rupees), at most ${MAX_RULES} rows`,
});

/** Staff: the shipping rules, one by one and as CSV (the serviceability table's way); the staff scope guards these. */
export const shippingStaffRoutes: FastifyPluginAsyncTypebox<ShippingRoutesOptions> = async (app, { shipping }) => {
  // The body as text (text/plain has Fastify's own parser); only the upload takes CSV.
  app.addContentTypeParser("text/csv", { parseAs: "string" }, (_request, body, done) => done(null, body));

  app.get(
    "/staff/shipping-rules/",
    {
      schema: {
        operationId: "listShippingRules",
        tags,
        summary: "The shipping rules, by zone and slab",
        response: { 200: ShippingRulesSchema, ...errors },
      },
    },
    async () => (await shipping.rules()).map(ruleJson),
  );

  app.post(
    "/staff/shipping-rules/",
    {
      schema: {
        operationId: "createShippingRule",
        tags,
        summary: "Add a shipping rule (refused when its slab overlaps another of its zone)",
        body: ShippingRuleBody,
        response: { 201: ShippingRuleSchema, 400: ErrorBody, ...errors },
      },
    },
    async (request, reply) => {
      reply.status(201);
      return ruleJson(valueOr(await shipping.create(request.body), ruleRefusal));
    },
  );

  app.put(
    "/staff/shipping-rules/:id/",
    {
      schema: {
        operationId: "updateShippingRule",
        tags,
        summary: "Replace a shipping rule (refused when its slab overlaps another of its zone)",
        params: IdParams,
        body: ShippingRuleBody,
        response: { 200: ShippingRuleSchema, 400: ErrorBody, ...errors, 404: ErrorBody },
      },
    },
    async (request) => ruleJson(valueOr(await shipping.update(request.params.id, request.body), ruleRefusal)),
  );

  app.delete(
    "/staff/shipping-rules/:id/",
    {
      schema: {
        operationId: "deleteShippingRule",
        tags,
        summary: "Remove a shipping rule",
        params: IdParams,
        response: { 200: DetailSchema, 400: ErrorBody, ...errors, 404: ErrorBody },
      },
    },
    async (request) => {
      valueOr(await shipping.remove(request.params.id), ruleRefusal);
      return { detail: "Shipping rule removed." };
    },
  );

  app.put(
    "/staff/shipping-rules/csv/",
    {
      schema: {
        operationId: "replaceShippingRules",
        tags,
        summary: "Replace every shipping rule with a CSV upload (all rows or none)",
        consumes: ["text/csv", "text/plain"],
        body: CsvBody,
        response: { 200: ShippingRulesAnswer, 400: ErrorBody, ...errors, 413: ErrorBody, 415: ErrorBody },
      },
    },
    async (request) => {
      const result = await shipping.replaceAll(request.body);
      if (!result.ok) throw fieldError("shipping_rules_invalid", "non_field_errors", problem(result.code, result.detail, result.params));
      const { rows } = result;
      return { rows, detail: `Shipping rules updated: ${rows} rule${rows === 1 ? "" : "s"}.` };
    },
  );

  app.get(
    "/staff/shipping-rules/csv/",
    {
      schema: {
        operationId: "getShippingRulesCsv",
        tags,
        summary: "The shipping rules as CSV (the upload's format; with no rules, its header: a template)",
        produces: ["text/csv"],
        response: { 200: { description: "CSV with a header row", content: { "text/csv": { schema: Type.String() } } }, ...errors },
      },
    },
    async (_request, reply) => {
      reply.type("text/csv; charset=utf-8").header("Content-Disposition", 'attachment; filename="shipping-rules.csv"');
      return shipping.csv();
    },
  );
};
