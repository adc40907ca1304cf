import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { CropBody, DetailSchema, ErrorBody, ProblemBody, ProblemSchema, StaffCropSchema, StaffCropsBody } from "@krishi/contract/schemas";
import type { FastifyRequest } from "fastify";
import { Type } from "typebox";
import { valueOr } from "../../lib/result.ts";
import { cropRefusal } from "./failures.ts";
import type { CropsService } from "./service.ts";

const tags = ["crops"];
const errors = { 401: ErrorBody, 403: ErrorBody };
const SlugParams = Type.Object({ slug: Type.String() });

/**
 * A body's slugs checked before the schema sees them, so a bad one answers as a crop's refusal
 * (400 crop_invalid, slug_invalid on its field) rather than the schema's pattern message.
 */
async function checkSlugs(crops: CropsService, body: unknown): Promise<void> {
  if (!body || typeof body !== "object") return;
  const invalid = crops.slugsProblem(body as { slug?: unknown; stages?: unknown });
  if (invalid) throw cropRefusal(invalid);
}

/** Staff: crops, problems and which problems trouble which crops; the staff scope guards these. */
export const cropStaffRoutes: FastifyPluginAsyncTypebox<{ crops: CropsService }> = async (app, { crops }) => {
  const preValidation = async (request: FastifyRequest) => checkSlugs(crops, request.body);

  app.get(
    "/staff/crops/",
    {
      schema: {
        operationId: "listStaffCrops",
        tags,
        summary: "Every crop with its problems and stages, and every problem",
        response: { 200: StaffCropsBody, ...errors },
      },
    },
    () => crops.staffList(),
  );

  app.post(
    "/staff/crops/",
    {
      preValidation,
      schema: {
        operationId: "createCrop",
        tags,
        summary: "Add a crop with its stages and problems",
        body: CropBody,
        response: { 201: StaffCropSchema, 400: ErrorBody, ...errors },
      },
    },
    async (request, reply) => {
      reply.status(201);
      return valueOr(await crops.createCrop(request.body), cropRefusal);
    },
  );

  app.put(
    "/staff/crops/:slug/",
    {
      preValidation,
      schema: {
        operationId: "updateCrop",
        tags,
        summary: "Replace a crop (its address may change); problems taken off it leave its products' links",
        params: SlugParams,
        body: CropBody,
        response: { 200: StaffCropSchema, 400: ErrorBody, ...errors, 404: ErrorBody },
      },
    },
    async (request) => valueOr(await crops.replaceCrop(request.params.slug, request.body), cropRefusal),
  );

  app.delete(
    "/staff/crops/:slug/",
    {
      schema: {
        operationId: "deleteCrop",
        tags,
        summary: "Remove a crop, with its products' links and label claim pairs",
        params: SlugParams,
        response: { 200: DetailSchema, ...errors, 404: ErrorBody },
      },
    },
    async (request) => {
      valueOr(await crops.removeCrop(request.params.slug), cropRefusal);
      return { detail: "Crop removed." };
    },
  );

  app.post(
    "/staff/problems/",
    {
      preValidation,
      schema: {
        operationId: "createProblem",
        tags,
        summary: "Add a pest, disease, weed or deficiency",
        body: ProblemBody,
        response: { 201: ProblemSchema, 400: ErrorBody, ...errors },
      },
    },
    async (request, reply) => {
      reply.status(201);
      return valueOr(await crops.createProblem(request.body), cropRefusal);
    },
  );

  app.put(
    "/staff/problems/:slug/",
    {
      preValidation,
      schema: {
        operationId: "updateProblem",
        tags,
        summary: "Replace a problem (its address may change)",
        params: SlugParams,
        body: ProblemBody,
        response: { 200: ProblemSchema, 400: ErrorBody, ...errors, 404: ErrorBody },
      },
    },
    async (request) => valueOr(await crops.replaceProblem(request.params.slug, request.body), cropRefusal),
  );

  app.delete(
    "/staff/problems/:slug/",
    {
      schema: {
        operationId: "deleteProblem",
        tags,
        summary: "Remove a problem from every crop, product link and label claim",
        params: SlugParams,
        response: { 200: DetailSchema, ...errors, 404: ErrorBody },
      },
    },
    async (request) => {
      valueOr(await crops.removeProblem(request.params.slug), cropRefusal);
      return { detail: "Problem removed." };
    },
  );
};
