import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authHeaders } from "../../testing/accounts.ts";
import { makeUser } from "../../testing/factories.ts";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";
import { BAD_PHONE, PHONE_NEEDED, STATE_NEEDED, UNKNOWN_STATE } from "./check.ts";

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
    expect(address).toEqual({ id: expect.any(Number), ...farm, postalCode: "422206", pincode: "422206", phone: "" });

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
    expect(profile.json().addresses).toEqual([{ id, ...farm, postalCode: "422206", pincode: "422206", phone: "" }]);
  });

  it("keeps a phone number as its 10 digits, however it was written, and answers it", async () => {
    for (const [written, kept] of [
      ["+91 98765 43210", "9876543210"],
      ["098765-43210", "9876543210"],
      [" 7012345678 ", "7012345678"],
      ["", ""],
    ]) {
      const res = await add(owner, { ...farm, phone: written });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().phone, written).toBe(kept);
      const row = await t.database.db.selectFrom("addresses").select("phone").where("id", "=", res.json().id).executeTakeFirstOrThrow();
      expect(row.phone).toBe(kept);
    }
  });

  it.each(["12345", "5876543210", "98765432101", "+1 415 555 0100", "phone"])("refuses the phone number %j", async (phone) => {
    const res = await add(owner, { ...farm, phone });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      phone: [BAD_PHONE],
      detail: `phone: ${BAD_PHONE}`,
      message: `phone: ${BAD_PHONE}`,
      field_errors: { phone: [{ code: "phone_invalid" }] },
      code: "address_invalid",
    });
  });

  it("refuses a bad phone number on edit too, and keeps the address as it was", async () => {
    const { id } = (await add(owner, { ...farm, phone: "9876543210" })).json();
    const res = await t.app.inject({
      method: "PUT",
      url: `/api/users/addresses/${id}/edit/`,
      headers: owner,
      payload: { ...farm, phone: "12" },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().phone).toEqual([BAD_PHONE]);
    expect((await t.app.inject({ url: `/api/users/addresses/${id}/`, headers: owner })).json().phone).toBe("9876543210");
  });

  it("needs neither a state nor a phone number in flat mode (the spec's behaviour), and spells a known state the shop's way", async () => {
    const bare = await add(owner, { ...farm, state: undefined, phone: undefined });
    expect(bare.statusCode, bare.body).toBe(201);
    expect(bare.json()).toMatchObject({ state: "", phone: "" });
    const orissa = await add(owner, { ...farm, state: "orissa" });
    expect(orissa.json().state).toBe("Odisha");
    const unknown = await add(owner, { ...farm, state: "Vidarbha" });
    expect(unknown.statusCode).toBe(201);
    expect(unknown.json().state).toBe("Vidarbha");
  });

  it("needs a signed-in user", async () => {
    expect((await t.app.inject({ url: "/api/users/addresses/all" })).statusCode).toBe(401);
    expect((await add({}, farm)).statusCode).toBe(401);
  });
});

describe("saved addresses in GST mode", () => {
  let gst: TestApp;
  let headers: Record<string, string>;
  beforeAll(async () => {
    gst = await createTestApp({ TAX_MODE: "gst", SELLER_STATE: "Maharashtra", SELLER_GSTIN: "27AAPFU0939F1ZV" });
    headers = await authHeaders(gst, (await makeUser(gst.database.db)).id);
  });
  afterAll(() => gst.close());

  const addGst = (payload: object) => gst.app.inject({ method: "POST", url: "/api/users/addresses/add/", headers, payload });
  const indian = { ...farm, phone: "9876543210" };

  it("keeps an Indian address with a known state (spelled the shop's way) and a phone number", async () => {
    const res = await addGst({ ...indian, state: "Jammu & Kashmir", postalCode: "190001" });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ state: "Jammu and Kashmir", phone: "9876543210", postalCode: "190001" });
  });

  it.each([
    ["no state", { state: undefined }, "state", STATE_NEEDED, "state_required"],
    ["a blank state", { state: "  " }, "state", STATE_NEEDED, "state_required"],
    ["a state India does not have", { state: "Atlantis" }, "state", UNKNOWN_STATE, "state_unknown"],
    ["no phone number", { phone: undefined }, "phone", PHONE_NEEDED, "phone_required"],
    ["an empty phone number", { phone: "" }, "phone", PHONE_NEEDED, "phone_required"],
  ])("refuses an Indian address with %s, saving nothing", async (_what, change, field, message, fieldCode) => {
    const before = await gst.database.db.selectFrom("addresses").select("id").execute();
    const res = await addGst({ ...indian, ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      [field]: [message],
      detail: `${field}: ${message}`,
      message: `${field}: ${message}`,
      code: "address_invalid",
      field_errors: { [field]: [{ code: fieldCode }] },
    });
    expect(await gst.database.db.selectFrom("addresses").select("id").execute()).toHaveLength(before.length);
  });

  it("names every missing field at once", async () => {
    const res = await addGst({ ...farm, state: "", phone: "", city: "" });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ city: ["This field may not be blank."], state: [STATE_NEEDED], phone: [PHONE_NEEDED] });
  });

  it("asks nothing new of an address outside India", async () => {
    const res = await addGst({ ...farm, country: "Nepal", state: "", postalCode: "44600" });
    expect(res.statusCode, res.body).toBe(201);
  });
});
