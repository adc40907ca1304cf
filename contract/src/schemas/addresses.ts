import { Type } from "typebox";
import { INDIAN_MOBILE_PATTERN } from "../india.ts";
import { LongText, Text } from "./common.ts";

/** A phone number for the courier: an Indian mobile number, or empty. */
const PhoneInput = Type.String({ maxLength: 20, pattern: `^$|${INDIAN_MOBILE_PATTERN}` });

/** A shipping address as a client sends it: `postalCode` or its alias `pincode`. */
export const ShippingAddressInput = Type.Object({
  label: Text({ maxLength: 100 }),
  address: LongText({ maxLength: 500 }),
  city: Text({ maxLength: 100 }),
  postalCode: Type.Optional(Text({ maxLength: 20 })),
  pincode: Type.Optional(Text({ maxLength: 20 })),
  country: Text({ maxLength: 100 }),
  state: Type.Optional(Text({ maxLength: 100 })),
  landmark: Type.Optional(Text({ maxLength: 200 })),
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
