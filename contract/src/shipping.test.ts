import { describe, expect, it } from "vitest";
import { DEFAULT_PRICING } from "./pricing-rules.ts";
import { type ShippingRule, shippingCharge, shippingRuleFor, shippingRuleOf, shippingTerms, slabsOverlap } from "./shipping.ts";

const rule = (zone: string, minGrams: number, maxGrams: number | null, chargePaise: number, freeAbovePaise: number | null = null) => ({
  zone,
  minGrams,
  maxGrams,
  chargePaise,
  freeAbovePaise,
});

/** Everywhere: ₹40 up to 5 kg (free above ₹2,000), ₹150 up to 50 kg, ₹400 beyond; Maharashtra's 41 a little cheaper, Pune's 4110 cheaper still up to 5 kg. */
const RULES: ShippingRule[] = [
  rule("", 0, 5_000, 40_00, 2_000_00),
  rule("", 5_000, 50_000, 150_00),
  rule("", 50_000, null, 400_00),
  rule("41", 0, 50_000, 120_00),
  rule("4110", 0, 5_000, 20_00),
];

const charge = (weightGrams: number, pin: string | null, itemsPaise: number, rules = RULES) =>
  shippingCharge(rules, { weightGrams, pin, itemsPaise }, DEFAULT_PRICING);

describe("shippingCharge", () => {
  it("without rules charges the spec's rule: ₹10, free when the items cost more than ₹100", () => {
    expect(charge(45_000, "411001", 100_00, [])).toBe(10_00);
    expect(charge(45_000, "411001", 100_01, [])).toBe(0);
    expect(charge(0, null, 0, [])).toBe(10_00);
  });

  it("charges a 45 kg bag of urea its slab, however much the items cost", () => {
    expect(charge(45_000, "560001", 1_500_00)).toBe(150_00);
    expect(charge(45_000, "560001", 50_00)).toBe(150_00);
  });

  it("takes the slab's lower bound in and leaves its upper bound out; an open slab has no end", () => {
    expect(charge(4_999, "560001", 0)).toBe(40_00);
    expect(charge(5_000, "560001", 0)).toBe(150_00);
    expect(charge(49_999, "560001", 0)).toBe(150_00);
    expect(charge(50_000, "560001", 0)).toBe(400_00);
    expect(charge(5_000_000, "560001", 0)).toBe(400_00);
  });

  it("ships free when the items cost strictly more than the slab's free-above amount", () => {
    expect(charge(1_000, "560001", 2_000_00)).toBe(40_00);
    expect(charge(1_000, "560001", 2_000_01)).toBe(0);
  });

  it("lets the most specific zone that has a slab for the weight win", () => {
    expect(charge(1_000, "411001", 0)).toBe(20_00); // 4110 beats 41 and everywhere
    expect(charge(10_000, "411001", 0)).toBe(120_00); // 4110 has no slab for 10 kg: 41 has
    expect(charge(60_000, "411001", 0)).toBe(400_00); // neither has: everywhere
    expect(charge(1_000, "412001", 0)).toBe(120_00);
    expect(shippingRuleFor(RULES, { weightGrams: 1_000, pin: "411001", itemsPaise: 0 })).toEqual(rule("4110", 0, 5_000, 20_00));
  });

  it("without a PIN (the cart before an address) applies only the rules for everywhere", () => {
    expect(charge(1_000, null, 0)).toBe(40_00);
    expect(charge(1_000, "", 0)).toBe(40_00);
    // A malformed PIN is in no zone either.
    expect(charge(1_000, "4110", 0)).toBe(40_00);
  });

  it("falls back to the spec's rule when rules exist but none covers the weight or the place", () => {
    const puneOnly = [rule("4110", 0, 5_000, 20_00)];
    expect(charge(1_000, "411001", 0, puneOnly)).toBe(20_00);
    expect(charge(45_000, "411001", 50_00, puneOnly)).toBe(10_00);
    expect(charge(45_000, "411001", 100_01, puneOnly)).toBe(0);
    expect(charge(1_000, "560001", 50_00, puneOnly)).toBe(10_00);
  });
});

describe("shippingTerms", () => {
  it("answers the matching rule's charge and free-above amount, else the spec's", () => {
    expect(shippingTerms(RULES, { weightGrams: 1_000, pin: null, itemsPaise: 0 }, DEFAULT_PRICING)).toEqual({
      chargePaise: 40_00,
      freeAbovePaise: 2_000_00,
    });
    expect(shippingTerms(RULES, { weightGrams: 10_000, pin: null, itemsPaise: 0 }, DEFAULT_PRICING)).toEqual({
      chargePaise: 150_00,
      freeAbovePaise: null,
    });
    expect(shippingTerms([], { weightGrams: 0, pin: null, itemsPaise: 0 }, DEFAULT_PRICING)).toEqual({
      chargePaise: 10_00,
      freeAbovePaise: 100_00,
    });
  });
});

describe("shippingRuleOf", () => {
  it("reads a rule as the API writes it into paise", () => {
    expect(shippingRuleOf({ zone: "41", minGrams: 0, maxGrams: null, charge: "40.50", freeAbove: "2000.00" })).toEqual(
      rule("41", 0, null, 40_50, 2_000_00),
    );
    expect(shippingRuleOf({ zone: "", minGrams: 5, maxGrams: 10, charge: "0.00", freeAbove: null })).toEqual(rule("", 5, 10, 0, null));
  });
});

describe("slabsOverlap", () => {
  it("finds slabs of one zone that share a weight, not those that only touch or lie in other zones", () => {
    expect(slabsOverlap(rule("", 0, 5_000, 0), rule("", 4_999, 6_000, 0))).toBe(true);
    expect(slabsOverlap(rule("", 0, 5_000, 0), rule("", 5_000, null, 0))).toBe(false);
    expect(slabsOverlap(rule("", 10_000, null, 0), rule("", 0, 20_000, 0))).toBe(true);
    expect(slabsOverlap(rule("", 0, null, 0), rule("", 50_000, null, 0))).toBe(true);
    expect(slabsOverlap(rule("41", 0, 5_000, 0), rule("4", 0, 5_000, 0))).toBe(false);
  });
});
