import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AUTH, bearer, login, makeAccount, RELAXED_LIMITS } from "../../testing/accounts.ts";
import { TestMailbox } from "../../testing/smtp.ts";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";

/** The language of a customer's e-mails: chosen at registration, changed on the profile. */

const SITE = "http://shop.test";
const CONFIRM_LINK = /http:\/\/shop\.test\/dj-rest-auth\/registration\/account-confirm-email\/[^/\s]+\//;
const RESET_LINK = /http:\/\/shop\.test\/reset\/password\/confirm\/[A-Za-z0-9_-]+\/[0-9a-z]+-[A-Za-z0-9_-]+/;
const PASSWORD = "Groundnut-Harvest-42";
/** A link of the web app that opens it in Hindi: ?lang=hi, and nothing after it. */
const inHindi = (link: RegExp) => new RegExp(`${link.source}\\?lang=hi(?=["\\s]|$)`);

let mailbox: TestMailbox;
let t: TestApp;

beforeAll(async () => {
  mailbox = await TestMailbox.start();
  t = await createTestApp({ SMTP_URL: mailbox.url, SITE_URL: SITE }, {}, { rateLimit: { limits: RELAXED_LIMITS } });
});
afterAll(async () => {
  await t.close();
  await mailbox.stop();
});

const register = (payload: object) =>
  t.app.inject({ method: "POST", url: `${AUTH}/registration/`, payload: { password1: PASSWORD, password2: PASSWORD, ...payload } });
const setLanguage = (headers: Record<string, string>, payload: unknown) =>
  t.app.inject({ method: "PUT", url: "/api/users/profile/language/", headers, payload: payload as object });
const languageOf = async (email: string) =>
  (await t.database.db.selectFrom("users").select("language").where("email", "=", email).executeTakeFirstOrThrow()).language;

describe("registration with a language", () => {
  it("stores Hindi and mails the verification link in Hindi", async () => {
    const email = "sunita.devi@example.in";
    const res = await register({ email, first_name: "Sunita", last_name: "Devi", language: "hi" });
    expect(res.statusCode, res.body).toBe(201);
    expect(await languageOf(email)).toBe("hi");

    const mail = await mailbox.waitFor((m) => m.to.includes(email));
    expect(mail.subject).toBe("Krishi Bazaar के लिए अपने ई-मेल पते की पुष्टि करें");
    expect(mail.text).toContain("नमस्ते Sunita Devi,");
    expect(mail.text).toContain(`कृपया यह लिंक खोलकर पुष्टि करें कि ${email} आपका ई-मेल पता है:`);
    // The link opens the shop in Hindi.
    expect(mail.text).toMatch(inHindi(CONFIRM_LINK));
    expect(mail.html).toMatch(inHindi(CONFIRM_LINK));
    expect(mail.html).toContain('<html lang="hi">');
    expect(mail.text).not.toContain("Confirm");

    // The link works as the English one does.
    const key = /account-confirm-email\/([^/\s]+)\//.exec(mail.text)?.[1];
    const verified = await t.app.inject({ method: "POST", url: `${AUTH}/registration/verify-email/`, payload: { key } });
    expect(verified.statusCode).toBe(200);
    expect((await login(t.app, email, PASSWORD)).user.language).toBe("hi");
  });

  it("stores English when no language is given, and mails in English", async () => {
    const email = "arjun.rao@example.in";
    expect((await register({ email })).statusCode).toBe(201);
    expect(await languageOf(email)).toBe("en");
    const mail = await mailbox.waitFor((m) => m.to.includes(email));
    expect(mail.subject).toBe("Confirm your e-mail address for Krishi Bazaar");
    expect(mail.text).toMatch(CONFIRM_LINK);
    expect(mail.text).not.toContain("lang=");
  });

  it.each(["fr", "HI", "", 1])("refuses the language %j with a 400 naming the field, creating no account", async (language) => {
    const email = `lang.${String(language).toLowerCase() || "blank"}@example.in`;
    const res = await register({ email, language });
    expect(res.statusCode).toBe(400);
    expect(res.json().language).toEqual(["Must be one of: en, hi."]);
    expect(await t.database.db.selectFrom("users").select("id").where("email", "=", email).executeTakeFirst()).toBeUndefined();
  });
});

describe("PUT /api/users/profile/language/", () => {
  it("sets the signed-in user's language and answers the user JSON, as the profile shows it", async () => {
    const user = await makeAccount(t.database.db, { first_name: "Ravi", last_name: "Kumar" });
    const session = await login(t.app, user.email, user.password);
    expect(session.user.language).toBe("en");

    const res = await setLanguage(bearer(session.access), { language: "hi" });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ...session.user, language: "hi" });
    expect(await languageOf(user.email)).toBe("hi");
    expect((await t.app.inject({ url: "/api/users/profile/", headers: bearer(session.access) })).json().language).toBe("hi");

    const back = await setLanguage(bearer(session.access), { language: "en" });
    expect(back.json().language).toBe("en");
    expect(await languageOf(user.email)).toBe("en");
  });

  it.each([{ language: "fr" }, { language: "" }, { language: null }, { language: ["hi"] }, {}])(
    "refuses %j with a 400 naming the field, changing nothing",
    async (payload) => {
      const user = await makeAccount(t.database.db, { language: "hi" });
      const session = await login(t.app, user.email, user.password);
      const res = await setLanguage(bearer(session.access), payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().language).toHaveLength(1);
      expect(res.json().detail).toMatch(/^language: /);
      expect(await languageOf(user.email)).toBe("hi");
    },
  );

  it("answers 401 without a valid token", async () => {
    expect((await setLanguage({}, { language: "hi" })).statusCode).toBe(401);
    expect((await setLanguage(bearer("not-a-token"), { language: "hi" })).statusCode).toBe(401);
  });
});

describe("password reset mail", () => {
  it("is written in the account's language, with the same reset link", async () => {
    const user = await makeAccount(t.database.db, { first_name: "Kavita", last_name: "Joshi", language: "hi" });
    const res = await t.app.inject({ method: "POST", url: `${AUTH}/password/reset/`, payload: { email: user.email } });
    expect(res.statusCode).toBe(200);
    const mail = await mailbox.waitFor((m) => m.to.includes(user.email));
    expect(mail.subject).toBe("अपना Krishi Bazaar पासवर्ड फिर से सेट करें");
    expect(mail.text).toContain("नमस्ते Kavita Joshi,");
    expect(mail.text).toContain("नया पासवर्ड चुनने के लिए यह लिंक खोलें:");
    expect(mail.text).toMatch(inHindi(RESET_LINK));
    expect(mail.html).toMatch(inHindi(RESET_LINK));
  });
});
