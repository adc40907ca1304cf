import type { Order } from "@krishi/contract";
import { screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { anErrorBody, anEvent, anOrder, aPaidOrder, aStaffUser, signedIn } from "../../testing/factories.ts";
import { type FakeAnswer, type FakeCall, fakeApi } from "../../testing/fake-api.ts";
import { renderApp } from "../../testing/render-app.tsx";
import { OrderScreen } from "./order-screen.tsx";

const staff = aStaffUser();
const SHIPPED_AT = "2026-11-21T08:00:00.000Z";

/** Order 42 as staff see it: GET /api/orders/42/ answers `order()` (read at each call), `others` the rest. */
function renderForStaff(order: () => Order, others: (call: FakeCall) => FakeAnswer = () => ({ status: 500 })) {
  const calls = fakeApi((call) => (call.method === "GET" && call.path === "/api/orders/42/" ? { body: order() } : others(call)));
  const rendered = renderApp(<OrderScreen />, { url: "/order/42", path: "/order/:id", preloadedState: { auth: signedIn(staff) } });
  return { ...rendered, calls };
}

/** The staff panel's buttons and forms, by name. */
async function staffActions(): Promise<string[]> {
  const panel = (await screen.findByRole("heading", { level: 2, name: "Staff" })).parentElement as HTMLElement;
  return [
    ...within(panel)
      .queryAllByRole("heading", { level: 3 })
      .map((heading) => `form ${heading.textContent}`),
    ...within(panel)
      .queryAllByRole("button")
      .map((button) => button.textContent ?? ""),
  ];
}

const routes = (calls: FakeCall[]) => calls.map((call) => `${call.method} ${call.path}`);

const DELIVERED_AT = "2026-11-23T12:00:00.000Z";

/** A Cash on Delivery order placed (confirmed: its stock taken, to be paid at the door), ₹40 fee included. */
function aCodOrder(overrides: Partial<Order> = {}): Order {
  return anOrder({
    paymentMethod: "COD",
    status: "confirmed",
    paymentDueAt: null,
    codFee: "40.00",
    totalPrice: "2743.92",
    events: [anEvent({ to: "confirmed" })],
    actions: { cancel: true, pay: false, codReceived: false },
    ...overrides,
  });
}

/** `aCodOrder()` shipped and not paid yet: staff may record its cash or take it back refused. */
function aShippedCodOrder(overrides: Partial<Order> = {}): Order {
  return aCodOrder({
    status: "shipped",
    shipment: { courier: "Delhivery", awb: "DLV-1", trackingUrl: "", shippedAt: SHIPPED_AT },
    events: [anEvent({ to: "confirmed" }), anEvent({ from: "confirmed", to: "shipped", event: "ship", actor: "staff", at: SHIPPED_AT })],
    actions: { cancel: true, pay: false, codReceived: true },
    ...overrides,
  });
}

describe("StaffPanel", () => {
  it.each<[string, Partial<Order>, string[]]>([
    ["paid", {}, ["form Ship", "form Refund", "Mark As Packed", "Mark As Shipped", "Mark As Delivered", "Refund", "Cancel Order"]],
    ["packed", { status: "packed" }, ["form Ship", "form Refund", "Mark As Shipped", "Mark As Delivered", "Refund", "Cancel Order"]],
    ["shipped", { status: "shipped" }, ["form Refund", "Mark As Delivered", "Refund", "Cancel Order"]],
    [
      "delivered",
      { status: "delivered", isDelivered: true, actions: { cancel: false, pay: false, codReceived: false } },
      ["form Refund", "Refund"],
    ],
  ])("offers staff what a %s order allows", async (_state, overrides, actions) => {
    renderForStaff(() => aPaidOrder(overrides));
    expect(await staffActions()).toEqual(actions);
  });

  it.each<[string, Partial<Order>]>([
    [
      "refunded in full",
      { status: "refunded", isPaid: false, amountRefunded: "2703.92", actions: { cancel: false, pay: false, codReceived: false } },
    ],
    ["cancelled unpaid", { status: "cancelled", isPaid: false, paidAt: null, actions: { cancel: false, pay: false, codReceived: false } }],
  ])("offers nothing on an order %s", async (_state, overrides) => {
    renderForStaff(() => aPaidOrder(overrides));
    await screen.findByRole("heading", { level: 1, name: "Order 42" });
    expect(screen.queryByRole("heading", { name: "Staff" })).toBeNull();
  });

  it("marks a paid order packed with PUT /pack/", async () => {
    let order = aPaidOrder();
    const { user, calls } = renderForStaff(
      () => order,
      (call) => {
        if (call.method !== "PUT" || call.path !== "/api/orders/42/pack/") return { status: 500 };
        order = {
          ...order,
          status: "packed",
          events: [...order.events, anEvent({ from: "paid", to: "packed", event: "pack", actor: "staff" })],
        };
        return { body: order };
      },
    );
    await user.click(await screen.findByRole("button", { name: "Mark As Packed" }));
    expect(await screen.findByText("Packed", { selector: ".badge" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Mark As Packed" })).toBeNull();
    expect(routes(calls)).toEqual(["GET /api/orders/42/", "PUT /api/orders/42/pack/", "GET /api/orders/42/"]);
  });

  it("ships with the courier, the AWB number and the tracking address, then shows the shipment", async () => {
    let order = aPaidOrder();
    const { user, calls } = renderForStaff(
      () => order,
      (call) => {
        if (call.method !== "PUT" || call.path !== "/api/orders/42/ship/") return { status: 500 };
        const { courier, awb, trackingUrl } = call.body as { courier: string; awb: string; trackingUrl: string };
        order = { ...order, status: "shipped", shipment: { courier, awb, trackingUrl, shippedAt: SHIPPED_AT } };
        return { body: order };
      },
    );
    const form = await screen.findByRole("form", { name: "Ship" });
    await user.type(within(form).getByLabelText("Courier"), " Delhivery ");
    await user.type(within(form).getByLabelText("AWB number"), "DLV-12345678");
    await user.type(within(form).getByLabelText("Tracking URL (optional)"), "https://track.example.in/DLV-12345678");
    await user.click(within(form).getByRole("button", { name: "Mark As Shipped" }));

    expect(await screen.findByRole("link", { name: "Track your parcel (opens in a new tab)" })).toHaveAttribute(
      "href",
      "https://track.example.in/DLV-12345678",
    );
    expect(calls[1]).toMatchObject({
      method: "PUT",
      path: "/api/orders/42/ship/",
      body: { courier: "Delhivery", awb: "DLV-12345678", trackingUrl: "https://track.example.in/DLV-12345678" },
      authorization: "Bearer access-1",
    });
    expect(screen.queryByRole("form", { name: "Ship" })).toBeNull();
    expect(screen.getByRole("button", { name: "Mark As Delivered" })).toBeEnabled();
  });

  it("checks the Ship form before sending: courier and AWB needed, tracking address http(s) or empty", async () => {
    const { user, calls } = renderForStaff(() => aPaidOrder());
    const form = await screen.findByRole("form", { name: "Ship" });
    await user.type(within(form).getByLabelText("AWB number"), "DLV 123");
    await user.type(within(form).getByLabelText("Tracking URL (optional)"), "javascript:alert(1)");
    await user.click(within(form).getByRole("button", { name: "Mark As Shipped" }));

    expect(await within(form).findByText("Enter the courier's name.")).toBeInTheDocument();
    // After each field's limit ("Up to 100 characters"), its message.
    expect(within(form).getByLabelText("Courier")).toHaveAccessibleDescription(/ Enter the courier's name\.$/);
    expect(within(form).getByLabelText("AWB number")).toHaveAccessibleDescription(/ Enter the AWB number: letters, digits and hyphens\.$/);
    expect(within(form).getByLabelText("Tracking URL (optional)")).toHaveAccessibleDescription(
      / Enter an address starting with http:\/\/ or https:\/\/, or leave it empty\.$/,
    );
    await expect.poll(() => document.activeElement).toBe(within(form).getByLabelText("Courier"));
    expect(routes(calls)).toEqual(["GET /api/orders/42/"]);
  });

  it("shows the server's messages on the Ship form's fields", async () => {
    const { user } = renderForStaff(
      () => aPaidOrder(),
      () => ({
        status: 400,
        body: anErrorBody("field_invalid", "awb: Ensure this field has no more than 100 characters.", {
          awb: [{ code: "too_long", message: "Ensure this field has no more than 100 characters.", params: { max: 100 } }],
        }),
      }),
    );
    const form = await screen.findByRole("form", { name: "Ship" });
    await user.type(within(form).getByLabelText("Courier"), "Delhivery");
    await user.type(within(form).getByLabelText("AWB number"), "DLV-1");
    await user.click(within(form).getByRole("button", { name: "Mark As Shipped" }));
    expect(await within(form).findByText("Please use at most 100 characters.")).toBeInTheDocument();
    expect(within(form).queryByRole("alert")).toBeNull();
  });

  it("refunds with an Idempotency-Key: the same key on a retry after an error, a new key for the next refund", async () => {
    let order = aPaidOrder();
    let failNext = true;
    const { user, calls } = renderForStaff(
      () => order,
      (call) => {
        if (call.method !== "POST" || call.path !== "/api/orders/42/refund/") return { status: 500 };
        if (failNext) {
          failNext = false;
          return {
            status: 502,
            body: anErrorBody("gateway_unavailable", "The payment provider is unavailable. Please try again in a moment."),
          };
        }
        const { amount, reason } = call.body as { amount: string; reason: string };
        const refund = {
          id: order.refunds.length + 1,
          amount,
          reason,
          status: "processed" as const,
          createdAt: SHIPPED_AT,
          ofOrderPayment: true,
        };
        order = { ...order, refunds: [...order.refunds, refund], amountRefunded: amount };
        return { body: order };
      },
    );
    const form = await screen.findByRole("form", { name: "Refund" });
    expect(within(form).getByLabelText("Amount")).toHaveAccessibleDescription("Up to ₹2,703.92 can be refunded");
    await user.type(within(form).getByLabelText("Amount"), "120");
    await user.type(within(form).getByLabelText("Reason"), "One bag arrived torn");
    await user.click(within(form).getByRole("button", { name: "Refund" }));
    expect(await within(form).findByRole("alert")).toHaveTextContent("The payment provider is unavailable. Please try again in a moment.");

    await user.click(within(form).getByRole("button", { name: "Refund" }));
    expect(await within(form).findByText("Refund of ₹120.00 recorded.")).toBeInTheDocument();
    const refunds = calls.filter((call) => call.path === "/api/orders/42/refund/");
    expect(refunds.map((call) => call.body)).toEqual([
      { amount: "120.00", reason: "One bag arrived torn" },
      { amount: "120.00", reason: "One bag arrived torn" },
    ]);
    const [first, retry] = refunds;
    expect(first?.idempotencyKey).toMatch(/^[A-Za-z0-9_-]{10,64}$/);
    expect(retry?.idempotencyKey).toBe(first?.idempotencyKey);
    expect(await within(form).findByText("Up to ₹2,583.92 can be refunded")).toBeInTheDocument();
    expect(within(form).getByLabelText("Amount")).toHaveValue("");

    await user.type(within(form).getByLabelText("Amount"), "120");
    await user.type(within(form).getByLabelText("Reason"), "One bag arrived torn");
    await user.click(within(form).getByRole("button", { name: "Refund" }));
    await expect.poll(() => calls.filter((call) => call.path === "/api/orders/42/refund/").length).toBe(3);
    const next = calls.filter((call) => call.path === "/api/orders/42/refund/")[2];
    expect(next?.idempotencyKey).toMatch(/^[A-Za-z0-9_-]{10,64}$/);
    expect(next?.idempotencyKey).not.toBe(first?.idempotencyKey);
  });

  it("refuses to refund more than is left, and sends nothing", async () => {
    const { user, calls } = renderForStaff(() => aPaidOrder({ amountRefunded: "2603.92" }));
    const form = await screen.findByRole("form", { name: "Refund" });
    expect(within(form).getByText("Up to ₹100.00 can be refunded")).toBeInTheDocument();
    await user.type(within(form).getByLabelText("Amount"), "100.01");
    await user.type(within(form).getByLabelText("Reason"), "Goodwill");
    await user.click(within(form).getByRole("button", { name: "Refund" }));
    expect(await within(form).findByText("That is more than is left: up to ₹100.00 can be refunded.")).toBeInTheDocument();
    expect(within(form).getByLabelText("Amount")).toHaveAttribute("aria-invalid", "true");
    expect(routes(calls)).toEqual(["GET /api/orders/42/"]);
  });

  it("asks for an amount in rupees and a reason before refunding", async () => {
    const { user, calls } = renderForStaff(() => aPaidOrder());
    const form = await screen.findByRole("form", { name: "Refund" });
    await user.type(within(form).getByLabelText("Amount"), "12.345");
    await user.click(within(form).getByRole("button", { name: "Refund" }));
    expect(await within(form).findByText("Enter an amount in rupees, such as 120.00.")).toBeInTheDocument();
    expect(within(form).getByText("Give a reason for the refund.")).toBeInTheDocument();
    expect(routes(calls)).toEqual(["GET /api/orders/42/"]);
  });

  it("cancels a shipped order after asking, telling staff the customer is refunded in full", async () => {
    let order = aPaidOrder({ status: "shipped" });
    const { user, calls } = renderForStaff(
      () => order,
      (call) => {
        if (call.method !== "POST" || call.path !== "/api/orders/42/cancel/") return { status: 500 };
        order = {
          ...order,
          status: "cancelled",
          isPaid: false,
          amountRefunded: "2703.92",
          events: [
            ...order.events,
            anEvent({ from: "shipped", to: "cancelled", event: "cancel", actor: "staff", note: "Lost in transit" }),
          ],
          actions: { cancel: false, pay: false, codReceived: false },
        };
        return { body: order };
      },
    );
    await user.click(await screen.findByRole("button", { name: "Cancel Order" }));
    const question = screen.getByRole("group", { name: "Cancel this order?" });
    expect(question).toHaveTextContent("A full refund of ₹2,703.92 will be made to the original payment method.");
    await user.type(within(question).getByLabelText("Reason (optional)"), "Lost in transit");
    await user.click(within(question).getByRole("button", { name: "Yes, cancel order" }));
    expect(await screen.findByText("Cancelled by the shop")).toBeInTheDocument();
    expect(calls[1]).toMatchObject({ method: "POST", path: "/api/orders/42/cancel/", body: { reason: "Lost in transit" } });
    expect(screen.queryByRole("heading", { name: "Staff" })).toBeNull();
  });

  it.each<[string, Partial<Order>, string[]]>([
    ["confirmed", {}, ["form Ship", "Mark As Packed", "Mark As Shipped", "Mark As Delivered", "Cancel Order"]],
    ["packed", { status: "packed" }, ["form Ship", "Mark As Shipped", "Mark As Delivered", "Cancel Order"]],
    [
      "shipped",
      { status: "shipped", actions: { cancel: true, pay: false, codReceived: true } },
      ["Cash received", "Mark As Delivered", "Refused at the door — return stock"],
    ],
    ["delivered", { status: "delivered", isDelivered: true, actions: { cancel: false, pay: false, codReceived: true } }, ["Cash received"]],
  ])("offers staff what an unpaid Cash on Delivery order %s allows", async (_state, overrides, actions) => {
    renderForStaff(() => aCodOrder(overrides));
    expect(await staffActions()).toEqual(actions);
  });

  it("says plainly that an order is Cash on Delivery, and what to collect while it is unpaid", async () => {
    renderForStaff(() => aShippedCodOrder());
    const panel = (await screen.findByRole("heading", { level: 2, name: "Staff" })).parentElement as HTMLElement;
    expect(within(panel).getByText("Cash on Delivery")).toBeInTheDocument();
    expect(panel).toHaveTextContent("Cash on Delivery Collect ₹2,743.92 in cash on delivery.");
  });

  it("says nothing of cash on an order paid through RazorPay", async () => {
    renderForStaff(() => aPaidOrder());
    const panel = (await screen.findByRole("heading", { level: 2, name: "Staff" })).parentElement as HTMLElement;
    expect(within(panel).queryByText("Cash on Delivery")).toBeNull();
    expect(within(panel).queryByRole("button", { name: "Cash received" })).toBeNull();
  });

  it("packs a confirmed Cash on Delivery order with PUT /pack/", async () => {
    let order = aCodOrder();
    const { user, calls } = renderForStaff(
      () => order,
      (call) => {
        if (call.method !== "PUT" || call.path !== "/api/orders/42/pack/") return { status: 500 };
        order = { ...order, status: "packed" };
        return { body: order };
      },
    );
    await user.click(await screen.findByRole("button", { name: "Mark As Packed" }));
    await vi.waitFor(() => expect(screen.queryByRole("button", { name: "Mark As Packed" })).toBeNull());
    expect(routes(calls)).toEqual(["GET /api/orders/42/", "PUT /api/orders/42/pack/", "GET /api/orders/42/"]);
  });

  it("records the cash of a COD order with PUT /cod-received/, then shows it paid with its invoice", async () => {
    let order = aShippedCodOrder();
    const { user, calls } = renderForStaff(
      () => order,
      (call) => {
        if (call.method !== "PUT" || call.path !== "/api/orders/42/cod-received/") return { status: 500 };
        order = {
          ...order,
          status: "delivered",
          isPaid: true,
          paidAt: DELIVERED_AT,
          isDelivered: true,
          deliveredAt: DELIVERED_AT,
          invoiceNumber: "KB/2026-27/000001",
          actions: { cancel: false, pay: false, codReceived: false },
        };
        return { body: order };
      },
    );
    await user.click(await screen.findByRole("button", { name: "Cash received" }));
    expect(await screen.findByRole("status")).toHaveTextContent(
      "Cash received: the order is paid, and tax invoice KB/2026-27/000001 issued.",
    );
    await vi.waitFor(() => expect(screen.queryByRole("button", { name: "Cash received" })).toBeNull());
    expect(screen.getByText("Delivered", { selector: ".badge" })).toBeInTheDocument();
    const panel = screen.getByRole("heading", { level: 2, name: "Staff" }).parentElement as HTMLElement;
    expect(panel).not.toHaveTextContent("Collect");
    expect(calls[1]).toMatchObject({ method: "PUT", path: "/api/orders/42/cod-received/", authorization: "Bearer access-1" });
    expect(routes(calls)).toEqual(["GET /api/orders/42/", "PUT /api/orders/42/cod-received/", "GET /api/orders/42/"]);
  });

  it("says so when the cash was already recorded, and reads nothing again", async () => {
    const detail = "The cash of this order has already been recorded as received.";
    const { user, calls } = renderForStaff(
      () => aShippedCodOrder(),
      () => ({ status: 409, body: anErrorBody("cash_already_received", detail) }),
    );
    await user.click(await screen.findByRole("button", { name: "Cash received" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("The cash for this order is already recorded as received.");
    expect(screen.getByRole("button", { name: "Cash received" })).toBeEnabled();
    expect(routes(calls)).toEqual(["GET /api/orders/42/", "PUT /api/orders/42/cod-received/"]);
  });

  it("tells staff without the right that they may not record cash", async () => {
    const detail = "You do not have permission to perform this action.";
    const { user } = renderForStaff(
      () => aShippedCodOrder(),
      () => ({ status: 403, body: anErrorBody("permission_denied", detail) }),
    );
    await user.click(await screen.findByRole("button", { name: "Cash received" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("You do not have permission to do this.");
  });

  it("takes back a COD parcel refused at the door through the staff cancel, with nothing to refund", async () => {
    let order = aShippedCodOrder();
    const { user, calls } = renderForStaff(
      () => order,
      (call) => {
        if (call.method !== "POST" || call.path !== "/api/orders/42/cancel/") return { status: 500 };
        order = {
          ...order,
          status: "cancelled",
          events: [...order.events, anEvent({ from: "shipped", to: "cancelled", event: "cancel", actor: "staff", note: "Refused" })],
          actions: { cancel: false, pay: false, codReceived: false },
        };
        return { body: order };
      },
    );
    expect(screen.queryByRole("button", { name: "Cancel Order" })).toBeNull();
    await user.click(await screen.findByRole("button", { name: "Refused at the door — return stock" }));
    const question = screen.getByRole("group", { name: "Cancel this order?" });
    expect(question).not.toHaveTextContent("refund");
    await user.type(within(question).getByLabelText("Reason (optional)"), "Refused");
    await user.click(within(question).getByRole("button", { name: "Yes, cancel order" }));
    expect(await screen.findByText("Cancelled by the shop")).toBeInTheDocument();
    expect(calls[1]).toMatchObject({ method: "POST", path: "/api/orders/42/cancel/", body: { reason: "Refused" } });
    expect(screen.queryByRole("heading", { name: "Staff" })).toBeNull();
  });
});
