import { screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { aUser, signedIn } from "../../testing/factories.ts";
import { renderApp } from "../../testing/render-app.tsx";
import { emptyCart } from "../cart/cart-slice.ts";
import { PaymentScreen } from "./payment-screen.tsx";

const address = { label: "Farm", address: "Gat No. 42", city: "Nashik", postalCode: "422001", country: "India" };

function renderPayment(shippingAddress: typeof address | null) {
  return renderApp(<PaymentScreen />, {
    url: "/payment",
    path: "/payment",
    preloadedState: { auth: signedIn(aUser()), cart: { ...emptyCart, shippingAddress } },
  });
}

describe("PaymentScreen", () => {
  it("goes back to /shipping without a shipping address", async () => {
    const { location } = renderPayment(null);
    await vi.waitFor(() => expect(location().pathname).toBe("/shipping"));
  });

  it("offers RazorPay only, checked", () => {
    renderPayment(address);
    expect(screen.getByRole("heading", { level: 1, name: "Payment Method" })).toBeInTheDocument();
    expect(screen.getAllByRole("radio")).toHaveLength(1);
    expect(screen.getByRole("radio", { name: "RazorPay" })).toBeChecked();
    expect(screen.getByRole("radio", { name: "RazorPay" })).toHaveAccessibleDescription("UPI, cards, net banking and wallets");
    expect(screen.getByRole("link", { name: "Payment" })).toHaveAttribute("aria-current", "step");
  });

  it("keeps the method and goes on to /placeorder", async () => {
    const { user, store, location } = renderPayment(address);
    await user.click(screen.getByRole("button", { name: "Continue" }));
    expect(store.getState().cart.paymentMethod).toBe("RazorPay");
    expect(location().pathname).toBe("/placeorder");
  });
});
