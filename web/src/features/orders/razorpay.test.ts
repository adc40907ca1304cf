import { afterEach, describe, expect, it } from "vitest";
import { CHECKOUT_LOAD_FAILED, checkoutScriptUrl, loadRazorpay, type RazorpayConstructor } from "./razorpay.ts";

const FakeRazorpay = class {
  on() {}
  open() {}
} as unknown as RazorpayConstructor;

const scripts = () => [...document.querySelectorAll("script")];

afterEach(() => {
  delete window.Razorpay;
  for (const script of scripts()) script.remove();
});

describe("checkout script", () => {
  it("comes from our server in sandbox mode, else from Razorpay", () => {
    expect(checkoutScriptUrl({ paymentSandbox: true })).toBe("/sandbox/razorpay/checkout.js");
    expect(checkoutScriptUrl({ paymentSandbox: false })).toBe("https://checkout.razorpay.com/v1/checkout.js");
    expect(checkoutScriptUrl(undefined)).toBe("https://checkout.razorpay.com/v1/checkout.js");
  });

  it("is not loaded when window.Razorpay exists", async () => {
    window.Razorpay = FakeRazorpay;
    await expect(loadRazorpay("/sandbox/razorpay/checkout.js")).resolves.toBe(FakeRazorpay);
    expect(scripts()).toEqual([]);
  });

  it("is loaded once when absent, and gives window.Razorpay", async () => {
    const first = loadRazorpay("/sandbox/razorpay/checkout.js");
    const second = loadRazorpay("/sandbox/razorpay/checkout.js");
    expect(scripts()).toHaveLength(1);
    const [script] = scripts();
    expect(script).toHaveAttribute("src", "/sandbox/razorpay/checkout.js");
    window.Razorpay = FakeRazorpay;
    script?.dispatchEvent(new Event("load"));
    await expect(first).resolves.toBe(FakeRazorpay);
    await expect(second).resolves.toBe(FakeRazorpay);
  });

  it("fails with a message for the shopper when the script cannot load, and tries again next time", async () => {
    const loading = loadRazorpay("https://checkout.razorpay.com/v1/checkout.js");
    scripts()[0]?.dispatchEvent(new Event("error"));
    await expect(loading).rejects.toThrow(CHECKOUT_LOAD_FAILED);
    expect(scripts()).toEqual([]);

    const again = loadRazorpay("https://checkout.razorpay.com/v1/checkout.js");
    expect(scripts()).toHaveLength(1);
    scripts()[0]?.dispatchEvent(new Event("error"));
    await expect(again).rejects.toThrow("Could not load the payment window. Check your connection and try again.");
  });

  it("fails when the script loads but defines no Razorpay", async () => {
    const loading = loadRazorpay("/sandbox/razorpay/checkout.js");
    scripts()[0]?.dispatchEvent(new Event("load"));
    await expect(loading).rejects.toThrow(CHECKOUT_LOAD_FAILED);
  });
});
