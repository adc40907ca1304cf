import type { LoginInfo, User } from "@krishi/contract";
import { createSlice, isAnyOf, type PayloadAction } from "@reduxjs/toolkit";
import { type AlertVariant, closeAlert, showMessage } from "../../base/alert.ts";
import { injectSlice } from "../../base/store.ts";
import { refreshFailed, tokensRefreshed } from "../../base/token-refresh.ts";
import type { Message } from "../../i18n/index.ts";
import type { Notice } from "../../lib/notice.ts";
import { readJson, readString, writeJson, writeString } from "../../lib/storage.ts";

export type { LoginInfo, TokenPair as Tokens, User } from "@krishi/contract";

/** The auth state (docs/storefront.md, "Auth state"), plus the variant (colour) of its message in the top alert. */
export interface AuthState {
  access: string | null;
  refresh: string | null;
  /** null until stored tokens have been verified on load. */
  isAuthenticated: boolean | null;
  user: User | null;
  /** The current auth message (a catalog id, translated when shown), in the top alert until closed. */
  message: Message | null;
  /** The message's values, and the server's error it stands for (see Notice in lib/notice.ts). */
  values?: Notice["values"];
  answer?: Notice["answer"];
  /** Sign-in was refused because this e-mail address is not verified yet: the alert offers to send the link again. */
  resendTo?: string | undefined;
  variant: AlertVariant;
}

/** Browser storage keys (docs/storefront.md, "Storage keys"). */
export const AUTH_KEYS = { access: "access", refresh: "refresh", user: "userInfo" } as const;

/** The messages of the auth transitions, word for word (docs/storefront.md, "Auth state"). */
export const AUTH_MESSAGES = {
  loginSuccess: "Login successful",
  refreshSuccess: "Refresh token success",
  refreshFail: "Refresh token fail",
  loggedOut: "User Logged Out Successfully",
} as const satisfies Record<string, Message>;

/** The stored session; a missing, empty or corrupt entry counts as absent. */
export function loadAuth(): AuthState {
  const access = readString(AUTH_KEYS.access) || null;
  const refresh = readString(AUTH_KEYS.refresh) || null;
  const stored = access !== null || refresh !== null;
  const user = readJson(AUTH_KEYS.user);
  return {
    access,
    refresh,
    isAuthenticated: stored ? null : false,
    user: stored && isUser(user) ? user : null,
    message: null,
    variant: "info",
  };
}

export function saveAuth({ access, refresh, user }: Pick<AuthState, "access" | "refresh" | "user">): void {
  writeString(AUTH_KEYS.access, access);
  writeString(AUTH_KEYS.refresh, refresh);
  writeJson(AUTH_KEYS.user, user);
}

/** What the top alert shows: a message, or a notice with values, and for a sign-in refused as unverified, the address. */
export type Said = Notice & { resendTo?: string | undefined };

function say(state: AuthState, said: Message | Said, variant: AlertVariant): void {
  const { message, values, answer, resendTo } = typeof said === "string" ? { message: said } : said;
  Object.assign(state, { message, values, answer, resendTo, variant });
}

function signIn(state: AuthState, { access, refresh, user }: LoginInfo): void {
  state.access = access;
  state.refresh = refresh;
  state.user = user;
  state.isAuthenticated = true;
}

function signOut(state: AuthState): void {
  state.access = null;
  state.refresh = null;
  state.user = null;
  state.isAuthenticated = false;
}

export const authSlice = createSlice({
  name: "auth",
  initialState: loadAuth,
  reducers: {
    loginSucceeded(state, action: PayloadAction<LoginInfo>) {
      signIn(state, action.payload);
      say(state, AUTH_MESSAGES.loginSuccess, "success");
    },
    /** The payload is what to show: the first non_field_errors message, else the error's (docs/storefront.md, "Errors shown"). */
    loginFailed(state, action: PayloadAction<Message | Said>) {
      signOut(state);
      say(state, action.payload, "danger");
    },
    /** The profile update answers fresh login info that replaces the stored one. */
    loginInfoReplaced(state, action: PayloadAction<LoginInfo>) {
      signIn(state, action.payload);
    },
    verifySucceeded(state) {
      state.isAuthenticated = true;
    },
    verifyFailed(state) {
      state.isAuthenticated = false;
    },
    userLoaded(state, action: PayloadAction<User>) {
      state.user = action.payload;
    },
    userLoadFailed(state) {
      state.user = null;
    },
    loggedOut(state) {
      signOut(state);
      say(state, AUTH_MESSAGES.loggedOut, "info");
    },
    /** Another tab signed in, refreshed or signed out (its storage changed). */
    storageChanged(state, action: PayloadAction<Pick<AuthState, "access" | "refresh" | "user">>) {
      const { access, refresh, user } = action.payload;
      if (!access && !refresh) return signOut(state);
      Object.assign(state, { access, refresh, user, isAuthenticated: true });
    },
  },
  extraReducers(builder) {
    builder
      /**
       * New (rotated) tokens. Restoring a session that was not verified is announced
       * (docs/storefront.md, "Auth state"); a refresh while signed in, after a request met an
       * expired access token, stays silent.
       */
      .addCase(tokensRefreshed, (state, action) => {
        if (state.isAuthenticated !== true) say(state, AUTH_MESSAGES.refreshSuccess, "success");
        state.access = action.payload.access;
        state.refresh = action.payload.refresh;
        state.isAuthenticated = true;
      })
      .addCase(refreshFailed, (state) => {
        signOut(state);
        say(state, AUTH_MESSAGES.refreshFail, "warning");
      })
      .addCase(showMessage, (state, { payload: { variant, ...said } }) => say(state, said, variant))
      .addCase(closeAlert, (state) => {
        Object.assign(state, { message: null, values: undefined, answer: undefined, resendTo: undefined });
      });
  },
});

export const {
  loginSucceeded,
  loginFailed,
  loginInfoReplaced,
  verifySucceeded,
  verifyFailed,
  userLoaded,
  userLoadFailed,
  loggedOut,
  storageChanged,
} = authSlice.actions;

export { refreshFailed, tokensRefreshed };

declare module "../../base/store.ts" {
  interface SliceStates {
    auth: AuthState;
  }
}

// The session is kept in localStorage: its tokens and user, not its messages.
injectSlice(authSlice, {
  save: saveAuth,
  changed: (before, after) => after.access !== before.access || after.refresh !== before.refresh || after.user !== before.user,
});

/** Matches the actions that end a session: slices holding a user's data (orders, lists) clear it. */
export const sessionEnded = isAnyOf(loggedOut, refreshFailed);

type WithAuth = { auth: AuthState };

export const selectUser = (state: WithAuth) => state.auth.user;
export const selectIsStaff = (state: WithAuth) => state.auth.user?.is_staff === true;

/**
 * "signed-in" with stored tokens and a known user (shown at once on load, while the tokens are
 * verified), "checking" while stored tokens without a user await verification, else "guest".
 */
export function selectSession({ auth }: WithAuth): "signed-in" | "checking" | "guest" {
  const stored = auth.access !== null || auth.refresh !== null;
  if (stored && auth.user) return "signed-in";
  return stored && auth.isAuthenticated === null ? "checking" : "guest";
}

export function isUser(value: unknown): value is User {
  if (!value || typeof value !== "object") return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v._id === "number" &&
    typeof v.email === "string" &&
    typeof v.name === "string" &&
    typeof v.is_staff === "boolean" &&
    Array.isArray(v.addresses)
  );
}
