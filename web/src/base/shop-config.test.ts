import { DEFAULT_PRICING } from "@krishi/contract";
import { describe, expect, it } from "vitest";
import { anErrorBody } from "../testing/factories.ts";
import { DEFAULT_CONFIG } from "./config-api.ts";
import { formatRupeesShort, isUnknownPin, pinOf, SPEC_SHOP, sellsInIndia, shopConfigOf } from "./shop-config.ts";

describe("the shop's settings for checkout", () => {
  it("are the spec's shop by default: flat 8.2 % tax, no Cash on Delivery, no PIN code lookups", () => {
    expect(shopConfigOf(DEFAULT_CONFIG)).toEqual(SPEC_SHOP);
    expect(SPEC_SHOP.pricing).toEqual({ ...DEFAULT_PRICING, taxMode: "flat" });
    expect(sellsInIndia(SPEC_SHOP)).toBe(false);
  });

  it("read a server that predates the India settings as the spec's shop", () => {
    const old = { pricing: { freeShippingAbovePaise: 500_00, shippingPaise: 40_00, taxBasisPoints: 500 } } as never;
    expect(shopConfigOf(old)).toEqual({
      ...SPEC_SHOP,
      pricing: { freeShippingAbovePaise: 500_00, shippingPaise: 40_00, taxBasisPoints: 500, taxMode: "flat" },
    });
  });

  it("sell in India with GST invoices or with Cash on Delivery", () => {
    expect(sellsInIndia({ ...SPEC_SHOP, pricing: { ...SPEC_SHOP.pricing, taxMode: "gst" } })).toBe(true);
    expect(sellsInIndia({ ...SPEC_SHOP, cod: { enabled: true, feePaise: 40_00, maxOrderPaise: 5000_00 } })).toBe(true);
  });
});

describe("formatRupeesShort", () => {
  it("says whole rupees without paise, and paise when there are some", () => {
    expect(formatRupeesShort(40_00)).toBe("₹40");
    expect(formatRupeesShort(5000_00)).toBe("₹5,000");
    expect(formatRupeesShort(1_00_000_00)).toBe("₹1,00,000");
    expect(formatRupeesShort(40_50)).toBe("₹40.50");
  });
});

describe("PIN codes", () => {
  it.each([
    ["422001", "422001"],
    [" 422 001 ", "422001"],
    ["022001", null],
    ["42200", null],
    ["4220011", null],
    ["42a001", null],
  ])("reads %j as %j", (text, pin) => {
    expect(pinOf(text)).toBe(pin);
  });

  it("knows the server's 404 for a PIN code it does not know", () => {
    expect(isUnknownPin({ status: 404, data: anErrorBody("pin_not_found", "PIN code 999999 was not found.", {}, { pin: "999999" }) })).toBe(
      true,
    );
    expect(isUnknownPin({ status: 500 })).toBe(false);
    expect(isUnknownPin(undefined)).toBe(false);
  });
});
