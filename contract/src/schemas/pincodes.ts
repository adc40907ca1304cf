import { Type } from "typebox";

export const PincodeParams = Type.Object({ pin: Type.String({ pattern: "^[1-9]\\d{5}$", description: "A six-digit PIN code" }) });

/** Where a PIN is and whether the shop delivers there. */
export const PincodeSchema = Type.Object({
  pin: Type.String(),
  district: Type.String(),
  /** The state as the shop spells it ("Jammu and Kashmir"). */
  state: Type.String(),
  serviceable: Type.Boolean(),
  cod: Type.Boolean(),
  /** Days from dispatch to delivery; null when not serviceable. */
  deliveryDays: Type.Union([Type.Integer(), Type.Null()]),
});

/** The answer to a serviceability upload. */
export const ServiceabilityAnswer = Type.Object({ rows: Type.Integer(), detail: Type.String() });
