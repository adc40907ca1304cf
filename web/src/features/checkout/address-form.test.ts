import { describe, expect, it } from "vitest";
import { ADDRESS_MESSAGES, emptyAddressFields, sameAddress, toAddress, toFields, validateAddress } from "./address-form.ts";

const farm = { ...emptyAddressFields, label: "Farm", address: "Gat No. 42", city: "Nashik", postalCode: "422001" };

describe("shipping address validation", () => {
  it("accepts a complete Indian address, India being the default country", () => {
    expect(emptyAddressFields.country).toBe("India");
    expect(validateAddress(farm)).toEqual({});
  });

  it("requires label, address, city, Pin Code and country, not state or landmark", () => {
    const errors = validateAddress({ ...emptyAddressFields, country: " " });
    expect(Object.keys(errors).sort()).toEqual(["address", "city", "country", "label", "postalCode"]);
    expect(errors.label).toEqual([ADDRESS_MESSAGES.blank]);
  });

  it.each(["42200", "4220011", "022001", "42a001", "422 00"])("refuses %j as an Indian PIN code", (postalCode) => {
    expect(validateAddress({ ...farm, postalCode })).toEqual({ postalCode: ["Enter a valid 6-digit PIN code."] });
  });

  it("reads spaces out of a PIN code", () => {
    expect(validateAddress({ ...farm, postalCode: " 422 001 " })).toEqual({});
    expect(toAddress({ ...farm, postalCode: " 422 001 " }).postalCode).toBe("422001");
  });

  it("takes any postal code outside India", () => {
    expect(validateAddress({ ...farm, country: "Nepal", postalCode: "44600" })).toEqual({});
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
  };

  it("spells the state and the country as the lists do", () => {
    expect(toFields(saved)).toMatchObject({ state: "Maharashtra", country: "India" });
    expect(toFields({ ...saved, state: "Bagmati", country: "Nepal" })).toMatchObject({ state: "Bagmati", country: "Nepal" });
  });

  it("knows the saved address the form holds, whatever the spacing", () => {
    expect(sameAddress({ ...toFields(saved), city: " Nashik " }, saved)).toBe(true);
    expect(sameAddress({ ...toFields(saved), city: "Niphad" }, saved)).toBe(false);
  });
});
