import { createAction } from "@reduxjs/toolkit";
import { createApi, fetchBaseQuery } from "@reduxjs/toolkit/query/react";
import { createRefresher, refreshFailed, requestTokenRefresh, tokensRefreshed } from "./token-refresh.ts";

interface StoredTokens {
  access: string | null;
  refresh: string | null;
}

/** The tokens the auth feature's slice keeps (`state.auth`); none before it is in the store. */
const tokensOf = (state: unknown): StoredTokens => (state as { auth?: StoredTokens }).auth ?? { access: null, refresh: null };

const rawBaseQuery = fetchBaseQuery({
  baseUrl: "/api",
  prepareHeaders(headers, { getState }) {
    const { access } = tokensOf(getState());
    if (access) headers.set("Authorization", `Bearer ${access}`);
    return headers;
  },
});

/**
 * The session's one refresher (docs/design.md, "Web app": it refreshes once on a 401): the base
 * query and the load-time check share it, so concurrent 401s lead to a single token refresh.
 */
export const session = createRefresher({
  tokens: (store) => tokensOf(store.getState()),
  request: (refresh) => requestTokenRefresh(refresh),
  renewed: (store, tokens) => store.dispatch(tokensRefreshed(tokens)),
  refused(store) {
    store.dispatch(refreshFailed());
    store.dispatch(api.util.resetApiState());
  },
});

/**
 * The state a server-rendered page was rendered with (embedded in the page): its API answers are
 * taken into the cache, so the hydrated screens show them without asking again.
 */
export const hydrate = createAction<{ api?: unknown }>("app/hydrate");

/** The one API slice; features add their endpoints with `api.injectEndpoints`. */
export const api = createApi({
  reducerPath: "api",
  baseQuery: session.retrying(rawBaseQuery),
  tagTypes: ["Product", "Category", "Order", "Address", "User", "Summary"],
  endpoints: () => ({}),
  extractRehydrationInfo: (action, { reducerPath }) =>
    hydrate.match(action) ? (action.payload as Record<string, never>)[reducerPath] : undefined,
});
