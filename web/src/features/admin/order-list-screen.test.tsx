import { screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { anErrorBody, anOrder, aPaidOrder, aStaffUser, signedIn } from "../../testing/factories.ts";
import { fakeApi } from "../../testing/fake-api.ts";
import { renderApp } from "../../testing/render-app.tsx";
import { OrderListScreen } from "./order-list-screen.tsx";

const staff = aStaffUser();

function renderList(url = "/admin/orderlist") {
  return renderApp(<OrderListScreen />, { url, path: "/admin/orderlist", preloadedState: { auth: signedIn(staff) } });
}

describe("OrderListScreen", () => {
  it("lists every order for staff: ID, USER, DATE, Total, PAID, DELIVERED, STATUS, Details", async () => {
    const calls = fakeApi(() => ({
      body: [
        aPaidOrder({ _id: 43, status: "delivered", isDelivered: true, deliveredAt: "2026-11-21T16:45:00.000Z" }),
        anOrder({ _id: 42 }),
      ],
      headers: { "X-Total-Count": "2", "X-Page-Count": "1" },
    }));
    renderList();
    const table = await screen.findByRole("table");
    expect(
      within(table)
        .getAllByRole("columnheader")
        .map((th) => th.textContent),
    ).toEqual(["ID", "USER", "DATE", "Total", "PAID", "DELIVERED", "STATUS", "Details"]);
    const rows = within(table).getAllByRole("row").slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole("cell")
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ["43", "Asha Patil", "2026-11-20", "₹2,703.92", "2026-11-20", "2026-11-21", "Delivered", "Details"],
      ["42", "Asha Patil", "2026-11-20", "₹2,703.92", "✗Not paid", "✗Not delivered", "Awaiting payment", "Details"],
    ]);
    expect(screen.getByRole("link", { name: "Details of order 42" })).toHaveAttribute("href", "/order/42");
    expect(calls[0]).toMatchObject({ method: "GET", path: "/api/orders/?page=1&page_size=50", authorization: "Bearer access-1" });
    expect(screen.queryByRole("navigation", { name: "Pages" })).toBeNull();
  });

  it("pages through X-Total-Count and X-Page-Count", async () => {
    const calls = fakeApi(() => ({ body: [anOrder({ _id: 7 })], headers: { "X-Total-Count": "120", "X-Page-Count": "3" } }));
    renderList("/admin/orderlist?page=2");
    const pages = await screen.findByRole("navigation", { name: "Pages" });
    expect(within(pages).getByRole("link", { name: "Previous page" })).toHaveAttribute("href", "/admin/orderlist");
    expect(within(pages).getByRole("link", { name: "Next page" })).toHaveAttribute("href", "/admin/orderlist?page=3");
    expect(calls[0]?.path).toBe("/api/orders/?page=2&page_size=50");
  });

  it("says in plain words why the list cannot be read", async () => {
    fakeApi(() => ({ status: 403, body: anErrorBody("permission_denied", "You do not have permission to perform this action.") }));
    renderList();
    expect(await screen.findByRole("alert")).toHaveTextContent("You do not have permission to do this.");
  });

  it("filters on Not paid and Not delivered, kept in the address", async () => {
    const calls = fakeApi(() => ({ body: [anOrder()], headers: { "X-Total-Count": "1", "X-Page-Count": "1" } }));
    const { user, location } = renderList("/admin/orderlist?page=2");
    const notPaid = await screen.findByRole("button", { name: "Not paid" });
    expect(notPaid).toHaveAttribute("aria-pressed", "false");

    await user.click(notPaid);
    await vi.waitFor(() => expect(calls.at(-1)?.path).toBe("/api/orders/?page=1&page_size=50&paid=false"));
    expect(location().search).toBe("?paid=false");
    expect(screen.getByRole("button", { name: "Not paid" })).toHaveAttribute("aria-pressed", "true");

    await user.click(screen.getByRole("button", { name: "Not delivered" }));
    await vi.waitFor(() => expect(calls.at(-1)?.path).toBe("/api/orders/?page=1&page_size=50&paid=false&delivered=false"));
    expect(location().search).toBe("?paid=false&delivered=false");

    await user.click(screen.getByRole("button", { name: "Not paid" }));
    await vi.waitFor(() => expect(location().search).toBe("?delivered=false"));
    expect(screen.getByRole("button", { name: "Not paid" })).toHaveAttribute("aria-pressed", "false");
  });

  it("filters on a state chosen in State, kept in the address with the other filters", async () => {
    const calls = fakeApi(() => ({ body: [aPaidOrder({ status: "shipped" })], headers: { "X-Total-Count": "1", "X-Page-Count": "1" } }));
    const { user, location } = renderList("/admin/orderlist?delivered=false&page=3");
    const state = await screen.findByRole("combobox", { name: "State" });
    expect(
      within(state)
        .getAllByRole("option")
        .map((option) => option.textContent),
    ).toEqual([
      "Any state",
      "Awaiting payment",
      "Confirmed — pay on delivery",
      "Paid",
      "Packed",
      "Shipped",
      "Delivered",
      "Cancelled",
      "Refunded",
    ]);
    expect(state).toHaveValue("");

    await user.selectOptions(state, "Shipped");
    await vi.waitFor(() => expect(calls.at(-1)?.path).toBe("/api/orders/?page=1&page_size=50&status=shipped&delivered=false"));
    expect(location().search).toBe("?delivered=false&status=shipped");
    expect(screen.getByRole("combobox", { name: "State" })).toHaveValue("shipped");
    expect(await screen.findByText("Shipped", { selector: ".badge" })).toBeInTheDocument();

    await user.selectOptions(screen.getByRole("combobox", { name: "State" }), "Any state");
    await vi.waitFor(() => expect(location().search).toBe("?delivered=false"));
    expect(calls.at(-1)?.path).toBe("/api/orders/?page=1&page_size=50&delivered=false");
  });

  it("filters on confirmed: Cash on Delivery orders placed and waiting to be packed", async () => {
    const cod = anOrder({
      paymentMethod: "COD",
      status: "confirmed",
      paymentDueAt: null,
      actions: {
        pay: false,
        pack: true,
        ship: true,
        deliver: true,
        collect: false,
        cancel: true,
        refund: false,
        return_request: false,
        codReceived: false,
      },
    });
    const calls = fakeApi(() => ({ body: [cod], headers: { "X-Total-Count": "1", "X-Page-Count": "1" } }));
    const { user, location } = renderList();
    const state = await screen.findByRole("combobox", { name: "State" });
    await user.selectOptions(state, "Confirmed — pay on delivery");
    await vi.waitFor(() => expect(calls.at(-1)?.path).toBe("/api/orders/?page=1&page_size=50&status=confirmed"));
    expect(location().search).toBe("?status=confirmed");
    expect(screen.getByRole("combobox", { name: "State" })).toHaveValue("confirmed");
    expect(await screen.findByText("Confirmed — pay on delivery", { selector: ".badge" })).toBeInTheDocument();
  });

  it("reads the state from the address, ignoring one it does not know", async () => {
    const calls = fakeApi(() => ({ body: [anOrder()], headers: { "X-Total-Count": "1", "X-Page-Count": "1" } }));
    renderList("/admin/orderlist?status=cancelled");
    expect(await screen.findByRole("combobox", { name: "State" })).toHaveValue("cancelled");
    await screen.findByRole("table");
    expect(calls[0]?.path).toBe("/api/orders/?page=1&page_size=50&status=cancelled");
  });

  it("lists every state for a state it does not know", async () => {
    const calls = fakeApi(() => ({ body: [anOrder()], headers: { "X-Total-Count": "1", "X-Page-Count": "1" } }));
    renderList("/admin/orderlist?status=lost");
    expect(await screen.findByRole("combobox", { name: "State" })).toHaveValue("");
    await screen.findByRole("table");
    expect(calls[0]?.path).toBe("/api/orders/?page=1&page_size=50");
  });

  it("reads the filters from the address and keeps them on the page links", async () => {
    const calls = fakeApi(() => ({ body: [anOrder()], headers: { "X-Total-Count": "120", "X-Page-Count": "3" } }));
    renderList("/admin/orderlist?delivered=false");
    const pages = await screen.findByRole("navigation", { name: "Pages" });
    expect(within(pages).getByRole("link", { name: "Next page" })).toHaveAttribute("href", "/admin/orderlist?delivered=false&page=2");
    expect(calls[0]?.path).toBe("/api/orders/?page=1&page_size=50&delivered=false");
    expect(screen.getByRole("button", { name: "Not delivered" })).toHaveAttribute("aria-pressed", "true");
  });

  it.each(["?paid=false", "?status=refunded"])("says so when no order matches the filters (%s)", async (search) => {
    fakeApi(() => ({ body: [], headers: { "X-Total-Count": "0", "X-Page-Count": "1" } }));
    renderList(`/admin/orderlist${search}`);
    expect(await screen.findByText("No orders match the filters")).toBeInTheDocument();
  });
});
