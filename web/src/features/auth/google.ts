/** Google's OAuth 2.0 consent page, when /api/config names none. */
export const GOOGLE_CONSENT_URL = "https://accounts.google.com/o/oauth2/v2/auth";

/**
 * The consent page for "Sign in with Google" (scope openid email profile). Google comes back to
 * {origin}/login?code=…, where the load-time session check signs in with the code; `state`
 * carries the page to go to afterwards.
 */
export function googleConsentUrl(clientId: string, origin: string, redirect: string | null, consentUrl = GOOGLE_CONSENT_URL): string {
  const params = new URLSearchParams({
    client_id: clientId,
    redirect_uri: `${origin}/login`,
    response_type: "code",
    scope: "openid email profile",
    prompt: "select_account",
  });
  if (redirect) params.set("state", redirect);
  // URLSearchParams writes spaces as "+"; a literal "+" is already "%2B".
  return `${consentUrl}?${params.toString().replaceAll("+", "%20")}`;
}
