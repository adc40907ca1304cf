import type { TokenPair as Tokens } from "@krishi/contract";
import type { BaseQueryApi, FetchBaseQueryError } from "@reduxjs/toolkit/query";
import { describe, expect, it, vi } from "vitest";
import { anErrorBody } from "../testing/factories.ts";
import { createRefresher, requestTokenRefresh, type SessionStore } from "./token-refresh.ts";

/** A session store whose tokens the refresher reads and replaces. */
function session(access: string | null, refresh: string | null) {
  const tokens = { access, refresh };
  const store = { getState: () => tokens, dispatch: vi.fn() } as unknown as SessionStore;
  const ended = vi.fn();
  return { tokens, store, ended };
}

/** A refresh the test finishes: `answer(tokens | null)` or `fail()`. */
function pendingRefresh() {
  let answer: (tokens: Tokens | null) => void = () => {};
  let fail: (error: Error) => void = () => {};
  const request = vi.fn(
    () =>
      new Promise<Tokens | null>((resolve, reject) => {
        answer = resolve;
        fail = reject;
      }),
  );
  return { request, answer: (tokens: Tokens | null) => answer(tokens), fail: () => fail(new Error("offline")) };
}

function refresherFor(s: ReturnType<typeof session>, request: (refresh: string) => Promise<Tokens | null>) {
  return createRefresher({
    tokens: () => s.tokens,
    request,
    renewed: (_store, tokens) => Object.assign(s.tokens, tokens),
    refused: () => {
      Object.assign(s.tokens, { access: null, refresh: null });
      s.ended();
    },
  });
}

const unauthorized = { error: { status: 401, data: anErrorBody("token_not_valid", "Given token not valid for any token type") } };

/** A base query that answers 401 to the expired token and 200 to any other. */
function baseQueryAgainst(s: ReturnType<typeof session>) {
  return vi.fn(async () =>
    s.tokens.access === "expired" ? (unauthorized as { error: FetchBaseQueryError }) : { data: { with: s.tokens.access } },
  );
}

/** What a base query receives; the refresher only reads getState and dispatch. */
const api = (s: ReturnType<typeof session>) => s.store as BaseQueryApi;

describe("token refresh on 401", () => {
  it("refreshes once for concurrent 401s and retries each request once with the new token", async () => {
    const s = session("expired", "refresh-1");
    const refresh = pendingRefresh();
    const baseQuery = baseQueryAgainst(s);
    const query = refresherFor(s, refresh.request).retrying(baseQuery);

    const answers = Promise.all([query("/a", api(s), {}), query("/b", api(s), {}), query("/c", api(s), {})]);
    await vi.waitFor(() => expect(refresh.request).toHaveBeenCalledTimes(1));
    refresh.answer({ access: "fresh", refresh: "refresh-2" });

    expect(await answers).toEqual([{ data: { with: "fresh" } }, { data: { with: "fresh" } }, { data: { with: "fresh" } }]);
    expect(refresh.request).toHaveBeenCalledWith("refresh-1");
    expect(baseQuery).toHaveBeenCalledTimes(6);
    expect(s.tokens).toEqual({ access: "fresh", refresh: "refresh-2" });
  });

  it("retries only once: a second 401 is the answer", async () => {
    const s = session("expired", "refresh-1");
    const baseQuery = vi.fn(async () => unauthorized as { error: FetchBaseQueryError });
    const request = vi.fn(async () => ({ access: "fresh", refresh: "refresh-2" }));
    const result = await refresherFor(s, request).retrying(baseQuery)("/a", api(s), {});
    expect(result).toEqual(unauthorized);
    expect(baseQuery).toHaveBeenCalledTimes(2);
    expect(request).toHaveBeenCalledTimes(1);
  });

  it("ends the session when the refresh token is refused, answering the original 401", async () => {
    const s = session("expired", "refresh-1");
    const baseQuery = baseQueryAgainst(s);
    const result = await refresherFor(s, async () => null).retrying(baseQuery)("/a", api(s), {});
    expect(result).toEqual(unauthorized);
    expect(s.ended).toHaveBeenCalledTimes(1);
    expect(s.tokens).toEqual({ access: null, refresh: null });
    expect(baseQuery).toHaveBeenCalledTimes(1);
  });

  it("keeps the session when the server cannot be reached", async () => {
    const s = session("expired", "refresh-1");
    const refresh = pendingRefresh();
    const answer = refresherFor(s, refresh.request).retrying(baseQueryAgainst(s))("/a", api(s), {});
    await vi.waitFor(() => expect(refresh.request).toHaveBeenCalled());
    refresh.fail();
    expect(await answer).toEqual(unauthorized);
    expect(s.ended).not.toHaveBeenCalled();
    expect(s.tokens).toEqual({ access: "expired", refresh: "refresh-1" });
  });

  it("does not refresh for a guest", async () => {
    const s = session(null, null);
    const request = vi.fn(async () => null);
    const baseQuery = vi.fn(async () => unauthorized as { error: FetchBaseQueryError });
    expect(await refresherFor(s, request).retrying(baseQuery)("/a", api(s), {})).toEqual(unauthorized);
    expect(request).not.toHaveBeenCalled();
    expect(s.ended).not.toHaveBeenCalled();
  });

  it("retries without refreshing when the token was already replaced meanwhile", async () => {
    const s = session("fresh", "refresh-2");
    const request = vi.fn(async () => null);
    const renewal = await refresherFor(s, request).renew(s.store, "expired");
    expect(renewal).toBe("renewed");
    expect(request).not.toHaveBeenCalled();
  });

  it("starts a new refresh after the previous one finished", async () => {
    const s = session("expired", "refresh-1");
    const request = vi.fn(async (refresh: string) => ({ access: `after-${refresh}`, refresh: `${refresh}+` }));
    const refresher = refresherFor(s, request);
    expect(await refresher.renew(s.store, "expired")).toBe("renewed");
    expect(await refresher.renew(s.store, "after-refresh-1")).toBe("renewed");
    expect(request.mock.calls).toEqual([["refresh-1"], ["refresh-1+"]]);
  });
});

describe("requestTokenRefresh", () => {
  const answer = (status: number, body: unknown) => vi.fn(async () => new Response(JSON.stringify(body), { status }));

  it("posts the refresh token and answers both rotated tokens", async () => {
    const fetchFn = answer(200, { access: "a2", refresh: "r2" });
    expect(await requestTokenRefresh("r1", fetchFn)).toEqual({ access: "a2", refresh: "r2" });
    expect(fetchFn).toHaveBeenCalledWith(
      "/api/users/dj-rest-auth/token/refresh/",
      expect.objectContaining({ method: "POST", body: JSON.stringify({ refresh: "r1" }) }),
    );
  });

  it("answers null when the server refuses the token", async () => {
    const refused = anErrorBody("token_not_valid", "Token is invalid or expired");
    expect(await requestTokenRefresh("r1", answer(401, refused))).toBeNull();
    expect(await requestTokenRefresh("r1", answer(200, { access: "a2" }))).toBeNull();
  });

  it("throws when the server fails or cannot be reached, so the session is kept", async () => {
    await expect(requestTokenRefresh("r1", answer(503, {}))).rejects.toThrow();
    await expect(
      requestTokenRefresh(
        "r1",
        vi.fn(async () => {
          throw new TypeError("Failed to fetch");
        }),
      ),
    ).rejects.toThrow("Failed to fetch");
  });
});
