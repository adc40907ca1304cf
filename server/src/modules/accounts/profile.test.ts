import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AUTH, bearer, login, makeAccount, RELAXED_LIMITS } from "../../testing/accounts.ts";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({}, {}, { rateLimit: { limits: RELAXED_LIMITS } });
});
afterAll(() => t.close());

async function signedIn(input: Parameters<typeof makeAccount>[1] = {}) {
  const user = await makeAccount(t.database.db, input);
  return { user, session: await login(t.app, user.email, user.password) };
}

const updateProfile = (access: string, payload: object) =>
  t.app.inject({ method: "PUT", url: "/api/users/profile/update/", headers: bearer(access), payload });
const refreshStatus = async (refresh: string) =>
  (await t.app.inject({ method: "POST", url: `${AUTH}/token/refresh/`, payload: { refresh } })).statusCode;

describe("GET /api/users/profile/", () => {
  it("answers the signed-in user's JSON", async () => {
    const { user, session } = await signedIn({ first_name: "Lakshmi", last_name: "Reddy" });
    for (const url of ["/api/users/profile/", "/api/users/profile"]) {
      const res = await t.app.inject({ url, headers: bearer(session.access) });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        _id: user.id,
        pk: user.id,
        id: user.id,
        email: user.email,
        first_name: "Lakshmi",
        last_name: "Reddy",
        name: "Lakshmi Reddy",
        is_staff: false,
        isAdmin: false,
        addresses: [],
        language: "en",
        phone: null,
        whatsapp: false,
        offers: false,
      });
    }
  });

  it("names a user without names by the e-mail address", async () => {
    const { user, session } = await signedIn({ first_name: "", last_name: "" });
    const res = await t.app.inject({ url: "/api/users/profile/", headers: bearer(session.access) });
    expect(res.json().name).toBe(user.email);
  });

  it("answers 401 without a token", async () => {
    const res = await t.app.inject({ url: "/api/users/profile/" });
    expect(res.statusCode).toBe(401);
    expect(res.json().detail).toBe("Authentication credentials were not provided.");
  });
});

describe("PUT /api/users/profile/update/", () => {
  it("updates the names and answers fresh login info; older sessions live on without a new password", async () => {
    const { user, session } = await signedIn();
    const res = await updateProfile(session.access, { id: user.id, first_name: " Gurpreet ", last_name: "Singh", password: "" });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      access: expect.any(String),
      refresh: expect.any(String),
      user: { first_name: "Gurpreet", name: "Gurpreet Singh" },
    });
    expect(await refreshStatus(session.refresh)).toBe(200);
    expect((await login(t.app, user.email, user.password)).user.first_name).toBe("Gurpreet");
  });

  it("sets a new password, revoking older sessions; the answered tokens work", async () => {
    const { user, session } = await signedIn();
    const other = await login(t.app, user.email, user.password);
    const res = await updateProfile(session.access, {
      first_name: "Anita",
      last_name: "Deshmukh",
      password: "Turmeric-Harvest-88",
      current_password: user.password,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(await refreshStatus(session.refresh)).toBe(401);
    expect(await refreshStatus(other.refresh)).toBe(401);
    expect(await refreshStatus(body.refresh)).toBe(200);
    expect((await t.app.inject({ url: "/api/users/profile/", headers: bearer(body.access) })).statusCode).toBe(200);
    await login(t.app, user.email, "Turmeric-Harvest-88");
  });

  it.each([
    [{ last_name: "Singh" }, "first_name", "This field is required."],
    [{ first_name: "Gurpreet" }, "last_name", "This field is required."],
    [{ first_name: "", last_name: "Singh" }, "first_name", "This field may not be blank."],
    [{ first_name: "Gurpreet", last_name: "   " }, "last_name", "This field may not be blank."],
    [
      { first_name: "Gurpreet", last_name: "Singh", password: "short1" },
      "password",
      "This password is too short. It must contain at least 8 characters.",
    ],
    [{ first_name: "Gurpreet", last_name: "Singh", password: "qwertyuiop" }, "password", "This password is too common."],
    [
      { first_name: "Gurpreet", last_name: "Singh", password: "gurpreetsingh" },
      "password",
      "The password is too similar to the first name.",
    ],
  ])("refuses %o", async (payload, field, message) => {
    const { user, session } = await signedIn({ first_name: "Old", last_name: "Name" });
    const res = await updateProfile(session.access, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()[field]).toContain(message);
    const row = await t.database.db.selectFrom("users").select(["first_name"]).where("id", "=", user.id).executeTakeFirstOrThrow();
    expect(row.first_name).toBe("Old");
    expect(await refreshStatus(session.refresh)).toBe(200);
  });

  it("asks for the current password before setting a new one: a stolen access token alone cannot", async () => {
    const { user, session } = await signedIn();
    const change = { first_name: "Anita", last_name: "Deshmukh", password: "Turmeric-Harvest-88" };
    const missing = await updateProfile(session.access, change);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().current_password).toEqual(["Enter your current password to set a new one."]);
    const wrong = await updateProfile(session.access, { ...change, current_password: "Not-The-Password-1" });
    expect(wrong.json().current_password).toEqual(["Your current password was entered incorrectly. Please enter it again."]);
    // Nothing changed: the old password still signs in, the session still refreshes.
    await login(t.app, user.email, user.password);
    expect(await refreshStatus(session.refresh)).toBe(200);
  });

  it("answers 401 without a token, before looking at the body", async () => {
    const res = await t.app.inject({ method: "PUT", url: "/api/users/profile/update/", payload: {} });
    expect(res.statusCode).toBe(401);
  });
});

describe("dj-rest-auth user/", () => {
  it("PATCH and PUT change the names but never the e-mail address", async () => {
    const { user, session } = await signedIn();
    const patch = await t.app.inject({
      method: "PATCH",
      url: `${AUTH}/user/`,
      headers: bearer(session.access),
      payload: { first_name: "Priya", email: "hijack@example.in" },
    });
    expect(patch.statusCode).toBe(200);
    expect(patch.json()).toMatchObject({ first_name: "Priya", last_name: user.last_name, email: user.email });
    const put = await t.app.inject({
      method: "PUT",
      url: `${AUTH}/user/`,
      headers: bearer(session.access),
      payload: { last_name: "Sharma" },
    });
    expect(put.json()).toMatchObject({ first_name: "Priya", last_name: "Sharma", name: "Priya Sharma" });
  });

  it("refuses a name longer than 150 characters", async () => {
    const { session } = await signedIn();
    const res = await t.app.inject({
      method: "PATCH",
      url: `${AUTH}/user/`,
      headers: bearer(session.access),
      payload: { first_name: "x".repeat(151) },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().first_name).toEqual(["Ensure this field has no more than 150 characters."]);
  });
});

describe("GET /api/users/{id}/ (staff)", () => {
  it("answers any user to staff", async () => {
    const { session } = await signedIn({ is_staff: true });
    const customer = await makeAccount(t.database.db, { first_name: "Vikram", last_name: "Rao" });
    const res = await t.app.inject({ url: `/api/users/${customer.id}/`, headers: bearer(session.access) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: customer.id, name: "Vikram Rao", is_staff: false, isAdmin: false });

    const self = await t.app.inject({ url: "/api/users/profile/", headers: bearer(session.access) });
    expect(self.json()).toMatchObject({ is_staff: true, isAdmin: true });
  });

  it("answers 403 to a customer and 401 to a guest", async () => {
    const { session } = await signedIn();
    const other = await makeAccount(t.database.db);
    const forbidden = await t.app.inject({ url: `/api/users/${other.id}/`, headers: bearer(session.access) });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toEqual({
      detail: "You do not have permission to perform this action.",
      message: "You do not have permission to perform this action.",
      code: "permission_denied",
    });
    expect((await t.app.inject({ url: `/api/users/${other.id}/` })).statusCode).toBe(401);
  });

  it("answers 404 for an unknown id and 400 for a malformed one", async () => {
    const { session } = await signedIn({ is_staff: true });
    const missing = await t.app.inject({ url: "/api/users/987654/", headers: bearer(session.access) });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().detail).toBe("Not found.");
    for (const id of ["abc", "0", "1.5"]) {
      expect((await t.app.inject({ url: `/api/users/${id}/`, headers: bearer(session.access) })).statusCode).toBe(400);
    }
  });
});
