import type { PromotionJson, StaffPromotion } from "@krishi/contract";

/** An offer as the server's cart sends it: 10 % off every line, from now on, for everyone, unless told. */
export function aPromotionJson(overrides: Partial<PromotionJson> = {}): PromotionJson {
  return {
    id: 1,
    code: null,
    description: "10% off everything",
    descriptionHi: "",
    kind: "percent_off",
    target: "order",
    percent: 10,
    amount: "0.00",
    tiers: [],
    minItems: 0,
    minAmount: "0.00",
    maxDiscount: null,
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

/** A promotion as staff list it: with its uses and the discount its orders carry. */
export function aStaffPromotion(overrides: Partial<StaffPromotion> = {}): StaffPromotion {
  return {
    ...aPromotionJson(),
    uses: 0,
    discountGiven: "0.00",
    createdAt: "2026-11-20T10:00:00.000Z",
    updatedAt: "2026-11-20T10:00:00.000Z",
    ...overrides,
  };
}
