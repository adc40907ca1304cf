import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authHeaders, makeAccount } from "../../testing/accounts.ts";
import { makeProduct, makeUser } from "../../testing/factories.ts";
import { placeOrder } from "../../testing/orders.ts";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";
import { EMAIL_TAKEN, SELF_DELETE, SELF_DEMOTE } from "./user-admin.ts";

let t: TestApp;
let staff: { id: number; email: string };
let asStaff: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  staff = await makeUser(t.database.db, { email: "manager@krishibazaar.in", first_name: "Meera", last_name: "Joshi", is_staff: true });
  asStaff = await authHeaders(t, staff.id);
});
afterAll(() => t.close());

const update = (id: number, payload: Record<string, unknown>) =>
  t.app.inject({ method: "PUT", url: `/api/users/update/${id}/`, headers: asStaff, payload });
const userRow = (id: number) => t.database.db.selectFrom("users").selectAll().where("id", "=", id).executeTakeFirst();

describe("GET /api/users/", () => {
  it("lists users by id with paging headers", async () => {
    for (let i = 0; i < 3; i++) await makeUser(t.database.db);
    const res = await t.app.inject({ url: "/api/users/?page_size=2&page=2", headers: asStaff });
    expect(res.statusCode, res.body).toBe(200);
    const total = Number(res.headers["x-total-count"]);
    expect(total).toBeGreaterThanOrEqual(4);
    expect(res.headers["x-page-count"]).toBe(String(Math.ceil(total / 2)));
    const users = res.json();
    expect(users).toHaveLength(2);
    expect(users[0]._id).toBeLessThan(users[1]._id);
    expect(Object.keys(users[0]).sort()).toEqual(
      [
        "_id",
        "pk",
        "id",
        "email",
        "first_name",
        "last_name",
        "name",
        "is_staff",
        "isAdmin",
        "addresses",
        "language",
        "phone",
        "whatsapp",
        "offers",
      ].sort(),
    );
  });

  it("searches names and e-mail addresses, any case, wildcards taken literally", async () => {
    await makeUser(t.database.db, { email: "gurpreet.sandhu@example.in", first_name: "Gurpreet", last_name: "Sandhu" });
    await makeUser(t.database.db, { email: "s100_percent@example.in", first_name: "Sunil", last_name: "Rao" });
    const byName = await t.app.inject({ url: "/api/users/?search=GURPREET%20san", headers: asStaff });
    expect(byName.json().map((u: { email: string }) => u.email)).toEqual(["gurpreet.sandhu@example.in"]);
    const byEmail = await t.app.inject({ url: "/api/users/?search=100_", headers: asStaff });
    expect(byEmail.json().map((u: { email: string }) => u.email)).toEqual(["s100_percent@example.in"]);
    const wildcard = await t.app.inject({ url: "/api/users/?search=%25", headers: asStaff });
    expect(wildcard.json()).toEqual([]);
  });

  it("answers 404 past the last page and 400 for a bad page", async () => {
    expect((await t.app.inject({ url: "/api/users/?page=999", headers: asStaff })).statusCode).toBe(404);
    const bad = await t.app.inject({ url: "/api/users/?page=zero", headers: asStaff });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().page).toEqual(["A valid integer is required."]);
  });
});

describe("PUT /api/users/update/{id}/", () => {
  it("changes names, e-mail (stored lower-case) and the staff flag", async () => {
    const user = await makeUser(t.database.db);
    const res = await update(user.id, {
      _id: user.id,
      first_name: " Ravi ",
      last_name: "Patil",
      email: "Ravi.Patil@Example.in",
      isAdmin: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      _id: user.id,
      first_name: "Ravi",
      email: "ravi.patil@example.in",
      isAdmin: true,
      is_staff: true,
      name: "Ravi Patil",
    });
    expect(Boolean((await userRow(user.id))?.is_staff)).toBe(true);
  });

  it("refuses an e-mail address another user has (409), changing nothing", async () => {
    const user = await makeUser(t.database.db, { first_name: "Kiran" });
    const res = await update(user.id, { first_name: "Changed", last_name: "Name", email: staff.email.toUpperCase(), isAdmin: false });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ detail: EMAIL_TAKEN, email: [EMAIL_TAKEN] });
    expect((await userRow(user.id))?.first_name).toBe("Kiran");
  });

  it("keeps a customer who signs in with a mobile number without an e-mail address, but no other", async () => {
    const { id } = await t.database.db
      .insertInto("users")
      .values({
        email: null,
        phone: "+919812300001",
        first_name: "",
        last_name: "",
        is_staff: false,
        is_active: true,
        email_verified: false,
        created_at: new Date().toISOString(),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const named = await update(id, { first_name: "Ramesh", last_name: "Patil", email: "", isAdmin: false });
    expect(named.statusCode, named.body).toBe(200);
    expect(named.json()).toMatchObject({ email: "", phone: "+919812300001", name: "Ramesh Patil" });
    expect((await userRow(id))?.email).toBeNull();

    const withAddress = await makeUser(t.database.db);
    const res = await update(withAddress.id, { first_name: "A", last_name: "B", email: "", isAdmin: false });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: "field_invalid", field_errors: { email: [{ code: "blank" }] } });
    expect((await userRow(withAddress.id))?.email).toBe(withAddress.email);
  });

  it("refuses to let staff remove their own staff flag", async () => {
    const res = await update(staff.id, { first_name: "Meera", last_name: "Joshi", email: staff.email, isAdmin: false });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe(SELF_DEMOTE);
    expect(Boolean((await userRow(staff.id))?.is_staff)).toBe(true);
  });

  it("takes the staff flag from another staff member, whose next request is refused", async () => {
    const other = await makeUser(t.database.db, { is_staff: true });
    const asOther = await authHeaders(t, other.id);
    expect((await t.app.inject({ url: "/api/users/", headers: asOther })).statusCode).toBe(200);
    expect((await update(other.id, { first_name: "A", last_name: "B", email: other.email, isAdmin: false })).statusCode).toBe(200);
    expect((await t.app.inject({ url: "/api/users/", headers: asOther })).statusCode).toBe(403);
  });

  it("validates the body", async () => {
    const user = await makeUser(t.database.db);
    const res = await update(user.id, { first_name: "A", last_name: "B", email: "not-an-address", isAdmin: "maybe" });
    expect(res.statusCode).toBe(400);
    expect(res.json().email).toEqual(["Enter a valid email address."]);
    expect(res.json().isAdmin).toEqual(["Must be a valid boolean."]);
    expect((await update(user.id, { first_name: "A" })).json().email).toEqual(["This field is required."]);
  });

  it("answers 404 for an unknown user", async () => {
    const res = await update(2_000_000_000, { first_name: "A", last_name: "B", email: "nobody@example.in", isAdmin: false });
    expect(res.statusCode).toBe(404);
  });
});

describe("DELETE /api/users/delete/{id}/", () => {
  it("deletes a customer; their orders keep the customer's name and e-mail, their reviews stay", async () => {
    const { db } = t.database;
    const customer = await makeAccount(db, { first_name: "Lakshmi", last_name: "Iyer", email: "lakshmi@example.in" });
    const product = await makeProduct(db, { pricePaise: 200_00, stock: 5 });
    const asCustomer = await authHeaders(t, customer.id);
    const placed = await placeOrder(t, asCustomer, { id: product.id, pricePaise: 200_00 });
    const review = await t.app.inject({
      method: "POST",
      url: `/api/products/${product.id}/reviews/`,
      headers: asCustomer,
      payload: { rating: 4, comment: "Good" },
    });
    expect(review.statusCode).toBe(201);

    const res = await t.app.inject({ method: "DELETE", url: `/api/users/delete/${customer.id}/`, headers: asStaff });
    expect(res.statusCode, res.body).toBe(200);
    expect(await userRow(customer.id)).toBeUndefined();

    const order = await t.app.inject({ url: `/api/orders/${placed._id}/`, headers: asStaff });
    expect(order.json().user).toEqual({ first_name: "Lakshmi", last_name: "Iyer", email: "lakshmi@example.in", name: "Lakshmi Iyer" });
    const reviews = (await t.app.inject({ url: `/api/products/${product.id}/` })).json().reviews;
    expect(reviews.map((r: { name: string }) => r.name)).toEqual(["Lakshmi Iyer"]);
    // The old token is worth nothing now.
    expect((await t.app.inject({ url: "/api/users/profile/", headers: asCustomer })).statusCode).toBe(401);
  });

  it("refuses to let staff delete themselves", async () => {
    const res = await t.app.inject({ method: "DELETE", url: `/api/users/delete/${staff.id}/`, headers: asStaff });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe(SELF_DELETE);
    expect(await userRow(staff.id)).toBeDefined();
  });

  it("answers 404 for an unknown user", async () => {
    expect((await t.app.inject({ method: "DELETE", url: "/api/users/delete/2000000000/", headers: asStaff })).statusCode).toBe(404);
  });
});
