import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { ErrorBody, IdParams, SavedAddressSchema, ShippingAddressInput } from "@krishi/contract/schemas";
import { type Static, Type } from "typebox";
import { type AuthGuards, bearer, currentUser } from "../../lib/auth.ts";
import type { AddressesService, AddressInput } from "./service.ts";

export interface AddressesRoutesOptions {
  auth: AuthGuards;
  addresses: AddressesService;
}

const errors = { 400: ErrorBody, 401: ErrorBody, 404: ErrorBody };

/** Accepts `postalCode` or its alias `pincode`. */
function input(body: Static<typeof ShippingAddressInput>): AddressInput {
  const { pincode, postalCode, ...rest } = body;
  return { ...rest, postalCode: postalCode ?? pincode ?? "" };
}

/** A customer's saved addresses; other users' ids are 404, never 403 (existence is not revealed). */
export const addressesRoutes: FastifyPluginAsyncTypebox<AddressesRoutesOptions> = async (app, { auth, addresses }) => {
  app.addHook("preHandler", auth.requireUser);
  const tags = ["addresses"];

  app.get(
    "/users/addresses/all",
    { schema: { tags, security: bearer, response: { 200: Type.Array(SavedAddressSchema), ...errors } } },
    async (request) => addresses.list(currentUser(request).id),
  );

  app.get(
    "/users/addresses/:id/",
    { schema: { tags, security: bearer, params: IdParams, response: { 200: SavedAddressSchema, ...errors } } },
    async (request) => addresses.get(currentUser(request).id, request.params.id),
  );

  app.post(
    "/users/addresses/add/",
    { schema: { tags, security: bearer, body: ShippingAddressInput, response: { 201: SavedAddressSchema, ...errors } } },
    async (request, reply) => reply.status(201).send(await addresses.add(currentUser(request).id, input(request.body))),
  );

  app.put(
    "/users/addresses/:id/edit/",
    { schema: { tags, security: bearer, params: IdParams, body: ShippingAddressInput, response: { 200: SavedAddressSchema, ...errors } } },
    async (request) => addresses.edit(currentUser(request).id, request.params.id, input(request.body)),
  );

  app.delete(
    "/users/addresses/:id/delete/",
    { schema: { tags, security: bearer, params: IdParams, response: { 200: Type.Object({ detail: Type.String() }), ...errors } } },
    async (request) => {
      await addresses.remove(currentUser(request).id, request.params.id);
      return { detail: "Address deleted." };
    },
  );
};
