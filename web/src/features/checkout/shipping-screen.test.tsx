import type { Pincode, PublicConfig, SavedAddress } from "@krishi/contract";
import { screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { setLanguage } from "../../i18n/index.ts";
import { anAddress, anErrorBody, aUser, signedIn } from "../../testing/factories.ts";
import { type FakeAnswer, type FakeCall, fakeApi } from "../../testing/fake-api.ts";
import { renderApp } from "../../testing/render-app.tsx";
import { emptyCart } from "../cart/index.ts";
import { addressesApi } from "./addresses-api.ts";
import { ShippingScreen } from "./shipping-screen.tsx";

const farm = anAddress({ id: 11, label: "Farm" });
const home = anAddress({ id: 12, label: "Home", address: "Flat 3, Shivaji Nagar", city: "Pune", postalCode: "411005", pincode: "411005" });

function renderShipping(
  saved: SavedAddress[] = [],
  answer: (call: FakeCall) => FakeAnswer = () => ({ status: 500 }),
  config: Partial<PublicConfig> = {},
  account = aUser(),
) {
  const calls = fakeApi(answer);
  const rendered = renderApp(<ShippingScreen />, {
    url: "/shipping",
    path: "/shipping",
    config,
    preloadedState: { auth: signedIn(account) },
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
    expect(screen.getByLabelText("Pin Code")).toHaveAccessibleDescription(/Enter a valid 6-digit PIN code\.$/);
    expect(screen.getByLabelText("Pin Code")).toBeInvalid();
    await user.click(screen.getByRole("button", { name: "Save address" }));
    expect(calls).toEqual([]);
    expect(store.getState().cart.shippingAddress).toBeNull();
    expect(location().pathname).toBe("/shipping");
  });

  it("says in plain words what each missing field needs, and puts the focus on the first (the country is always chosen)", async () => {
    const { user } = renderShipping();
    await user.click(screen.getByRole("button", { name: "Continue" }));
    await vi.waitFor(() => expect(screen.getByLabelText("Label")).toHaveFocus());
    expect(screen.getByLabelText("Label")).toHaveAccessibleDescription(/Enter a name for this address, such as Home or Farm$/);
    expect(screen.getByLabelText("Address")).toHaveAccessibleDescription(/Enter the address$/);
    expect(screen.getByLabelText("City")).toHaveAccessibleDescription(/Enter the city or town$/);
    expect(screen.getByLabelText("Pin Code")).toHaveAccessibleDescription(/Enter your PIN code$/);
    expect(screen.getByLabelText("Country")).toBeValid();

    // Filled in part, the first field still missing takes the focus.
    await fillForm(user, { Label: "Farm", Address: "Gat No. 42" });
    await user.click(screen.getByRole("button", { name: "Save address" }));
    await vi.waitFor(() => expect(screen.getByLabelText("City")).toHaveFocus());
    expect(screen.queryByText("This field may not be blank.")).not.toBeInTheDocument();
  });

  it("says what is missing in Hindi", async () => {
    await setLanguage("hi");
    const { user } = renderShipping();
    await fillForm(user, { "पते का नाम": "खेत", पता: "गट नं. 42", "शहर / क़स्बा": "नासिक" });
    await user.click(screen.getByRole("button", { name: "आगे बढ़ें" }));
    expect(await screen.findByText("अपना पिन कोड डालें")).toBeInTheDocument();
    await vi.waitFor(() => expect(screen.getByLabelText("पिन कोड")).toHaveFocus());
  });

  it("keeps the address for the order and goes on to Place Order with Razorpay, the shop's one payment method", async () => {
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
    expect(store.getState().cart.paymentMethod).toBe("RazorPay");
    await vi.waitFor(() => expect(location().pathname).toBe("/placeorder"));
  });

  it("goes on to /payment to choose how to pay when the shop takes Cash on Delivery too", async () => {
    const { user, store, location } = renderShipping([], undefined, { cod: { enabled: true, feePaise: 40_00, maxOrderPaise: 5000_00 } });
    await fillForm(user, FARM_FORM);
    await user.click(screen.getByRole("button", { name: "Continue" }));
    await vi.waitFor(() => expect(store.getState().cart.shippingAddress).toMatchObject({ label: "Farm", postalCode: "422001" }));
    expect(store.getState().cart.paymentMethod).toBeNull();
    await vi.waitFor(() => expect(location().pathname).toBe("/payment"));
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
      body: anErrorBody("address_invalid", "postalCode: Enter a valid 6-digit PIN code.", {
        postalCode: [{ code: "pin_invalid", message: "Enter a valid 6-digit PIN code." }],
      }),
    }));
    await fillForm(user, { ...FARM_FORM, "Pin Code": "422001" });
    await user.click(screen.getByRole("button", { name: "Save address" }));
    await vi.waitFor(() => expect(screen.getByLabelText("Pin Code")).toHaveAccessibleDescription(/Enter a valid 6-digit PIN code\.$/));
    await vi.waitFor(() => expect(screen.getByLabelText("Pin Code")).toHaveFocus());
  });

  it("fills the form from a saved address on Select", async () => {
    const { user, store, location } = renderShipping([farm, home]);
    await user.click(await screen.findByRole("button", { name: "Select Home" }));
    expect(screen.getByLabelText("Label")).toHaveValue("Home");
    expect(screen.getByLabelText("City")).toHaveValue("Pune");
    expect(screen.getByLabelText("Pin Code")).toHaveValue("411005");
    await user.click(screen.getByRole("button", { name: "Continue" }));
    expect(store.getState().cart.shippingAddress).toMatchObject({ label: "Home", city: "Pune", postalCode: "411005" });
    await vi.waitFor(() => expect(location().pathname).toBe("/placeorder"));
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

  it("picks the most recent saved address to start with, marked Selected", async () => {
    const { user, store } = renderShipping([farm, home]);
    expect(await screen.findByLabelText("Label")).toHaveValue("Home");
    expect(screen.getByLabelText("City")).toHaveValue("Pune");
    expect(savedAddresses()[1]).toHaveAttribute("aria-current", "true");
    expect(within(savedAddresses()[1] as HTMLElement).getByText("Selected")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Continue" }));
    expect(store.getState().cart.shippingAddress).toMatchObject({ label: "Home", city: "Pune" });
  });

  it("keeps the address used last over the most recent one, and marks it", async () => {
    const { id: _, pincode: __, ...used } = farm;
    renderApp(<ShippingScreen />, {
      url: "/shipping",
      path: "/shipping",
      preloadedState: { auth: signedIn(aUser()), cart: { ...emptyCart, shippingAddress: used } },
      seed: (store) =>
        store.dispatch(addressesApi.util.upsertQueryEntries([{ endpointName: "getAddresses", arg: undefined, value: [farm, home] }])),
    });
    expect(screen.getByLabelText("Label")).toHaveValue("Farm");
    await vi.waitFor(() => expect(savedAddresses()[0]).toHaveAttribute("aria-current", "true"));
  });

  it("selects the most recent address left when the selected one is deleted, for Continue to ship there", async () => {
    vi.stubGlobal("confirm", () => true);
    const shed = anAddress({ id: 13, label: "Shed", address: "Plot 7, MIDC", city: "Sinnar", postalCode: "422103", pincode: "422103" });
    const { user, store, location } = renderShipping([farm, shed, home], () => ({ body: { detail: "Address was deleted" } }));
    expect(await screen.findByLabelText("Label")).toHaveValue("Home");
    await user.click(screen.getByRole("button", { name: "Delete Home" }));
    expect(await screen.findByText("Address deleted")).toBeInTheDocument();
    expect(screen.getByLabelText("Label")).toHaveValue("Shed");
    expect(screen.getByLabelText("City")).toHaveValue("Sinnar");
    expect(savedAddresses()[1]).toHaveAttribute("aria-current", "true");
    expect(within(savedAddresses()[1] as HTMLElement).getByText("Selected")).toBeInTheDocument();

    // The one being edited, deleted: the most recent left is selected, no longer edited.
    await user.click(screen.getByRole("button", { name: "Edit Shed" }));
    expect(screen.getByRole("button", { name: "Update address" })).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Delete Shed" }));
    await vi.waitFor(() => expect(screen.getByLabelText("Label")).toHaveValue("Farm"));
    expect(screen.getByRole("button", { name: "Save address" })).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Continue" }));
    expect(store.getState().cart.shippingAddress).toMatchObject({ label: "Farm", postalCode: "422001" });
    await vi.waitFor(() => expect(location().pathname).toBe("/placeorder"));
  });

  it("clears the form when the last saved address, which it holds, is deleted, so Continue cannot ship there", async () => {
    vi.stubGlobal("confirm", () => true);
    const { user, store, location } = renderShipping([farm], () => ({ body: { detail: "Address was deleted" } }));
    await user.click(await screen.findByRole("button", { name: "Edit Farm" }));
    expect(screen.getByLabelText("Label")).toHaveValue("Farm");
    await user.click(screen.getByRole("button", { name: "Delete Farm" }));
    expect(await screen.findByText("Address deleted")).toBeInTheDocument();
    for (const label of ["Label", "Address", "City", "Pin Code", "Landmark (optional)"])
      expect(screen.getByLabelText(label)).toHaveValue("");
    expect(screen.getByLabelText("State (optional)")).toHaveValue("");
    expect(screen.getByLabelText("Country")).toHaveValue("India");
    expect(screen.getByRole("button", { name: "Save address" })).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Continue" }));
    expect(store.getState().cart.shippingAddress).toBeNull();
    expect(location().pathname).toBe("/shipping");
  });

  it("keeps what is typed when another saved address is deleted", async () => {
    vi.stubGlobal("confirm", () => true);
    const { user } = renderShipping([farm, home], () => ({ body: { detail: "Address was deleted" } }));
    await user.click(await screen.findByRole("button", { name: "Select Home" }));
    await user.click(screen.getByRole("button", { name: "Delete Farm" }));
    expect(await screen.findByText("Address deleted")).toBeInTheDocument();
    expect(screen.getByLabelText("Label")).toHaveValue("Home");
  });

  it("offers India's states and union territories to choose from, and keeps the choice", async () => {
    const { user, store } = renderShipping();
    const state = screen.getByRole("combobox", { name: "State (optional)" });
    const options = within(state)
      .getAllByRole("option")
      .map((option) => option.textContent);
    expect(options).toHaveLength(1 + 28 + 8);
    expect(options[0]).toBe("Choose a state");
    expect(options).toEqual(expect.arrayContaining(["Maharashtra", "Tamil Nadu", "Delhi", "Jammu and Kashmir", "Puducherry"]));
    expect(within(state).getByRole("group", { name: "Union territories" })).toHaveTextContent(/Ladakh/);
    await fillForm(user, FARM_FORM);
    await user.selectOptions(state, "Maharashtra");
    await user.click(screen.getByRole("button", { name: "Continue" }));
    expect(store.getState().cart.shippingAddress).toMatchObject({ state: "Maharashtra", country: "India" });
  });

  it("offers the countries as a select, India first, and takes a state as text elsewhere", async () => {
    const { user, store } = renderShipping();
    const country = screen.getByRole("combobox", { name: "Country" });
    expect(within(country).getAllByRole("option")[0]).toHaveTextContent("India");
    await fillForm(user, { ...FARM_FORM, "Pin Code": "44600" });
    await user.selectOptions(country, "Nepal");
    await user.type(screen.getByRole("textbox", { name: "State (optional)" }), "Bagmati");
    await user.click(screen.getByRole("button", { name: "Continue" }));
    expect(store.getState().cart.shippingAddress).toMatchObject({ country: "Nepal", state: "Bagmati", postalCode: "44600" });
  });

  it("shows an older address's spelling of its state and country as it is, not a different choice", async () => {
    const old = anAddress({ id: 13, label: "Old", state: "maharashtra", country: "Bharat" });
    renderShipping([old]);
    expect(await screen.findByLabelText("Country")).toHaveValue("India");
    expect(screen.getByLabelText("State (optional)")).toHaveValue("Maharashtra");
  });

  it("limits each field, and shows its counter only near the limit", async () => {
    const { user } = renderShipping();
    await user.type(screen.getByLabelText("City"), "Nashik");
    expect(screen.getByLabelText("City")).toHaveAttribute("maxlength", "100");
    expect(screen.queryByText("6 / 100")).not.toBeInTheDocument();
    expect(screen.getByLabelText("Address")).toHaveAttribute("maxlength", "500");
    expect(screen.getByLabelText("Landmark (optional)")).toHaveAttribute("maxlength", "200");
    const pin = screen.getByLabelText("Pin Code");
    expect(pin).toHaveAttribute("maxlength", "6");
    expect(pin).not.toHaveAccessibleDescription();
    await user.type(pin, "42200");
    expect(screen.getByText("5 / 6")).toBeInTheDocument();
    expect(pin).toHaveAccessibleDescription("Up to 6 characters");
  });

  it("speaks Hindi: labels, states and countries by their Hindi names, English values kept for the server", async () => {
    await setLanguage("hi");
    const { user, store } = renderShipping();
    expect(screen.getByRole("heading", { level: 1, name: "डिलीवरी" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "डिलीवरी" })).toHaveAttribute("aria-current", "step");
    await fillForm(user, { "पते का नाम": "खेत", पता: "गट नं. 42", "शहर / क़स्बा": "नाशिक", "पिन कोड": "42200" });
    await user.click(screen.getByRole("button", { name: "आगे बढ़ें" }));
    expect(screen.getByLabelText("पिन कोड")).toHaveAccessibleDescription(/सही 6 अंकों का पिन कोड डालें।$/);
    expect(screen.getByRole("combobox", { name: "देश" })).toHaveDisplayValue("भारत");
    await user.selectOptions(screen.getByRole("combobox", { name: "राज्य (वैकल्पिक)" }), "महाराष्ट्र");
    await fillForm(user, { "पिन कोड": "422001" });
    await user.click(screen.getByRole("button", { name: "आगे बढ़ें" }));
    expect(store.getState().cart.shippingAddress).toMatchObject({ label: "खेत", state: "Maharashtra", country: "India" });
  });
});

describe("ShippingScreen: mobile number", () => {
  it("takes an optional mobile number, kept as its 10 digits, saved with the address and shown in the list", async () => {
    const { user, calls, store } = renderShipping([], ({ body }) => ({ status: 201, body: { ...farm, ...(body as object) } }));
    expect(screen.getByLabelText("Mobile number (optional)")).not.toBeRequired();
    expect(screen.getByLabelText("Mobile number (optional)")).toHaveAttribute("type", "tel");
    await fillForm(user, { ...FARM_FORM, "Mobile number (optional)": "+91 98765-43210" });
    await user.click(screen.getByRole("button", { name: "Save address" }));
    expect(await screen.findByText("Address saved")).toBeInTheDocument();
    // The spec's shop looks no PIN code up: the one call is the save.
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual(["POST /api/users/addresses/add/"]);
    expect(calls[0]?.body).toMatchObject({ postalCode: "422001", phone: "9876543210" });
    expect(within(savedAddresses()[0] as HTMLElement).getByText("Mobile: 98765 43210")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Continue" }));
    expect(store.getState().cart.shippingAddress).toMatchObject({ phone: "9876543210" });
  });

  it.each(["12345", "5876543210", "98765 4321", "+44 7911 123456"])(
    "refuses %j under the field, without calling the server",
    async (phone) => {
      const { user, calls, store } = renderShipping();
      await fillForm(user, { ...FARM_FORM, "Mobile number (optional)": phone });
      await user.click(screen.getByRole("button", { name: "Continue" }));
      expect(screen.getByLabelText("Mobile number (optional)")).toBeInvalid();
      expect(screen.getByLabelText("Mobile number (optional)")).toHaveAccessibleDescription(/Enter a 10-digit mobile number$/);
      await user.click(screen.getByRole("button", { name: "Save address" }));
      expect(calls).toEqual([]);
      expect(store.getState().cart.shippingAddress).toBeNull();
    },
  );

  it("shows the server's refusal of a mobile number in the shop's words", async () => {
    const { user } = renderShipping([], () => ({
      status: 400,
      body: anErrorBody("address_invalid", "phone: Enter a valid 10-digit mobile number.", {
        phone: [{ code: "phone_invalid", message: "Enter a valid 10-digit mobile number." }],
      }),
    }));
    await fillForm(user, { ...FARM_FORM, "Mobile number (optional)": "9876543210" });
    await user.click(screen.getByRole("button", { name: "Save address" }));
    await vi.waitFor(() =>
      expect(screen.getByLabelText("Mobile number (optional)")).toHaveAccessibleDescription(/Enter a 10-digit mobile number$/),
    );
  });

  it("shows a saved address's mobile number beside it", async () => {
    renderShipping([anAddress({ id: 11, phone: "9876543210" })]);
    expect(await screen.findByText("Mobile: 98765 43210")).toBeInTheDocument();
    expect(screen.getByLabelText("Mobile number (optional)")).toHaveValue("9876543210");
  });
});

const GST: Partial<PublicConfig> = {
  pricing: { freeShippingAbovePaise: 100_00, shippingPaise: 10_00, taxBasisPoints: 820, taxMode: "gst", pricesIncludeTax: false },
};
const nashik: Pincode = { pin: "422001", district: "Nashik", state: "Maharashtra", serviceable: true, cod: true, deliveryDays: 3 };

/** Answers GET /api/pincodes/{pin}/ from `pins` (404 for others), 500 for anything else. */
function pincodes(pins: Record<string, Pincode>) {
  return (call: FakeCall): FakeAnswer => {
    const pin = /^\/api\/pincodes\/(\d+)\/$/.exec(call.path)?.[1];
    if (!pin) return { status: 500 };
    const found = pins[pin];
    return found ? { body: found } : { status: 404, body: anErrorBody("pin_not_found", `PIN code ${pin} was not found.`, {}, { pin }) };
  };
}

describe("ShippingScreen in GST mode", () => {
  it("requires a mobile number and, in India, the state (the place of supply)", async () => {
    const { user, store } = renderShipping([], pincodes({}), GST);
    expect(screen.getByLabelText("Mobile number")).toBeRequired();
    expect(screen.getByLabelText("State or union territory")).toBeRequired();
    await fillForm(user, { Label: "Farm", Address: "Gat No. 42", City: "Nashik", "Pin Code": "411005" });
    await user.click(screen.getByRole("button", { name: "Continue" }));
    expect(screen.getByLabelText("Mobile number")).toHaveAccessibleDescription(/Enter a mobile number for the courier$/);
    expect(screen.getByLabelText("State or union territory")).toHaveAccessibleDescription(/Choose a state$/);
    expect(store.getState().cart.shippingAddress).toBeNull();
  });

  it("keeps the state optional outside India", async () => {
    const { user, store } = renderShipping([], pincodes({}), GST);
    await user.selectOptions(screen.getByRole("combobox", { name: "Country" }), "Nepal");
    await fillForm(user, {
      Label: "Farm",
      Address: "Ward 4",
      City: "Kathmandu",
      "Pin Code": "44600",
      "Mobile number (optional)": "9876543210",
    });
    expect(screen.getByRole("textbox", { name: "State (optional)" })).not.toBeRequired();
    await user.click(screen.getByRole("button", { name: "Continue" }));
    await vi.waitFor(() => expect(store.getState().cart.shippingAddress).toMatchObject({ country: "Nepal", phone: "9876543210" }));
  });

  it("keeps the mobile number optional outside India too, as the server does", async () => {
    const { user, store } = renderShipping([], pincodes({}), GST);
    await user.selectOptions(screen.getByRole("combobox", { name: "Country" }), "Nepal");
    await fillForm(user, { Label: "Farm", Address: "Ward 4", City: "Kathmandu", "Pin Code": "44600" });
    expect(screen.getByLabelText("Mobile number (optional)")).not.toBeRequired();
    await user.click(screen.getByRole("button", { name: "Continue" }));
    await vi.waitFor(() => expect(store.getState().cart.shippingAddress).toMatchObject({ country: "Nepal", city: "Kathmandu" }));
    expect(store.getState().cart.shippingAddress).not.toHaveProperty("phone");
  });

  it("fills an empty city and the state from a typed PIN code", async () => {
    const { user, calls, store } = renderShipping([], pincodes({ "422001": nashik }), GST);
    await fillForm(user, { Label: "Farm", Address: "Gat No. 42", "Pin Code": "422001" });
    await vi.waitFor(() => expect(screen.getByLabelText("City")).toHaveValue("Nashik"));
    expect(screen.getByLabelText("State or union territory")).toHaveValue("Maharashtra");
    expect(calls.map((call) => call.path)).toEqual(["/api/pincodes/422001/"]);
    await fillForm(user, { "Mobile number": "98765 43210" });
    await user.click(screen.getByRole("button", { name: "Continue" }));
    expect(store.getState().cart.shippingAddress).toMatchObject({ city: "Nashik", state: "Maharashtra", phone: "9876543210" });
  });

  it("fills the city and state again for a new address at the same PIN code, pasted whole", async () => {
    const saved = anAddress({ id: 21, label: "Farm", city: "Nashik", state: "Maharashtra", phone: "9876543210" });
    const lookUp = pincodes({ "422001": nashik });
    const { user } = renderShipping([], (call) => (call.method === "POST" ? { status: 201, body: saved } : lookUp(call)), GST);
    await user.type(screen.getByLabelText("Pin Code"), "422001");
    await vi.waitFor(() => expect(screen.getByLabelText("City")).toHaveValue("Nashik"));
    await fillForm(user, { Label: "Farm", Address: "Gat No. 42", "Mobile number": "98765 43210" });
    await user.click(screen.getByRole("button", { name: "Save address" }));
    await user.click(await screen.findByRole("button", { name: "Add a new address" }));
    expect(screen.getByLabelText("City")).toHaveValue("");
    await user.click(screen.getByLabelText("Pin Code"));
    await user.paste("422001");
    await vi.waitFor(() => expect(screen.getByLabelText("City")).toHaveValue("Nashik"));
    expect(screen.getByLabelText("State or union territory")).toHaveValue("Maharashtra");
  });

  it("keeps a city already typed, and changes a chosen state the PIN code contradicts", async () => {
    const { user } = renderShipping([], pincodes({ "422001": nashik }), GST);
    await fillForm(user, { City: "Ozar" });
    await user.selectOptions(screen.getByLabelText("State or union territory"), "Goa");
    await fillForm(user, { "Pin Code": "422001" });
    await vi.waitFor(() => expect(screen.getByLabelText("State or union territory")).toHaveValue("Maharashtra"));
    expect(screen.getByLabelText("City")).toHaveValue("Ozar");
  });

  it("reads the directory's spelling of a state as the list spells it", async () => {
    const srinagar = { ...nashik, pin: "190001", district: "Srinagar", state: "Jammu & Kashmir" };
    const { user } = renderShipping([], pincodes({ "190001": srinagar }), GST);
    await fillForm(user, { "Pin Code": "190001" });
    await vi.waitFor(() => expect(screen.getByLabelText("State or union territory")).toHaveValue("Jammu and Kashmir"));
  });

  it("says under the PIN code when the directory does not know it, or the shop does not deliver there", async () => {
    const served = { ...nashik, pin: "744101", district: "South Andaman", state: "Andaman and Nicobar Islands", serviceable: false };
    const { user } = renderShipping([], pincodes({ "744101": served }), GST);
    await fillForm(user, { "Pin Code": "999999" });
    await vi.waitFor(() => expect(screen.getByLabelText("Pin Code")).toHaveAccessibleDescription(/^PIN code not found/));
    expect(screen.getByLabelText("City")).toHaveValue("");
    await fillForm(user, { "Pin Code": "744101" });
    await vi.waitFor(() => expect(screen.getByLabelText("Pin Code")).toHaveAccessibleDescription(/^We do not deliver to 744101 yet/));
  });

  it("looks up nothing for an incomplete PIN code, or one typed for another country", async () => {
    const { user, calls } = renderShipping([], pincodes({ "422001": nashik }), GST);
    await fillForm(user, { "Pin Code": "42200" });
    await user.selectOptions(screen.getByRole("combobox", { name: "Country" }), "Nepal");
    await fillForm(user, { "Pin Code": "422001" });
    expect(screen.getByLabelText("City")).toHaveValue("");
    expect(calls).toEqual([]);
  });

  it("fills an empty mobile number with the account's (its 10 digits), for a new address too, but keeps a saved address's own", async () => {
    const account = aUser({ phone: "+919876543210" });
    const { user } = renderShipping([anAddress({ id: 11, label: "Farm", phone: "9812345678" })], () => ({ status: 500 }), {}, account);
    expect(await screen.findByLabelText("Mobile number (optional)")).toHaveValue("9812345678");
    await user.click(screen.getByRole("button", { name: "Add a new address" }));
    expect(screen.getByLabelText("Mobile number (optional)")).toHaveValue("9876543210");
    expect(screen.getByLabelText("Label")).toHaveValue("");
  });

  it("starts an empty form with the account's mobile number", async () => {
    renderShipping([], () => ({ status: 500 }), {}, aUser({ phone: "+919876543210" }));
    expect(screen.getByLabelText("Mobile number (optional)")).toHaveValue("9876543210");
    expect(await screen.findByText("No saved addresses yet")).toBeInTheDocument();
  });
});
