import type { TokenPair as Tokens } from "@krishi/contract";
import { createAction } from "@reduxjs/toolkit";
import type { BaseQueryApi, BaseQueryFn, FetchArgs, FetchBaseQueryError, FetchBaseQueryMeta } from "@reduxjs/toolkit/query";

/**
 * The session's tokens as the base query keeps them: it reads them from the store's `auth` state,
 * and announces a renewal or a refused refresh with these actions, which the auth feature's slice
 * handles (the names are the auth slice's, so the actions are as they were).
 */
export const tokensRefreshed = createAction<Tokens>("auth/tokensRefreshed");
export const refreshFailed = createAction("auth/refreshFailed");

/** What renewing the session came to; "unreachable" leaves the session as it was. */
export type Renewal = "renewed" | "refused" | "unreachable";

/** The store, as a base query or a thunk sees it. */
export type SessionStore = Pick<BaseQueryApi, "getState" | "dispatch">;

export interface RefresherOptions {
  /** The tokens stored now. */
  tokens(store: SessionStore): { access: string | null; refresh: string | null };
  /** POST token/refresh/: new tokens, or null when refused; throws when the server cannot be reached. */
  request(refresh: string): Promise<Tokens | null>;
  renewed(store: SessionStore, tokens: Tokens): void;
  /** The refresh token was refused: the session is over. */
  refused(store: SessionStore): void;
}

type AppBaseQuery = BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError, object, FetchBaseQueryMeta>;

/**
 * Renewing an expired session, shared by the load-time check and every request.
 *
 * `renew(store, failed)` is called after the access token `failed` was refused. One refresh runs
 * at a time and callers arriving meanwhile share its outcome: the refresh token rotates, so a
 * second refresh with the same token would look like reuse and revoke the session. A caller whose
 * token was replaced in the meantime needs no refresh of its own.
 *
 * `retrying(baseQuery)` answers a 401 by renewing, then retries the request once.
 */
export function createRefresher(options: RefresherOptions) {
  let running: Promise<Renewal> | null = null;

  function renew(store: SessionStore, failed: string | null): Promise<Renewal> {
    if (running) return running;
    const { access, refresh } = options.tokens(store);
    if (access && access !== failed) return Promise.resolve("renewed");
    if (!refresh) return Promise.resolve("refused");
    running = options
      .request(refresh)
      .then(
        (tokens): Renewal => {
          if (!tokens) {
            options.refused(store);
            return "refused";
          }
          options.renewed(store, tokens);
          return "renewed";
        },
        (): Renewal => "unreachable",
      )
      .finally(() => {
        running = null;
      });
    return running;
  }

  function retrying(baseQuery: AppBaseQuery): AppBaseQuery {
    return async (args, api, extraOptions) => {
      const sentWith = options.tokens(api).access;
      const result = await baseQuery(args, api, extraOptions);
      if (result.error?.status !== 401) return result;
      return (await renew(api, sentWith)) === "renewed" ? baseQuery(args, api, extraOptions) : result;
    };
  }

  return { renew, retrying };
}

/** The auth service (dj-rest-auth compatible). */
export const AUTH_URL = "/api/users/dj-rest-auth/";

export interface Answer {
  status: number;
  /** The JSON body, or null when there is none. */
  data: unknown;
}

/**
 * The calls the session makes outside RTK Query (on load and inside the base query, where a
 * request must not itself be refreshed). Throws when the server cannot be reached.
 */
export async function authRequest(path: string, init: { body?: unknown; access?: string } = {}, fetchFn = fetch): Promise<Answer> {
  const headers: Record<string, string> = { Accept: "application/json" };
  if (init.body !== undefined) headers["Content-Type"] = "application/json";
  if (init.access) headers.Authorization = `Bearer ${init.access}`;
  const response = await fetchFn(AUTH_URL + path, {
    method: init.body === undefined ? "GET" : "POST",
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const data: unknown = await response.json().catch(() => null);
  return { status: response.status, data };
}

/**
 * POST token/refresh/: the new (rotated) tokens, or null when the server refuses the refresh token.
 * Throws when the server cannot be reached or fails (5xx), so a bad connection never ends a session.
 */
export async function requestTokenRefresh(refresh: string, fetchFn = fetch): Promise<Tokens | null> {
  const { status, data } = await authRequest("token/refresh/", { body: { refresh } }, fetchFn);
  if (status >= 500) throw new Error(`token/refresh/ answered ${status}`);
  return status === 200 && isTokens(data) ? { access: data.access, refresh: data.refresh } : null;
}

export function isTokens(value: unknown): value is Tokens {
  if (!value || typeof value !== "object") return false;
  const v = value as Record<string, unknown>;
  return typeof v.access === "string" && v.access !== "" && typeof v.refresh === "string" && v.refresh !== "";
}
