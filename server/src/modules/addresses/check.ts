import { indianMobile, indianState, PIN_PATTERN, type ShippingAddress, type TaxMode } from "@krishi/contract";
import type { ShippingAddressInput } from "@krishi/contract/schemas";
import type { Static } from "typebox";
import { badRequest, type FieldErrors, type HttpError, problem } from "../../lib/errors.ts";

/**
 * The rules of a shipping address, one pure function for saved addresses and for the address a
 * checkout sends: no blank required fields, a six-digit PIN code in India, a phone number that is
 * an Indian mobile (kept as its 10 digits), and the state in the shop's spelling. In GST mode an
 * Indian address also needs a state the shop knows (the place of supply) and a phone number.
 */

/** An address as a client sends it: `postalCode` or its alias `pincode`. */
export type AddressInput = Static<typeof ShippingAddressInput>;

/** A checked address: every field present and trimmed, `phone` 10 digits or "". */
export type CheckedAddress = Required<ShippingAddress>;

export type AddressCheck =
  | { ok: true; address: CheckedAddress }
  /** `field` and `message` are the first problem; `fields` has every one. */
  | { ok: false; field: string; message: string; fields: FieldErrors };

export const BLANK = "This field may not be blank.";
export const BAD_PIN = "Enter a valid 6-digit PIN code.";
export const BAD_PHONE = "Enter a valid 10-digit mobile number.";
export const UNKNOWN_STATE = "Enter an Indian state or union territory.";
export const STATE_NEEDED = "Choose the state: the GST invoice needs it.";
export const PHONE_NEEDED = "Enter a mobile number for the courier.";

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
  for (const name of ["label", "address", "city", "postalCode", "country"] as const) {
    if (!address[name]) fields[name] = [problem("blank", BLANK)];
  }
  if (address.postalCode && inIndia && !PIN_PATTERN.test(address.postalCode)) fields.postalCode = [problem("pin_invalid", BAD_PIN)];
  if (inIndia && taxMode === "gst") {
    if (!stateText) fields.state = [problem("state_required", STATE_NEEDED)];
    else if (!knownState) fields.state = [problem("state_unknown", UNKNOWN_STATE)];
    if (!phoneText) fields.phone = [problem("phone_required", PHONE_NEEDED)];
  }
  if (phone === null) fields.phone = [problem("phone_invalid", BAD_PHONE)];

  const first = Object.entries(fields)[0];
  if (first?.[1][0]) return { ok: false, field: first[0], message: first[1][0].message, fields };
  return { ok: true, address };
}

/** The 400 of a refused address, in the API's error format (lib/errors.ts). */
export function addressError(problem: { field: string; message: string; fields: FieldErrors }): HttpError {
  return badRequest("address_invalid", `${problem.field}: ${problem.message}`, problem.fields);
}
