import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { anOrder, aPaidOrder } from "../../testing/factories.ts";
import { renderApp } from "../../testing/render-app.tsx";
import { OrdersTable } from "./orders-table.tsx";

describe("OrdersTable (My Orders)", () => {
  it("labels every value with its column's heading, for a phone's cards, and keeps Details a link of its own", () => {
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
    expect(cells.map((cell) => cell.textContent)).toEqual(["43", "2026-11-20", "₹2,703.92", "2026-11-20", "✗Not delivered", "Details"]);
    expect(table).toHaveClass("card-table");
    expect(screen.getByRole("link", { name: "Details of order 43" })).toHaveAttribute("href", "/order/43");
    // A customer's own list has no phone or payment columns.
    expect(screen.queryByRole("link", { name: /Call/ })).toBeNull();
  });
});
