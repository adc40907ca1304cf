import { DEFAULT_PRICING } from "@krishi/contract";
import { describe, expect, it } from "vitest";
import { type ShopConfig, SPEC_SHOP } from "../../lib/shop-config.ts";
import { gstSupply, isGstRate, priceCart, ratesUnknown, shortOfFreeShipping } from "./cart-price.ts";
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

describe("shortOfFreeShipping", () => {
  it("says how much more ships free: one paisa past the threshold", () => {
    expect(shortOfFreeShipping(60_00, DEFAULT_PRICING)).toBe(40_01);
    expect(shortOfFreeShipping(100_00, DEFAULT_PRICING)).toBe(1);
  });

  it("says nothing once shipping is free, for an empty cart, or when shipping costs nothing anyway", () => {
    expect(shortOfFreeShipping(100_01, DEFAULT_PRICING)).toBeNull();
    expect(shortOfFreeShipping(0, DEFAULT_PRICING)).toBeNull();
    expect(shortOfFreeShipping(50_00, { ...DEFAULT_PRICING, shippingPaise: 0 })).toBeNull();
  });
});
