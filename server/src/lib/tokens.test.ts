import { createHmac, randomBytes } from "node:crypto";
import { SignJWT } from "jose";
import { describe, expect, it } from "vitest";
import { deriveKey, InvalidTokenError, TokenService } from "./tokens.ts";

const SECRET = randomBytes(32).toString("hex");
const NOW = new Date("2026-03-01T10:00:00Z");
const seconds = (date: Date) => Math.floor(date.getTime() / 1000);
const key = deriveKey(SECRET, "jwt-hs256");
const tokens = new TokenService(SECRET, () => NOW);

/** A token signed with the service's own key, claims and header as given (jose signs it). */
async function signed(claims: Record<string, unknown>, header: Record<string, unknown> = { alg: "HS256" }, signingKey = key) {
  return new SignJWT({
    token_type: "access",
    sub: "7",
    jti: "j-1",
    iss: "krishi-bazaar",
    aud: "krishi-bazaar-api",
    iat: seconds(NOW),
    exp: seconds(NOW) + 60,
    ...claims,
  })
    .setProtectedHeader(header as { alg: string })
    .sign(signingKey);
}

/** A token whose parts are written by hand, signed with HMAC-SHA256 under the service's key. */
function handMade(header: unknown, payload: unknown): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
  const body = `${part(header)}.${part(payload)}`;
  return `${body}.${createHmac("sha256", key).update(body).digest("base64url")}`;
}

const refused = async (token: string) => expect(tokens.verify(token)).rejects.toBeInstanceOf(InvalidTokenError);

describe("TokenService.verify", () => {
  it("accepts the service's own tokens, with their claims", async () => {
    const { token, jti } = await tokens.sign("access", 7, undefined, "session-1");
    await expect(tokens.verify(token, "access")).resolves.toMatchObject({ type: "access", userId: 7, jti, sessionId: "session-1" });
    await expect(tokens.verify(await signed({ aud: ["other", "krishi-bazaar-api"] }))).resolves.toMatchObject({ userId: 7 });
  });

  it("refuses a token past its expiry, to the second, and one not yet valid", async () => {
    await refused(await signed({ exp: seconds(NOW) }));
    await expect(tokens.verify(await signed({ exp: seconds(NOW) + 1 }))).resolves.toMatchObject({ userId: 7 });
    await refused(await signed({ nbf: seconds(NOW) + 30 }));
  });

  it("refuses another key, another algorithm, a critical header and a changed payload", async () => {
    await refused(await signed({}, { alg: "HS256" }, deriveKey(SECRET, "another purpose")));
    await refused(await signed({}, { alg: "HS512" }));
    await refused(await signed({}, { alg: "HS256", crit: ["b64"], b64: true }));
    const token = await signed({});
    const [header, , signature] = token.split(".");
    const richer = Buffer.from(JSON.stringify({ token_type: "access", sub: "1", jti: "x", iat: 0, exp: 9e9 })).toString("base64url");
    await refused(`${header}.${richer}.${signature}`);
    await refused(`${token}=`);
    await refused(`${token.slice(0, -1)}`);
  });

  it("refuses a missing or wrong claim, and parts that are not JSON objects", async () => {
    await refused(await signed({ iss: "someone-else" }));
    await refused(await signed({ aud: "another-api" }));
    await refused(await signed({ token_type: "id" }));
    await refused(await signed({ sub: "0" }));
    for (const missing of ["sub", "jti", "iat", "exp"]) await refused(await signed({ [missing]: undefined }));
    await refused(handMade({ alg: "HS256" }, ["not", "an", "object"]));
    await refused(handMade("HS256", { token_type: "access" }));
    await refused("a.b");
    await refused("");
  });

  it("refuses a refresh token where an access token is expected", async () => {
    const { token } = await tokens.sign("refresh", 7);
    await expect(tokens.verify(token, "access")).rejects.toThrow("expected an access token");
  });
});
