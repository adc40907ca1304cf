import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { LANGUAGES, setLanguage } from "../../i18n/index.ts";
import { anOrder, aPaidOrder } from "../../testing/factories.ts";
import { renderApp } from "../../testing/render-app.tsx";
import { OrdersTable } from "./orders-table.tsx";

describe("OrdersTable (My Orders)", () => {
  it("labels every value with its column's heading, for a phone's cards, and keeps Details a link of its own beside Buy again", () => {
    renderApp(<OrdersTable orders={[aPaidOrder({ _id: 43 }), anOrder({ _id: 42 })]} />);
    const table = screen.getByRole("table");
    expect(
      within(table)
        .getAllByRole("columnheader")
        .map((th) => th.textContent),
    ).toEqual(["ID", "Date", "Total", "Paid", "Delivered", "Details"]);
    const [first] = within(table).getAllByRole("row").slice(1);
    const cells = within(first as HTMLElement).getAllByRole("cell");
    expect(cells.map((cell) => cell.dataset.label)).toEqual(["ID", "Date", "Total", "Paid", "Delivered", undefined]);
    expect(cells.map((cell) => cell.textContent)).toEqual([
      "43",
      "2026-11-20",
      "₹2,703.92",
      "2026-11-20",
      "✗Not delivered",
      "DetailsBuy again",
    ]);
    expect(table).toHaveClass("card-table");
    expect(screen.getByRole("link", { name: "Details of order 43" })).toHaveAttribute("href", "/order/43");
    // A customer's own list has no phone or payment columns.
    expect(screen.queryByRole("link", { name: /Call/ })).toBeNull();
  });
});

describe("OrdersTable (staff)", () => {
  it.each(LANGUAGES)("labels each value of a phone's card apart in %s: the payment method is not the day it was paid", async (language) => {
    await setLanguage(language);
    renderApp(<OrdersTable orders={[aPaidOrder({ _id: 43 })]} staff />);
    const [row] = within(screen.getByRole("table")).getAllByRole("row").slice(1);
    const labels = within(row as HTMLElement)
      .getAllByRole("cell")
      .flatMap((cell) => (cell.dataset.label ? [cell.dataset.label] : []));
    expect(labels).toHaveLength(10);
    expect(new Set(labels).size).toBe(labels.length);
  });

  it("names the payment method's row and the paid day's row in Hindi", async () => {
    await setLanguage("hi");
    renderApp(<OrdersTable orders={[aPaidOrder({ _id: 43 })]} staff />);
    const [row] = within(screen.getByRole("table")).getAllByRole("row").slice(1);
    const byLabel = Object.fromEntries(
      within(row as HTMLElement)
        .getAllByRole("cell")
        .map((cell) => [cell.dataset.label, cell.textContent]),
    );
    expect(byLabel).toMatchObject({ "भुगतान का तरीका": "रेज़रपे", "भुगतान हुआ": "20 नव॰ 2026" });
  });
});
