import { describe, expect, it } from "vitest";
import { type ShopConfig, SPEC_SHOP } from "../../base/shop-config.ts";
import { priceAmounts, priceCart } from "./cart-price.ts";
import type { CartItem } from "./cart-slice.ts";

const line = (price: string, qty: number, gstRate: number): CartItem => ({
  product: 1,
  name: "Urea 45 kg",
  image: "",
  price,
  countInStock: 9,
  qty,
  gstRate,
});

/** GST mode, the seller in Maharashtra (27). */
const GST_SHOP: ShopConfig = {
  pricing: { ...SPEC_SHOP.pricing, taxMode: "gst" },
  sellerStateCode: "27",
  cod: { enabled: true, feePaise: 40_00, maxOrderPaise: 5000_00 },
};

const nashik = { label: "Farm", address: "Gat No. 42", city: "Nashik", postalCode: "422001", country: "India", state: "Maharashtra" };

describe("priceCart with prices that include GST", () => {
  const inside: ShopConfig = { ...GST_SHOP, pricing: { ...GST_SHOP.pricing, pricesIncludeTax: true } };

  it("totals urea's ₹266.50 at ₹266.50, the GST found inside it, as the server charges it", () => {
    const price = priceCart([line("266.50", 1, 5)], inside, { shippingAddress: nashik });
    expect(price).toMatchObject({ itemsPaise: 266_50, taxPaise: 12_69, totalPaise: 266_50, taxIncluded: true });
    expect(priceAmounts(price, "intra")).toEqual({
      items: "₹266.50",
      shipping: "₹0.00",
      codFee: undefined,
      tax: "₹12.69",
      gst: { cgst: "₹6.34", sgst: "₹6.35" },
      taxIncluded: true,
      total: "₹266.50",
    });
  });

  it("adds GST on top with PRICES_INCLUDE_TAX=false, and in flat mode, as before", () => {
    expect(priceCart([line("266.50", 1, 5)], GST_SHOP, { shippingAddress: nashik })).toMatchObject({
      totalPaise: 279_82,
      taxIncluded: false,
    });
    const flat = priceCart([line("160.00", 5, 18)], { ...SPEC_SHOP, pricing: { ...SPEC_SHOP.pricing, pricesIncludeTax: true } });
    expect(flat).toMatchObject({ taxPaise: 65_60, totalPaise: 865_60, taxIncluded: false });
    expect(priceAmounts(flat, null).taxIncluded).toBe(false);
  });
});
