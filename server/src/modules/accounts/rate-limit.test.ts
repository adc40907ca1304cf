import { randomBytes } from "node:crypto";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { MailMessage } from "../../lib/mail.ts";
import type { RateLimits } from "../../lib/rate-limit.ts";
import { AUTH, makeAccount } from "../../testing/accounts.ts";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";

const minute = 60_000;
const LOW: RateLimits = {
  login: { perIp: { max: 5, windowMs: minute }, perEmail: { max: 3, windowMs: minute }, perAccount: { max: 6, windowMs: minute } },
  registration: { perIp: { max: 50, windowMs: minute }, perEmail: { max: 2, windowMs: minute } },
  passwordReset: { perIp: { max: 50, windowMs: minute }, perEmail: { max: 2, windowMs: minute } },
  resendEmail: { perIp: { max: 50, windowMs: minute }, perEmail: { max: 2, windowMs: minute } },
  tokenRefresh: { perIp: { max: 2, windowMs: minute } },
};

let t: TestApp;
const sent: MailMessage[] = [];
const mailsTo = (address: string) => sent.filter((m) => m.to === address).length;
beforeAll(async () => {
  const mailer = {
    send: async (message: MailMessage) => {
      sent.push(message);
    },
    close: async () => {},
  };
  t = await createTestApp({}, {}, { rateLimit: { limits: LOW }, mailer });
});
afterAll(() => t.close());

let ipSequence = 0;
/** Each test its own client address, so counters of one test do not spill into another. */
const nextIp = () => `203.0.113.${++ipSequence}`;

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

  it("limit login attempts per account across IPs, backing off further with every attempt past the limit", async () => {
    const email = "rotated@example.in";
    for (let i = 0; i < 6; i++) expect((await attempt(email, nextIp())).statusCode).toBe(400);
    const waits: number[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await attempt(email, nextIp());
      expectThrottled(res);
      waits.push(Number(res.headers["retry-after"]));
    }
    // The window, then twice it, then four times: guessing gets slower; the owner waits minutes, not days.
    expect(waits[1]).toBeGreaterThan(waits[0] as number);
    expect(waits[2]).toBeGreaterThan(waits[1] as number);
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
      expect(warnings.some((w) => w.includes("counting in this process's memory"))).toBe(true);
    } finally {
      await app.close();
    }
  });
});
