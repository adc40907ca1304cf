import type { BuyAgainAnswer } from "@krishi/contract";
import { screen } from "@testing-library/react";
import { useEffect } from "react";
import { useNavigate } from "react-router";
import { describe, expect, it } from "vitest";
import { setLanguage } from "../../i18n/index.ts";
import { aCart } from "../../testing/factories.ts";
import { renderApp } from "../../testing/render-app.tsx";
import { BuyAgainNotice } from "./buy-again-notice.tsx";
import { buyAgainState } from "./buy-again-state.ts";
import { CartScreen } from "./cart-screen.tsx";
import { emptyCart } from "./cart-slice.ts";

const urea = { product: 7, name: "Urea", nameHi: "यूरिया" };

/** Buy again's answer: urea's 45 kg bag went in, its 10 kg bag short of stock, the 50 kg bag at the line limit, neem oil and seeds left out. */
function anAnswer(overrides: Partial<BuyAgainAnswer> = {}): BuyAgainAnswer {
  return {
    cart: aCart([{ product: 7, variant: 70, variantLabel: "45 kg", name: "Urea", qty: 2 }]),
    added: [
      { ...urea, variant: 70, variantLabel: "45 kg", ordered: 2, qty: 2 },
      { ...urea, variant: 71, variantLabel: "10 kg", ordered: 5, qty: 3 },
    ],
    reduced: [
      { ...urea, variant: 71, variantLabel: "10 kg", ordered: 5, qty: 3, reason: "short_stock" },
      { ...urea, variant: 72, variantLabel: "50 kg", ordered: 60, qty: 40, reason: "line_limit" },
    ],
    leftOut: [
      { product: null, variant: null, name: "Neem oil", nameHi: "नीम तेल", variantLabel: "1 l", ordered: 1, reason: "not_sold" },
      { product: 9, variant: 90, name: "Okra seeds", nameHi: "", variantLabel: "250 g", ordered: 2, reason: "out_of_stock" },
      { product: 11, variant: 110, name: "Sprayer", nameHi: "स्प्रेयर", variantLabel: "1 piece", ordered: 1, reason: "cart_full" },
    ],
    ...overrides,
  };
}

/** Goes to /cart with Buy again's state, as My Orders' button does. */
function ArriveFromBuyAgain({ answer }: { answer: BuyAgainAnswer }) {
  const navigate = useNavigate();
  useEffect(() => {
    void navigate("/cart", { state: buyAgainState(43, answer) });
  }, [answer, navigate]);
  return null;
}

function renderNotice(answer: BuyAgainAnswer) {
  return renderApp(
    <>
      <ArriveFromBuyAgain answer={answer} />
      <BuyAgainNotice />
    </>,
  );
}

describe("the cart's notice after Buy again", () => {
  it("names each line left out or put in with fewer units, and why", async () => {
    renderNotice(anAnswer());
    expect(await screen.findByRole("status")).toHaveTextContent("The items of order 43 are in your cart, but not all as ordered:");
    expect(screen.getAllByRole("listitem").map((item) => item.textContent)).toEqual([
      "Neem oil · 1 l: no longer sold",
      "Okra seeds · 250 g: out of stock",
      "Sprayer · 1 piece: your cart is full",
      "Urea · 10 kg: 3 of 5 added, all there is in stock",
      "Urea · 50 kg: 40 of 60 added, the most one line holds",
    ]);
  });

  it("says so when every line went in as ordered", async () => {
    renderNotice(anAnswer({ reduced: [], leftOut: [] }));
    expect(await screen.findByRole("status")).toHaveTextContent("The items of order 43 are in your cart.");
    expect(screen.queryByRole("listitem")).toBeNull();
  });

  it("says so when none went in", async () => {
    renderNotice(anAnswer({ added: [], reduced: [] }));
    expect(await screen.findByRole("status")).toHaveTextContent("None of the items of order 43 could go in your cart:");
    expect(screen.getAllByRole("listitem")).toHaveLength(3);
  });

  it("speaks Hindi, with the products' Hindi names", async () => {
    await setLanguage("hi");
    renderNotice(anAnswer());
    expect(await screen.findByRole("status")).toHaveTextContent("ऑर्डर 43 का सामान आपकी कार्ट में है, पर सब वैसा नहीं जैसा ऑर्डर किया था:");
    expect(screen.getAllByRole("listitem").map((item) => item.textContent)).toEqual([
      "नीम तेल · 1 लीटर: अब नहीं बिकता",
      "Okra seeds · 250 ग्राम: स्टॉक में नहीं है",
      "स्प्रेयर · 1 नग: आपकी कार्ट भर गई है",
      "यूरिया · 10 किलो: 5 में से 3 डाले गए, स्टॉक में इतने ही हैं",
      "यूरिया · 50 किलो: 60 में से 40 डाले गए, एक पंक्ति में इससे ज़्यादा नहीं आते",
    ]);
  });

  it("is not on the cart screen without Buy again", async () => {
    renderApp(<CartScreen />, { url: "/cart", preloadedState: { cart: emptyCart } });
    expect(await screen.findByText("Your cart is empty")).toBeInTheDocument();
    expect(screen.queryByText(/order 43/)).toBeNull();
  });

  it("is on the cart screen after Buy again", async () => {
    renderApp(
      <>
        <ArriveFromBuyAgain answer={anAnswer({ reduced: [], leftOut: [] })} />
        <CartScreen />
      </>,
      { preloadedState: { cart: emptyCart } },
    );
    expect(await screen.findByText("The items of order 43 are in your cart.")).toBeInTheDocument();
  });
});
