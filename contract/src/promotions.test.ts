import { describe, expect, it } from "vitest";
import { allocate } from "./money.ts";
import { type PricedLine, priceOrder, type Supply } from "./pricing.ts";
import { DEFAULT_PRICING, GST_RATES, type PricingRules } from "./pricing-rules.ts";
import { applyPromotions, type Promotion, type PromotionContext, type PromotionLine } from "./promotions.ts";

const NOW = new Date("2026-06-01T06:30:00.000Z");
const CONTEXT: PromotionContext = { now: NOW, ordersBefore: 0 };

function promotion(overrides: Partial<Promotion>): Promotion {
  return {
    id: 1,
    code: null,
    description: "Offer",
    descriptionHi: "",
    kind: "percent_off",
    target: "order",
    percent: 10,
    amountPaise: 0,
    tiers: [],
    minItems: 0,
    minAmountPaise: 0,
    maxDiscountPaise: null,
    startsAt: null,
    endsAt: null,
    firstOrderOnly: false,
    perCustomerLimit: null,
    usageLimit: null,
    categories: [],
    products: [],
    variants: [],
    ...overrides,
  };
}

const line = (overrides: Partial<PromotionLine>): PromotionLine => ({
  product: 1,
  variant: 10,
  category: "Seeds",
  pricePaise: 100_00,
  qty: 1,
  ...overrides,
});

/** A small seeded generator (mulberry32): the same cases on every run, many of them. */
function random(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(values: readonly T[]) => values[int(0, values.length - 1)] as T;
  return { int, pick, chance: (p: number) => next() < p };
}

type Random = ReturnType<typeof random>;

function randomLines(r: Random): (PromotionLine & { gstRate: number })[] {
  return Array.from({ length: r.int(1, 6) }, (_, i) => ({
    product: i + 1,
    variant: 100 + i,
    category: r.pick(["Seeds", "Fertilisers", "Tools"]),
    pricePaise: r.pick([1, 99, 5_00, 12_345, 99_999, 1_249_50, r.int(1, 5_000_000)]),
    qty: r.int(1, 40),
    gstRate: r.pick(GST_RATES),
  }));
}

function randomPromotion(r: Random, id: number): Promotion {
  const kind = r.pick(["percent_off", "amount_off", "unit_off", "free_shipping"] as const);
  const minQty = r.int(1, 20);
  return promotion({
    id,
    kind,
    target: r.pick(["order", "lines"] as const),
    percent: r.int(1, 100),
    amountPaise: r.int(1, 2_000_000),
    tiers: [
      { minQty, amountPaise: r.int(1, 50_00) },
      { minQty: minQty + r.int(1, 20), amountPaise: r.int(1, 90_00) },
    ],
    minItems: r.chance(0.3) ? r.int(1, 10) : 0,
    maxDiscountPaise: r.chance(0.3) ? r.int(1, 500_00) : null,
    categories: r.chance(0.5) ? [r.pick(["Seeds", "Fertilisers", "Tools"])] : [],
  });
}

describe("allocate", () => {
  it("shares a total in proportion, to the paisa, the largest remainders getting the odd paise", () => {
    expect(allocate(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(allocate(10_00, [200_00, 300_00, 500_00])).toEqual([2_00, 3_00, 5_00]);
    expect(allocate(5, [0, 10])).toEqual([0, 5]);
    expect(allocate(0, [3, 4])).toEqual([0, 0]);
  });
});

describe("applyPromotions", () => {
  it("takes 10 % off seeds only, allocated to the seed lines in proportion", () => {
    const lines = [
      line({ pricePaise: 300_00, qty: 2 }),
      line({ product: 2, variant: 20, category: "Tools", pricePaise: 500_00 }),
      line({ product: 3, variant: 30, pricePaise: 100_00 }),
    ];
    const outcome = applyPromotions(lines, [promotion({ target: "lines", categories: ["Seeds"] })], null, CONTEXT);
    expect(outcome.discountPaise).toBe(70_00);
    expect(outcome.lineDiscounts).toEqual([60_00, 0, 10_00]);
  });

  it("gives ₹5 off each bag from 10 bags, and hints at the tier before it is reached", () => {
    const tiered = promotion({
      kind: "unit_off",
      tiers: [
        { minQty: 10, amountPaise: 5_00 },
        { minQty: 50, amountPaise: 8_00 },
      ],
      categories: ["Fertilisers"],
    });
    const eight = applyPromotions([line({ category: "Fertilisers", pricePaise: 266_50, qty: 8 })], [tiered], null, CONTEXT);
    expect(eight.discountPaise).toBe(0);
    expect(eight.hints).toMatchObject([{ moreItems: 2, tier: { minQty: 10, amountPaise: 5_00 } }]);
    const twelve = applyPromotions([line({ category: "Fertilisers", pricePaise: 266_50, qty: 12 })], [tiered], null, CONTEXT);
    expect(twelve.discountPaise).toBe(60_00);
    expect(twelve.hints).toMatchObject([{ moreItems: 38, tier: { minQty: 50, amountPaise: 8_00 } }]);
  });

  it("caps a discount and makes shipping free", () => {
    const outcome = applyPromotions(
      [line({ pricePaise: 1_000_00 })],
      [promotion({ percent: 50, maxDiscountPaise: 100_00 }), promotion({ id: 2, kind: "free_shipping", minAmountPaise: 999_00 })],
      null,
      CONTEXT,
    );
    expect(outcome.discountPaise).toBe(100_00);
    expect(outcome.freeShipping).toBe(true);
  });

  it("says why a coupon does not apply", () => {
    const coupon = promotion({ code: "KHARIF10", startsAt: "2026-06-01T00:00:00+05:30", endsAt: "2026-06-15T00:00:00+05:30", minItems: 3 });
    const lines = [line({ qty: 2 })];
    const refusal = (context: Partial<PromotionContext>, code = "kharif10 ") =>
      applyPromotions(lines, [coupon], code, { ...CONTEXT, ...context }).couponRefusal?.kind;
    expect(refusal({}, "RABI")).toBe("unknown");
    expect(refusal({ now: new Date("2026-05-31T18:29:59.999Z") })).toBe("not_yet");
    expect(refusal({ now: new Date("2026-06-14T18:30:00.000Z") })).toBe("expired");
    expect(refusal({})).toBe("minimum");
    const used = { ...coupon, minItems: 0, usageLimit: 10 };
    expect(applyPromotions(lines, [used], "KHARIF10", { ...CONTEXT, uses: new Map([[1, 10]]) }).couponRefusal?.kind).toBe("used_up");
    const first = { ...coupon, minItems: 0, firstOrderOnly: true };
    expect(applyPromotions(lines, [first], "KHARIF10", { ...CONTEXT, ordersBefore: 1 }).couponRefusal?.kind).toBe("not_for_you");
    expect(applyPromotions(lines, [first], "KHARIF10", { ...CONTEXT, ordersBefore: null }).couponRefusal).toBeNull();
  });

  it("never takes a line below zero, however the promotions stack", () => {
    const outcome = applyPromotions(
      [line({ pricePaise: 10_00, qty: 1 }), line({ product: 2, variant: 20, pricePaise: 3, qty: 1 })],
      [
        promotion({ kind: "amount_off", amountPaise: 8_00 }),
        promotion({ id: 2, kind: "amount_off", amountPaise: 50_00 }),
        promotion({ id: 3, code: "ALL", percent: 100 }),
      ],
      "ALL",
      CONTEXT,
    );
    expect(outcome.lineDiscounts).toEqual([10_00, 3]);
  });
});

describe("promotions with priceOrder: the invoice's arithmetic, on random carts", () => {
  const modes: [string, PricingRules, Supply][] = [
    ["flat", DEFAULT_PRICING, "intra"],
    ["GST added, within the state", { ...DEFAULT_PRICING, taxMode: "gst" }, "intra"],
    ["GST added, to another state", { ...DEFAULT_PRICING, taxMode: "gst" }, "inter"],
    ["GST inside the prices, within the state", { ...DEFAULT_PRICING, taxMode: "gst", pricesIncludeTax: true }, "intra"],
    ["GST inside the prices, to another state", { ...DEFAULT_PRICING, taxMode: "gst", pricesIncludeTax: true }, "inter"],
  ];
  for (const [name, rules, supply] of modes) {
    it(`${name}: shares add up to the discount, no line below zero, lines and charges add up to the total`, () => {
      const r = random(name.length * 7919);
      for (let run = 0; run < 400; run++) {
        const lines = randomLines(r);
        const promotions = Array.from({ length: r.int(1, 3) }, (_, i) => randomPromotion(r, i + 1));
        const outcome = applyPromotions(lines, promotions, null, CONTEXT);
        for (const applied of outcome.applied) expect(applied.shares.reduce((a, b) => a + b, 0)).toBe(applied.discountPaise);
        expect(outcome.lineDiscounts.reduce((a, b) => a + b, 0)).toBe(outcome.discountPaise);
        outcome.lineDiscounts.forEach((discount, i) => {
          const { pricePaise, qty } = lines[i] as PromotionLine;
          expect(discount).toBeGreaterThanOrEqual(0);
          expect(discount).toBeLessThanOrEqual(pricePaise * qty);
        });
        const priced: PricedLine[] = lines.map((l, i) => ({
          pricePaise: l.pricePaise,
          qty: l.qty,
          gstRate: l.gstRate,
          discountPaise: outcome.lineDiscounts[i] as number,
        }));
        const price = priceOrder(priced, rules, {
          supply,
          shippingPaise: outcome.freeShipping ? 0 : 50_00,
          codFeePaise: r.chance(0.5) ? 40_00 : 0,
        });
        expect(price.discountPaise).toBe(outcome.discountPaise);
        // The invoice: each line's taxable value (after its discount) and tax, and the charges', add up to the total.
        const documented = [...price.lines, price.charges].reduce((sum, t) => sum + t.taxablePaise + t.taxPaise, 0);
        expect(documented).toBe(price.totalPaise);
        price.lines.forEach((taxed, i) => {
          const { pricePaise, qty, discountPaise = 0 } = priced[i] as PricedLine;
          expect(taxed.taxablePaise).toBeGreaterThanOrEqual(0);
          // Added on top: the taxable value is the price less the discount; inside: price less discount is taxable + tax.
          if (price.taxIncluded) expect(taxed.taxablePaise + taxed.taxPaise).toBe(pricePaise * qty - discountPaise);
          else expect(taxed.taxablePaise).toBe(pricePaise * qty - discountPaise);
          if (supply === "intra") expect(taxed.igstPaise).toBe(0);
          else expect(taxed.cgstPaise + taxed.sgstPaise).toBe(0);
        });
      }
    });
  }
});
