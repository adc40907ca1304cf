import { describe, expect, it } from "vitest";
import { makeStore } from "../../base/store.ts";
import { anAddress, anErrorBody } from "../../testing/factories.ts";
import { fakeApi } from "../../testing/fake-api.ts";
import { addressesApi, appendAddress, removeAddress, replaceAddress } from "./addresses-api.ts";

const home = anAddress({ id: 1, label: "Home" });
const farm = anAddress({ id: 2, label: "Farm" });
const shop = anAddress({ id: 3, label: "Shop" });

describe("saved address list updates", () => {
  it("appends an added address", () => {
    expect(appendAddress([home, farm], shop)).toEqual([home, farm, shop]);
  });

  it("replaces an edited address by id, in place", () => {
    const moved = { ...home, city: "Pune" };
    expect(replaceAddress([home, farm], moved)).toEqual([moved, farm]);
    expect(replaceAddress([home, farm], shop)).toEqual([home, farm]);
  });

  it("removes a deleted address by id", () => {
    expect(removeAddress([home, farm, shop], 2)).toEqual([home, shop]);
  });
});

describe("addressesApi cache", () => {
  async function storeWith(list: (typeof home)[]) {
    const store = makeStore({ persist: false });
    await store.dispatch(addressesApi.util.upsertQueryData("getAddresses", undefined, list));
    const cached = () => addressesApi.endpoints.getAddresses.select()(store.getState()).data;
    return { store, cached };
  }

  it("puts an added address at the end of the cached list", async () => {
    const calls = fakeApi(() => ({ status: 201, body: shop }));
    const { store, cached } = await storeWith([home, farm]);
    const { id: _, pincode: __, ...input } = shop;
    await store.dispatch(addressesApi.endpoints.addAddress.initiate(input));
    expect(calls[0]).toMatchObject({ method: "POST", path: "/api/users/addresses/add/", body: input });
    expect(cached()).toEqual([home, farm, shop]);
  });

  it("replaces an edited address in the cached list", async () => {
    const moved = { ...farm, city: "Pune" };
    const calls = fakeApi(() => ({ body: moved }));
    const { store, cached } = await storeWith([home, farm, shop]);
    await store.dispatch(addressesApi.endpoints.editAddress.initiate({ ...farm, city: "Pune" }));
    expect(calls[0]).toMatchObject({ method: "PUT", path: "/api/users/addresses/2/edit/" });
    expect(cached()).toEqual([home, moved, shop]);
  });

  it("drops a deleted address from the cached list", async () => {
    const calls = fakeApi(() => ({ body: { detail: "Address was deleted" } }));
    const { store, cached } = await storeWith([home, farm, shop]);
    await store.dispatch(addressesApi.endpoints.deleteAddress.initiate(1));
    expect(calls[0]).toMatchObject({ method: "DELETE", path: "/api/users/addresses/1/delete/" });
    expect(cached()).toEqual([farm, shop]);
  });

  it("keeps the list as it was when the server refuses", async () => {
    fakeApi(() => ({ status: 404, body: anErrorBody("address_not_found", "No Address matches the given query.") }));
    const { store, cached } = await storeWith([home, farm]);
    await store.dispatch(addressesApi.endpoints.deleteAddress.initiate(1));
    expect(cached()).toEqual([home, farm]);
  });
});
