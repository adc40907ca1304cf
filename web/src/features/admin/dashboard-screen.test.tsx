import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { anErrorBody, aStaffSummary, aStaffUser, signedIn } from "../../testing/factories.ts";
import { fakeApi } from "../../testing/fake-api.ts";
import { renderApp } from "../../testing/render-app.tsx";
import { DashboardScreen } from "./dashboard-screen.tsx";

function renderDashboard() {
  return renderApp(<DashboardScreen />, { url: "/admin", path: "/admin", preloadedState: { auth: signedIn(aStaffUser()) } });
}

const summary = aStaffSummary({
  customers: 42,
  products: 17,
  ordersToDeliver: 23,
  toDeliver: [{ _id: 51, customer: "Asha Patil", totalPrice: "2703.92", paidAt: "2026-11-28T10:30:00.000Z" }],
  lowStock: [
    { _id: 9, name: "Urea", countInStock: 2, variant: { id: 90, label: "45 kg" } },
    { _id: 9, name: "Urea", countInStock: 4, variant: { id: 91, label: "5 kg" } },
  ],
});
summary.salesByDay[0] = { date: "2026-11-01", revenue: "1249.50", refunded: "0.00", orders: 1 };
summary.salesByDay[29] = { date: "2026-11-30", revenue: "2499.00", refunded: "120.00", orders: 2 };

describe("DashboardScreen", () => {
  it("shows the counts of customers, products and all orders to deliver (not only those listed)", async () => {
    const calls = fakeApi(() => ({ body: summary }));
    renderDashboard();
    expect(await screen.findByRole("heading", { level: 1, name: "Dashboard" })).toBeInTheDocument();
    expect((await screen.findByRole("link", { name: "Customers" })).closest(".card")).toHaveTextContent("Customers42");
    expect(screen.getByRole("link", { name: "Products" }).closest(".card")).toHaveTextContent("Products17");
    expect(screen.getByText("To deliver", { selector: ".card *" }).closest(".card")).toHaveTextContent("To deliver23");
    expect(calls).toMatchObject([{ method: "GET", path: "/api/staff/summary/", authorization: "Bearer access-1" }]);
  });

  it("draws money received per day as an image named by the totals, refunds and net beside them, with the figures per day in a table", async () => {
    fakeApi(() => ({ body: summary }));
    renderDashboard();
    expect(await screen.findByRole("heading", { name: "Money received" })).toBeInTheDocument();
    const chart = await screen.findByRole("img", { name: /^Money received per day/ });
    expect(chart).toHaveAccessibleName(
      "Money received per day from 2026-11-01 to 2026-11-30: ₹3,748.50 from 3 orders, ₹120.00 refunded, ₹3,628.50 net",
    );
    expect(screen.getByText("₹3,748.50 received from 3 orders in the last 30 days, ₹120.00 refunded: ₹3,628.50 net")).toBeInTheDocument();
    const bars = chart.querySelectorAll("rect");
    expect(bars).toHaveLength(30);
    expect(bars[0]?.querySelector("title")).toHaveTextContent("2026-11-01: ₹1,249.50, 1 order");
    expect(Number(bars[29]?.getAttribute("height"))).toBeGreaterThan(Number(bars[0]?.getAttribute("height")));
    expect(Number(bars[1]?.getAttribute("height"))).toBe(0);
    const table = screen.getByRole("table", { name: "Money received per day" });
    expect(within(table).getByRole("row", { name: "2026-11-30 ₹2,499.00 ₹120.00 2" })).toBeInTheDocument();
  });

  it("lists the orders to deliver and the products low on stock, with links", async () => {
    fakeApi(() => ({ body: summary }));
    renderDashboard();
    const toDeliver = await screen.findByRole("region", { name: "To deliver" });
    expect(within(toDeliver).getByRole("link", { name: /^Order 51: Asha Patil, ₹2,703.92, paid 2026-11-28/ })).toHaveAttribute(
      "href",
      "/order/51",
    );
    const lowStock = screen.getByRole("region", { name: "Low stock" });
    expect(within(lowStock).getByText("(5 or fewer in stock)")).toBeInTheDocument();
    // Per pack: each pack low on stock has its own entry.
    expect(within(lowStock).getByRole("link", { name: "Urea · 45 kg: 2 in stock" })).toHaveAttribute("href", "/admin/product/9/edit");
    expect(within(lowStock).getByRole("link", { name: "Urea · 5 kg: 4 in stock" })).toHaveAttribute("href", "/admin/product/9/edit");
  });

  it("lists Cash on Delivery orders whose cash is not received under their own heading, in their state, not as paid", async () => {
    fakeApi(() => ({
      body: {
        ...summary,
        codOrdersToCollect: 2,
        cashToCollect: "2707.96",
        codToCollect: [
          { _id: 52, customer: "Ravi Patil", totalPrice: "1353.98", status: "confirmed", placedAt: "2026-11-29T09:00:00.000Z" },
          { _id: 53, customer: "Meena Rao", totalPrice: "1353.98", status: "shipped", placedAt: "2026-11-29T11:00:00.000Z" },
        ],
      },
    }));
    renderDashboard();
    const cod = await screen.findByRole("region", { name: "Cash on Delivery, to collect" });
    expect(within(cod).getByText("(₹2,707.96 from 2 orders)")).toBeInTheDocument();
    expect(within(cod).getByRole("link", { name: "Order 52: Ravi Patil, ₹1,353.98, Confirmed — pay on delivery" })).toHaveAttribute(
      "href",
      "/order/52",
    );
    expect(within(cod).getByRole("link", { name: "Order 53: Meena Rao, ₹1,353.98, Shipped" })).toHaveAttribute("href", "/order/53");
    expect(within(cod).queryByText(/paid/)).toBeNull();
    const toDeliver = screen.getByRole("region", { name: "To deliver" });
    expect(within(toDeliver).queryByText(/Order 5[23]/)).toBeNull();
  });

  it("shows no Cash on Delivery heading when no cash is to collect", async () => {
    fakeApi(() => ({ body: summary }));
    renderDashboard();
    expect(await screen.findByRole("region", { name: "To deliver" })).toBeInTheDocument();
    expect(screen.queryByRole("region", { name: "Cash on Delivery, to collect" })).toBeNull();
  });

  it("says when there is nothing to deliver and nothing low on stock", async () => {
    fakeApi(() => ({ body: aStaffSummary() }));
    renderDashboard();
    expect(await screen.findByText("Nothing to deliver")).toBeInTheDocument();
    expect(screen.getByText("No product is low on stock")).toBeInTheDocument();
    expect(screen.getByRole("img", { name: /₹0.00 from 0 orders, ₹0.00 refunded, ₹0.00 net$/ })).toBeInTheDocument();
  });

  it("leads to the catalogue's import and export", async () => {
    fakeApi(() => ({ body: summary }));
    renderDashboard();
    expect(await screen.findByRole("link", { name: "Import / Export" })).toHaveAttribute("href", "/admin/catalogue");
  });

  it("says in plain words why the summary cannot be read", async () => {
    fakeApi(() => ({ status: 403, body: anErrorBody("permission_denied", "You do not have permission to perform this action.") }));
    renderDashboard();
    expect(await screen.findByRole("alert")).toHaveTextContent("You do not have permission to do this.");
  });
});
