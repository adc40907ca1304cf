import { systemClock } from "../lib/clock.ts";
import { TokenService } from "../lib/tokens.ts";
import type { TestApp } from "./test-app.ts";

/** The Authorization header of a signed-in user, minted with the app's own secret. */
export async function authHeaders(t: TestApp, userId: number): Promise<{ authorization: string }> {
  const { token } = await new TokenService(t.config.jwtSecret, systemClock).sign("access", userId);
  return { authorization: `Bearer ${token}` };
}
