import type { ShippingRuleJson } from "./api.ts";
import { type Paise, toPaise } from "./money.ts";
import type { PricingRules } from "./pricing-rules.ts";

/**
 * The shop's shipping rules by weight and delivery zone, optional: staff set a charge per weight
 * slab for a zone (a PIN prefix, or everywhere). The server charges what shippingCharge() answers
 * and the web previews it with the same function and the same rules, so the total shown is the
 * total charged. Without rules the spec's rule applies (₹10, free above ₹100: PricingRules).
 */

/** A PIN prefix of 1 to 6 digits (not starting with 0), or "" for everywhere. */
export const SHIPPING_ZONE_PATTERN = /^(?:[1-9]\d{0,5})?$/;

export interface ShippingRule {
  /** A PIN prefix of 1 to 6 digits, or "" (everywhere). */
  zone: string;
  /** The slab's lightest order, in grams, included. */
  minGrams: number;
  /** The slab's heaviest order, in grams, excluded; null: no upper bound. */
  maxGrams: number | null;
  chargePaise: Paise;
  /** Shipping is free when the items cost strictly more than this; null: never free. */
  freeAbovePaise: Paise | null;
}

/** What the charge depends on: the order's weight, where it goes, and what its items cost. */
export interface ShipmentFacts {
  /** Σ pack weight × qty (0 when the weights are not known). */
  weightGrams: number;
  /** The delivery PIN code; null when not known yet (the cart before an address): only "everywhere" rules apply. */
  pin: string | null;
  /** Σ line price × qty, as priceOrder counts the items. */
  itemsPaise: Paise;
}

const WHOLE_PIN = /^[1-9]\d{5}$/;

/** Whether the rule's zone takes `pin`: "everywhere" takes any, a prefix a PIN that starts with it. */
function inZone(rule: ShippingRule, pin: string | null): boolean {
  return rule.zone === "" || (pin !== null && WHOLE_PIN.test(pin) && pin.startsWith(rule.zone));
}

/** Whether the slab [minGrams, maxGrams) holds `grams`. */
export function inSlab(rule: Pick<ShippingRule, "minGrams" | "maxGrams">, grams: number): boolean {
  return grams >= rule.minGrams && (rule.maxGrams === null || grams < rule.maxGrams);
}

/**
 * The rule that prices the shipment: of the rules whose zone takes its PIN and whose slab holds its
 * weight, the one of the most specific zone (the longest prefix); null when none does.
 */
export function shippingRuleFor(rules: readonly ShippingRule[], shipment: ShipmentFacts): ShippingRule | null {
  let best: ShippingRule | null = null;
  for (const rule of rules) {
    if (!inZone(rule, shipment.pin) || !inSlab(rule, shipment.weightGrams)) continue;
    if (!best || rule.zone.length > best.zone.length) best = rule;
  }
  return best;
}

/** What shipping costs an order: a charge, and the items' cost above which it is free (null: never). */
export interface ShippingTerms {
  chargePaise: Paise;
  freeAbovePaise: Paise | null;
}

/**
 * The terms that apply to the shipment: the matching rule's, else the spec's rule of `fallback`
 * (₹10, free above ₹100) — when there are no rules at all, or none for this weight and place: a
 * shop that defines rules should cover every weight with an "everywhere" zone; the staff screen
 * says so.
 */
export function shippingTerms(rules: readonly ShippingRule[], shipment: ShipmentFacts, fallback: PricingRules): ShippingTerms {
  const rule = shippingRuleFor(rules, shipment);
  if (rule) return { chargePaise: rule.chargePaise, freeAbovePaise: rule.freeAbovePaise };
  return { chargePaise: fallback.shippingPaise, freeAbovePaise: fallback.freeShippingAbovePaise };
}

/**
 * The shipping charge, the one function the server charges by and the web previews with: the
 * terms' charge, none when the items cost strictly more than their free-above amount.
 */
export function shippingCharge(rules: readonly ShippingRule[], shipment: ShipmentFacts, fallback: PricingRules): Paise {
  const terms = shippingTerms(rules, shipment, fallback);
  return terms.freeAbovePaise !== null && shipment.itemsPaise > terms.freeAbovePaise ? 0 : terms.chargePaise;
}

/** Two rules of one zone whose slabs share a weight. */
export function slabsOverlap(a: ShippingRule, b: ShippingRule): boolean {
  if (a.zone !== b.zone) return false;
  const aEnd = a.maxGrams ?? Number.POSITIVE_INFINITY;
  const bEnd = b.maxGrams ?? Number.POSITIVE_INFINITY;
  return a.minGrams < bEnd && b.minGrams < aEnd;
}

/** A rule as the API writes it (GET /api/shipping/rules/, money as decimal strings), in paise. */
export function shippingRuleOf(json: Omit<ShippingRuleJson, "id">): ShippingRule {
  return {
    zone: json.zone,
    minGrams: json.minGrams,
    maxGrams: json.maxGrams,
    chargePaise: toPaise(json.charge),
    freeAbovePaise: json.freeAbove === null ? null : toPaise(json.freeAbove),
  };
}
