import Fastify from "fastify";
import { Type } from "typebox";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { conflict, installErrorHandler } from "./errors.ts";

const app = Fastify({ logger: false, bodyLimit: 100, ajv: { customOptions: { allErrors: true, coerceTypes: true } } });

beforeAll(async () => {
  installErrorHandler(app);
  app.get("/boom", async () => {
    throw new Error("SELECT secret FROM users -- at db.ts:12");
  });
  app.get("/conflict", async () => {
    throw conflict("out_of_stock", "Neem Oil is out of stock.", { name: "Neem Oil", available: 0 });
  });
  app.post(
    "/review",
    { schema: { body: Type.Object({ rating: Type.Integer({ minimum: 1, maximum: 5 }), comment: Type.String({ maxLength: 5 }) }) } },
    async () => ({ ok: true }),
  );
  await app.ready();
});
afterAll(() => app.close());

describe("the error policy", () => {
  it("answers a bare 500 with no internals", async () => {
    const res = await app.inject("/boom");
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ detail: "A server error occurred.", message: "A server error occurred.", code: "server_error" });
    expect(res.body).not.toContain("SELECT");
  });

  it("keeps the status, code, detail and params of an HttpError", async () => {
    const res = await app.inject("/conflict");
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      detail: "Neem Oil is out of stock.",
      message: "Neem Oil is out of stock.",
      code: "out_of_stock",
      params: { name: "Neem Oil", available: 0 },
    });
  });

  it("lists every field's problem in Django REST Framework's words", async () => {
    const res = await app.inject({ method: "POST", url: "/review", payload: { rating: 9, comment: "too long" } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: "field_invalid",
      rating: ["Ensure this value is less than or equal to 5."],
      comment: ["Ensure this field has no more than 5 characters."],
    });
    const missing = await app.inject({ method: "POST", url: "/review", payload: {} });
    expect(missing.json()).toMatchObject({ rating: ["This field is required."], comment: ["This field is required."] });
  });

  it("answers 400 for a body that is not JSON and 413 for one too large", async () => {
    const bad = await app.inject({ method: "POST", url: "/review", headers: { "content-type": "application/json" }, payload: "{rating:" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ detail: "JSON parse error - the request body is not valid JSON.", code: "body_invalid" });
    const large = await app.inject({ method: "POST", url: "/review", payload: { rating: 1, comment: "x".repeat(500) } });
    expect(large.statusCode).toBe(413);
    expect(large.json()).toMatchObject({ detail: "Request body is too large.", code: "body_too_large" });
  });
});
