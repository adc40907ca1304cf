import { Writable } from "node:stream";
import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../testing/test-app.ts";
import { echoRequestId, loggerOptions, requestIdOptions } from "./logging.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("request ids", () => {
  it("names every answer with a new UUID when the request brings none", async () => {
    const first = await t.app.inject("/api/config");
    const second = await t.app.inject("/api/config");
    expect(first.statusCode).toBe(200);
    expect(first.headers["x-request-id"]).toMatch(UUID);
    expect(second.headers["x-request-id"]).toMatch(UUID);
    expect(second.headers["x-request-id"]).not.toBe(first.headers["x-request-id"]);
  });

  it.each(["req-42", "7f3c2a9e-1b2d-4c5e-8f90-123456789abc", "lb.01_A-b", "x".repeat(64)])("keeps the caller's id %s", async (id) => {
    const res = await t.app.inject({ url: "/api/config", headers: { "x-request-id": id } });
    expect(res.headers["x-request-id"]).toBe(id);
  });

  it.each([
    ["too long", "x".repeat(65)],
    ["a space", "abc def"],
    ["a quote", 'abc"def'],
    ["a newline escape", "abc\\ndef"],
    ["braces", "{jndi:ldap}"],
    ["percent-encoding", encodeURIComponent("बाज़ार")],
    ["nothing", ""],
  ])("replaces an id with %s by a UUID", async (_what, id) => {
    const res = await t.app.inject({ url: "/api/config", headers: { "x-request-id": id } });
    expect(res.headers["x-request-id"]).toMatch(UUID);
  });

  it("names error answers too: 404, validation, authentication and a body too large", async () => {
    const headers = { "x-request-id": "err-check-1" };
    const answers = await Promise.all([
      t.app.inject({ url: "/api/nowhere", headers }),
      t.app.inject({ url: "/api/products/not-a-number/", headers }),
      t.app.inject({ url: "/api/users/profile/", headers }),
      t.app.inject({
        method: "POST",
        url: "/api/users/dj-rest-auth/login/",
        headers: { ...headers, "content-type": "application/json" },
        payload: JSON.stringify({ email: "x".repeat(2 * 1024 * 1024) }),
      }),
    ]);
    expect(answers.map((res) => res.statusCode)).toEqual([404, 400, 401, 413]);
    for (const res of answers) expect(res.headers["x-request-id"]).toBe("err-check-1");
  });
});

/** Log lines written to memory, as the app's logger writes them to standard output. */
function memoryLog(): Writable & { lines: string[] } {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(
        ...chunk
          .toString("utf8")
          .split("\n")
          .filter((line) => line !== ""),
      );
      done();
    },
  });
  return Object.assign(stream, { lines });
}

/** A server with the app's logging options, writing its log to memory. */
async function loggedServer(format: "json" | "pretty", log: Writable) {
  const app = Fastify({ logger: loggerOptions({ logLevel: "info", logFormat: format }, log), ...requestIdOptions });
  app.addHook("onRequest", echoRequestId);
  app.get("/hello", async (request) => {
    request.log.info({ farm: "Nashik" }, "saying hello");
    return { hello: "world" };
  });
  app.get("/broken", async () => {
    throw new Error("the pump failed");
  });
  await app.ready();
  return app;
}

describe("log lines", () => {
  it("are JSON in production format, and every line of a request carries its id", async () => {
    const log = memoryLog();
    const app = await loggedServer("json", log);
    await app.inject({ url: "/hello", headers: { "x-request-id": "trace-me-7", authorization: "Bearer secret-token" } });
    const broken = await app.inject("/broken");
    await app.close();

    const entries = log.lines.map((line) => JSON.parse(line));
    const mine = entries.filter((entry) => entry.reqId === "trace-me-7");
    expect(mine.map((entry) => entry.msg)).toEqual(["incoming request", "saying hello", "request completed"]);
    expect(mine[0].req).toMatchObject({ method: "GET", url: "/hello" });
    expect(mine[1]).toMatchObject({ level: 30, farm: "Nashik" });
    expect(mine[2].res).toMatchObject({ statusCode: 200 });
    // Credentials never reach the log.
    expect(log.lines.join("\n")).not.toContain("secret-token");

    const brokenId = broken.headers["x-request-id"];
    expect(brokenId).toMatch(UUID);
    const failure = entries.find((entry) => entry.reqId === brokenId && entry.level === 50);
    expect(failure?.err?.message).toBe("the pump failed");
  });

  it("are readable lines for a person in pretty format, with the request id", async () => {
    const log = memoryLog();
    const app = await loggedServer("pretty", log);
    await app.inject({ url: "/hello", headers: { "x-request-id": "trace-me-8" } });
    await app.close();

    expect(log.lines).toHaveLength(3);
    expect(log.lines[0]).toMatch(/^\[\d{2}:\d{2}:\d{2}\.\d{3}\] INFO: \[trace-me-8\] incoming request .*"url":"\/hello"/);
    expect(log.lines[1]).toMatch(/^\[[\d:.]+\] INFO: \[trace-me-8\] saying hello \{"farm":"Nashik"\}$/);
    expect(log.lines[2]).toMatch(/^\[[\d:.]+\] INFO: \[trace-me-8\] request completed .*"statusCode":200/);
    expect(() => JSON.parse(log.lines[1] as string)).toThrow();
    // No terminal colours when the log does not go to a terminal.
    expect(log.lines.join("\n")).not.toContain("\u001b[");
  });

  it("writes nothing at level silent (the tests' default)", async () => {
    const log = memoryLog();
    const app = Fastify({ logger: loggerOptions({ logLevel: "silent", logFormat: "json" }, log), ...requestIdOptions });
    app.get("/", async () => "ok");
    await app.inject("/");
    await app.close();
    expect(log.lines).toEqual([]);
  });
});
