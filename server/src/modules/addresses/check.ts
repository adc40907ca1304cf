import { indianMobile, indianState, type ShippingAddress, type TaxMode } from "@krishi/contract";
import { type ShippingAddressInput, ShippingAddressRules } from "@krishi/contract/schemas";
import type { Static } from "typebox";
import { Errors } from "typebox/schema";
import { type FieldErrors, problem } from "../../lib/errors.ts";

/**
 * The rules of a shipping address, one pure function for saved addresses and for the address a
 * checkout sends. The rules are the contract's (`ShippingAddressRules`, which the web's form checks
 * too): no blank required fields, a six-digit PIN code in India, a phone number that is an Indian
 * mobile, and in GST mode a state and a phone number for an Indian address. Here they are said in
 * the API's words, the state must also be one the shop knows, and the address is cleaned: the
 * state in the shop's spelling, the phone as its 10 digits.
 */

/** An address as a client sends it: `postalCode` or its alias `pincode`. */
export type AddressInput = Static<typeof ShippingAddressInput>;

/** A checked address: every field present and trimmed, `phone` 10 digits or "". */
export type CheckedAddress = Required<ShippingAddress>;

/** Why an address is refused: `field` and `message` are the first problem; `fields` has every one. */
export interface AddressProblem {
  field: string;
  message: string;
  fields: FieldErrors;
}

export type AddressCheck = { ok: true; address: CheckedAddress } | ({ ok: false } & AddressProblem);

export const BLANK = "This field may not be blank.";
export const BAD_PIN = "Enter a valid 6-digit PIN code.";
export const BAD_PHONE = "Enter a valid 10-digit mobile number.";
export const UNKNOWN_STATE = "Enter an Indian state or union territory.";
export const STATE_NEEDED = "Choose the state: the GST invoice needs it.";
export const PHONE_NEEDED = "Enter a mobile number for the courier.";
export const CHECK_FIELD = "Please check this field.";

const INDIA = /^\s*(india|bharat|in)\s*$/i;

/** Whether an address's country is India. */
export function isIndia(country: string): boolean {
  return INDIA.test(country);
}

export function checkShippingAddress(input: AddressInput, { taxMode }: { taxMode: TaxMode }): AddressCheck {
  const country = input.country.trim();
  const inIndia = isIndia(country);
  const stateText = (input.state ?? "").trim();
  const knownState = inIndia ? indianState(stateText) : null;
  const phoneText = (input.phone ?? "").trim();
  const phone = phoneText ? indianMobile(phoneText) : "";
  const address: CheckedAddress = {
    label: input.label.trim(),
    address: input.address.trim(),
    city: input.city.trim(),
    state: knownState ?? stateText,
    postalCode: (input.postalCode ?? input.pincode ?? "").replace(/\s+/g, ""),
    landmark: (input.landmark ?? "").trim(),
    country,
    phone: phone ?? "",
  };

  const fields: FieldErrors = {};
  const checked = { ...address, state: stateText, phone: phoneText };
  const [, failures] = Errors(ShippingAddressRules({ gst: taxMode === "gst", india: inIndia }), checked);
  for (const failure of failures) {
    const params = failure.params as { requiredProperties?: string[] };
    const names = failure.keyword === "required" ? (params.requiredProperties ?? []) : [failure.instancePath.split("/")[1] ?? ""];
    for (const name of names) fields[name] ??= [problemOf(name, failure.keyword)];
  }
  if (inIndia && taxMode === "gst" && stateText && !knownState) fields.state ??= [problem("state_unknown", UNKNOWN_STATE)];

  const first = Object.entries(fields)[0];
  if (first?.[1][0]) return { ok: false, field: first[0], message: first[1][0].message, fields };
  return { ok: true, address };
}

/** A field the contract's rules refused, in the API's words: missing (required, or blank), or not in its format. */
function problemOf(field: string, keyword: string) {
  if (keyword === "required" || keyword === "minLength") {
    if (field === "state") return problem("state_required", STATE_NEEDED);
    if (field === "phone") return problem("phone_required", PHONE_NEEDED);
    return problem("blank", BLANK);
  }
  if (field === "postalCode") return problem("pin_invalid", BAD_PIN);
  if (field === "phone") return problem("phone_invalid", BAD_PHONE);
  return problem("invalid", CHECK_FIELD);
}

/** The 400 of a refused address, defined with the module's answers (failures.ts): orders/routes.ts reads it from here. */
// biome-ignore lint/style/noRestrictedImports: kept for orders/routes.ts until it imports failures.ts itself
export { addressError } from "./failures.ts";
