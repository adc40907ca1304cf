import multipart from "@fastify/multipart";
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import type { ProductUpdate } from "@krishi/contract";
import {
  DetailSchema,
  ErrorBody,
  IdParams,
  ImageOrderBody,
  ProductImagesSchema,
  ProductSchema,
  ProductUpdateBody,
} from "@krishi/contract/schemas";
import { Type } from "typebox";
import { badRequest, type FieldErrors, fieldError, HttpError, problem } from "../../lib/errors.ts";
import { readParts } from "../../lib/multipart.ts";
import { valueOr } from "../../lib/result.ts";
import {
  AMOUNT_INVALID,
  BAD_GST_RATE,
  BAD_HSN,
  type CatalogAdmin,
  hsnCodeOf,
  isGstRate,
  type PackInput,
  PRICE_OUT_OF_RANGE,
  priceInPaise,
} from "./admin.ts";
import { imageRefusal, productEditRefusal, productNotFound } from "./failures.ts";

export interface CatalogStaffRoutesOptions {
  admin: CatalogAdmin;
}

/** Uploads: one image of at most 5 MB. */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const tags = ["catalogue"];

/** A price staff may set (`field`: where the request has it): more than ₹0, at most ₹1 crore. */
function pricePaise(price: number | string, field = "price"): number {
  const paise = priceInPaise(price);
  if (paise === "amount_invalid") throw fieldError("price_invalid", field, problem("amount_invalid", AMOUNT_INVALID));
  if (paise === "price_out_of_range") throw fieldError("price_invalid", field, problem("price_out_of_range", PRICE_OUT_OF_RANGE));
  return paise;
}

/** The packs of an edit in paise; their price and MRP checked as the product's price is. */
function packsInput(variants: ProductUpdate["variants"]): PackInput[] | undefined {
  return variants?.map((variant, i) => ({
    ...variant,
    pricePaise: pricePaise(variant.price, `variants.${i}.price`),
    mrpPaise: pricePaise(variant.mrp, `variants.${i}.mrp`),
  }));
}

/**
 * The tax fields before the schema sees them: an HSN code loses its spaces and dots ("1209 91",
 * "3105.20"), and the two get messages a form can show (the schema's own would read "must be
 * equal to constant").
 */
function checkTaxFields(body: unknown): void {
  if (!body || typeof body !== "object") return;
  const fields = body as { hsnCode?: unknown; gstRate?: unknown };
  const errors: FieldErrors = {};
  if (typeof fields.hsnCode === "string") fields.hsnCode = hsnCodeOf(fields.hsnCode) ?? fields.hsnCode;
  if (fields.hsnCode !== undefined && !(typeof fields.hsnCode === "string" && hsnCodeOf(fields.hsnCode) !== null)) {
    errors.hsnCode = [problem("hsn_invalid", BAD_HSN)];
  }
  const rate = fields.gstRate;
  if (rate !== undefined && !isGstRate(rate)) errors.gstRate = [problem("gst_rate_invalid", BAD_GST_RATE)];
  const first = Object.entries(errors)[0];
  if (first?.[1][0]) throw badRequest("tax_fields_invalid", `${first[0]}: ${first[1][0].message}`, errors);
}

/** The staff's product routes (docs/storefront.md, "Calls"); the staff scope guards them (lib/auth.ts). */
export const catalogStaffRoutes: FastifyPluginAsyncTypebox<CatalogStaffRoutesOptions> = async (app, { admin }) => {
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 5, fieldSize: 100, parts: 6 } });

  app.post(
    "/products/create/",
    {
      schema: {
        operationId: "createProduct",
        tags,
        summary: "Create a sample product to edit",
        response: { 201: ProductSchema, ...errors },
      },
    },
    async (_request, reply) => reply.status(201).send(valueOr(await admin.createSample(), productNotFound)),
  );

  app.put(
    "/products/update/:id/",
    {
      preValidation: async (request) => checkTaxFields(request.body),
      schema: {
        operationId: "updateProduct",
        tags,
        summary: "Edit a product (category: an existing id, or a name, created when new)",
        params: IdParams,
        body: ProductUpdateBody,
        response: { 200: ProductSchema, ...errors, 409: ErrorBody },
      },
    },
    async (request) => {
      const {
        name,
        price,
        brand,
        countInStock,
        stockSeen,
        category,
        description,
        nameHi,
        descriptionHi,
        hsnCode,
        gstRate,
        variants,
        label,
        crops,
        problems,
        labelClaims,
      } = request.body;
      const updated = await admin.edit(request.params.id, {
        name: name.trim(),
        brand: brand.trim(),
        category,
        description,
        nameHi: nameHi?.trim(),
        descriptionHi,
        // Packs given: the form's price, stock and stockSeen are ignored (a sample's "0.00" among them).
        pricePaise: variants ? 0 : pricePaise(price),
        countInStock,
        stockSeen,
        hsnCode,
        gstRate,
        variants: packsInput(variants),
        label,
        crops,
        problems,
        labelClaims,
      });
      return valueOr(updated, productEditRefusal);
    },
  );

  app.delete(
    "/products/delete/:id/",
    {
      schema: {
        operationId: "deleteProduct",
        tags,
        summary: "Delete a product (orders keep their copy)",
        params: IdParams,
        response: { 200: DetailSchema, ...errors },
      },
    },
    async (request) => {
      valueOr(await admin.remove(request.params.id), productNotFound);
      return { detail: "Product deleted" };
    },
  );

  app.post(
    "/products/upload/",
    {
      // Read part by part below, not validated as a body: the document still shows its fields.
      config: {
        multipartBody: Type.Object({
          image: Type.String({ format: "binary", description: "JPEG, PNG or WebP, at most 5 MB" }),
          product_id: Type.Integer({ minimum: 1 }),
        }),
      },
      schema: {
        operationId: "uploadProductImage",
        tags,
        summary: "Add an image to a product: multipart `image` (JPEG, PNG or WebP, ≤ 5 MB) and `product_id`",
        consumes: ["multipart/form-data"],
        response: { 201: ProductImagesSchema, ...errors, 413: ErrorBody },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart()) throw badRequest("multipart_required", "Send the image as multipart/form-data.");
      let productId: number | null = null;
      let upload: Buffer | null = null;
      await readParts(
        request,
        async (part) => {
          if (part.type === "file") {
            if (part.fieldname !== "image" || upload) part.file.resume();
            else upload = await part.toBuffer();
          } else if (part.fieldname === "product_id") {
            const value = String(part.value).trim();
            const id = /^\d{1,10}$/.test(value) ? Number(value) : 0;
            productId = id >= 1 && id <= 2_147_483_647 ? id : 0;
          }
        },
        uploadError,
      );
      if (!productId) throw fieldError("field_invalid", "product_id", problem("not_integer", "A valid integer is required."));
      if (!upload) throw fieldError("image_missing", "image", problem("image_missing", "No file was submitted."));
      return reply.status(201).send(valueOr(await admin.addImage(productId, upload), imageRefusal));
    },
  );

  app.delete(
    "/products/images/:id/",
    {
      schema: {
        operationId: "deleteProductImage",
        tags,
        summary: "Remove an image from its product",
        params: IdParams,
        response: { 200: ProductImagesSchema, ...errors },
      },
    },
    async (request) => valueOr(await admin.removeImage(request.params.id), imageRefusal),
  );

  app.put(
    "/products/:id/images/order/",
    {
      schema: {
        operationId: "reorderProductImages",
        tags,
        summary: "Reorder a product's images (every image id, once, first shown first)",
        params: IdParams,
        body: ImageOrderBody,
        response: { 200: ProductImagesSchema, ...errors },
      },
    },
    async (request) => valueOr(await admin.reorderImages(request.params.id, request.body.images), imageRefusal),
  );
};

/** The multipart plugin's limits, in the upload's words (lib/multipart.ts answers the rest: a malformed body is a 400). */
function uploadError(code: string): HttpError | undefined {
  if (code === "FST_REQ_FILE_TOO_LARGE")
    return new HttpError(413, "image_rejected", "The image is larger than 5 MB.", {
      image: [problem("image_too_large", "The image is larger than 5 MB.")],
    });
  if (code === "FST_FILES_LIMIT" || code === "FST_PARTS_LIMIT" || code === "FST_FIELDS_LIMIT")
    return badRequest("image_missing", "Send one image and its product_id.");
  return undefined;
}
