import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { CropFindQuery, CropListBody, CropMatchesBody, CropPageBody, ErrorBody, ProblemPageBody } from "@krishi/contract/schemas";
import { Type } from "typebox";
import { sendCached } from "../catalog/routes.ts";
import { cropListAnswer, cropMatchesAnswer, cropPageAnswer, problemPageAnswer } from "./answers.ts";
import type { CropsService } from "./service.ts";

const tags = ["crops"];
const notModified = { 304: Type.Null({ description: "Not modified: If-None-Match named the answer's current ETag" }) };
/** A path's slug: any text (an unknown one is a 404, not a 400). */
const SlugParam = Type.String();

/** The public crops and problems (cached answers, answers.ts): what a farmer shops by. */
export const cropRoutes: FastifyPluginAsyncTypebox<{ crops: CropsService }> = async (app, { crops }) => {
  app.get(
    "/crops/",
    {
      config: { securityHeaders: false },
      schema: {
        operationId: "listCrops",
        tags,
        summary: "Every crop, in the shop's order (with its seasons)",
        response: { 200: CropListBody, ...notModified },
      },
    },
    async (request, reply) => sendCached(request, reply, await cropListAnswer(crops, (data) => String(reply.serialize(data)))),
  );

  app.get(
    "/crops/find/",
    {
      config: { securityHeaders: false },
      schema: {
        operationId: "findCropPages",
        tags,
        summary: "The crop and problem pages a search's words name (a problem's page first)",
        querystring: CropFindQuery,
        response: { 200: CropMatchesBody, ...notModified, 400: ErrorBody },
      },
    },
    async (request, reply) =>
      sendCached(request, reply, await cropMatchesAnswer(crops, request.query.keyword, (data) => String(reply.serialize(data)))),
  );

  app.get(
    "/crops/:slug/",
    {
      config: { securityHeaders: false },
      schema: {
        operationId: "getCrop",
        tags,
        summary: "A crop, its problems by stage and the products that serve it, best first",
        params: Type.Object({ slug: SlugParam }),
        response: { 200: CropPageBody, ...notModified, 404: ErrorBody },
      },
    },
    async (request, reply) =>
      sendCached(request, reply, await cropPageAnswer(crops, request.params.slug, (data) => String(reply.serialize(data)))),
  );

  app.get(
    "/crops/:slug/problems/:problem/",
    {
      config: { securityHeaders: false },
      schema: {
        operationId: "getCropProblem",
        tags,
        summary: "A crop's problem (symptoms) and the products for it, best first",
        params: Type.Object({ slug: SlugParam, problem: SlugParam }),
        response: { 200: ProblemPageBody, ...notModified, 404: ErrorBody },
      },
    },
    async (request, reply) =>
      sendCached(
        request,
        reply,
        await problemPageAnswer(crops, request.params.slug, request.params.problem, (data) => String(reply.serialize(data))),
      ),
  );
};
