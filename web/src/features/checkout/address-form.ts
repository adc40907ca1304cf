import type { SavedAddress, ShippingAddress } from "@krishi/contract";
import type { FieldErrors } from "../../lib/api-error.ts";

/** The address form's fields, as typed. */
export interface AddressFields {
  label: string;
  address: string;
  city: string;
  postalCode: string;
  country: string;
  state: string;
  landmark: string;
}

export const DEFAULT_COUNTRY = "India";

/** The server's own messages (its validation is the authority; these only save a round trip). */
export const ADDRESS_MESSAGES = {
  blank: "This field may not be blank.",
  pinCode: "Enter a valid 6-digit PIN code.",
} as const;

const REQUIRED = ["label", "address", "city", "postalCode", "country"] as const;
const INDIA = /^\s*(india|bharat|in)\s*$/i;
const PIN_CODE = /^[1-9]\d{5}$/;

export const emptyAddressFields: AddressFields = {
  label: "",
  address: "",
  city: "",
  postalCode: "",
  country: DEFAULT_COUNTRY,
  state: "",
  landmark: "",
};

/** A stored or saved address in the form. */
export function toFields(address: ShippingAddress | SavedAddress | null): AddressFields {
  if (!address) return emptyAddressFields;
  return {
    label: address.label,
    address: address.address,
    city: address.city,
    postalCode: address.postalCode,
    country: address.country,
    state: address.state ?? "",
    landmark: address.landmark ?? "",
  };
}

/** Spec §5: label, address, city, Pin Code and country required; a 6-digit PIN code in India. */
export function validateAddress(fields: AddressFields): FieldErrors {
  const clean = toAddress(fields);
  const errors: FieldErrors = {};
  for (const name of REQUIRED) {
    if (!clean[name]) errors[name] = [ADDRESS_MESSAGES.blank];
  }
  if (clean.postalCode && INDIA.test(clean.country) && !PIN_CODE.test(clean.postalCode)) {
    errors.postalCode = [ADDRESS_MESSAGES.pinCode];
  }
  return errors;
}

/** The fields trimmed (the PIN code without spaces); empty optional fields left out. */
export function toAddress(fields: AddressFields): ShippingAddress {
  const address: ShippingAddress = {
    label: fields.label.trim(),
    address: fields.address.trim(),
    city: fields.city.trim(),
    postalCode: fields.postalCode.replace(/\s+/g, ""),
    country: fields.country.trim(),
  };
  const state = fields.state.trim();
  const landmark = fields.landmark.trim();
  if (state) address.state = state;
  if (landmark) address.landmark = landmark;
  return address;
}
