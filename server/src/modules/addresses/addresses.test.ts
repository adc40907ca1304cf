import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authHeaders } from "../../testing/accounts.ts";
import { makeUser } from "../../testing/factories.ts";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";

let t: TestApp;
let owner: Record<string, string>;
let stranger: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  owner = await authHeaders(t, (await makeUser(t.database.db)).id);
  stranger = await authHeaders(t, (await makeUser(t.database.db)).id);
});
afterAll(() => t.close());

const farm = {
  label: "Farm",
  address: "Survey No. 42, Village Ozar",
  city: "Nashik",
  state: "Maharashtra",
  postalCode: "422 206",
  landmark: "Near the temple",
  country: "India",
};

const add = (headers: Record<string, string>, payload: object) =>
  t.app.inject({ method: "POST", url: "/api/users/addresses/add/", headers, payload });

describe("saved addresses", () => {
  it("adds, lists, reads, edits and deletes the owner's addresses", async () => {
    const created = await add(owner, farm);
    expect(created.statusCode).toBe(201);
    const address = created.json();
    expect(address).toEqual({ id: expect.any(Number), ...farm, postalCode: "422206", pincode: "422206" });

    const list = await t.app.inject({ url: "/api/users/addresses/all", headers: owner });
    expect(list.json()).toEqual([address]);
    expect((await t.app.inject({ url: `/api/users/addresses/${address.id}/`, headers: owner })).json()).toEqual(address);

    const edited = await t.app.inject({
      method: "PUT",
      url: `/api/users/addresses/${address.id}/edit/`,
      headers: owner,
      payload: { ...farm, label: "Home", pincode: "411001", postalCode: undefined },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ id: address.id, label: "Home", postalCode: "411001", pincode: "411001" });

    const removed = await t.app.inject({ method: "DELETE", url: `/api/users/addresses/${address.id}/delete/`, headers: owner });
    expect(removed.statusCode).toBe(200);
    expect((await t.app.inject({ url: "/api/users/addresses/all", headers: owner })).json()).toEqual([]);
  });

  it("hides one user's addresses from another: 404, and nothing changes", async () => {
    const { id } = (await add(owner, farm)).json();
    for (const [method, url] of [
      ["GET", `/api/users/addresses/${id}/`],
      ["PUT", `/api/users/addresses/${id}/edit/`],
      ["DELETE", `/api/users/addresses/${id}/delete/`],
    ] as const) {
      const res = await t.app.inject({
        method,
        url,
        headers: stranger,
        payload: method === "PUT" ? { ...farm, label: "Mine now" } : undefined,
      });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json().detail).toBe("No Address matches the given query.");
    }
    expect((await t.app.inject({ url: "/api/users/addresses/all", headers: stranger })).json()).toEqual([]);
    expect((await t.app.inject({ url: `/api/users/addresses/${id}/`, headers: owner })).json().label).toBe("Farm");
  });

  it.each([
    ["a missing city", { city: undefined }, "city", "This field is required."],
    ["a blank label", { label: "   " }, "label", "This field may not be blank."],
    ["a 5-digit PIN code in India", { postalCode: "42220" }, "postalCode", "Enter a valid 6-digit PIN code."],
    ["a PIN code with letters", { postalCode: "42A206" }, "postalCode", "Enter a valid 6-digit PIN code."],
    ["a PIN code starting with 0", { postalCode: "022206" }, "postalCode", "Enter a valid 6-digit PIN code."],
    ["no postal code at all", { postalCode: undefined }, "postalCode", "This field may not be blank."],
  ])("refuses %s", async (_what, change, field, message) => {
    const res = await add(owner, { ...farm, ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json()[field]).toEqual([message]);
  });

  it("accepts a foreign postal code outside India", async () => {
    const res = await add(owner, { ...farm, country: "Nepal", postalCode: "44600" });
    expect(res.statusCode).toBe(201);
  });

  it("are part of the user JSON of the profile", async () => {
    const user = await makeUser(t.database.db);
    const headers = await authHeaders(t, user.id);
    const { id } = (await add(headers, farm)).json();
    const profile = await t.app.inject({ url: "/api/users/profile/", headers });
    expect(profile.json().addresses).toEqual([{ id, ...farm, postalCode: "422206", pincode: "422206" }]);
  });

  it("needs a signed-in user", async () => {
    expect((await t.app.inject({ url: "/api/users/addresses/all" })).statusCode).toBe(401);
    expect((await add({}, farm)).statusCode).toBe(401);
  });
});
