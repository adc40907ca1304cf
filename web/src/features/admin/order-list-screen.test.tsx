import { screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { anErrorBody, anOrder, aPaidOrder, aStaffUser, NO_ACTIONS, signedIn } from "../../testing/factories.ts";
import { fakeApi } from "../../testing/fake-api.ts";
import { renderApp } from "../../testing/render-app.tsx";
import { OrderListScreen } from "./order-list-screen.tsx";

const staff = aStaffUser();

function renderList(url = "/admin/orderlist") {
  return renderApp(<OrderListScreen />, { url, path: "/admin/orderlist", preloadedState: { auth: signedIn(staff) } });
}

describe("OrderListScreen", () => {
  it("lists every order for staff: ID, USER, PHONE, PIN, DATE, Total, PAYMENT, PAID, DELIVERED, STATUS, Details", async () => {
    const calls = fakeApi(() => ({
      body: [
        aPaidOrder({
          _id: 43,
          status: "delivered",
          isDelivered: true,
          deliveredAt: "2026-11-21T16:45:00.000Z",
          shippingAddress: { ...anOrder().shippingAddress, phone: "9876543210", postalCode: "422001" },
        }),
        anOrder({ _id: 42, paymentMethod: "COD", status: "confirmed" }),
      ],
      headers: { "X-Total-Count": "2", "X-Page-Count": "1" },
    }));
    renderList();
    const table = await screen.findByRole("table");
    expect(
      within(table)
        .getAllByRole("columnheader")
        .map((th) => th.textContent),
    ).toEqual(["ID", "USER", "PHONE", "PIN", "DATE", "Total", "PAYMENT", "PAID", "DELIVERED", "STATUS", "Details"]);
    const rows = within(table).getAllByRole("row").slice(1);
    const pin = anOrder().shippingAddress.postalCode;
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole("cell")
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      [
        "43",
        "Asha Patil",
        "+91 98765 43210 WhatsApp +91 98765 43210 (opens in a new tab)",
        "422001",
        "2026-11-20",
        "₹2,703.92",
        "Razorpay",
        "2026-11-20",
        "2026-11-21",
        "Delivered",
        "Details",
      ],
      [
        "42",
        "Asha Patil",
        "—",
        pin,
        "2026-11-20",
        "₹2,703.92",
        "Cash on Delivery",
        "✗Not paid",
        "✗Not delivered",
        "Confirmed — pay on delivery",
        "Details",
      ],
    ]);
    // Each value carries its heading, the label of a phone's card.
    expect(
      within(rows[0] as HTMLElement)
        .getAllByRole("cell")
        .map((cell) => cell.dataset.label),
    ).toEqual(["ID", "USER", "PHONE", "PIN", "DATE", "Total", "PAYMENT", "PAID", "DELIVERED", "STATUS", undefined]);
    // The customer's mobile: a tap calls it, or opens WhatsApp.
    expect(screen.getByRole("link", { name: "Call +91 98765 43210" })).toHaveAttribute("href", "tel:+919876543210");
    expect(screen.getByRole("link", { name: "WhatsApp +91 98765 43210 (opens in a new tab)" })).toHaveAttribute(
      "href",
      "https://wa.me/919876543210",
    );
    expect(screen.getByRole("link", { name: "Details of order 42" })).toHaveAttribute("href", "/order/42");
    expect(calls[0]).toMatchObject({ method: "GET", path: "/api/orders/?page=1&page_size=50", authorization: "Bearer access-1" });
    expect(screen.queryByRole("navigation", { name: "Pages" })).toBeNull();
  });

  it("finds an order by its number or the customer's mobile number (?q=), and says so when none matches", async () => {
    const calls = fakeApi((call) =>
      call.path.includes("98765")
        ? { body: [], headers: { "X-Total-Count": "0", "X-Page-Count": "1" } }
        : { body: [anOrder({ _id: 42 })], headers: { "X-Total-Count": "1", "X-Page-Count": "1" } },
    );
    const { user, location } = renderList("/admin/orderlist?paid=false&page=2");
    const box = await screen.findByRole("searchbox", { name: "Search orders" });
    expect(box).toHaveAttribute("inputmode", "tel");

    await user.type(box, "+91 98765-43210");
    await user.click(screen.getByRole("button", { name: "Search" }));
    await vi.waitFor(() => expect(location().search).toBe("?q=%2B91+98765-43210"));
    expect(calls.at(-1)?.path).toBe("/api/orders/?page=1&page_size=50&q=%2B91+98765-43210");
    expect(await screen.findByText("No orders match the search")).toBeInTheDocument();

    await user.clear(box);
    await user.type(box, "42");
    await user.click(screen.getByRole("button", { name: "Search" }));
    expect(await screen.findByRole("link", { name: "Details of order 42" })).toBeInTheDocument();
    expect(calls.at(-1)?.path).toBe("/api/orders/?page=1&page_size=50&q=42");
  });

  it("says what to type when the server refuses a search that is not an order or mobile number", async () => {
    fakeApi((call) =>
      call.path.includes("q=")
        ? { status: 400, body: { ...anErrorBody("field_invalid", "q: Enter a valid value."), q: ["Enter a valid value."] } }
        : { body: [anOrder()], headers: { "X-Total-Count": "1", "X-Page-Count": "1" } },
    );
    const { user } = renderList();
    await screen.findByRole("table");
    await user.type(screen.getByRole("searchbox", { name: "Search orders" }), "Asha");
    await user.click(screen.getByRole("button", { name: "Search" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Enter an order number or a mobile number.");
    expect(screen.queryByRole("table")).toBeNull();
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
      actions: { ...NO_ACTIONS, pack: true, ship: true, deliver: true, cancel: true },
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
