import type { AppThunk } from "../../base/store.ts";
import type { Message } from "../../i18n/index.ts";
import { errorNotice } from "../../lib/api-error.ts";
import { authRequest, isLoginInfo } from "./auth-http.ts";
import { loginFailed, loginSucceeded } from "./auth-slice.ts";

/** Google's OAuth 2.0 consent page, when /api/config names none. */
export const GOOGLE_CONSENT_URL = "https://accounts.google.com/o/oauth2/v2/auth";

export const GOOGLE_NOT_VERIFIED: Message = "Google sign-in could not be verified. Please try again.";

/**
 * POST google/ {code}: login info, or 400 {detail} (the detail, else the generic message:
 * docs/storefront.md, "Errors shown"). A code whose `state` did not carry this tab's nonce is
 * refused without asking the server.
 */
export function googleSignIn({ code, trusted }: { code: string; trusted: boolean }): AppThunk {
  return async (dispatch) => {
    if (!trusted) return void dispatch(loginFailed(GOOGLE_NOT_VERIFIED));
    try {
      const { status, data } = await authRequest("google/", { body: { code } });
      dispatch(status === 200 && isLoginInfo(data) ? loginSucceeded(data) : loginFailed(errorNotice({ status, data })));
    } catch (error) {
      dispatch(loginFailed(errorNotice(error)));
    }
  };
}

/**
 * The consent page for "Sign in with Google" (scope openid email profile). Google comes back to
 * {origin}/login?code=…&state=…, where the load-time session check signs in with the code.
 */
export function googleConsentUrl(clientId: string, origin: string, state: string, consentUrl = GOOGLE_CONSENT_URL): string {
  const params = new URLSearchParams({
    client_id: clientId,
    redirect_uri: `${origin}/login`,
    response_type: "code",
    scope: "openid email profile",
    prompt: "select_account",
  });
  params.set("state", state);
  // URLSearchParams writes spaces as "+"; a literal "+" is already "%2B".
  return `${consentUrl}?${params.toString().replaceAll("+", "%20")}`;
}
