import { describe, expect, it } from "vitest";
import {
  ADDRESS_MESSAGES,
  type AddressFields,
  type AddressRules,
  addressResolver,
  emptyAddressFields,
  MISSING_MESSAGES,
  sameAddress,
  toAddress,
  toFields,
} from "./address-form.ts";

/** What react-hook-form gets from the resolver: the messages by field, or the address it submits. */
async function resolve(fields: AddressFields, rules: AddressRules = { gst: false }) {
  return addressResolver(fields, rules, { fields: {}, shouldUseNativeValidation: false });
}

/** The form's messages under each field (none when it is valid). */
async function validateAddress(fields: AddressFields, rules?: AddressRules) {
  const { errors } = await resolve(fields, rules);
  return Object.fromEntries(Object.entries(errors).map(([name, error]) => [name, [error?.message]]));
}

const farm = { ...emptyAddressFields, label: "Farm", address: "Gat No. 42", city: "Nashik", postalCode: "422001" };

describe("shipping address validation", () => {
  it("accepts a complete Indian address, India being the default country", async () => {
    expect(emptyAddressFields.country).toBe("India");
    expect(await validateAddress(farm)).toEqual({});
  });

  it("requires label, address, city, Pin Code and country, not state or landmark", async () => {
    const errors = await validateAddress({ ...emptyAddressFields, country: " " });
    expect(Object.keys(errors).sort()).toEqual(["address", "city", "country", "label", "postalCode"]);
    expect(errors).toEqual({
      label: [MISSING_MESSAGES.label],
      address: [MISSING_MESSAGES.address],
      city: [MISSING_MESSAGES.city],
      postalCode: ["Enter your PIN code"],
      country: [MISSING_MESSAGES.country],
    });
  });

  it.each(["42200", "4220011", "022001", "42a001", "422 00"])("refuses %j as an Indian PIN code", async (postalCode) => {
    expect(await validateAddress({ ...farm, postalCode })).toEqual({ postalCode: ["Enter a valid 6-digit PIN code."] });
  });

  it("reads spaces out of a PIN code", async () => {
    expect(await validateAddress({ ...farm, postalCode: " 422 001 " })).toEqual({});
    expect(toAddress({ ...farm, postalCode: " 422 001 " }).postalCode).toBe("422001");
  });

  it("takes any postal code outside India", async () => {
    expect(await validateAddress({ ...farm, country: "Nepal", postalCode: "44600" })).toEqual({});
  });

  it("submits the address as it will be sent: trimmed, the PIN code without its space", async () => {
    expect(await resolve({ ...farm, label: " Farm ", postalCode: "422 001" })).toEqual({
      values: { label: "Farm", address: "Gat No. 42", city: "Nashik", postalCode: "422001", country: "India" },
      errors: {},
    });
  });

  it("asks to check a field with a control character in it, as the server refuses it", async () => {
    expect(await validateAddress({ ...farm, city: "Nashik\u0000" })).toEqual({ city: [ADDRESS_MESSAGES.check] });
  });

  it("trims the fields and leaves out empty optional ones", () => {
    expect(toAddress({ ...farm, label: " Farm ", state: " ", landmark: " Near the mandi " })).toEqual({
      label: "Farm",
      address: "Gat No. 42",
      city: "Nashik",
      postalCode: "422001",
      country: "India",
      landmark: "Near the mandi",
    });
  });
});

describe("mobile numbers and GST mode", () => {
  it.each([
    ["9876543210", "9876543210"],
    ["+91 98765 43210", "9876543210"],
    ["098765-43210", "9876543210"],
    [" 6000000000 ", "6000000000"],
  ])("takes %j as the mobile number %s", async (phone, digits) => {
    expect(await validateAddress({ ...farm, phone })).toEqual({});
    expect(toAddress({ ...farm, phone }).phone).toBe(digits);
  });

  it.each(["12345", "5876543210", "98765432100", "+44 7911 123456", "phone"])("refuses %j as a mobile number", async (phone) => {
    expect(await validateAddress({ ...farm, phone })).toEqual({ phone: [ADDRESS_MESSAGES.phone] });
  });

  it("leaves the number out when there is none, and asks for none outside GST mode", async () => {
    expect(toAddress(farm)).not.toHaveProperty("phone");
    expect(await validateAddress(farm, { gst: false })).toEqual({});
  });

  it("requires a mobile number, and a state in India, in GST mode", async () => {
    expect(await validateAddress(farm, { gst: true })).toEqual({ phone: [MISSING_MESSAGES.phone], state: [MISSING_MESSAGES.state] });
    expect(await validateAddress({ ...farm, state: "Maharashtra", phone: "9876543210" }, { gst: true })).toEqual({});
    expect(await validateAddress({ ...farm, country: "Nepal", postalCode: "44600", phone: "9876543210" }, { gst: true })).toEqual({});
  });

  it("asks an address outside India for neither in GST mode, as the server does", async () => {
    expect(await validateAddress({ ...farm, country: "Nepal", postalCode: "44600" }, { gst: true })).toEqual({});
  });
});

describe("saved addresses in the form", () => {
  const saved = {
    id: 11,
    label: "Farm",
    address: "Gat No. 42",
    city: "Nashik",
    state: "maharashtra",
    postalCode: "422001",
    pincode: "422001",
    landmark: "",
    country: "bharat",
    phone: "",
  };

  it("holds a saved address's mobile number", () => {
    expect(toFields({ ...saved, phone: "9876543210" }).phone).toBe("9876543210");
    expect(sameAddress({ ...toFields(saved), phone: "9876543210" }, saved)).toBe(false);
  });

  it("spells the state and the country as the lists do", () => {
    expect(toFields(saved)).toMatchObject({ state: "Maharashtra", country: "India" });
    expect(toFields({ ...saved, state: "Bagmati", country: "Nepal" })).toMatchObject({ state: "Bagmati", country: "Nepal" });
  });

  it("knows the saved address the form holds, whatever the spacing", () => {
    expect(sameAddress({ ...toFields(saved), city: " Nashik " }, saved)).toBe(true);
    expect(sameAddress({ ...toFields(saved), city: "Niphad" }, saved)).toBe(false);
  });
});
