import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { DetailSchema, ErrorBody, IdParams, StaffUserUpdateBody, UserListQuery, UserSchema } from "@krishi/contract/schemas";
import { Type } from "typebox";
import { currentUser } from "../../lib/auth.ts";
import { PAGING_HEADERS, pagingHeaders } from "../../lib/paging.ts";
import { valueOr } from "../../lib/result.ts";
import { accountRefusal, userAdminRefusal } from "./failures.ts";
import type { AccountsService } from "./service.ts";
import type { UserAdmin } from "./user-admin.ts";

export interface UserStaffRoutesOptions {
  accounts: AccountsService;
  users: UserAdmin;
}

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const tags = ["users"];

/** The staff's user management under /api/users (docs/storefront.md, "Calls"); the staff scope guards them. */
export const userStaffRoutes: FastifyPluginAsyncTypebox<UserStaffRoutesOptions> = async (app, { accounts, users }) => {
  app.get(
    "/users/",
    {
      schema: {
        operationId: "listUsers",
        tags,
        summary: "Users by id, searchable by name or e-mail; paging in X-Total-Count and X-Page-Count",
        querystring: UserListQuery,
        response: { 200: Type.Array(UserSchema, { headers: PAGING_HEADERS }), ...errors },
      },
    },
    async (request, reply) => {
      const { search, page = 1, page_size: pageSize = 50 } = request.query;
      const result = valueOr(await users.list(search, page, pageSize), userAdminRefusal);
      reply.headers(pagingHeaders(result));
      return result.users;
    },
  );

  app.get(
    "/users/:id/",
    { schema: { operationId: "getUser", tags, summary: "One user", params: IdParams, response: { 200: UserSchema, ...errors } } },
    async (request) => valueOr(await accounts.profile(request.params.id), accountRefusal),
  );

  app.put(
    "/users/update/:id/",
    {
      schema: {
        operationId: "updateUser",
        tags,
        summary: "Edit a user's names, e-mail and staff flag (not your own staff flag)",
        params: IdParams,
        body: StaffUserUpdateBody,
        response: { 200: UserSchema, ...errors, 409: ErrorBody },
      },
    },
    async (request) => valueOr(await users.update(currentUser(request).id, request.params.id, request.body), userAdminRefusal),
  );

  app.delete(
    "/users/delete/:id/",
    {
      schema: {
        operationId: "deleteUser",
        tags,
        summary: "Delete a user (not yourself); their orders and reviews stay",
        params: IdParams,
        response: { 200: DetailSchema, ...errors },
      },
    },
    async (request) => {
      valueOr(await users.remove(currentUser(request).id, request.params.id), userAdminRefusal);
      return { detail: "User was deleted" };
    },
  );
};
