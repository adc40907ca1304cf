import { api, session } from "../../base/api.ts";
import type { AppStore, AppThunk } from "../../base/store.ts";
import { authRequest } from "./auth-http.ts";
import {
  AUTH_KEYS,
  isUser,
  loadAuth,
  loggedOut,
  storageChanged,
  userLoaded,
  userLoadFailed,
  verifyFailed,
  verifySucceeded,
} from "./auth-slice.ts";
import { checkGoogleState } from "./google-state.ts";

/**
 * On load (docs/storefront.md, "Auth state"): with `code` in the address, sign in with Google; else
 * verify the stored access token, refresh when it fails (logged out when that fails too), then load
 * the user. Nothing stored: a guest. When the server cannot be reached, the stored session stays as
 * it is.
 */
export function startSession(): AppThunk {
  const google = takeGoogleCode();
  return async (dispatch, getState) => {
    // Coming back from Google's consent page: its own chunk, as most visits do not.
    if (google) return dispatch((await import("./google.ts")).googleSignIn(google));
    const { access, refresh } = getState().auth;
    if (!access && !refresh) return;
    try {
      const verified = access !== null && (await authRequest("token/verify/", { body: { token: access } })).status === 200;
      if (verified) {
        dispatch(verifySucceeded());
      } else {
        dispatch(verifyFailed());
        if ((await session.renew({ dispatch, getState }, access)) !== "renewed") return;
      }
      const current = getState().auth.access ?? undefined;
      const { status, data } = await authRequest("user/", { access: current });
      dispatch(status === 200 && isUser(data) ? userLoaded(data) : userLoadFailed());
    } catch {
      // Offline: keep the stored session; the next request that meets a 401 refreshes it.
    }
  };
}

/**
 * Signs out at once (tokens, user, every cached answer: orders, lists, and the pages and orders
 * saved for offline use), then asks the server to revoke the refresh token; a failed request does
 * not keep anyone signed in.
 */
export function logout(): AppThunk {
  return async (dispatch, getState) => {
    const { refresh } = getState().auth;
    dispatch(loggedOut());
    dispatch(api.util.resetApiState());
    await import("../../lib/service-worker.ts").then((worker) => worker.forgetPersonalPages()).catch(() => undefined);
    if (refresh) await authRequest("logout/", { body: { refresh } }).catch(() => undefined);
  };
}

/**
 * Google's consent page comes back to /login?code=…&state=…: takes the answer out of the address
 * before the router reads it. The code is trusted only when `state` carries this tab's nonce;
 * it also carries the page to return to (as ?redirect=).
 */
function takeGoogleCode(): { code: string; trusted: boolean } | null {
  const url = new URL(window.location.href);
  const code = url.searchParams.get("code");
  if (!code) return null;
  const state = checkGoogleState(url.searchParams.get("state"));
  for (const key of ["code", "state", "scope", "authuser", "prompt", "hd", "iss"]) url.searchParams.delete(key);
  if (state?.redirect) url.searchParams.set("redirect", state.redirect);
  window.history.replaceState(window.history.state, "", url);
  return { code, trusted: state !== null };
}

/**
 * Follows sign-in, token rotation and sign-out in other tabs of the shop, so that no tab refreshes
 * with a refresh token another tab has already rotated (that would count as reuse and end the session).
 */
export function followOtherTabs({ dispatch, getState }: Pick<AppStore, "dispatch" | "getState">): () => void {
  const keys: (string | null)[] = [null, ...Object.values(AUTH_KEYS)];
  const onStorage = (event: StorageEvent) => {
    if (event.storageArea !== localStorage || !keys.includes(event.key)) return;
    const before = getState().auth;
    const { access, refresh, user } = loadAuth();
    if (access === before.access && refresh === before.refresh && JSON.stringify(user) === JSON.stringify(before.user)) return;
    dispatch(storageChanged({ access, refresh, user }));
    if (before.user && !user) dispatch(api.util.resetApiState());
  };
  window.addEventListener("storage", onStorage);
  return () => window.removeEventListener("storage", onStorage);
}
