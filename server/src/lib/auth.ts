import type { ErrorCode, Language } from "@krishi/contract";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { HttpError } from "./errors.ts";
import { InvalidTokenError, type TokenService } from "./tokens.ts";

/**
 * The auth guard: reads `Authorization: Bearer <access token>`, verifies it, loads the user and
 * puts it on `request.user`. Route plugins receive the guards and run them as onRequest hooks, so
 * a missing token is a 401 before any 400 about the body (as Django REST Framework answers):
 *
 *   app.get("/users/profile/", { onRequest: auth.requireUser, schema: … }, async (request) => {
 *     const user = currentUser(request);
 *   });
 *
 * The answers are Simple JWT's (so the spec's dj-rest-auth client keeps working).
 */

/** The signed-in user as the guards load it (booleans normalised for both dialects). */
export interface AuthUser {
  id: number;
  /** Null for an account made with a mobile number alone. */
  email: string | null;
  first_name: string;
  last_name: string;
  is_staff: boolean;
  is_active: boolean;
  /** The language of their e-mails. */
  language: Language;
}

declare module "fastify" {
  interface FastifyRequest {
    /** Set by requireUser / requireStaff; null on routes without a guard. */
    user: AuthUser | null;
  }
}

export type Guard = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

export interface AuthGuards {
  /** 401 unless a valid access token of an active user is presented. */
  requireUser: Guard;
  /** As requireUser, then 403 unless the user is staff. */
  requireStaff: Guard;
  /** As requireUser when an Authorization header is sent (a bad token is still a 401); else request.user stays null. */
  optionalUser: Guard;
}

export interface AuthOptions {
  tokens: TokenService;
  /** The user with this id, or null when there is none. */
  loadUser(id: number): Promise<AuthUser | null>;
  /** Whether the session an access token names is still open. */
  sessionLive(sessionId: string | null): Promise<boolean>;
}

export const NOT_AUTHENTICATED = "Authentication credentials were not provided.";
export const TOKEN_NOT_VALID = "Given token not valid for any token type";
export const PERMISSION_DENIED = "You do not have permission to perform this action.";

const unauthorized = (reply: FastifyReply, detail: string, code: ErrorCode = "not_authenticated") => {
  reply.header("WWW-Authenticate", 'Bearer realm="api"');
  return new HttpError(401, code, detail);
};

/** Registers request.user and answers the guards; call once on the root instance. */
export function installAuth(app: FastifyInstance, { tokens, loadUser, sessionLive }: AuthOptions): AuthGuards {
  app.decorateRequest("user", null);

  async function authenticate(request: FastifyRequest, reply: FastifyReply): Promise<AuthUser> {
    const header = request.headers.authorization;
    const [scheme, token, ...rest] = (header ?? "").trim().split(/\s+/);
    if (!header || scheme?.toLowerCase() !== "bearer") throw unauthorized(reply, NOT_AUTHENTICATED);
    if (!token || rest.length > 0) throw unauthorized(reply, TOKEN_NOT_VALID, "token_not_valid");

    let userId: number;
    let sessionId: string | null;
    try {
      ({ userId, sessionId } = await tokens.verify(token, "access"));
    } catch (error) {
      if (error instanceof InvalidTokenError) throw unauthorized(reply, TOKEN_NOT_VALID, "token_not_valid");
      throw error;
    }
    // Both read at once (one round trip's wait, not two); the session is judged first.
    const [live, user] = await Promise.all([sessionLive(sessionId), loadUser(userId)]);
    // Its session ended (logout, password change, a replayed refresh token): the token goes with it.
    if (!live) throw unauthorized(reply, TOKEN_NOT_VALID, "token_not_valid");
    if (!user) throw unauthorized(reply, "User not found", "user_not_found");
    if (!user.is_active) throw unauthorized(reply, "User is inactive", "user_inactive");
    return user;
  }

  return {
    async requireUser(request, reply) {
      request.user = await authenticate(request, reply);
    },
    async requireStaff(request, reply) {
      const user = await authenticate(request, reply);
      if (!user.is_staff) throw new HttpError(403, "permission_denied", PERMISSION_DENIED);
      request.user = user;
    },
    async optionalUser(request, reply) {
      if (request.headers.authorization !== undefined) request.user = await authenticate(request, reply);
    },
  };
}

/** The user a guard has loaded; a route without a guard gets a 401 rather than a crash. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw new HttpError(401, "not_authenticated", NOT_AUTHENTICATED);
  return request.user;
}

/** OpenAPI: marks a route as needing the bearer token. */
export const bearer = [{ bearer: [] }];

/** A route of the staff scope, as the route table lists it (tests generate their checks from it). */
export interface StaffRoute {
  method: string;
  url: string;
}

declare module "fastify" {
  interface FastifyInstance {
    /** Every route registered inside the staff scope. */
    staffRoutes: StaffRoute[];
  }
}

/**
 * The one place the staff check happens: registers `routes` in a scope whose every route answers
 * 401 without a valid token and 403 to a customer, before its body is read. Handlers hold no
 * checks of their own; a new staff route is guarded by being registered here.
 */
export async function registerStaffScope(
  app: FastifyInstance,
  guards: AuthGuards,
  prefix: string,
  routes: (scope: FastifyInstance) => Promise<void>,
): Promise<void> {
  if (!app.hasDecorator("staffRoutes")) app.decorate("staffRoutes", []);
  await app.register(
    async (scope) => {
      scope.addHook("onRoute", (route) => {
        const methods = Array.isArray(route.method) ? route.method : [route.method];
        for (const method of methods) if (method !== "HEAD") app.staffRoutes.push({ method, url: route.url });
        route.schema = { ...route.schema, tags: [...(route.schema?.tags ?? []), "staff"], security: bearer };
      });
      scope.addHook("onRequest", guards.requireStaff);
      await routes(scope);
    },
    { prefix },
  );
}
