import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderApp } from "../testing/render-app.tsx";
import { CheckoutSteps } from "./checkout-steps.tsx";

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
    renderApp(<CheckoutSteps current="Shipping" />);
    expect(screen.queryByRole("link", { name: "Payment" })).toBeNull();
    expect(screen.queryByRole("link", { name: "Place Order" })).toBeNull();
    expect(screen.getByText("Place Order")).toHaveAttribute("aria-disabled", "true");
  });

  it("links all four at the last step", () => {
    renderApp(<CheckoutSteps current="Place Order" />);
    expect(screen.getAllByRole("link").map((link) => link.getAttribute("href"))).toEqual([
      "/login",
      "/shipping",
      "/payment",
      "/placeorder",
    ]);
  });
});
