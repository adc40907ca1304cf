import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AUTH, bearer, makeAccount, RELAXED_LIMITS } from "../../testing/accounts.ts";
import { FakeOidcProvider } from "../../testing/fake-oidc.ts";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";

const SITE = "http://shop.test";
const CLIENT = { clientId: "krishi-bazaar.apps.example", clientSecret: "fake-google-secret" };

let google: FakeOidcProvider;
let t: TestApp;

beforeAll(async () => {
  google = await FakeOidcProvider.start(CLIENT);
  t = await createTestApp(
    { SITE_URL: SITE, GOOGLE_ISSUER: google.issuer, GOOGLE_CLIENT_ID: CLIENT.clientId, GOOGLE_CLIENT_SECRET: CLIENT.clientSecret },
    {},
    { rateLimit: { limits: RELAXED_LIMITS } },
  );
});
afterAll(async () => {
  await t.close();
  await google.stop();
});

const signIn = (code: string, app = t.app) => app.inject({ method: "POST", url: `${AUTH}/google/`, payload: { code } });
const userByEmail = (email: string) => t.database.db.selectFrom("users").selectAll().where("email", "=", email).executeTakeFirst();

describe("POST google/ with a code", () => {
  it("creates a verified account without a password and signs in", async () => {
    const code = google.issueCode({
      sub: "g-1001",
      email: "Kavya.Nair@gmail.com",
      email_verified: true,
      given_name: "Kavya",
      family_name: "Nair",
    });
    const res = await signIn(code);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      access: expect.any(String),
      refresh: expect.any(String),
      user: { email: "kavya.nair@gmail.com", first_name: "Kavya", last_name: "Nair", name: "Kavya Nair", is_staff: false },
    });
    const row = await userByEmail("kavya.nair@gmail.com");
    expect(row).toMatchObject({ google_sub: "g-1001", password_hash: null });
    expect(Boolean(row?.email_verified)).toBe(true);
    expect(row?.last_login).not.toBeNull();

    const me = await t.app.inject({ url: "/api/users/profile/", headers: bearer(body.access) });
    expect(me.json().email).toBe("kavya.nair@gmail.com");

    // The code went to the token endpoint with the shop's redirect URI and credentials.
    const request = google.tokenRequests.at(-1);
    expect(request?.get("redirect_uri")).toBe(`${SITE}/login`);
    expect(request?.get("code")).toBe(code);
    expect(request?.get("grant_type")).toBe("authorization_code");
  });

  it("signs the same Google user into the same account next time, even after an e-mail change at Google", async () => {
    await signIn(google.issueCode({ sub: "g-1002", email: "arjun@gmail.com", email_verified: true }));
    const again = await signIn(google.issueCode({ sub: "g-1002", email: "arjun.new@gmail.com", email_verified: true }));
    expect(again.statusCode).toBe(200);
    expect(again.json().user.email).toBe("arjun@gmail.com");
  });

  it("links an existing verified account with that e-mail, keeping its password", async () => {
    const user = await makeAccount(t.database.db, { email: "suresh.yadav@example.in", first_name: "Suresh", last_name: "Yadav" });
    const res = await signIn(google.issueCode({ sub: "g-1003", email: "Suresh.Yadav@example.in", email_verified: true, given_name: "S" }));
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ id: user.id, first_name: "Suresh" });
    expect((await userByEmail(user.email))?.google_sub).toBe("g-1003");
    const login = await t.app.inject({ method: "POST", url: `${AUTH}/login/`, payload: { email: user.email, password: user.password } });
    expect(login.statusCode).toBe(200);
  });

  it("drops the password of an unverified account it links (someone else may have registered the address)", async () => {
    const squatter = await makeAccount(t.database.db, { email: "victim@gmail.com", email_verified: false });
    const res = await signIn(google.issueCode({ sub: "g-1004", email: "victim@gmail.com", email_verified: true }));
    expect(res.statusCode).toBe(200);
    const row = await userByEmail("victim@gmail.com");
    expect(row?.password_hash).toBeNull();
    expect(Boolean(row?.email_verified)).toBe(true);
    const login = await t.app.inject({
      method: "POST",
      url: `${AUTH}/login/`,
      payload: { email: squatter.email, password: squatter.password },
    });
    expect(login.statusCode).toBe(400);
  });

  it("gives the address's owner an account of their own, not one that holds it unverified with a mobile number attached", async () => {
    const squatter = await makeAccount(t.database.db, { email: "owner.of.it@gmail.com", email_verified: false });
    await t.database.db
      .updateTable("users")
      .set({ phone: "+919812300001", last_login: new Date().toISOString() })
      .where("id", "=", squatter.id)
      .execute();
    const res = await signIn(google.issueCode({ sub: "g-1007", email: "owner.of.it@gmail.com", email_verified: true }));
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ email: "owner.of.it@gmail.com", phone: null });
    expect(res.json().user.id).not.toBe(squatter.id);
    // The squatter keeps the number and loses the address.
    const row = await t.database.db.selectFrom("users").select(["email", "phone"]).where("id", "=", squatter.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ email: null, phone: "+919812300001" });
  });

  it("refuses an address already linked to another Google account", async () => {
    await makeAccount(t.database.db, { email: "linked@gmail.com", google_sub: "g-other" });
    const res = await signIn(google.issueCode({ sub: "g-1005", email: "linked@gmail.com", email_verified: true }));
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe("This e-mail address is already linked to a different Google account.");
  });

  it("refuses a deactivated account", async () => {
    await makeAccount(t.database.db, { email: "disabled@gmail.com", google_sub: "g-1006", is_active: false });
    const res = await signIn(google.issueCode({ sub: "g-1006", email: "disabled@gmail.com", email_verified: true }));
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe("User account is disabled.");
  });
});

describe("POST google/ refuses", () => {
  const INVALID = "Google sign-in failed: the identity token from Google could not be verified.";

  it.each([
    ["an ID token for another audience", { audience: "someone-elses-client" }],
    ["an ID token from another issuer", { issuer: "https://evil.example" }],
    ["an expired ID token", { expiresIn: -600 }],
    ["an ID token signed with a key not in the JWKS", { foreignKey: true }],
  ])("%s", async (_what, options) => {
    const res = await signIn(google.issueCode({ sub: "g-2001", email: "bad.token@gmail.com", email_verified: true }, options));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: INVALID, message: INVALID, code: "google_token_invalid" });
    expect(await userByEmail("bad.token@gmail.com")).toBeUndefined();
  });

  it("an unverified Google e-mail address", async () => {
    const res = await signIn(google.issueCode({ sub: "g-2002", email: "unverified@gmail.com", email_verified: false }));
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe("Your Google e-mail address is not verified.");
    expect(await userByEmail("unverified@gmail.com")).toBeUndefined();
  });

  it("an identity without an e-mail address", async () => {
    const res = await signIn(google.issueCode({ sub: "g-2003" }));
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe("Your Google account did not share an e-mail address.");
  });

  it("a code the provider rejects, and a code used twice", async () => {
    const unknown = await signIn("4/not-a-real-code");
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().detail).toBe("Google did not accept the sign-in code. Please sign in with Google again.");

    const code = google.issueCode({ sub: "g-2004", email: "twice@gmail.com", email_verified: true });
    expect((await signIn(code)).statusCode).toBe(200);
    expect((await signIn(code)).statusCode).toBe(400);
  });

  it("a missing or empty code", async () => {
    for (const payload of [{}, { code: "" }]) {
      const res = await t.app.inject({ method: "POST", url: `${AUTH}/google/`, payload });
      expect(res.statusCode).toBe(400);
      // The field is named `code`, as the error's code is: its message is in detail.
      expect(res.json()).toMatchObject({ code: "field_invalid", detail: expect.stringMatching(/^code: /) });
    }
  });
});

describe("POST google/ without a working provider", () => {
  it("answers 400 when no Google client id is configured", async () => {
    const plain = await createTestApp();
    try {
      const res = await signIn("4/anything", plain.app);
      expect(res.statusCode).toBe(400);
      expect(res.json().detail).toBe("Google sign-in is not configured on this server.");
    } finally {
      await plain.close();
    }
  });

  it("answers 503 when the provider cannot be reached, and recovers when it can", async () => {
    const later = await FakeOidcProvider.start(CLIENT);
    const issuer = later.issuer;
    await later.stop();
    const app = await createTestApp({
      GOOGLE_ISSUER: issuer,
      GOOGLE_CLIENT_ID: CLIENT.clientId,
      GOOGLE_CLIENT_SECRET: CLIENT.clientSecret,
    });
    try {
      const res = await signIn("4/anything", app.app);
      expect(res.statusCode).toBe(503);
      expect(res.json().detail).toBe("Google sign-in is unavailable right now. Please try again later.");

      const port = Number(new URL(issuer).port);
      const back = await FakeOidcProvider.start({ ...CLIENT, port });
      try {
        const ok = await signIn(back.issueCode({ sub: "g-3001", email: "recovered@gmail.com", email_verified: true }), app.app);
        expect(ok.statusCode).toBe(200);
      } finally {
        await back.stop();
      }
    } finally {
      await app.close();
    }
  });
});
