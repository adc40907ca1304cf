import { afterEach, describe, expect, it } from "vitest";
import { makeStore } from "../../base/store.ts";
import { anErrorBody, aUser } from "../../testing/factories.ts";
import { type FakeAnswer, type FakeCall, fakeApi } from "../../testing/fake-api.ts";
import { saveAuth } from "./auth-slice.ts";
import { GOOGLE_NOT_VERIFIED } from "./google.ts";
import { newGoogleState } from "./google-state.ts";
import { logout, startSession } from "./session.ts";
import { resendVerification } from "./verification.ts";

const user = aUser();
const invalid = { status: 401, body: anErrorBody("token_not_valid", "Token is invalid or expired") };

/** Starts a visit with the given stored session, against a fake auth service. */
async function visit(storedAccess: string | null, answer: (call: FakeCall) => FakeAnswer) {
  if (storedAccess) saveAuth({ access: storedAccess, refresh: "refresh-1", user });
  const calls = fakeApi(answer);
  const store = makeStore({ persist: false });
  await store.dispatch(startSession());
  return { calls, auth: store.getState().auth, store };
}

const route = (call: FakeCall) => `${call.method} ${call.path.replace("/api/users/dj-rest-auth/", "")}`;

afterEach(() => window.history.replaceState(null, "", "/"));

describe("startSession (on load)", () => {
  it("leaves a guest alone", async () => {
    const { calls, auth } = await visit(null, () => ({ status: 500 }));
    expect(calls).toEqual([]);
    expect(auth).toMatchObject({ isAuthenticated: false, user: null, message: null });
  });

  it("verifies the stored access token, then loads the user", async () => {
    const fresh = aUser({ first_name: "Asha R", name: "Asha R Patil" });
    const { calls, auth } = await visit("access-1", (call) => ({ body: call.path.endsWith("/user/") ? fresh : {} }));
    expect(calls.map(route)).toEqual(["POST token/verify/", "GET user/"]);
    expect(calls[0]?.body).toEqual({ token: "access-1" });
    expect(calls[1]?.authorization).toBe("Bearer access-1");
    expect(auth).toMatchObject({ access: "access-1", isAuthenticated: true, user: fresh, message: null });
  });

  it("refreshes when verification fails ('Refresh token success'), then loads the user with the new token", async () => {
    const { calls, auth } = await visit("expired", (call) => {
      if (call.path.endsWith("/token/verify/")) return invalid;
      if (call.path.endsWith("/token/refresh/")) return { body: { access: "access-2", refresh: "refresh-2" } };
      return { body: user };
    });
    expect(calls.map(route)).toEqual(["POST token/verify/", "POST token/refresh/", "GET user/"]);
    expect(calls[1]?.body).toEqual({ refresh: "refresh-1" });
    expect(calls[2]?.authorization).toBe("Bearer access-2");
    expect(auth).toMatchObject({ access: "access-2", refresh: "refresh-2", isAuthenticated: true, message: "Refresh token success" });
  });

  it("signs out when the refresh fails too ('Refresh token fail')", async () => {
    const { calls, auth } = await visit("expired", () => invalid);
    expect(calls.map(route)).toEqual(["POST token/verify/", "POST token/refresh/"]);
    expect(auth).toMatchObject({ access: null, refresh: null, user: null, isAuthenticated: false, message: "Refresh token fail" });
  });

  it("keeps the stored session when the server cannot be reached", async () => {
    const { auth } = await visit("access-1", () => {
      throw new TypeError("Failed to fetch");
    });
    expect(auth).toMatchObject({ access: "access-1", refresh: "refresh-1", user });
  });

  it("signs in with Google's ?code=, taking it out of the address and keeping the redirect", async () => {
    const state = newGoogleState("shipping");
    window.history.replaceState(
      null,
      "",
      `/login?state=${encodeURIComponent(state)}&code=4%2F0Ab&scope=email+openid&authuser=0&prompt=consent`,
    );
    const { calls, auth } = await visit(null, () => ({ body: { access: "a", refresh: "r", user } }));
    expect(calls.map(route)).toEqual(["POST google/"]);
    expect(calls[0]?.body).toEqual({ code: "4/0Ab" });
    expect(window.location.pathname + window.location.search).toBe("/login?redirect=shipping");
    expect(auth).toMatchObject({ access: "a", refresh: "r", user, message: "Login successful" });
  });

  it("refuses a code this tab did not ask for (login CSRF), without calling the server", async () => {
    newGoogleState(null);
    window.history.replaceState(null, "", "/login?state=attacker&code=4%2FtheirCode");
    const { calls, auth } = await visit(null, () => ({ body: { access: "a", refresh: "r", user } }));
    expect(calls).toEqual([]);
    expect(window.location.search).toBe("");
    expect(auth).toMatchObject({ access: null, user: null, message: GOOGLE_NOT_VERIFIED });
    // A code with no state at all is refused too.
    window.history.replaceState(null, "", "/login?code=4%2FtheirCode");
    expect((await visit(null, () => ({ body: {} }))).calls).toEqual([]);
  });

  it("says why Google sign-in was refused (the detail), in the shop's words", async () => {
    window.history.replaceState(null, "", `/login?code=used&state=${newGoogleState(null)}`);
    const detail = "Google did not accept the sign-in code. Please sign in with Google again.";
    const { auth } = await visit(null, () => ({ status: 400, body: anErrorBody("google_rejected", detail) }));
    expect(window.location.search).toBe("");
    expect(auth).toMatchObject({ access: null, user: null, message: detail, variant: "danger" });
  });

  it("says a technical refusal of Google sign-in in plain words", async () => {
    window.history.replaceState(null, "", `/login?code=used&state=${newGoogleState(null)}`);
    const detail = "Google sign-in failed: the identity token from Google could not be verified.";
    const { auth } = await visit(null, () => ({ status: 400, body: anErrorBody("google_token_invalid", detail) }));
    expect(auth).toMatchObject({ message: "Google sign-in failed. Please try again.", variant: "danger" });
  });
});

describe("logout", () => {
  it("signs out at once and revokes the refresh token", async () => {
    const { calls, store } = await visit("access-1", (call) => ({ body: call.path.endsWith("/user/") ? user : {} }));
    await store.dispatch(logout());
    expect(calls.map(route).at(-1)).toBe("POST logout/");
    expect(calls.at(-1)?.body).toEqual({ refresh: "refresh-1" });
    expect(store.getState().auth).toMatchObject({ access: null, refresh: null, user: null, message: "User Logged Out Successfully" });
  });

  it("signs out even when the server cannot be reached", async () => {
    saveAuth({ access: "access-1", refresh: "refresh-1", user });
    fakeApi(() => {
      throw new TypeError("Failed to fetch");
    });
    const store = makeStore({ persist: false });
    await store.dispatch(logout());
    expect(store.getState().auth.user).toBeNull();
  });
});

describe("resendVerification", () => {
  it("sends the verification link again and says where it went", async () => {
    const calls = fakeApi(() => ({ body: { detail: "ok" } }));
    const store = makeStore({ persist: false });
    await store.dispatch(resendVerification("meera.iyer@example.in"));
    expect(calls.map(route)).toEqual(["POST registration/resend-email/"]);
    expect(calls[0]?.body).toEqual({ email: "meera.iyer@example.in" });
    expect(store.getState().auth).toMatchObject({
      message: "We sent a new link to {email}. Please check your inbox, and the spam folder too.",
      values: { email: "meera.iyer@example.in" },
      variant: "success",
    });
  });

  it("says when it must wait", async () => {
    const detail = "Request was throttled. Expected available in 60 seconds.";
    fakeApi(() => ({ status: 429, body: anErrorBody("throttled", detail, {}, { seconds: 60 }) }));
    const store = makeStore({ persist: false });
    await store.dispatch(resendVerification("meera.iyer@example.in"));
    expect(store.getState().auth).toMatchObject({
      message: "Too many attempts. Please try again in {seconds, plural, one {# second} other {# seconds}}.",
      values: { seconds: 60 },
      variant: "danger",
    });
  });
});
