import { Type } from "typebox";
import { INDIAN_MOBILE_PATTERN, PIN_PATTERN } from "../india.ts";
import { LongText, Text } from "./common.ts";

/** The longest text each field of an address takes. */
export const ADDRESS_MAX_LENGTHS = {
  label: 100,
  address: 500,
  city: 100,
  postalCode: 20,
  country: 100,
  state: 100,
  landmark: 200,
  phone: 20,
} as const;

/** The digits of a PIN code (PIN_PATTERN): the longest postal code of an address in India. */
export const PIN_CODE_LENGTH = 6;

/** An Indian mobile number, or empty. */
const PHONE_PATTERN = `^$|${INDIAN_MOBILE_PATTERN}`;

/** A phone number for the courier: an Indian mobile number, or empty. */
const PhoneInput = Type.String({ maxLength: ADDRESS_MAX_LENGTHS.phone, pattern: PHONE_PATTERN });

/** A shipping address as a client sends it: `postalCode` or its alias `pincode`. */
export const ShippingAddressInput = Type.Object({
  label: Text({ maxLength: ADDRESS_MAX_LENGTHS.label }),
  address: LongText({ maxLength: ADDRESS_MAX_LENGTHS.address }),
  city: Text({ maxLength: ADDRESS_MAX_LENGTHS.city }),
  postalCode: Type.Optional(Text({ maxLength: ADDRESS_MAX_LENGTHS.postalCode })),
  pincode: Type.Optional(Text({ maxLength: ADDRESS_MAX_LENGTHS.postalCode })),
  country: Text({ maxLength: ADDRESS_MAX_LENGTHS.country }),
  state: Type.Optional(Text({ maxLength: ADDRESS_MAX_LENGTHS.state })),
  landmark: Type.Optional(Text({ maxLength: ADDRESS_MAX_LENGTHS.landmark })),
  phone: Type.Optional(PhoneInput),
});

/** A shipping address as the shop keeps it (checkout state, order snapshot). */
export const ShippingAddressSchema = Type.Object({
  label: Type.String(),
  address: Type.String(),
  city: Type.String(),
  postalCode: Type.String(),
  country: Type.String(),
  state: Type.Optional(Type.String()),
  landmark: Type.Optional(Type.String()),
  phone: Type.Optional(Type.String()),
});

/** An address as the API answers it (`pincode` is an alias of `postalCode`). */
export const AddressSchema = Type.Object({
  label: Type.String(),
  address: Type.String(),
  city: Type.String(),
  state: Type.String(),
  postalCode: Type.String(),
  pincode: Type.String(),
  landmark: Type.String(),
  country: Type.String(),
  /** 10 digits, or "" when none was given. */
  phone: Type.String(),
});

/** A saved address of a customer. */
export const SavedAddressSchema = Type.Object({ id: Type.Integer(), ...AddressSchema.properties });

/** Which rules an address is held to: the shop's tax mode, and whether the address is in India. */
export interface AddressRulesCase {
  gst: boolean;
  india: boolean;
}

/**
 * The rules of a shipping address once cleaned (its fields trimmed, the PIN code without spaces,
 * empty optional fields left out): label, address, city, postal code and country not blank, a
 * 6-digit PIN code in India, and a phone number, when given, an Indian mobile. In GST mode an
 * address in India also needs its state (the place of supply) and a mobile number for the courier.
 * A blank field fails minLength (or required) alone: each pattern takes "" too. One schema per
 * case, so that every failure names its field; the web's address form validates with it.
 */
export function ShippingAddressRules({ gst, india }: AddressRulesCase) {
  type Field = keyof typeof ADDRESS_MAX_LENGTHS;
  const filled = (name: Field) => Text({ minLength: 1, maxLength: ADDRESS_MAX_LENGTHS[name] });
  const optional = (name: Field) => Type.Optional(Text({ maxLength: ADDRESS_MAX_LENGTHS[name] }));
  const placeOfSupply = gst && india;
  return Type.Object({
    label: filled("label"),
    address: LongText({ minLength: 1, maxLength: ADDRESS_MAX_LENGTHS.address }),
    city: filled("city"),
    postalCode: india ? Type.String({ minLength: 1, pattern: `^$|${PIN_PATTERN.source}` }) : filled("postalCode"),
    country: filled("country"),
    state: placeOfSupply ? filled("state") : optional("state"),
    landmark: optional("landmark"),
    phone: placeOfSupply
      ? Type.String({ minLength: 1, maxLength: ADDRESS_MAX_LENGTHS.phone, pattern: PHONE_PATTERN })
      : Type.Optional(PhoneInput),
  });
}
