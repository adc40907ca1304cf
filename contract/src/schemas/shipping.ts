import { Type } from "typebox";
import { AmountInput, Money } from "./common.ts";

/** The heaviest slab bound staff may write: 100 tonnes, in grams. */
export const MAX_SLAB_GRAMS = 100_000_000;

const Zone = Type.String({
  pattern: "^([1-9]\\d{0,5})?$",
  description: 'A PIN prefix of 1 to 6 digits (not starting with 0), or "" for everywhere',
});

/** A shipping rule: the charge of a weight slab [minGrams, maxGrams) in a zone (contract/src/shipping.ts). */
export const ShippingRuleSchema = Type.Object({
  id: Type.Integer(),
  zone: Type.String({ description: 'A PIN prefix, or "" for everywhere' }),
  minGrams: Type.Integer({ description: "The slab's lightest order in grams, included" }),
  maxGrams: Type.Union([Type.Integer(), Type.Null()], { description: "The slab's heaviest order in grams, excluded; null: no bound" }),
  charge: Money,
  /** Shipping is free when the items cost more than this; null: never free. */
  freeAbove: Type.Union([Money, Type.Null()]),
});

export const ShippingRulesSchema = Type.Array(ShippingRuleSchema);

/** A rule as staff create or replace it; maxGrams and freeAbove default to null (no bound, never free). */
export const ShippingRuleBody = Type.Object({
  zone: Zone,
  minGrams: Type.Integer({ minimum: 0, maximum: MAX_SLAB_GRAMS }),
  maxGrams: Type.Optional(Type.Union([Type.Integer({ minimum: 1, maximum: MAX_SLAB_GRAMS }), Type.Null()])),
  charge: AmountInput,
  freeAbove: Type.Optional(Type.Union([AmountInput, Type.Null()])),
});

/** The answer to a CSV upload of the rules. */
export const ShippingRulesAnswer = Type.Object({ rows: Type.Integer(), detail: Type.String() });
