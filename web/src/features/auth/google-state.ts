/**
 * The nonce of a Google sign-in this tab started, kept apart from the rest of Google sign-in: the
 * load-time session check reads it on every page, the consent page's code and the sign-in load
 * only when used (google.ts).
 */

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
