import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, login, makeAccount, RELAXED_LIMITS } from "../../testing/accounts.ts";
import { makeProduct } from "../../testing/factories.ts";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({}, {}, { rateLimit: { limits: RELAXED_LIMITS } });
});
afterAll(() => t.close());

async function customer(input: Parameters<typeof makeAccount>[1] = {}) {
  const user = await makeAccount(t.database.db, input);
  return (await login(t.app, user.email, user.password)).access;
}

const review = (productId: number | string, payload: unknown, access?: string) =>
  t.app.inject({
    method: "POST",
    url: `/api/products/${productId}/reviews/`,
    headers: access ? bearer(access) : {},
    payload: payload as object,
  });
const product = async (id: number) => (await t.app.inject({ url: `/api/products/${id}/` })).json();

describe("POST /api/products/{id}/reviews/", () => {
  it("adds the review, recomputes rating and numReviews, and the product answer shows it at once", async () => {
    const { id } = await makeProduct(t.database.db, { name: "Hybrid Bajra Seeds" });
    const before = await product(id); // fills the answer cache
    expect(before).toMatchObject({ rating: 0, numReviews: 0, reviews: [] });

    const res = await review(id, { rating: 4, comment: "Good germination." }, await customer({ first_name: "Ramesh", last_name: "Patil" }));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ detail: "Review added" });
    const second = await review(id, { rating: 5 }, await customer({ first_name: "Lakshmi", last_name: "Reddy" }));
    expect(second.statusCode).toBe(201);

    const after = await product(id);
    expect(after.rating).toBe(4.5);
    expect(after.numReviews).toBe(2);
    expect(after.reviews).toEqual([
      { _id: expect.any(Number), user: expect.any(Number), name: "Lakshmi Reddy", rating: 5, comment: "", createdAt: expect.any(String) },
      {
        _id: expect.any(Number),
        user: expect.any(Number),
        name: "Ramesh Patil",
        rating: 4,
        comment: "Good germination.",
        createdAt: expect.any(String),
      },
    ]);
    expect(after.reviews[0].user).not.toBe(after.reviews[1].user); // each review names its own author
    const listed = (await t.app.inject({ url: "/api/products?keyword=bajra" })).json();
    expect(listed[0]).toMatchObject({ rating: 4.5, numReviews: 2 });
  });

  it("names a reviewer without names by the start of the e-mail address, never the whole address", async () => {
    const { id } = await makeProduct(t.database.db);
    await review(id, { rating: 3 }, await customer({ email: "kisan.mitra@example.in", first_name: "", last_name: "" }));
    expect((await product(id)).reviews[0].name).toBe("kisan.mitra");
  });

  it("answers 409 for a second review of the same product, changing nothing", async () => {
    const { id } = await makeProduct(t.database.db);
    const access = await customer();
    expect((await review(id, { rating: 2, comment: "first" }, access)).statusCode).toBe(201);
    const again = await review(id, { rating: 5, comment: "second" }, access);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ detail: "Product already reviewed", message: "Product already reviewed", code: "already_reviewed" });
    expect(await product(id)).toMatchObject({ rating: 2, numReviews: 1 });
  });

  it("answers 401 without a login, whatever the body", async () => {
    const { id } = await makeProduct(t.database.db);
    for (const payload of [{ rating: 5 }, { rating: 0 }, {}]) {
      const res = await review(id, payload);
      expect(res.statusCode).toBe(401);
      expect(res.json().detail).toBe("Authentication credentials were not provided.");
    }
    expect((await product(id)).numReviews).toBe(0);
  });

  it.each([
    [{ rating: 0 }, "Ensure this value is greater than or equal to 1."],
    [{ rating: 6 }, "Ensure this value is less than or equal to 5."],
    [{ rating: 4.5 }, "A valid integer is required."],
    [{ rating: "good" }, "A valid integer is required."],
    [{ comment: "no rating" }, "This field is required."],
  ])("answers 400 for %o", async (payload, message) => {
    const { id } = await makeProduct(t.database.db);
    const res = await review(id, payload, await customer());
    expect(res.statusCode).toBe(400);
    expect(res.json().rating).toEqual([message]);
    expect((await product(id)).numReviews).toBe(0);
  });

  it("answers 400 for a comment over 2000 characters", async () => {
    const { id } = await makeProduct(t.database.db);
    const res = await review(id, { rating: 3, comment: "x".repeat(2001) }, await customer());
    expect(res.statusCode).toBe(400);
    expect(res.json().comment).toHaveLength(1);
  });

  it("answers 404 for an unknown product", async () => {
    const res = await review(987654, { rating: 5 }, await customer());
    expect(res.statusCode).toBe(404);
    expect(res.json().detail).toBe("No Product matches the given query.");
  });

  it("counts every one of many simultaneous reviews by different users", async () => {
    const { id } = await makeProduct(t.database.db);
    const tokens = await Promise.all(Array.from({ length: 6 }, () => customer()));
    const answers = await Promise.all(tokens.map((access, i) => review(id, { rating: (i % 5) + 1 }, access)));
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201, 201, 201, 201]);
    const after = await product(id);
    expect(after.numReviews).toBe(6);
    expect(after.rating).toBeCloseTo((1 + 2 + 3 + 4 + 5 + 1) / 6, 5);
  });
});
