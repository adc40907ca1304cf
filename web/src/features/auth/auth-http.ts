import { isTokens } from "../../base/token-refresh.ts";
import { isUser, type LoginInfo } from "./auth-slice.ts";

/** The calls outside RTK Query (token/refresh/ among them) are the app's, beside the base query that refreshes with them. */
export { type Answer, AUTH_URL, authRequest, isTokens, requestTokenRefresh } from "../../base/token-refresh.ts";

export function isLoginInfo(value: unknown): value is LoginInfo {
  return isTokens(value) && isUser((value as { user?: unknown }).user);
}
