import { indianMobile, type SavedAddress, type ShippingAddress } from "@krishi/contract";
import { MULTI_LINE_PATTERN, ShippingAddressRules, SINGLE_LINE_PATTERN } from "@krishi/contract/schemas";
import type { Message } from "../../i18n/index.ts";
import { canonicalCountry, canonicalState, DEFAULT_COUNTRY, isIndia } from "../../lib/address.ts";
import { type SchemaProblem, schemaResolver } from "../../lib/schema-resolver.ts";

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

/** The shop's side of the rules: in GST mode an address in India needs its state (the place of supply) and a mobile number. */
export interface AddressRules {
  gst: boolean;
}

/**
 * What the form says (message ids, shown through `t()`), the words of the server's own answers
 * (its "This field may not be blank." too, for a field the form had no rule for).
 * The rules themselves are the contract's (ShippingAddressRules); this only names their failures.
 */
export const ADDRESS_MESSAGES = {
  blank: "This field may not be blank.",
  pinCode: "Enter a valid 6-digit PIN code.",
  phone: "Enter a 10-digit mobile number",
  check: "Please check this field.",
} as const satisfies Record<string, Message>;

/**
 * What an empty field the address needs says: in plain words, what to fill in (the spec asks for
 * the fields, not for a text; the server's "may not be blank" says less). Landmark is never needed.
 */
export const MISSING_MESSAGES = {
  label: "Enter a name for this address, such as Home or Farm",
  address: "Enter the address",
  city: "Enter the city or town",
  postalCode: "Enter your PIN code",
  country: "Choose a country",
  state: "Choose a state",
  phone: "Enter a mobile number for the courier",
} as const satisfies Partial<Record<keyof AddressFields, Message>>;

/** A failure of the rules in the form's words: by the keyword that failed, and the field where one keyword means two things. */
export function addressMessage({ field, keyword, params }: SchemaProblem): Message {
  const missing: Partial<Record<string, Message>> = MISSING_MESSAGES;
  if (keyword === "required" || keyword === "minLength") return missing[field] ?? ADDRESS_MESSAGES.blank;
  // Every text refuses control characters by a pattern too; only the PIN code's and the phone's say a format.
  const format = keyword === "pattern" && params.pattern !== SINGLE_LINE_PATTERN && params.pattern !== MULTI_LINE_PATTERN;
  if (format && field === "postalCode") return ADDRESS_MESSAGES.pinCode;
  if (format && field === "phone") return ADDRESS_MESSAGES.phone;
  return ADDRESS_MESSAGES.check;
}

/**
 * The address form's validation (react-hook-form): the contract's rules for an address in India or
 * elsewhere, in this shop's tax mode (the form's context), on the fields as they will be sent. A
 * valid form submits that address.
 */
export const addressResolver = schemaResolver<AddressFields, AddressRules, ShippingAddress>({
  clean: toAddress,
  schema: (address, { gst }) => ShippingAddressRules({ gst, india: isIndia(address.country) }),
  message: addressMessage,
});

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
