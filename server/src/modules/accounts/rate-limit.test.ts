import { randomBytes } from "node:crypto";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { MailMessage } from "../../lib/mail.ts";
import { DEFAULT_RATE_LIMITS, type RateLimits } from "../../lib/rate-limit.ts";
import { AUTH, makeAccount, testClock } from "../../testing/accounts.ts";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";

const minute = 60_000;
const LOW: RateLimits = {
  // perAccount's window is longer than its 15-minute cap: a locked sign-in waits at most 900 s.
  login: { perIp: { max: 5, windowMs: minute }, perEmail: { max: 3, windowMs: minute }, perAccount: { max: 6, windowMs: 60 * minute } },
  registration: { perIp: { max: 50, windowMs: minute }, perEmail: { max: 2, windowMs: minute } },
  passwordReset: { perIp: { max: 50, windowMs: minute }, perEmail: { max: 2, windowMs: minute } },
  resendEmail: { perIp: { max: 50, windowMs: minute }, perEmail: { max: 2, windowMs: minute } },
  tokenRefresh: { perIp: { max: 2, windowMs: minute } },
  otp: DEFAULT_RATE_LIMITS.otp,
};

let t: TestApp;
const time = testClock();
const sent: MailMessage[] = [];
const mailsTo = (address: string) => sent.filter((m) => m.to === address).length;
beforeAll(async () => {
  const mailer = {
    send: async (message: MailMessage) => {
      sent.push(message);
    },
    close: async () => {},
  };
  t = await createTestApp({}, {}, { rateLimit: { limits: LOW }, mailer, clock: time.clock });
});
afterAll(() => t.close());

let ipSequence = 0;
/** Each test its own client address, so counters of one test do not spill into another. */
const nextIp = () => {
  const n = ++ipSequence;
  return `198.18.${n >> 8}.${n & 255}`;
};

const post = (url: string, payload: object, ip: string, app = t.app) => app.inject({ method: "POST", url, payload, remoteAddress: ip });
const attempt = (email: string, ip: string, prefix = AUTH, app = t.app) =>
  post(`${prefix}/login/`, { email, password: "Wrong-Password-1" }, ip, app);

function expectThrottled(res: Awaited<ReturnType<typeof attempt>>) {
  expect(res.statusCode).toBe(429);
  const body = res.json();
  expect(body.detail).toMatch(/^Request was throttled\. Expected available in \d+ seconds?\.$/);
  expect(body.message).toBe(body.detail);
  expect(Number(res.headers["retry-after"])).toBeGreaterThan(0);
}

describe("rate limits", () => {
  it("limit login attempts per IP and e-mail address, counting both prefixes together", async () => {
    const ip = nextIp();
    expect((await attempt("target@example.in", ip)).statusCode).toBe(400);
    expect((await attempt("TARGET@example.in", ip, "/api/users/dj_rest_auth")).statusCode).toBe(400);
    expect((await attempt("target@example.in", ip)).statusCode).toBe(400);
    expectThrottled(await attempt("target@example.in", ip));
    expectThrottled(await attempt("target@example.in", ip, "/api/users/dj_rest_auth"));

    // The same address from elsewhere is not locked out by this client.
    expect((await attempt("target@example.in", nextIp())).statusCode).toBe(400);
  });

  it("limit login attempts per IP across addresses", async () => {
    const ip = nextIp();
    for (let i = 0; i < 5; i++) expect((await attempt(`spray${i}@example.in`, ip)).statusCode).toBe(400);
    expectThrottled(await attempt("spray-last@example.in", ip));
  });

  it("never refuses a registration because of the address (nobody can lock a person out of signing up)", async () => {
    const email = "again-and-again@example.in";
    const body = { email, password1: "x", password2: "y" };
    for (let i = 0; i < 4; i++) expect((await post(`${AUTH}/registration/`, body, nextIp())).statusCode).toBe(400);
  });

  it("answer a registration of a taken address as usual past the cap, but mail its owner no more than the cap", async () => {
    const { email } = await makeAccount(t.database.db, { email: "registered-again@example.in" });
    const before = mailsTo(email);
    for (let i = 0; i < 4; i++) {
      const res = await post(
        `${AUTH}/registration/`,
        { email, password1: "Groundnut-Harvest-42", password2: "Groundnut-Harvest-42" },
        nextIp(),
      );
      expect(res.statusCode).toBe(201);
      expect(res.json()).toEqual({ detail: "Verification e-mail sent." });
    }
    await t.app.services.accounts.drain();
    expect(mailsTo(email) - before).toBe(2);
  });

  it("answer reset requests as usual past the cap, but mail one address no more than the cap, whatever the client", async () => {
    const { email } = await makeAccount(t.database.db, { email: "mailbomb@example.in" });
    const before = mailsTo(email);
    for (let i = 0; i < 4; i++) {
      const res = await post(`${AUTH}/password/reset/`, { email: i % 2 ? email.toUpperCase() : email }, nextIp());
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ detail: "Password reset e-mail has been sent." });
    }
    await t.app.services.accounts.drain();
    expect(mailsTo(email) - before).toBe(2);
  });

  it("cap verification e-mails per address the same way", async () => {
    const { email } = await makeAccount(t.database.db, { email: "resend-limit@example.in", email_verified: false });
    const before = mailsTo(email);
    for (let i = 0; i < 4; i++) expect((await post(`${AUTH}/registration/resend-email/`, { email }, nextIp())).statusCode).toBe(200);
    await t.app.services.accounts.drain();
    expect(mailsTo(email) - before).toBe(2);
  });

  it("limit token refreshes per IP", async () => {
    const ip = nextIp();
    for (let i = 0; i < 2; i++) expect((await post(`${AUTH}/token/refresh/`, { refresh: "x.y.z" }, ip)).statusCode).toBe(401);
    expectThrottled(await post(`${AUTH}/token/refresh/`, { refresh: "x.y.z" }, ip));
  });

  it("leave other endpoints alone", async () => {
    const ip = nextIp();
    for (let i = 0; i < 10; i++) expect((await post(`${AUTH}/token/verify/`, { token: "x" }, ip)).statusCode).toBe(401);
  });
});

describe("the per-account sign-in limit (failed sign-ins to one address, from any IP)", () => {
  const { max } = LOW.login.perAccount;
  const signIn = (email: string, password: string, ip: string, device?: string) =>
    t.app.inject({
      method: "POST",
      url: `${AUTH}/login/`,
      payload: { email, password },
      remoteAddress: ip,
      headers: device ? { cookie: `theme=dark; kb_device=${device}` } : {},
    });
  const deviceOf = (res: Awaited<ReturnType<typeof signIn>>) => /^kb_device=([0-9a-f]{32});/.exec(String(res.headers["set-cookie"]))?.[1];
  /** Wrong passwords from as many new IPs as the limit allows: each answered as usual. */
  const tripLimit = async (email: string) => {
    for (let i = 0; i < max; i++) expect((await attempt(email, nextIp())).statusCode).toBe(400);
  };
  const alertsTo = (address: string) => sent.filter((m) => m.to === address && /trying your|आज़मा रहा/.test(m.subject));
  /** The 429 with its seconds taken out: what tells one refused sign-in from another. */
  const refusal = (res: Awaited<ReturnType<typeof signIn>>) => ({
    status: res.statusCode,
    body: res.body.replace(/\d+ seconds?/g, "N seconds"),
    headers: Object.keys(res.headers).filter((h) => !["date", "x-request-id"].includes(h)),
  });

  it("refuses the right password from a new IP without the device cookie, as it refuses a wrong one, for at most 15 minutes", async () => {
    const owner = await makeAccount(t.database.db);
    await tripLimit(owner.email);
    const right = await signIn(owner.email, owner.password, nextIp());
    const wrong = await signIn(owner.email, "Wrong-Password-1", nextIp());
    expectThrottled(right);
    expect(refusal(right)).toEqual(refusal(wrong));
    expect(right.headers["set-cookie"]).toBeUndefined();
    // The window is an hour, but nobody waits more than 15 minutes, and later attempts never wait longer.
    const waits = [right, wrong, await signIn(owner.email, owner.password, nextIp())].map((res) => Number(res.headers["retry-after"]));
    for (const wait of waits) expect(wait).toBeLessThanOrEqual(900);
    expect(waits[2]).toBeLessThanOrEqual(waits[0] as number);
  });

  it("lets the right password in from an IP that signed in within 30 days, and still counts wrong ones from it", async () => {
    const owner = await makeAccount(t.database.db);
    const home = nextIp();
    expect((await signIn(owner.email, owner.password, home)).statusCode).toBe(200);
    await tripLimit(owner.email);
    expectThrottled(await signIn(owner.email, owner.password, nextIp()));

    expect((await signIn(owner.email, owner.password, home)).statusCode).toBe(200);
    const typo = await signIn(owner.email, "Wrong-Password-1", home);
    expect(typo.statusCode).toBe(400);
    expect(typo.json().non_field_errors).toEqual(["Unable to log in with provided credentials."]);
  });

  it("lets the right password in with a recognised device cookie from a new IP, and not with a made-up one", async () => {
    const owner = await makeAccount(t.database.db);
    const first = await signIn(owner.email, owner.password, nextIp());
    expect(first.statusCode).toBe(200);
    const device = deviceOf(first) as string;
    expect(device).toMatch(/^[0-9a-f]{32}$/);
    expect(String(first.headers["set-cookie"])).toBe(`kb_device=${device}; Path=/api/users/; Max-Age=2592000; HttpOnly; SameSite=Lax`);
    await tripLimit(owner.email);

    expectThrottled(await signIn(owner.email, owner.password, nextIp()));
    expectThrottled(await signIn(owner.email, owner.password, nextIp(), randomBytes(16).toString("hex")));
    expectThrottled(await signIn(owner.email, owner.password, nextIp(), "not-a-device-id"));
    const travelling = await signIn(owner.email, owner.password, nextIp(), device);
    expect(travelling.statusCode).toBe(200);
    expect(travelling.json().user.email).toBe(owner.email);
    expect(deviceOf(travelling)).toBe(device);
  });

  it("counts only failed sign-ins: the owner's own sign-ins never bring the limit closer", async () => {
    const owner = await makeAccount(t.database.db);
    for (let i = 0; i < max + 2; i++) expect((await signIn(owner.email, owner.password, nextIp())).statusCode).toBe(200);
    for (let i = 0; i < max - 1; i++) expect((await attempt(owner.email, nextIp())).statusCode).toBe(400);
    expect((await signIn(owner.email, owner.password, nextIp())).statusCode).toBe(200);
    expect((await attempt(owner.email, nextIp())).statusCode).toBe(400);
    expectThrottled(await signIn(owner.email, owner.password, nextIp()));
  });

  it("trips for an address without an account exactly as for one with an account", async () => {
    const owner = await makeAccount(t.database.db);
    const nobody = "nobody.here@example.in";
    for (let i = 0; i < max; i++) {
      const known = await attempt(owner.email, nextIp());
      const unknown = await attempt(nobody, nextIp());
      expect([known.statusCode, known.body]).toEqual([400, unknown.body]);
      expect(unknown.statusCode).toBe(400);
    }
    const known = await attempt(owner.email, nextIp());
    const unknown = await attempt(nobody, nextIp());
    expectThrottled(unknown);
    expect(refusal(known)).toEqual(refusal(unknown));
  });

  it("mails the owner once when the limit trips, however many failures follow that day, and again the next day", async () => {
    const owner = await makeAccount(t.database.db, { first_name: "Gopal", last_name: "Rao" });
    const home = nextIp();
    expect((await signIn(owner.email, owner.password, home)).statusCode).toBe(200);
    for (let i = 0; i < max - 2; i++) expect((await attempt(owner.email, nextIp())).statusCode).toBe(400);
    // The failures that reach the limit arrive together: each of them asks to alert the owner.
    await Promise.all(Array.from({ length: 6 }, () => attempt(owner.email, nextIp())));
    expectThrottled(await attempt(owner.email, nextIp()));
    expect((await signIn(owner.email, "Wrong-Password-2", home)).statusCode).toBe(400);
    await t.app.services.accounts.drain();

    const [alert, ...more] = alertsTo(owner.email);
    expect(more).toHaveLength(0);
    expect(alert?.subject).toBe("Someone is trying your Krishi Bazaar password");
    expect(alert?.text).toContain("Namaste Gopal Rao,");
    expect(alert?.text).toContain(`${t.config.siteUrl}/reset/password/`);
    expect(alert?.text).not.toContain(owner.password);

    time.advance(24 * 60 * minute + minute);
    // Whether the window is still running or a new one trips: the next day's attempts alert again, once.
    for (let i = 0; i <= max; i++) await attempt(owner.email, nextIp());
    await t.app.services.accounts.drain();
    expect(alertsTo(owner.email)).toHaveLength(2);
    expect((await signIn(owner.email, owner.password, home)).statusCode).toBe(200);
  });

  it("mails an owner who reads Hindi in Hindi", async () => {
    const owner = await makeAccount(t.database.db, { language: "hi" });
    await tripLimit(owner.email);
    await t.app.services.accounts.drain();
    const [alert] = alertsTo(owner.email);
    expect(alert?.subject).toBe("कोई आपका Krishi Bazaar पासवर्ड आज़मा रहा है");
    expect(alert?.text).toContain(`${t.config.siteUrl}/reset/password/`);
  });

  it("forgets an IP or device 30 days after its last sign-in", async () => {
    const owner = await makeAccount(t.database.db);
    const oldHome = nextIp();
    const old = await signIn(owner.email, owner.password, oldHome);
    const oldDevice = deviceOf(old) as string;
    time.advance(30 * 24 * 60 * minute + minute);
    const newHome = nextIp();
    const recent = await signIn(owner.email, owner.password, newHome);
    expect(recent.statusCode).toBe(200);
    const places = await t.database.db.selectFrom("recognised_sign_ins").selectAll().where("user_id", "=", owner.id).execute();
    // The old IP and device are gone (pruned as the new sign-in was written); only hashes are stored.
    expect(places.map((p) => p.kind).sort()).toEqual(["device", "ip"]);
    expect(JSON.stringify(places)).not.toContain(newHome);

    await tripLimit(owner.email);
    expectThrottled(await signIn(owner.email, owner.password, oldHome, oldDevice));
    expect((await signIn(owner.email, owner.password, newHome)).statusCode).toBe(200);
  });
});

const redisUrl = process.env.TEST_REDIS_URL ?? process.env.REDIS_URL;

describe.skipIf(!redisUrl)("rate limits in Redis (REDIS_URL set)", () => {
  it("are shared by two server instances and stored under the namespace", async () => {
    const namespace = `kb-test-shared-${randomBytes(4).toString("hex")}:`;
    const one = await createTestApp({}, {}, { rateLimit: { limits: LOW, namespace } });
    const two = await createTestApp({}, {}, { rateLimit: { limits: LOW, namespace } });
    const redis = new Redis(redisUrl as string);
    try {
      const ip = nextIp();
      await post(`${AUTH}/login/`, { email: "shared@example.in", password: "x" }, ip, one.app);
      await post(`${AUTH}/login/`, { email: "shared@example.in", password: "x" }, ip, two.app);
      await post(`${AUTH}/login/`, { email: "shared@example.in", password: "x" }, ip, one.app);
      const fourth = await post(`${AUTH}/login/`, { email: "shared@example.in", password: "x" }, ip, two.app);
      expectThrottled(fourth);
      const keys = await redis.keys(`${namespace}*`);
      expect(keys.some((key) => key.includes("login:ip+email:") && key.includes("shared@example.in"))).toBe(true);

      // Failed sign-ins to one address, counted by either instance, trip the limit in both.
      for (let i = 0; i < LOW.login.perAccount.max; i++) {
        expect((await attempt("shared-account@example.in", nextIp(), AUTH, i % 2 ? one.app : two.app)).statusCode).toBe(400);
      }
      expectThrottled(await attempt("shared-account@example.in", nextIp(), AUTH, one.app));
      expectThrottled(await attempt("shared-account@example.in", nextIp(), AUTH, two.app));
      expect(await redis.get(`${namespace}login:account-failures:shared-account@example.in`)).toBe(String(LOW.login.perAccount.max));
    } finally {
      const keys = await redis.keys(`${namespace}*`);
      if (keys.length > 0) await redis.del(...keys);
      redis.disconnect();
      await one.close();
      await two.close();
    }
  });
});

describe("client addresses behind proxies", () => {
  const spoofed = (app: TestApp, forwardedFor: string, email: string) =>
    app.app.inject({
      method: "POST",
      url: `${AUTH}/login/`,
      payload: { email, password: "Wrong-Password-1" },
      remoteAddress: "198.51.100.7",
      headers: { "x-forwarded-for": forwardedFor },
    });

  it("ignores X-Forwarded-For when no proxy is configured, even in production", async () => {
    const production = await createTestApp({}, { env: "production" }, { rateLimit: { limits: LOW } });
    try {
      // A client writing a new X-Forwarded-For on every attempt is still one client.
      for (let i = 0; i < 5; i++) expect((await spoofed(production, `10.0.0.${i}`, `spray${i}@example.in`)).statusCode).toBe(400);
      expectThrottled(await spoofed(production, "10.0.0.99", "spray-last@example.in"));
    } finally {
      await production.close();
    }
  });

  it("with TRUST_PROXY=1 takes the address the proxy appended, not what the client wrote before it", async () => {
    const proxied = await createTestApp({ TRUST_PROXY: "1" }, { env: "production" }, { rateLimit: { limits: LOW } });
    try {
      for (let i = 0; i < 5; i++) {
        expect((await spoofed(proxied, `10.0.0.${i}, 203.0.113.200`, `spray${i}@example.in`)).statusCode).toBe(400);
      }
      expectThrottled(await spoofed(proxied, "10.0.0.99, 203.0.113.200", "spray-last@example.in"));
      // Another real client behind the same proxy is counted on its own.
      expect((await spoofed(proxied, "10.0.0.1, 203.0.113.201", "someone@example.in")).statusCode).toBe(400);
    } finally {
      await proxied.close();
    }
  });
});

describe("the device cookie over HTTPS", () => {
  it("is Secure when the client came over HTTPS (as the trusted proxy says), HttpOnly and SameSite=Lax either way", async () => {
    const proxied = await createTestApp({ TRUST_PROXY: "1" }, { env: "production" }, { rateLimit: { limits: LOW } });
    try {
      const owner = await makeAccount(proxied.database.db);
      const signIn = (proto: string) =>
        proxied.app.inject({
          method: "POST",
          url: `${AUTH}/login/`,
          payload: { email: owner.email, password: owner.password },
          remoteAddress: "198.51.100.7",
          headers: { "x-forwarded-for": "203.0.113.9", "x-forwarded-proto": proto },
        });
      const secure = await signIn("https");
      expect(secure.statusCode).toBe(200);
      expect(String(secure.headers["set-cookie"])).toMatch(
        /^kb_device=[0-9a-f]{32}; Path=\/api\/users\/; Max-Age=2592000; HttpOnly; SameSite=Lax; Secure$/,
      );
      const plain = await signIn("http");
      expect(String(plain.headers["set-cookie"])).not.toContain("Secure");
      expect(String(plain.headers["set-cookie"])).toContain("HttpOnly; SameSite=Lax");
    } finally {
      await proxied.close();
    }
  });
});

describe("a rate-limit store (Redis) that is down", () => {
  it("still limits, counting in the process's memory, and says so in the log", async () => {
    const warnings: string[] = [];
    // Nothing listens on port 9: every Redis command fails at once.
    const app = await createTestApp({ REDIS_URL: "redis://127.0.0.1:9" }, {}, { rateLimit: { limits: LOW } });
    app.app.log.warn = ((entry: unknown, message?: string) => {
      warnings.push(String(message ?? entry));
    }) as typeof app.app.log.warn;
    try {
      const ip = nextIp();
      for (let i = 0; i < 3; i++) expect((await attempt("redis-down@example.in", ip, AUTH, app.app)).statusCode).toBe(400);
      expectThrottled(await attempt("redis-down@example.in", ip, AUTH, app.app));
      // Failed sign-ins per account too.
      for (let i = 0; i < LOW.login.perAccount.max - 3; i++) {
        expect((await attempt("redis-down@example.in", nextIp(), AUTH, app.app)).statusCode).toBe(400);
      }
      expectThrottled(await attempt("redis-down@example.in", nextIp(), AUTH, app.app));
      expect(warnings.some((w) => w.includes("counting in this process's memory"))).toBe(true);
    } finally {
      await app.close();
    }
  });
});
