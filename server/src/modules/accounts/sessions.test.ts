import { randomBytes } from "node:crypto";
import { SignJWT, UnsecuredJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TokenService } from "../../lib/tokens.ts";
import { AUTH, bearer, login, makeAccount, RELAXED_LIMITS, type Session, testClock } from "../../testing/accounts.ts";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";

let t: TestApp;
const time = testClock();

beforeAll(async () => {
  t = await createTestApp({}, {}, { clock: time.clock, rateLimit: { limits: RELAXED_LIMITS } });
});
afterAll(() => t.close());

const post = (url: string, payload?: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: "POST", url: `${AUTH}${url}`, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
const me = (token: string | undefined, header?: string) =>
  t.app.inject({ url: `${AUTH}/user/`, headers: header !== undefined ? { authorization: header } : token ? bearer(token) : {} });

const TOKEN_NOT_VALID = {
  detail: "Given token not valid for any token type",
  message: "Given token not valid for any token type",
  code: "token_not_valid",
};
const INVALID_OR_EXPIRED = { detail: "Token is invalid or expired", message: "Token is invalid or expired", code: "token_not_valid" };

async function newSession(): Promise<Session & { userId: number; email: string; password: string }> {
  const user = await makeAccount(t.database.db);
  return { ...(await login(t.app, user.email, user.password)), userId: user.id, email: user.email, password: user.password };
}

describe("the auth guard", () => {
  it("lets a valid access token through", async () => {
    const session = await newSession();
    const res = await me(session.access);
    expect(res.statusCode).toBe(200);
    expect(res.json().id).toBe(session.userId);
  });

  it("answers 401 'credentials were not provided' without a token", async () => {
    for (const header of [undefined, "Basic dXNlcjpwYXNz", "Token abc"]) {
      const res = await me(undefined, header);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({
        detail: "Authentication credentials were not provided.",
        message: "Authentication credentials were not provided.",
        code: "not_authenticated",
      });
      expect(res.headers["www-authenticate"]).toBe('Bearer realm="api"');
    }
  });

  it("answers 401 token_not_valid for garbage, a forged signature, alg none, another issuer and two tokens", async () => {
    const session = await newSession();
    const [header, payload] = session.access.split(".");
    const foreign = new TokenService(randomBytes(32).toString("hex"), () => new Date());
    const forged = (await foreign.sign("access", session.userId)).token;
    const unsigned = new UnsecuredJWT({ token_type: "access" })
      .setSubject(String(session.userId))
      .setJti("x")
      .setIssuedAt()
      .setExpirationTime("5m")
      .encode();
    const otherIssuer = await new SignJWT({ token_type: "access" })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject(String(session.userId))
      .setJti("y")
      .setIssuer("someone-else")
      .setIssuedAt()
      .setExpirationTime("5m")
      .sign(randomBytes(32));
    for (const header_ of [
      "Bearer garbage",
      "Bearer ",
      `Bearer ${header}.${payload}.AAAA`,
      `Bearer ${forged}`,
      `Bearer ${unsigned}`,
      `Bearer ${otherIssuer}`,
      `Bearer ${session.access} ${session.access}`,
    ]) {
      const res = await me(undefined, header_);
      expect(res.statusCode, header_).toBe(401);
      if (header_ !== "Bearer ") expect(res.json()).toEqual(TOKEN_NOT_VALID);
    }
  });

  it("refuses a refresh token used as an access token", async () => {
    const session = await newSession();
    const res = await me(session.refresh);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(TOKEN_NOT_VALID);
  });

  it("refuses an access token after its 15 minutes", async () => {
    const session = await newSession();
    time.advance(14 * 60_000);
    expect((await me(session.access)).statusCode).toBe(200);
    time.advance(2 * 60_000);
    const res = await me(session.access);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(TOKEN_NOT_VALID);
  });

  it("refuses the token of a deactivated or deleted user", async () => {
    const session = await newSession();
    await t.database.db.updateTable("users").set({ is_active: false }).where("id", "=", session.userId).execute();
    const inactive = await me(session.access);
    expect(inactive.statusCode).toBe(401);
    expect(inactive.json()).toMatchObject({ detail: "User is inactive", code: "user_inactive" });
    await t.database.db.deleteFrom("users").where("id", "=", session.userId).execute();
    const deleted = await me(session.access);
    expect(deleted.statusCode).toBe(401);
    // The account's sessions went with it, and the token with its session.
    expect(deleted.json()).toEqual(TOKEN_NOT_VALID);
  });

  it("refuses a well-signed access token that names no session", async () => {
    const session = await newSession();
    const { token } = await new TokenService(t.config.jwtSecret, time.clock).sign("access", session.userId);
    expect((await me(token)).json()).toEqual(TOKEN_NOT_VALID);
  });
});

describe("token/verify/", () => {
  it("answers 200 {} for a valid access or live refresh token", async () => {
    const session = await newSession();
    for (const token of [session.access, session.refresh]) {
      const res = await post("/token/verify/", { token });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({});
    }
  });

  it("answers 401 token_not_valid for a bad, expired or revoked token", async () => {
    const session = await newSession();
    const bad = await post("/token/verify/", { token: "not.a.token" });
    expect(bad.statusCode).toBe(401);
    expect(bad.json()).toEqual(INVALID_OR_EXPIRED);

    await post("/logout/", { refresh: session.refresh });
    expect((await post("/token/verify/", { token: session.refresh })).statusCode).toBe(401);

    time.advance(16 * 60_000);
    expect((await post("/token/verify/", { token: session.access })).statusCode).toBe(401);
  });

  it("answers 400 without a token", async () => {
    const res = await post("/token/verify/", {});
    expect(res.statusCode).toBe(400);
    expect(res.json().token).toEqual(["This field is required."]);
  });
});

describe("token/refresh/", () => {
  it("rotates: answers a new access and refresh token, and the new ones work", async () => {
    const session = await newSession();
    const res = await post("/token/refresh/", { refresh: session.refresh });
    expect(res.statusCode).toBe(200);
    const pair = res.json();
    expect(Object.keys(pair).sort()).toEqual(["access", "refresh"]);
    expect(pair.refresh).not.toBe(session.refresh);
    expect((await me(pair.access)).statusCode).toBe(200);
    const again = await post("/token/refresh/", { refresh: pair.refresh });
    expect(again.statusCode).toBe(200);
  });

  it("revokes the whole family when a rotated refresh token is presented again", async () => {
    const session = await newSession();
    const other = await login(t.app, session.email, session.password);
    const first = (await post("/token/refresh/", { refresh: session.refresh })).json();
    const second = (await post("/token/refresh/", { refresh: first.refresh })).json();

    const replay = await post("/token/refresh/", { refresh: session.refresh });
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toMatchObject({ code: "token_not_valid", detail: "Token is blacklisted" });

    // Every descendant is dead now, including the newest one the legitimate client holds.
    for (const refresh of [first.refresh, second.refresh]) {
      expect((await post("/token/refresh/", { refresh })).statusCode).toBe(401);
    }
    const rows = await t.database.db
      .selectFrom("refresh_tokens")
      .select(["revoked_at", "family"])
      .where("user_id", "=", session.userId)
      .execute();
    const family = rows.filter((r) => r.revoked_at === null);
    expect(family).toHaveLength(1); // only the other login's session
    // The user's other session (another device) is not affected.
    expect((await post("/token/refresh/", { refresh: other.refresh })).statusCode).toBe(200);
  });

  it("keeps two tabs that refresh with the same token at once signed in, with one successor between them", async () => {
    const session = await newSession();
    const answers = await Promise.all([
      post("/token/refresh/", { refresh: session.refresh }),
      post("/token/refresh/", { refresh: session.refresh }),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    const [one, two] = answers.map((a) => a.json());
    const jti = (token: string) => JSON.parse(Buffer.from(token.split(".")[1] as string, "base64url").toString()).jti;
    expect(jti(one.refresh)).toBe(jti(two.refresh));
    for (const pair of [one, two]) expect((await me(pair.access)).statusCode).toBe(200);
    // The family lives on: the successor refreshes once more.
    expect((await post("/token/refresh/", { refresh: one.refresh })).statusCode).toBe(200);
  });

  it("still treats the old token as stolen after the grace period, or once its successor was used", async () => {
    const late = await newSession();
    expect((await post("/token/refresh/", { refresh: late.refresh })).statusCode).toBe(200);
    time.advance(31_000);
    expect((await post("/token/refresh/", { refresh: late.refresh })).json()).toMatchObject({ detail: "Token is blacklisted" });

    const used = await newSession();
    const next = (await post("/token/refresh/", { refresh: used.refresh })).json();
    expect((await post("/token/refresh/", { refresh: next.refresh })).statusCode).toBe(200);
    expect((await post("/token/refresh/", { refresh: used.refresh })).json()).toMatchObject({ detail: "Token is blacklisted" });
  });

  it("refuses an access token, a forged token and an expired refresh token", async () => {
    const session = await newSession();
    const access = await post("/token/refresh/", { refresh: session.access });
    expect(access.statusCode).toBe(401);
    expect(access.json()).toEqual(INVALID_OR_EXPIRED);

    const foreign = new TokenService(randomBytes(32).toString("hex"), () => new Date());
    const forged = await foreign.sign("refresh", session.userId);
    expect((await post("/token/refresh/", { refresh: forged.token })).statusCode).toBe(401);

    time.advance(7 * 24 * 3600_000 + 1000);
    expect((await post("/token/refresh/", { refresh: session.refresh })).statusCode).toBe(401);
  });

  it("refuses the refresh token of a deactivated user", async () => {
    const session = await newSession();
    await t.database.db.updateTable("users").set({ is_active: false }).where("id", "=", session.userId).execute();
    expect((await post("/token/refresh/", { refresh: session.refresh })).statusCode).toBe(401);
  });
});

describe("logout/", () => {
  it("revokes the session of the refresh token", async () => {
    const session = await newSession();
    const res = await post("/logout/", { refresh: session.refresh }, bearer(session.access));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ detail: "Successfully logged out." });
    const after = await post("/token/refresh/", { refresh: session.refresh });
    expect(after.statusCode).toBe(401);
  });

  it("ends the access token of that session at once, and only that session's", async () => {
    const session = await newSession();
    const otherDevice = await login(t.app, session.email, session.password);
    expect((await me(session.access)).statusCode).toBe(200);
    await post("/logout/", { refresh: session.refresh }, bearer(session.access));
    expect((await me(session.access)).json()).toEqual(TOKEN_NOT_VALID);
    expect((await me(otherDevice.access)).statusCode).toBe(200);
  });

  it("ends the access tokens of a session whose refresh token was replayed", async () => {
    const session = await newSession();
    const rotated = (await post("/token/refresh/", { refresh: session.refresh })).json();
    expect((await me(rotated.access)).statusCode).toBe(200);
    time.advance(31_000); // past the grace period of a second tab
    await post("/token/refresh/", { refresh: session.refresh });
    expect((await me(rotated.access)).json()).toEqual(TOKEN_NOT_VALID);
  });

  it("ends the session of the access token presented when no refresh token is given", async () => {
    for (const payload of [undefined, {}]) {
      const session = await newSession();
      const otherDevice = await login(t.app, session.email, session.password);
      const res = await post("/logout/", payload, bearer(session.access));
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ detail: "Successfully logged out." });
      const profile = await t.app.inject({ url: "/api/users/profile/", headers: bearer(session.access) });
      expect(profile.statusCode).toBe(401);
      expect(profile.json()).toEqual(TOKEN_NOT_VALID);
      const refreshed = await post("/token/refresh/", { refresh: session.refresh });
      expect(refreshed.statusCode).toBe(401);
      expect(refreshed.json().code).toBe("token_not_valid");
      // Only that session: the same user signed in elsewhere stays signed in.
      expect((await me(otherDevice.access)).statusCode).toBe(200);
    }
  });

  it("answers the same, ending nothing, for a bearer that is not a live access token", async () => {
    const session = await newSession();
    for (const header of ["Bearer garbage", `Bearer ${session.refresh}`, "Basic dXNlcjpwYXNz", `Bearer ${session.access} extra`]) {
      const res = await post("/logout/", undefined, { authorization: header });
      expect(res.statusCode, header).toBe(200);
      expect(res.json()).toEqual({ detail: "Successfully logged out." });
    }
    expect((await me(session.access)).statusCode).toBe(200);
    expect((await post("/token/refresh/", { refresh: session.refresh })).statusCode).toBe(200);
  });

  it("answers the same without a body, with an empty body or with a bad token", async () => {
    for (const payload of [undefined, {}, { refresh: "garbage" }]) {
      const res = await post("/logout/", payload);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ detail: "Successfully logged out." });
    }
  });
});
