import { isUser, type LoginInfo, type Tokens } from "./auth-slice.ts";

/** The auth service (dj-rest-auth compatible). */
export const AUTH_URL = "/api/users/dj-rest-auth/";

export interface Answer {
  status: number;
  /** The JSON body, or null when there is none. */
  data: unknown;
}

/**
 * The calls the session makes outside RTK Query (on load and inside the base query, where a
 * request must not itself be refreshed). Throws when the server cannot be reached.
 */
export async function authRequest(path: string, init: { body?: unknown; access?: string } = {}, fetchFn = fetch): Promise<Answer> {
  const headers: Record<string, string> = { Accept: "application/json" };
  if (init.body !== undefined) headers["Content-Type"] = "application/json";
  if (init.access) headers.Authorization = `Bearer ${init.access}`;
  const response = await fetchFn(AUTH_URL + path, {
    method: init.body === undefined ? "GET" : "POST",
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const data: unknown = await response.json().catch(() => null);
  return { status: response.status, data };
}

/**
 * POST token/refresh/: the new (rotated) tokens, or null when the server refuses the refresh token.
 * Throws when the server cannot be reached or fails (5xx), so a bad connection never ends a session.
 */
export async function requestTokenRefresh(refresh: string, fetchFn = fetch): Promise<Tokens | null> {
  const { status, data } = await authRequest("token/refresh/", { body: { refresh } }, fetchFn);
  if (status >= 500) throw new Error(`token/refresh/ answered ${status}`);
  return status === 200 && isTokens(data) ? { access: data.access, refresh: data.refresh } : null;
}

export function isTokens(value: unknown): value is Tokens {
  if (!value || typeof value !== "object") return false;
  const v = value as Record<string, unknown>;
  return typeof v.access === "string" && v.access !== "" && typeof v.refresh === "string" && v.refresh !== "";
}

export function isLoginInfo(value: unknown): value is LoginInfo {
  return isTokens(value) && isUser((value as { user?: unknown }).user);
}
