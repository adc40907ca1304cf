import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderApp } from "../../testing/render-app.tsx";
import { CartScreen } from "./cart-screen.tsx";
import { type CartItem, emptyCart } from "./cart-slice.ts";

const seeds: CartItem = {
  product: 7,
  name: "Hybrid paddy seeds 10 kg",
  image: "images/paddy.webp",
  price: "1249.50",
  countInStock: 5,
  qty: 2,
};

function renderCart(...cartItems: CartItem[]) {
  return renderApp(<CartScreen />, {
    url: "/cart",
    path: "/cart/:id?",
    preloadedState: { cart: { ...emptyCart, cartItems } },
  });
}

describe("CartScreen", () => {
  it("says the cart is empty and cannot proceed to checkout", async () => {
    renderCart();
    expect(await screen.findByText(/Your cart is empty/)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Go Back" })).toHaveAttribute("href", "/");
    expect(screen.getByRole("button", { name: "Proceed To Checkout" })).toBeDisabled();
  });

  it("shows each line with its rupee price and the subtotal", async () => {
    renderCart(seeds);
    const link = await screen.findByRole("link", { name: seeds.name });
    expect(link).toHaveAttribute("href", "/product/7");
    expect(screen.getByText("₹1,249.50")).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Subtotal (2) items" })).toBeInTheDocument();
    expect(screen.getByText("₹2,499.00")).toBeInTheDocument();
    expect(screen.getByRole("img", { name: seeds.name })).toHaveAttribute("src", "/media/paddy.webp");
    expect(screen.getByRole("button", { name: "Proceed To Checkout" })).toBeEnabled();
  });

  it("changes a line's quantity and removes a line", async () => {
    const { user, store } = renderCart(seeds);
    const select = await screen.findByRole("combobox", { name: `Quantity for ${seeds.name}` });
    expect(within(select).getAllByRole("option")).toHaveLength(5);
    await user.selectOptions(select, "4");
    expect(store.getState().cart.cartItems[0]?.qty).toBe(4);
    expect(screen.getByRole("heading", { name: "Subtotal (4) items" })).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: `Remove ${seeds.name}` }));
    expect(store.getState().cart.cartItems).toEqual([]);
    expect(screen.getByText(/Your cart is empty/)).toBeInTheDocument();
  });

  it("goes to sign-in with the shipping redirect", async () => {
    const { user, location } = renderCart(seeds);
    await user.click(await screen.findByRole("button", { name: "Proceed To Checkout" }));
    expect(location().pathname).toBe("/login");
    expect(location().search).toBe("?redirect=shipping");
  });
});
