import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { OrderSummary } from "../../components/order-summary.tsx";
import { setLanguage } from "../../i18n/index.ts";
import { anOrder } from "../../testing/factories.ts";
import { renderApp } from "../../testing/render-app.tsx";
import { orderAmounts } from "./order-screen.tsx";
import { OrdersTable } from "./orders-table.tsx";

/** An order placed with a coupon and a free-delivery offer: ₹2,499 less ₹25, delivery waived. */
const discounted = anOrder({
  _id: 41,
  itemsPrice: "2499.00",
  discountPrice: "25.00",
  discounts: [
    { code: "KHARIF25", description: "₹25 off from ₹500", descriptionHi: "₹500 से ऊपर ₹25 की छूट", amount: "25.00", freeShipping: false },
    { code: null, description: "Free delivery this week", descriptionHi: "", amount: "40.00", freeShipping: true },
  ],
  shippingPrice: "0.00",
  taxPrice: "202.87",
  totalPrice: "2676.87",
});

/** The summary's rows as shown: [label, amount]. */
function rows(): [string, string][] {
  return screen.getAllByRole("rowheader").map((th) => [th.textContent ?? "", th.nextElementSibling?.textContent ?? ""] as [string, string]);
}

afterEach(() => setLanguage("en"));

describe("an order's discounts", () => {
  it("are Discount rows of its summary, under Items, in their descriptions", () => {
    renderApp(<OrderSummary amounts={orderAmounts(discounted)} />);
    expect(rows()).toEqual([
      ["Items", "₹2,499.00"],
      ["Discount₹25 off from ₹500", "− ₹25.00"],
      ["DiscountFree delivery this week", "Free delivery"],
      ["Shipping", "₹0.00"],
      ["Tax", "₹202.87"],
      ["Total", "₹2,676.87"],
    ]);
  });

  it("are said in Hindi where the promotion has Hindi words", async () => {
    await setLanguage("hi");
    renderApp(<OrderSummary amounts={orderAmounts(discounted)} />);
    expect(screen.getAllByRole("rowheader", { name: /छूट/ }).map((row) => row.textContent)).toEqual([
      "छूट₹500 से ऊपर ₹25 की छूट",
      "छूटFree delivery this week",
    ]);
  });

  it("add no row to an order without any", () => {
    renderApp(<OrderSummary amounts={orderAmounts(anOrder())} />);
    expect(rows().map(([label]) => label)).toEqual(["Items", "Shipping", "Tax", "Total"]);
  });

  it("show under the total in My Orders", async () => {
    renderApp(<OrdersTable orders={[discounted, anOrder({ _id: 42 })]} />);
    const [first, second] = (await screen.findAllByRole("row")).slice(1);
    expect(
      within(first as HTMLElement)
        .getByText("₹2,676.87")
        .closest("td"),
    ).toHaveTextContent("₹2,676.87Discount − ₹25.00");
    expect(within(second as HTMLElement).queryByText(/Discount/)).toBeNull();
  });
});
