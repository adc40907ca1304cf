import { fireEvent, screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { catalogApi } from "../../base/catalog-api.ts";
import { anErrorBody, aStaffUser, signedIn } from "../../testing/factories.ts";
import { type FakeAnswer, type FakeCall, fakeApi } from "../../testing/fake-api.ts";
import { aStaffPromotion } from "../../testing/promotion-fixtures.ts";
import { renderApp } from "../../testing/render-app.tsx";
import { DashboardScreen } from "./dashboard-screen.tsx";
import { PromotionsScreen } from "./promotions-screen.tsx";

const kharif = aStaffPromotion({
  id: 5,
  code: "KHARIF25",
  description: "₹25 off from ₹500",
  kind: "amount_off",
  percent: 0,
  amount: "25.00",
  minAmount: "500.00",
  usageLimit: 100,
  uses: 12,
  discountGiven: "300.00",
  startsAt: "2026-11-01T00:00:00.000Z",
  endsAt: "2026-12-31T18:30:00.000Z",
});
const dapTiers = aStaffPromotion({
  id: 2,
  description: "DAP: ₹5 off a bag from 10 bags",
  kind: "unit_off",
  target: "lines",
  percent: 0,
  categories: ["Fertilisers"],
  tiers: [
    { minQty: 10, amount: "5.00" },
    { minQty: 20, amount: "8.00" },
  ],
});

function renderScreen(answer: (call: FakeCall) => FakeAnswer) {
  const calls = fakeApi(answer);
  const rendered = renderApp(<PromotionsScreen />, {
    url: "/admin/promotions",
    path: "/admin/promotions",
    preloadedState: { auth: signedIn(aStaffUser()) },
    seed: (store) => {
      store.dispatch(
        catalogApi.util.upsertQueryEntries([
          {
            endpointName: "getCategories",
            arg: undefined,
            value: [
              { id: 1, name: "Seeds", nameHi: "बीज" },
              { id: 2, name: "Fertilisers", nameHi: "खाद" },
            ],
          },
        ]),
      );
    },
  });
  return { ...rendered, calls };
}

const listed = (call: FakeCall): FakeAnswer => ({ body: call.method === "GET" ? [kharif, dapTiers] : kharif });

describe("the staff's offers and coupons", () => {
  it("lists each with its code, words, terms, uses against the limit, dates and the discount given", async () => {
    renderScreen(listed);
    const list = await screen.findByRole("list", { name: "Offers and coupons" });
    const [first, second] = within(list).getAllByRole("listitem") as [HTMLElement, HTMLElement];
    expect(first).toHaveTextContent("KHARIF25₹25 off from ₹500");
    expect(first).toHaveTextContent("₹25.00 off");
    expect(first).toHaveTextContent("Uses12 of 100");
    expect(first).toHaveTextContent("Discount given₹300.00");
    expect(first).toHaveTextContent(/Runs1 Nov 2026, 5:30 am to 1 Jan 2027, 12:00 am/i);
    expect(second).toHaveTextContent("Offer (no code)DAP: ₹5 off a bag from 10 bags");
    expect(second).toHaveTextContent("₹5.00 off each from 10; ₹8.00 off each from 20");
    expect(second).toHaveTextContent("Uses0");
    expect(within(first).getByRole("button", { name: "Edit KHARIF25" })).toBeInTheDocument();
  });

  it("adds a coupon with quantity tiers on a category, its dates sent as India's time", async () => {
    const { calls, user } = renderScreen(listed);
    const form = await screen.findByRole("form", { name: "Add an offer or coupon" });
    await user.type(within(form).getByLabelText("Coupon code"), "dap-bulk");
    await user.type(within(form).getByLabelText("Description"), "Bulk DAP");
    await user.selectOptions(within(form).getByLabelText("What it gives"), "unit_off");
    await user.type(within(form).getByLabelText("From this many units"), "10");
    await user.type(within(form).getByLabelText("Off each unit (₹)"), "5");
    await user.click(within(form).getByRole("button", { name: "Add a tier" }));
    const quantities = within(form).getAllByLabelText("From this many units");
    await user.type(quantities[1] as HTMLElement, "20");
    await user.type(within(form).getAllByLabelText("Off each unit (₹)")[1] as HTMLElement, "8.50");
    await user.click(within(form).getByLabelText("Fertilisers"));
    fireEvent.change(within(form).getByLabelText("Ends (India time)"), { target: { value: "2026-12-31T23:59" } });
    await user.type(within(form).getByLabelText("Uses per customer"), "1");
    await user.click(within(form).getByRole("button", { name: "Add offer" }));
    expect(await within(form).findByText("Offer saved.")).toBeInTheDocument();
    expect(calls.find((call) => call.method === "POST")).toMatchObject({
      path: "/api/staff/promotions/",
      body: {
        code: "DAP-BULK",
        description: "Bulk DAP",
        kind: "unit_off",
        tiers: [
          { minQty: 10, amount: "5" },
          { minQty: 20, amount: "8.50" },
        ],
        categories: ["Fertilisers"],
        products: [],
        startsAt: null,
        endsAt: "2026-12-31T23:59:00+05:30",
        perCustomerLimit: 1,
        usageLimit: null,
        maxDiscount: null,
        firstOrderOnly: false,
      },
    });
    expect(within(form).getByLabelText("Coupon code")).toHaveValue("");
  });

  it("shows the server's refusals under their fields: a code taken, tiers out of order", async () => {
    const refusal = anErrorBody("promotion_invalid", "code: Another offer already has this code.", {
      code: [{ code: "coupon_code_taken", message: "Another offer already has this code." }],
      tiers: [{ code: "promotion_tiers_order", message: "Each tier must start at a larger quantity than the one before." }],
    });
    const { user } = renderScreen((call) => (call.method === "POST" ? { status: 400, body: refusal } : { body: [] }));
    const form = await screen.findByRole("form", { name: "Add an offer or coupon" });
    await user.type(within(form).getByLabelText("Coupon code"), "KHARIF25");
    await user.type(within(form).getByLabelText("Description"), "Again");
    await user.selectOptions(within(form).getByLabelText("What it gives"), "unit_off");
    await user.click(within(form).getByRole("button", { name: "Add offer" }));
    await vi.waitFor(() => expect(within(form).getByLabelText("Coupon code")).toHaveAttribute("aria-invalid", "true"));
    expect(within(form).getByText("Another offer already has this code.")).toBeInTheDocument();
    expect(within(form).getByText("Each tier must start at a larger quantity than the one before.")).toBeInTheDocument();
  });

  it("refuses product ids that are not numbers before asking the server", async () => {
    const { calls, user } = renderScreen(() => ({ body: [] }));
    const form = await screen.findByRole("form", { name: "Add an offer or coupon" });
    await user.type(within(form).getByLabelText("Description"), "Neem");
    await user.type(within(form).getByLabelText("Percentage off"), "10");
    await user.type(within(form).getByLabelText("Product ids"), "12, neem");
    await user.click(within(form).getByRole("button", { name: "Add offer" }));
    expect(await within(form).findByText("Please enter numbers separated by commas.")).toBeInTheDocument();
    expect(calls.filter((call) => call.method === "POST")).toEqual([]);
  });

  it("edits a promotion from its terms, and deletes one once confirmed", async () => {
    vi.spyOn(window, "confirm").mockReturnValue(true);
    const { calls, user } = renderScreen(listed);
    await user.click(await screen.findByRole("button", { name: "Edit KHARIF25" }));
    const form = await screen.findByRole("form", { name: "Change KHARIF25" });
    expect(within(form).getByLabelText("Amount off (₹)")).toHaveValue("25");
    expect(within(form).getByLabelText("Minimum spend (₹)")).toHaveValue("500");
    expect(within(form).getByLabelText("Starts (India time)")).toHaveValue("2026-11-01T05:30");
    expect(within(form).getByLabelText("Uses in all")).toHaveValue("100");
    await user.clear(within(form).getByLabelText("Amount off (₹)"));
    await user.type(within(form).getByLabelText("Amount off (₹)"), "30");
    await user.click(within(form).getByRole("button", { name: "Save offer" }));
    await screen.findByRole("form", { name: "Add an offer or coupon" });
    expect(calls.find((call) => call.method === "PUT")).toMatchObject({
      path: "/api/staff/promotions/5/",
      body: {
        code: "KHARIF25",
        kind: "amount_off",
        target: "order",
        amount: "30",
        minAmount: "500",
        usageLimit: 100,
        startsAt: "2026-11-01T05:30:00+05:30",
      },
    });

    await user.click(screen.getByRole("button", { name: "Delete KHARIF25" }));
    await vi.waitFor(() => expect(calls.some((call) => call.method === "DELETE" && call.path === "/api/staff/promotions/5/")).toBe(true));
  });
});

describe("the dashboard's discounts given", () => {
  it("lists the discounts by code when opened, and leads to the offers and coupons", async () => {
    const calls = fakeApi((call) =>
      call.path === "/api/staff/promotions/report/"
        ? {
            body: [
              { code: "KHARIF25", description: "₹25 off from ₹500", orders: 12, amount: "300.00" },
              { code: null, description: "DAP: ₹5 off a bag", orders: 1, amount: "60.00" },
            ],
          }
        : { status: 403, body: anErrorBody("permission_denied", "No.") },
    );
    const { user } = renderApp(<DashboardScreen />, { url: "/admin", path: "/admin", preloadedState: { auth: signedIn(aStaffUser()) } });
    expect(await screen.findByRole("link", { name: "Offers and coupons" })).toHaveAttribute("href", "/admin/promotions");
    expect(calls.some((call) => call.path === "/api/staff/promotions/report/")).toBe(false);
    await user.click(screen.getByRole("button", { name: "Show discounts given" }));
    const report = await screen.findByRole("list", { name: "Discounts given" });
    expect(
      within(report)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual(["KHARIF25₹300.00 on 12 orders", "DAP: ₹5 off a bag₹60.00 on 1 order"]);
  });
});
