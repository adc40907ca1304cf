import { indianMobile, type SavedAddress, type ShippingAddress } from "@krishi/contract";
import type { Message } from "../../i18n/index.ts";
import { canonicalCountry, canonicalState, DEFAULT_COUNTRY, isIndia } from "../../lib/address.ts";
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
  /** A mobile number for the courier. */
  phone: string;
}

/** What the shop asks of an address: in GST mode a state (in India, for the place of supply) and a mobile number. */
export interface AddressRules {
  gst: boolean;
}

/**
 * The server's own messages (its validation is the authority; these only save a round trip).
 * Message ids: shown through `t()`, the server's answers with the same words too.
 */
export const ADDRESS_MESSAGES = {
  blank: "This field may not be blank.",
  pinCode: "Enter a valid 6-digit PIN code.",
  phone: "Enter a 10-digit mobile number",
} as const satisfies Record<string, Message>;

/** The longest text each field takes (contract ShippingAddressInput); a PIN code in India is 6 digits. */
export const MAX_LENGTHS = { label: 100, address: 500, city: 100, postalCode: 20, landmark: 200, state: 100, phone: 20 } as const;
export const PIN_CODE_LENGTH = 6;

const REQUIRED = ["label", "address", "city", "postalCode", "country"] as const;
const PIN_CODE = /^[1-9]\d{5}$/;

export const emptyAddressFields: AddressFields = {
  label: "",
  address: "",
  city: "",
  postalCode: "",
  country: DEFAULT_COUNTRY,
  state: "",
  landmark: "",
  phone: "",
};

/** A stored or saved address in the form, its country and state spelt as the lists spell them. */
export function toFields(address: ShippingAddress | SavedAddress | null): AddressFields {
  if (!address) return emptyAddressFields;
  return {
    label: address.label,
    address: address.address,
    city: address.city,
    postalCode: address.postalCode,
    country: canonicalCountry(address.country) || DEFAULT_COUNTRY,
    state: canonicalState(address.state ?? ""),
    landmark: address.landmark ?? "",
    phone: address.phone ?? "",
  };
}

/** Whether a saved address is the one the form (or the order) holds: the same fields, once cleaned. */
export function sameAddress(fields: AddressFields, saved: SavedAddress): boolean {
  const a = toAddress(fields);
  const b = toAddress(toFields(saved));
  return (Object.keys(emptyAddressFields) as (keyof AddressFields)[]).every((name) => (a[name] ?? "") === (b[name] ?? ""));
}

/**
 * Label, address, city, Pin Code and country required; a 6-digit PIN code in India. A mobile
 * number, when given, is an Indian one; GST mode requires it, and a state in India
 * (docs/storefront.md, "Validation").
 */
export function validateAddress(fields: AddressFields, rules: AddressRules = { gst: false }): FieldErrors {
  const clean = toAddress(fields);
  const errors: FieldErrors = {};
  const required: (keyof AddressFields)[] = [...REQUIRED];
  if (rules.gst) required.push("phone");
  if (rules.gst && isIndia(clean.country)) required.push("state");
  for (const name of required) {
    if (!clean[name]) errors[name] = [ADDRESS_MESSAGES.blank];
  }
  if (clean.postalCode && isIndia(clean.country) && !PIN_CODE.test(clean.postalCode)) {
    errors.postalCode = [ADDRESS_MESSAGES.pinCode];
  }
  if (clean.phone && !indianMobile(clean.phone)) errors.phone = [ADDRESS_MESSAGES.phone];
  return errors;
}

/** The fields trimmed (the PIN code without spaces, a mobile number as its 10 digits); empty optional fields left out. */
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
  const phone = fields.phone.trim();
  if (state) address.state = state;
  if (landmark) address.landmark = landmark;
  if (phone) address.phone = indianMobile(phone) ?? phone;
  return address;
}
