import multipart from "@fastify/multipart";
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { MAX_RETURN_PHOTOS } from "@krishi/contract";
import {
  ErrorBody,
  IdParams,
  OrderSchema,
  RequestReturnBody,
  ReturnActionBody,
  ReturnParams,
  ReturnPhotoParams,
  ReturnPhotoQuery,
  ReturnSchema,
} from "@krishi/contract/schemas";
import type { FastifyReply, FastifyRequest } from "fastify";
import { Type } from "typebox";
import { type AuthGuards, bearer, currentUser } from "../../lib/auth.ts";
import { fieldError, HttpError, problem } from "../../lib/errors.ts";
import { readParts } from "../../lib/multipart.ts";
import { valueOr } from "../../lib/result.ts";
import { actionRefusal, photoRefusal, requestRefusal } from "./failures.ts";
import type { ReturnsService } from "./service.ts";

export interface ReturnRoutesOptions {
  returns: ReturnsService;
  auth: AuthGuards;
}

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
const MAX_PHOTO_BYTES = 5 * 1024 * 1024;
/** Fields of a multipart request sent as JSON text. */
const JSON_FIELDS = new Set(["lines", "refundTo"]);

/** The photos of a multipart return request, kept aside while its fields are validated. */
const photosOf = new WeakMap<FastifyRequest, Buffer[]>();

/**
 * A multipart return request as the JSON body it stands for: `lines` and `refundTo` are JSON
 * text, `photos` up to three files. Runs before validation, so the schema checks it like JSON.
 */
async function readMultipart(request: FastifyRequest): Promise<void> {
  if (!request.isMultipart()) return;
  const body: Record<string, unknown> = {};
  const photos: Buffer[] = [];
  await readParts(
    request,
    async (part) => {
      if (part.type === "file") {
        if (part.fieldname === "photos") photos.push(await part.toBuffer());
        else part.file.resume();
      } else if (JSON_FIELDS.has(part.fieldname)) {
        try {
          body[part.fieldname] = JSON.parse(String(part.value));
        } catch {
          throw fieldError("field_invalid", part.fieldname, problem("invalid", "Send this field as JSON text."));
        }
      } else body[part.fieldname] = String(part.value);
    },
    uploadError,
  );
  request.body = body;
  photosOf.set(request, photos);
}

/** The multipart plugin's limits, in the return's words (lib/multipart.ts answers the rest: a malformed body is a 400). */
function uploadError(code: string): HttpError | undefined {
  if (code === "FST_REQ_FILE_TOO_LARGE") {
    return new HttpError(413, "image_rejected", "A photo is larger than 5 MB.", {
      photos: [problem("image_too_large", "A photo is larger than 5 MB.")],
    });
  }
  if (code === "FST_FILES_LIMIT") {
    const message = `Attach at most ${MAX_RETURN_PHOTOS} photos.`;
    return fieldError("field_invalid", "photos", problem("too_many_photos", message, { max: MAX_RETURN_PHOTOS }));
  }
  return undefined;
}

/** A return's photo: the customer's own, kept by their browser alone and no longer than its address works. */
function sendPhoto(reply: FastifyReply, data: Buffer, secondsLeft: number) {
  return reply.type("image/webp").header("Cache-Control", `private, max-age=${secondsLeft}`).send(data);
}

/** The owner asks to return items, and the photos of returns are served at their signed addresses. */
export const returnRoutes: FastifyPluginAsyncTypebox<ReturnRoutesOptions> = async (app, { returns, auth }) => {
  await app.register(multipart, {
    limits: { fileSize: MAX_PHOTO_BYTES, files: MAX_RETURN_PHOTOS, fields: 10, fieldSize: 10_000, parts: MAX_RETURN_PHOTOS + 10 },
  });

  app.post(
    "/orders/:id/returns/",
    {
      // Signed in before the body is read: a guest's photos are not uploaded for nothing.
      onRequest: auth.requireUser,
      preValidation: readMultipart,
      schema: {
        operationId: "requestReturn",
        tags: ["orders", "returns"],
        summary: `Ask to return units of a delivered order within the return window: JSON, or multipart/form-data with up to ${MAX_RETURN_PHOTOS} \`photos\` (JPEG, PNG or WebP) and \`lines\` / \`refundTo\` as JSON text`,
        consumes: ["application/json", "multipart/form-data"],
        security: bearer,
        params: IdParams,
        body: RequestReturnBody,
        response: { 201: ReturnSchema, ...errors, 413: ErrorBody },
      },
    },
    async (request, reply) => {
      const made = valueOr(
        await returns.request(currentUser(request), request.params.id, request.body, photosOf.get(request) ?? []),
        requestRefusal,
      );
      return reply.status(201).send(made);
    },
  );

  app.get(
    "/orders/:id/returns/:returnId/photos/:n/",
    {
      schema: {
        operationId: "getReturnPhoto",
        tags: ["orders", "returns"],
        summary:
          "A return's photo (WebP) at the signed address the order JSON gives its customer and staff (`photos`), while it works (an hour or so); `w` for a narrower copy",
        params: ReturnPhotoParams,
        querystring: ReturnPhotoQuery,
        response: {
          200: { description: "The photo", content: { "image/webp": { schema: Type.String({ format: "binary" }) } } },
          403: ErrorBody,
          404: ErrorBody,
        },
      },
    },
    async (request, reply) => {
      const { id, returnId, n } = request.params;
      const { data, secondsLeft } = valueOr(await returns.photo(id, returnId, n, request.query), photoRefusal);
      return sendPhoto(reply, data, secondsLeft);
    },
  );
};

/** Staff act on returns; the staff scope guards them. */
export const returnStaffRoutes: FastifyPluginAsyncTypebox<{ returns: ReturnsService }> = async (app, { returns }) => {
  app.put(
    "/orders/:id/returns/:returnId/",
    {
      schema: {
        operationId: "actOnReturn",
        tags: ["orders", "returns"],
        summary:
          "Staff: approve a return (pickup arranged), reject it (the note is shown to the customer), or receive it (refund its lines with their own tax; units back on sale when `restock`, the default)",
        security: bearer,
        params: ReturnParams,
        body: ReturnActionBody,
        response: { 200: OrderSchema, ...errors },
      },
    },
    async (request) =>
      valueOr(await returns.act(currentUser(request), request.params.id, request.params.returnId, request.body), actionRefusal),
  );
};
