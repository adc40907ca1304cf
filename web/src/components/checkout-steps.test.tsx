import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderApp } from "../testing/render-app.tsx";
import { CheckoutSteps } from "./checkout-steps.tsx";

/** A shop that takes Cash on Delivery too: the shopper chooses how to pay. */
const WITH_COD = { config: { cod: { enabled: true, feePaise: 40_00, maxOrderPaise: 5000_00 } } };

describe("CheckoutSteps", () => {
  it("links the steps up to the current one and marks it", () => {
    renderApp(<CheckoutSteps current="Payment" />);
    const steps = screen.getByRole("navigation", { name: "Checkout steps" });
    expect(within(steps).getByRole("link", { name: "Login" })).toHaveAttribute("href", "/login");
    expect(within(steps).getByRole("link", { name: "Shipping" })).toHaveAttribute("href", "/shipping");
    const current = within(steps).getByRole("link", { name: "Payment" });
    expect(current).toHaveAttribute("href", "/payment");
    expect(current).toHaveAttribute("aria-current", "step");
    expect(within(steps).getByRole("link", { name: "Shipping" })).not.toHaveAttribute("aria-current");
  });

  it("does not link the steps beyond the current one", () => {
    renderApp(<CheckoutSteps current="Shipping" />, WITH_COD);
    expect(screen.queryByRole("link", { name: "Payment" })).toBeNull();
    expect(screen.queryByRole("link", { name: "Place Order" })).toBeNull();
    expect(screen.getByText("Payment")).toHaveAttribute("aria-disabled", "true");
    expect(screen.getByText("Place Order")).toHaveAttribute("aria-disabled", "true");
  });

  it("links all four at the last step when the shopper chooses how to pay", () => {
    renderApp(<CheckoutSteps current="Place Order" />, WITH_COD);
    expect(screen.getAllByRole("link").map((link) => link.getAttribute("href"))).toEqual([
      "/login",
      "/shipping",
      "/payment",
      "/placeorder",
    ]);
  });

  it("leaves out the Payment step of a shop with one payment method (Razorpay), which skips it", () => {
    renderApp(<CheckoutSteps current="Place Order" />);
    const steps = within(screen.getByRole("navigation", { name: "Checkout steps" })).getAllByRole("listitem");
    expect(steps.map((step) => step.textContent)).toEqual(["1Login", "2Shipping", "3Place Order"]);
    expect(screen.getAllByRole("link").map((link) => link.getAttribute("href"))).toEqual(["/login", "/shipping", "/placeorder"]);
  });
});
