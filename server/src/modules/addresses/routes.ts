import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { indianMobile } from "@krishi/contract";
import { ErrorBody, IdParams, SavedAddressSchema, ShippingAddressInput } from "@krishi/contract/schemas";
import { Type } from "typebox";
import { type AuthGuards, bearer, currentUser } from "../../lib/auth.ts";
import { fieldError, type HttpError, notFound, problem } from "../../lib/errors.ts";
import { valueOr } from "../../lib/result.ts";
import { BAD_PHONE } from "./check.ts";
import { ADDRESS_NOT_FOUND, addressError } from "./failures.ts";
import type { AddressesService, AddressFailure } from "./service.ts";

export interface AddressesRoutesOptions {
  auth: AuthGuards;
  addresses: AddressesService;
}

const errors = { 400: ErrorBody, 401: ErrorBody, 404: ErrorBody };

/** What a refused address request answers. */
function refusal(failure: AddressFailure): HttpError {
  switch (failure.kind) {
    case "address-not-found":
      return notFound("address_not_found", ADDRESS_NOT_FOUND);
    case "address-invalid":
      return addressError(failure);
  }
}

/** A phone number gets its own message (the schema's pattern would say "Enter a valid value."). */
async function checkPhone(request: { body: unknown }): Promise<void> {
  const body = request.body as { phone?: unknown } | null | undefined;
  if (!body || typeof body.phone !== "string") return;
  const phone = body.phone.trim();
  body.phone = phone;
  if (phone && indianMobile(phone) === null) throw fieldError("address_invalid", "phone", problem("phone_invalid", BAD_PHONE));
}

/** A customer's saved addresses; other users' ids are 404, never 403 (existence is not revealed). */
export const addressesRoutes: FastifyPluginAsyncTypebox<AddressesRoutesOptions> = async (app, { auth, addresses }) => {
  app.addHook("onRequest", auth.requireUser);
  const tags = ["addresses"];

  app.get(
    "/users/addresses/all",
    {
      schema: {
        operationId: "listAddresses",
        summary: "The signed-in customer's saved addresses",
        tags,
        security: bearer,
        response: { 200: Type.Array(SavedAddressSchema), ...errors },
      },
    },
    async (request) => addresses.list(currentUser(request).id),
  );

  app.get(
    "/users/addresses/:id/",
    {
      schema: {
        operationId: "getAddress",
        summary: "One of the signed-in customer's saved addresses",
        tags,
        security: bearer,
        params: IdParams,
        response: { 200: SavedAddressSchema, ...errors },
      },
    },
    async (request) => valueOr(await addresses.get(currentUser(request).id, request.params.id), refusal),
  );

  app.post(
    "/users/addresses/add/",
    {
      preValidation: checkPhone,
      schema: {
        operationId: "addAddress",
        summary: "Save a shipping address",
        tags,
        security: bearer,
        body: ShippingAddressInput,
        response: { 201: SavedAddressSchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(valueOr(await addresses.add(currentUser(request).id, request.body), refusal)),
  );

  app.put(
    "/users/addresses/:id/edit/",
    {
      preValidation: checkPhone,
      schema: {
        operationId: "editAddress",
        summary: "Edit a saved address",
        tags,
        security: bearer,
        params: IdParams,
        body: ShippingAddressInput,
        response: { 200: SavedAddressSchema, ...errors },
      },
    },
    async (request) => valueOr(await addresses.edit(currentUser(request).id, request.params.id, request.body), refusal),
  );

  app.delete(
    "/users/addresses/:id/delete/",
    {
      schema: {
        operationId: "deleteAddress",
        summary: "Delete a saved address",
        tags,
        security: bearer,
        params: IdParams,
        response: { 200: Type.Object({ detail: Type.String() }), ...errors },
      },
    },
    async (request) => {
      valueOr(await addresses.remove(currentUser(request).id, request.params.id), refusal);
      return { detail: "Address deleted." };
    },
  );
};
