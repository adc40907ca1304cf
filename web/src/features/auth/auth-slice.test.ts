import { describe, expect, it } from "vitest";
import { closeAlert, showMessage } from "../../base/alert.ts";
import { aUser, signedIn } from "../../testing/factories.ts";
import {
  AUTH_KEYS,
  type AuthState,
  authSlice,
  loadAuth,
  loggedOut,
  loginFailed,
  loginInfoReplaced,
  loginSucceeded,
  refreshFailed,
  saveAuth,
  selectSession,
  sessionEnded,
  storageChanged,
  tokensRefreshed,
  userLoaded,
  userLoadFailed,
  verifyFailed,
  verifySucceeded,
} from "./auth-slice.ts";

const reduce = authSlice.reducer;
const guest: AuthState = { access: null, refresh: null, isAuthenticated: false, user: null, message: null, variant: "info" };
/** Tokens read from storage on load, not yet verified. */
const stored: AuthState = { ...signedIn(), isAuthenticated: null };
const user = aUser();

describe("auth reducer", () => {
  it("stores the login info on login success, with 'Login successful'", () => {
    const state = reduce(guest, loginSucceeded({ access: "a", refresh: "r", user }));
    expect(state).toEqual({ access: "a", refresh: "r", isAuthenticated: true, user, message: "Login successful", variant: "success" });
  });

  it("clears the tokens on login failure, with the error as the message", () => {
    const state = reduce(stored, loginFailed("The e-mail address or password is not correct. Please try again."));
    expect(state).toEqual({ ...guest, message: "The e-mail address or password is not correct. Please try again.", variant: "danger" });
  });

  it("keeps a message's values, and the address to send a verification link to again, until the next message", () => {
    const message = "E-mail is not verified. Please open the link we sent to {email} to verify your account, then sign in.";
    const email = "meera.iyer@example.in";
    const refused = reduce(stored, loginFailed({ message, values: { email }, resendTo: email }));
    expect(refused).toMatchObject({ message, values: { email }, resendTo: email, variant: "danger" });
    const next = reduce(refused, showMessage("Reset password success", "success"));
    expect(next).toMatchObject({ message: "Reset password success", values: undefined, resendTo: undefined });
  });

  it("marks the session authenticated or not on verify success or failure", () => {
    expect(reduce(stored, verifySucceeded()).isAuthenticated).toBe(true);
    expect(reduce(stored, verifyFailed()).isAuthenticated).toBe(false);
    expect(reduce(stored, verifyFailed()).access).toBe("access-1");
  });

  it("sets or clears the user on get-user success or failure", () => {
    const other = aUser({ first_name: "Ravi", name: "Ravi Patil" });
    expect(reduce(stored, userLoaded(other)).user).toEqual(other);
    expect(reduce(stored, userLoadFailed()).user).toBeNull();
  });

  it("stores both rotated tokens on refresh success, with 'Refresh token success'", () => {
    const state = reduce(reduce(stored, verifyFailed()), tokensRefreshed({ access: "a2", refresh: "r2" }));
    expect(state).toMatchObject({ access: "a2", refresh: "r2", isAuthenticated: true, message: "Refresh token success" });
  });

  it("refreshes silently while signed in (an expired access token met during use)", () => {
    const state = reduce(signedIn(), tokensRefreshed({ access: "a2", refresh: "r2" }));
    expect(state).toMatchObject({ access: "a2", refresh: "r2", message: null });
  });

  it("clears the tokens and the user on refresh failure, with 'Refresh token fail'", () => {
    const state = reduce(signedIn(), refreshFailed());
    expect(state).toMatchObject({ access: null, refresh: null, user: null, isAuthenticated: false, message: "Refresh token fail" });
  });

  it("clears tokens and user on logout, with 'User Logged Out Successfully'", () => {
    const state = reduce(signedIn(), loggedOut());
    expect(state).toMatchObject({ ...guest, message: "User Logged Out Successfully" });
  });

  it("replaces the login info after a profile update, without a message", () => {
    const renamed = aUser({ first_name: "Asha R", name: "Asha R Patil" });
    const state = reduce(signedIn(), loginInfoReplaced({ access: "a3", refresh: "r3", user: renamed }));
    expect(state).toMatchObject({ access: "a3", refresh: "r3", user: renamed, message: null });
  });

  it("shows other messages in the same alert, and closing it clears the message", () => {
    const shown = reduce(guest, showMessage("Reset password success", "success"));
    expect(shown).toMatchObject({ message: "Reset password success", variant: "success" });
    expect(reduce(shown, closeAlert()).message).toBeNull();
  });

  it("follows another tab signing out or rotating the tokens", () => {
    expect(reduce(signedIn(), storageChanged({ access: null, refresh: null, user: null }))).toMatchObject(guest);
    expect(reduce(stored, storageChanged({ access: "a4", refresh: "r4", user }))).toMatchObject({ access: "a4", isAuthenticated: true });
  });

  it("lets other slices clear a user's data when a session ends", () => {
    expect(sessionEnded(loggedOut())).toBe(true);
    expect(sessionEnded(refreshFailed())).toBe(true);
    expect(sessionEnded(loginSucceeded({ access: "a", refresh: "r", user }))).toBe(false);
  });
});

describe("selectSession", () => {
  it("is signed in at once with stored tokens and user, while they are verified", () => {
    expect(selectSession({ auth: stored })).toBe("signed-in");
  });

  it("is checking with stored tokens but no user until verified, then a guest if they fail", () => {
    const noUser = { ...stored, user: null };
    expect(selectSession({ auth: noUser })).toBe("checking");
    expect(selectSession({ auth: reduce(noUser, verifyFailed()) })).toBe("guest");
  });

  it("is a guest without stored tokens", () => {
    expect(selectSession({ auth: guest })).toBe("guest");
  });
});

describe("auth storage", () => {
  it("round-trips tokens under 'access' and 'refresh' and the user under 'userInfo'", () => {
    saveAuth({ access: "a", refresh: "r", user });
    expect(localStorage.getItem("access")).toBe("a");
    expect(localStorage.getItem("refresh")).toBe("r");
    expect(JSON.parse(localStorage.getItem("userInfo") ?? "null")).toEqual(user);
    expect(loadAuth()).toEqual({ access: "a", refresh: "r", isAuthenticated: null, user, message: null, variant: "info" });
  });

  it("removes the keys when signed out", () => {
    saveAuth({ access: "a", refresh: "r", user });
    saveAuth({ access: null, refresh: null, user: null });
    for (const key of Object.values(AUTH_KEYS)) expect(localStorage.getItem(key)).toBeNull();
    expect(loadAuth()).toEqual(guest);
  });

  it("tolerates a corrupt or foreign user entry", () => {
    localStorage.setItem("access", "a");
    localStorage.setItem("refresh", "r");
    for (const text of ["{not json", '"a string"', '{"email":"x"}']) {
      localStorage.setItem("userInfo", text);
      expect(loadAuth()).toMatchObject({ access: "a", refresh: "r", user: null, isAuthenticated: null });
    }
  });

  it("ignores a stored user without tokens", () => {
    localStorage.setItem("userInfo", JSON.stringify(user));
    expect(loadAuth()).toEqual(guest);
  });
});
