import type { SavedAddress } from "@krishi/contract";
import { screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { anAddress, aUser, signedIn } from "../../testing/factories.ts";
import { type FakeAnswer, type FakeCall, fakeApi } from "../../testing/fake-api.ts";
import { renderApp } from "../../testing/render-app.tsx";
import { addressesApi } from "./addresses-api.ts";
import { ShippingScreen } from "./shipping-screen.tsx";

const farm = anAddress({ id: 11, label: "Farm" });
const home = anAddress({ id: 12, label: "Home", address: "Flat 3, Shivaji Nagar", city: "Pune", postalCode: "411005", pincode: "411005" });

function renderShipping(saved: SavedAddress[] = [], answer: (call: FakeCall) => FakeAnswer = () => ({ status: 500 })) {
  const calls = fakeApi(answer);
  const rendered = renderApp(<ShippingScreen />, {
    url: "/shipping",
    path: "/shipping",
    preloadedState: { auth: signedIn(aUser()) },
    seed: (store) => store.dispatch(addressesApi.util.upsertQueryEntries([{ endpointName: "getAddresses", arg: undefined, value: saved }])),
  });
  return { ...rendered, calls };
}

async function fillForm(user: ReturnType<typeof renderApp>["user"], values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) {
    const input = screen.getByLabelText(label);
    await user.clear(input);
    if (value) await user.type(input, value);
  }
}

/** The saved-address list's items. */
function savedAddresses(): HTMLElement[] {
  const section = screen.getByRole("heading", { name: "Saved addresses" }).closest("section");
  return section ? within(section).getAllByRole("listitem") : [];
}

const FARM_FORM = { Label: "Farm", Address: "Gat No. 42, Ozar Road", City: "Nashik", "Pin Code": "422001" };

describe("ShippingScreen", () => {
  it("sends guests to sign in, coming back here", async () => {
    const { location } = renderApp(<ShippingScreen />, { url: "/shipping", path: "/shipping" });
    await vi.waitFor(() => expect(location().pathname + location().search).toBe("/login?redirect=/shipping"));
  });

  it("shows the step bar, the form with Pin Code and India by default", async () => {
    renderShipping();
    expect(screen.getByRole("heading", { level: 1, name: "Shipping" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Shipping" })).toHaveAttribute("aria-current", "step");
    expect(screen.getByLabelText("Pin Code")).toHaveAttribute("name", "postalCode");
    expect(screen.getByLabelText("Country")).toHaveValue("India");
    for (const label of ["Label", "Address", "City", "Pin Code", "Country"]) expect(screen.getByLabelText(label)).toBeRequired();
    expect(screen.getByLabelText("State (optional)")).not.toBeRequired();
    expect(screen.getByLabelText("Landmark (optional)")).not.toBeRequired();
    expect(await screen.findByText("No saved addresses yet")).toBeInTheDocument();
  });

  it("refuses a 5-digit PIN code for India under the field, without calling the server", async () => {
    const { user, calls, store, location } = renderShipping();
    await fillForm(user, { ...FARM_FORM, "Pin Code": "42200" });
    await user.click(screen.getByRole("button", { name: "Continue" }));
    expect(screen.getByLabelText("Pin Code")).toHaveAccessibleDescription("Enter a valid 6-digit PIN code.");
    expect(screen.getByLabelText("Pin Code")).toBeInvalid();
    await user.click(screen.getByRole("button", { name: "Save address" }));
    expect(calls).toEqual([]);
    expect(store.getState().cart.shippingAddress).toBeNull();
    expect(location().pathname).toBe("/shipping");
  });

  it("names every missing required field", async () => {
    const { user } = renderShipping();
    await user.clear(screen.getByLabelText("Country"));
    await user.click(screen.getByRole("button", { name: "Continue" }));
    for (const label of ["Label", "Address", "City", "Pin Code", "Country"]) {
      expect(screen.getByLabelText(label)).toHaveAccessibleDescription("This field may not be blank.");
    }
  });

  it("keeps the address for the order and goes on to /payment", async () => {
    const { user, store, location } = renderShipping();
    await fillForm(user, { ...FARM_FORM, "Landmark (optional)": "Near the mandi" });
    await user.click(screen.getByRole("button", { name: "Continue" }));
    expect(store.getState().cart.shippingAddress).toEqual({
      label: "Farm",
      address: "Gat No. 42, Ozar Road",
      city: "Nashik",
      postalCode: "422001",
      country: "India",
      landmark: "Near the mandi",
    });
    expect(location().pathname).toBe("/payment");
  });

  it("saves the address to the list with Save address", async () => {
    const { user, calls } = renderShipping([home], () => ({ status: 201, body: farm }));
    await screen.findByRole("button", { name: "Select Home" });
    await fillForm(user, FARM_FORM);
    await user.click(screen.getByRole("button", { name: "Save address" }));
    expect(await screen.findByText("Address saved")).toBeInTheDocument();
    expect(calls[0]).toMatchObject({
      method: "POST",
      path: "/api/users/addresses/add/",
      body: { label: "Farm", address: "Gat No. 42, Ozar Road", city: "Nashik", postalCode: "422001", country: "India" },
    });
    const items = savedAddresses();
    expect(items.map((item) => item.querySelector("p")?.firstChild?.textContent)).toEqual(["Home", "Farm"]);
  });

  it("shows the server's field errors under the fields", async () => {
    const { user } = renderShipping([], () => ({
      status: 400,
      body: { postalCode: ["Enter a valid 6-digit PIN code."], detail: "postalCode: Enter a valid 6-digit PIN code." },
    }));
    await fillForm(user, { ...FARM_FORM, "Pin Code": "422001" });
    await user.click(screen.getByRole("button", { name: "Save address" }));
    await vi.waitFor(() => expect(screen.getByLabelText("Pin Code")).toHaveAccessibleDescription("Enter a valid 6-digit PIN code."));
  });

  it("fills the form from a saved address on Select", async () => {
    const { user, store, location } = renderShipping([farm, home]);
    await user.click(await screen.findByRole("button", { name: "Select Home" }));
    expect(screen.getByLabelText("Label")).toHaveValue("Home");
    expect(screen.getByLabelText("City")).toHaveValue("Pune");
    expect(screen.getByLabelText("Pin Code")).toHaveValue("411005");
    await user.click(screen.getByRole("button", { name: "Continue" }));
    expect(store.getState().cart.shippingAddress).toMatchObject({ label: "Home", city: "Pune", postalCode: "411005" });
    expect(location().pathname).toBe("/payment");
  });

  it("updates a saved address in place after Edit", async () => {
    const moved = { ...farm, city: "Niphad" };
    const { user, calls } = renderShipping([farm, home], () => ({ body: moved }));
    await user.click(await screen.findByRole("button", { name: "Edit Farm" }));
    await fillForm(user, { City: "Niphad" });
    await user.click(screen.getByRole("button", { name: "Update address" }));
    expect(await screen.findByText("Address updated")).toBeInTheDocument();
    expect(calls[0]).toMatchObject({ method: "PUT", path: "/api/users/addresses/11/edit/", body: { city: "Niphad" } });
    const items = savedAddresses();
    expect(items[0]).toHaveTextContent("Niphad");
    expect(items).toHaveLength(2);
    expect(screen.getByRole("button", { name: "Save address" })).toBeInTheDocument();
  });

  it("deletes a saved address once confirmed", async () => {
    const confirm = vi.fn(() => false);
    vi.stubGlobal("confirm", confirm);
    const { user, calls } = renderShipping([farm, home], () => ({ body: { detail: "Address was deleted" } }));
    await user.click(await screen.findByRole("button", { name: "Delete Farm" }));
    expect(confirm).toHaveBeenCalledWith("Are you sure you want to delete this address?");
    expect(calls).toEqual([]);

    confirm.mockReturnValue(true);
    await user.click(screen.getByRole("button", { name: "Delete Farm" }));
    await vi.waitFor(() => expect(screen.queryByRole("button", { name: "Delete Farm" })).toBeNull());
    expect(calls[0]).toMatchObject({ method: "DELETE", path: "/api/users/addresses/11/delete/" });
    expect(screen.getByRole("button", { name: "Delete Home" })).toBeInTheDocument();
  });
});
