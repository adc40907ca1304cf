import type { BaseQueryApi, BaseQueryFn, FetchArgs, FetchBaseQueryError, FetchBaseQueryMeta } from "@reduxjs/toolkit/query";
import type { Tokens } from "./auth-slice.ts";

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
