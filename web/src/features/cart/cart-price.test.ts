import { type ShippingRule, type ShippingTerms, shippingTerms } from "@krishi/contract";
import { describe, expect, it } from "vitest";
import { type ShopConfig, SPEC_SHOP } from "../../base/shop-config.ts";
import { cartShipment, gstSupply, isGstRate, priceCart, ratesUnknown, shortOfFreeShipping } from "./cart-price.ts";
import type { CartItem } from "./cart-slice.ts";

const line = (price: string, qty: number, gstRate?: number): CartItem => ({
  product: 1,
  name: "Neem oil",
  image: "",
  price,
  countInStock: 9,
  qty,
  ...(gstRate === undefined ? {} : { gstRate }),
});

/** GST mode, the seller in Maharashtra (27), Cash on Delivery at ₹40 up to ₹5,000. */
const GST_SHOP: ShopConfig = {
  pricing: { ...SPEC_SHOP.pricing, taxMode: "gst" },
  sellerStateCode: "27",
  cod: { enabled: true, feePaise: 40_00, maxOrderPaise: 5000_00 },
};

const nashik = { label: "Farm", address: "Gat No. 42", city: "Nashik", postalCode: "422001", country: "India", state: "Maharashtra" };
const indore = { ...nashik, city: "Indore", postalCode: "452001", state: "Madhya Pradesh" };

describe("priceCart", () => {
  it("prices the lines by the shop's rule: items, shipping, 8.2 % tax, total", () => {
    expect(priceCart([line("160.00", 5)], SPEC_SHOP)).toMatchObject({
      itemsPaise: 800_00,
      shippingPaise: 0,
      codFeePaise: 0,
      taxPaise: 65_60,
      totalPaise: 865_60,
    });
    expect(priceCart([line("60.00", 1)], SPEC_SHOP).shippingPaise).toBe(10_00);
  });

  it("keeps the flat tax whatever the lines' GST rates and the address's state", () => {
    const price = priceCart([line("160.00", 5, 18)], SPEC_SHOP, { shippingAddress: indore });
    expect(price).toMatchObject({ taxPaise: 65_60, totalPaise: 865_60, breakup: { cgstPaise: 0, sgstPaise: 0, igstPaise: 0 } });
  });

  it("charges CGST + SGST at each line's rate within the seller's state", () => {
    // ₹800 at 5 %: ₹20 + ₹20; ₹100 at 0 %; free shipping.
    const price = priceCart([line("160.00", 5, 5), { ...line("100.00", 1, 0), product: 2 }], GST_SHOP, { shippingAddress: nashik });
    expect(price).toMatchObject({
      itemsPaise: 900_00,
      taxPaise: 40_00,
      totalPaise: 940_00,
      breakup: { cgstPaise: 20_00, sgstPaise: 20_00 },
    });
  });

  it("charges IGST to another state", () => {
    const price = priceCart([line("160.00", 5, 5)], GST_SHOP, { shippingAddress: indore });
    expect(price.breakup).toEqual({ cgstPaise: 0, sgstPaise: 0, igstPaise: 40_00 });
    expect(gstSupply(GST_SHOP, indore)).toBe("inter");
  });

  it("adds the COD fee, taxed with shipping at the highest rate, only when COD is the method", () => {
    // ₹60 at 18 %: ₹10.80; shipping ₹10 + fee ₹40 at 18 %: ₹9.00.
    const cod = priceCart([line("60.00", 1, 18)], GST_SHOP, { shippingAddress: indore, paymentMethod: "COD" });
    expect(cod).toMatchObject({ shippingPaise: 10_00, codFeePaise: 40_00, taxPaise: 19_80, totalPaise: 129_80 });
    expect(priceCart([line("60.00", 1, 18)], GST_SHOP, { shippingAddress: indore, paymentMethod: "RazorPay" }).codFeePaise).toBe(0);
  });

  it("counts a line without a known rate at 0 % meanwhile, and says the rates are not known", () => {
    const old = [line("160.00", 5), { ...line("10.00", 1), product: 2, gstRate: "5" as unknown as number }];
    expect(priceCart(old, GST_SHOP).taxPaise).toBe(0);
    expect(ratesUnknown(old, GST_SHOP)).toBe(true);
    expect(ratesUnknown(old, SPEC_SHOP)).toBe(false);
    expect(ratesUnknown([line("160.00", 5, 12)], GST_SHOP)).toBe(false);
    expect([0, 5, 12, 18, 28].every(isGstRate)).toBe(true);
    expect([3, -5, null, "5"].some(isGstRate)).toBe(false);
  });

  it("takes the supply as within the state while the address or the seller's state is not known", () => {
    expect(gstSupply(GST_SHOP, null)).toBe("intra");
    expect(gstSupply(GST_SHOP, { ...indore, state: "" })).toBe("intra");
    expect(gstSupply({ ...GST_SHOP, sellerStateCode: null }, indore)).toBe("intra");
    expect(gstSupply(SPEC_SHOP, indore)).toBeNull();
  });
});

/** Everywhere: ₹40 up to 5 kg, free above ₹2,000; ₹150 from 5 kg, never free. PINs from 4220: ₹25 up to 5 kg. */
const RULES: ShippingRule[] = [
  { zone: "", minGrams: 0, maxGrams: 5_000, chargePaise: 40_00, freeAbovePaise: 2_000_00 },
  { zone: "", minGrams: 5_000, maxGrams: null, chargePaise: 150_00, freeAbovePaise: null },
  { zone: "4220", minGrams: 0, maxGrams: 5_000, chargePaise: 25_00, freeAbovePaise: null },
];

describe("priceCart with the shop's shipping rules", () => {
  const urea = (qty: number): CartItem => ({ ...line("266.50", qty), weightGrams: 45_000 });

  it("charges a 45 kg bag of urea its slab, though the items cost more than ₹100", () => {
    expect(priceCart([urea(1)], SPEC_SHOP, { shippingRules: RULES }).shippingPaise).toBe(150_00);
    expect(priceCart([urea(1)], SPEC_SHOP).shippingPaise).toBe(0);
  });

  it("weighs the lines by pack weight × qty (a line without a weight weighs nothing) and prices the address's zone", () => {
    const light = { ...line("100.00", 2), weightGrams: 1_000 };
    expect(cartShipment([light, line("50.00", 3)], { shippingAddress: nashik })).toEqual({
      weightGrams: 2_000,
      pin: "422001",
      itemsPaise: 350_00,
    });
    expect(priceCart([light], SPEC_SHOP, { shippingRules: RULES, shippingAddress: nashik }).shippingPaise).toBe(25_00);
    // Without an address, the rules for everywhere.
    expect(priceCart([light], SPEC_SHOP, { shippingRules: RULES }).shippingPaise).toBe(40_00);
    expect(priceCart([light], SPEC_SHOP, { shippingRules: RULES, shippingAddress: indore }).shippingPaise).toBe(40_00);
  });

  it("without rules charges the spec's rule", () => {
    expect(priceCart([line("60.00", 1)], SPEC_SHOP, { shippingRules: [] }).shippingPaise).toBe(10_00);
  });
});

const SPEC_TERMS: ShippingTerms = { chargePaise: 10_00, freeAbovePaise: 100_00 };

describe("shortOfFreeShipping", () => {
  it("says how much more ships free: one paisa past the threshold", () => {
    expect(shortOfFreeShipping(60_00, SPEC_TERMS)).toBe(40_01);
    expect(shortOfFreeShipping(100_00, SPEC_TERMS)).toBe(1);
    const everywhere = shippingTerms(RULES, { weightGrams: 1_000, pin: null, itemsPaise: 500_00 }, SPEC_SHOP.pricing);
    expect(shortOfFreeShipping(500_00, everywhere)).toBe(1_500_01);
  });

  it("says nothing once shipping is free, for an empty cart, when shipping costs nothing anyway or is never free", () => {
    expect(shortOfFreeShipping(100_01, SPEC_TERMS)).toBeNull();
    expect(shortOfFreeShipping(0, SPEC_TERMS)).toBeNull();
    expect(shortOfFreeShipping(50_00, { ...SPEC_TERMS, chargePaise: 0 })).toBeNull();
    expect(shortOfFreeShipping(50_00, { chargePaise: 150_00, freeAbovePaise: null })).toBeNull();
  });
});
