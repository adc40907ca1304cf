/** Google's OAuth 2.0 consent page, when /api/config names none. */
export const GOOGLE_CONSENT_URL = "https://accounts.google.com/o/oauth2/v2/auth";

const STATE_KEY = "googleSignInState";

/**
 * A fresh `state` for the consent page: a random nonce kept in this tab, then the page to return
 * to. Only a sign-in this tab started carries the nonce back, so a link with someone else's code
 * cannot sign the visitor in to a stranger's account (login CSRF).
 */
export function newGoogleState(redirect: string | null): string {
  const nonce = crypto.randomUUID().replaceAll("-", "");
  sessionStorage.setItem(STATE_KEY, nonce);
  return redirect ? `${nonce}.${redirect}` : nonce;
}

/** Checks the `state` Google sent back (once): the page to return to, or null when it is not ours. */
export function checkGoogleState(state: string | null): { redirect: string | null } | null {
  const nonce = sessionStorage.getItem(STATE_KEY);
  sessionStorage.removeItem(STATE_KEY);
  if (!nonce || !state) return null;
  const dot = state.indexOf(".");
  const given = dot < 0 ? state : state.slice(0, dot);
  if (given !== nonce) return null;
  return { redirect: dot < 0 ? null : state.slice(dot + 1) || null };
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
