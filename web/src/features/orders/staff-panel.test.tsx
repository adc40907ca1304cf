import type { Order } from "@krishi/contract";
import { screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { setLanguage } from "../../i18n/index.ts";
import { anErrorBody, anEvent, aStaffUser, signedIn } from "../../testing/factories.ts";
import { type FakeAnswer, type FakeCall, fakeApi } from "../../testing/fake-api.ts";
import { actionsOf, anOrder, aPaidOrder, aRefund, aReturn, type OrderOverrides } from "../../testing/order-fixtures.ts";
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
function aCodOrder(overrides: OrderOverrides = {}): Order {
  return anOrder({
    paymentMethod: "COD",
    status: "confirmed",
    paymentDueAt: null,
    codFee: "40.00",
    totalPrice: "2743.92",
    events: [anEvent({ to: "confirmed" })],
    actions: { cancel: true, pack: true, ship: true, deliver: true },
    ...overrides,
  });
}

/** `aCodOrder()` shipped and not paid yet: staff may record its cash or take it back refused. */
function aShippedCodOrder(overrides: OrderOverrides = {}): Order {
  return aCodOrder({
    status: "shipped",
    shipment: { courier: "Delhivery", awb: "DLV-1", trackingUrl: "", shippedAt: SHIPPED_AT },
    events: [anEvent({ to: "confirmed" }), anEvent({ from: "confirmed", to: "shipped", event: "ship", actor: "staff", at: SHIPPED_AT })],
    actions: { cancel: true, deliver: true, collect: true },
    ...overrides,
  });
}

describe("StaffPanel", () => {
  it.each<[string, OrderOverrides, string[]]>([
    ["paid", {}, ["form Ship", "form Refund", "Mark As Packed", "Mark As Shipped", "Mark As Delivered", "Refund", "Cancel Order"]],
    [
      "packed",
      { status: "packed", actions: { ship: true, deliver: true, refund: true, cancel: true } },
      ["form Ship", "form Refund", "Mark As Shipped", "Mark As Delivered", "Refund", "Cancel Order"],
    ],
    [
      "shipped",
      { status: "shipped", actions: { deliver: true, refund: true, cancel: true } },
      ["form Refund", "Mark As Delivered", "Refund", "Cancel Order"],
    ],
    ["delivered", { status: "delivered", isDelivered: true, actions: { refund: true } }, ["form Refund", "Refund"]],
  ])("offers staff what the actions of a %s order offer", async (_state, overrides, actions) => {
    renderForStaff(() => aPaidOrder(overrides));
    expect(await staffActions()).toEqual(actions);
  });

  it.each<[string, OrderOverrides]>([
    ["refunded in full", { status: "refunded", isPaid: false, amountRefunded: "2703.92", actions: actionsOf() }],
    ["cancelled unpaid", { status: "cancelled", isPaid: false, paidAt: null, actions: actionsOf() }],
  ])("offers nothing on an order %s", async (_state, overrides) => {
    renderForStaff(() => aPaidOrder(overrides));
    await screen.findByRole("heading", { level: 1, name: "Order 42" });
    expect(screen.queryByRole("heading", { name: "Staff" })).toBeNull();
  });

  it("marks a paid order packed with PUT /events/pack/", async () => {
    let order = aPaidOrder();
    const { user, calls } = renderForStaff(
      () => order,
      (call) => {
        if (call.method !== "PUT" || call.path !== "/api/orders/42/events/pack/") return { status: 500 };
        order = {
          ...order,
          status: "packed",
          events: [...order.events, anEvent({ from: "paid", to: "packed", event: "pack", actor: "staff" })],
          actions: actionsOf({ ship: true, deliver: true, refund: true, cancel: true }),
        };
        return { body: order };
      },
    );
    await user.click(await screen.findByRole("button", { name: "Mark As Packed" }));
    expect(await screen.findByText("Packed", { selector: ".badge" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Mark As Packed" })).toBeNull();
    expect(routes(calls)).toEqual(["GET /api/orders/42/", "PUT /api/orders/42/events/pack/", "GET /api/orders/42/"]);
  });

  it("ships with the courier, the AWB number and the tracking address, then shows the shipment", async () => {
    let order = aPaidOrder();
    const { user, calls } = renderForStaff(
      () => order,
      (call) => {
        if (call.method !== "PUT" || call.path !== "/api/orders/42/events/ship/") return { status: 500 };
        const { courier, awb, trackingUrl } = call.body as { courier: string; awb: string; trackingUrl: string };
        order = {
          ...order,
          status: "shipped",
          shipment: { courier, awb, trackingUrl, shippedAt: SHIPPED_AT },
          actions: actionsOf({ deliver: true, refund: true, cancel: true }),
        };
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
      path: "/api/orders/42/events/ship/",
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
    expect(within(form).getByLabelText("Courier")).toHaveAccessibleDescription("Enter the courier's name.");
    expect(within(form).getByLabelText("AWB number")).toHaveAccessibleDescription("Enter the AWB number: letters, digits and hyphens.");
    expect(within(form).getByLabelText("Tracking URL (optional)")).toHaveAccessibleDescription(
      "Enter an address starting with http:// or https://, or leave it empty.",
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
        const refund = aRefund({ id: order.refunds.length + 1, amount, reason, createdAt: SHIPPED_AT });
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
          actions: actionsOf(),
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

  it.each<[string, OrderOverrides, string[]]>([
    ["confirmed", {}, ["form Ship", "Mark As Packed", "Mark As Shipped", "Mark As Delivered", "Cancel Order"]],
    [
      "packed",
      { status: "packed", actions: { ship: true, deliver: true, cancel: true } },
      ["form Ship", "Mark As Shipped", "Mark As Delivered", "Cancel Order"],
    ],
    [
      "shipped",
      {
        status: "shipped",
        shipment: { courier: "Delhivery", awb: "DLV-1", trackingUrl: "", shippedAt: SHIPPED_AT },
        actions: { cancel: true, deliver: true, collect: true },
      },
      ["Cash received", "Mark As Delivered", "Refused at the door — return stock"],
    ],
    ["delivered", { status: "delivered", isDelivered: true, actions: { collect: true } }, ["Cash received"]],
  ])("offers staff what the actions of an unpaid Cash on Delivery order %s offer", async (_state, overrides, actions) => {
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

  it("packs a confirmed Cash on Delivery order with PUT /events/pack/", async () => {
    let order = aCodOrder();
    const { user, calls } = renderForStaff(
      () => order,
      (call) => {
        if (call.method !== "PUT" || call.path !== "/api/orders/42/events/pack/") return { status: 500 };
        order = { ...order, status: "packed", actions: actionsOf({ ship: true, deliver: true, cancel: true }) };
        return { body: order };
      },
    );
    await user.click(await screen.findByRole("button", { name: "Mark As Packed" }));
    await vi.waitFor(() => expect(screen.queryByRole("button", { name: "Mark As Packed" })).toBeNull());
    expect(routes(calls)).toEqual(["GET /api/orders/42/", "PUT /api/orders/42/events/pack/", "GET /api/orders/42/"]);
  });

  it("records the cash of a COD order with PUT /events/collect/, then shows it paid with its invoice", async () => {
    let order = aShippedCodOrder();
    const { user, calls } = renderForStaff(
      () => order,
      (call) => {
        if (call.method !== "PUT" || call.path !== "/api/orders/42/events/collect/") return { status: 500 };
        order = {
          ...order,
          status: "delivered",
          isPaid: true,
          paidAt: DELIVERED_AT,
          isDelivered: true,
          deliveredAt: DELIVERED_AT,
          invoiceNumber: "KB/2026-27/000001",
          actions: actionsOf(),
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
    expect(calls[1]).toMatchObject({ method: "PUT", path: "/api/orders/42/events/collect/", authorization: "Bearer access-1" });
    expect(routes(calls)).toEqual(["GET /api/orders/42/", "PUT /api/orders/42/events/collect/", "GET /api/orders/42/"]);
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
    expect(routes(calls)).toEqual(["GET /api/orders/42/", "PUT /api/orders/42/events/collect/"]);
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
          actions: actionsOf(),
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

describe("StaffPanel: returns and refunds by lines or by transfer", () => {
  /** A paid order delivered, whose customer asked to return things. */
  const delivered = (overrides: OrderOverrides = {}) =>
    aPaidOrder({
      status: "delivered",
      isDelivered: true,
      deliveredAt: DELIVERED_AT,
      actions: { refund: true },
      returns: [
        aReturn({ id: 3, actions: { approve: true, reject: true, receive: false } }),
        aReturn({ id: 4, status: "approved", actions: { approve: false, reject: false, receive: true } }),
        aReturn({ id: 5, status: "rejected", note: "Opened bags cannot be returned." }),
      ],
      ...overrides,
    });

  /** Answers PUT /api/orders/42/returns/{id}/ with the order, the return moved to `status` and its actions off. */
  function returnsServer(start: Order) {
    let order = start;
    const answer = (call: FakeCall): FakeAnswer => {
      const match = call.method === "PUT" && call.path.match(/^\/api\/orders\/42\/returns\/(\d+)\/$/);
      if (!match) return { status: 500 };
      const { action } = call.body as { action: "approve" | "reject" | "receive" };
      const status = ({ approve: "approved", reject: "rejected", receive: "received" } as const)[action];
      order = {
        ...order,
        returns: order.returns.map((item) =>
          item.id === Number(match[1]) ? { ...item, status, actions: { approve: false, reject: false, receive: false } } : item,
        ),
      };
      return { body: order };
    };
    return { order: () => order, answer };
  }

  it("offers on each return only the moves its actions offer", async () => {
    renderForStaff(() => delivered());
    const requested = await screen.findByRole("region", { name: "Return 3" });
    expect(
      within(requested)
        .getAllByRole("button")
        .map((button) => button.textContent),
    ).toEqual(["Approve pickup", "Reject"]);
    expect(requested).toHaveTextContent("1 × Hybrid paddy seeds 10 kg · Damaged");
    const approved = screen.getByRole("region", { name: "Return 4" });
    expect(
      within(approved)
        .getAllByRole("button")
        .map((button) => button.textContent),
    ).toEqual(["Mark received"]);
    expect(within(approved).getByRole("checkbox", { name: "Put the units back on sale" })).toBeChecked();
    // Nothing left to do with a return not accepted.
    expect(screen.queryByRole("region", { name: "Return 5" })).toBeNull();
  });

  it("approves a return's pickup with PUT /returns/{id}/", async () => {
    const server = returnsServer(delivered());
    const { user, calls } = renderForStaff(server.order, server.answer);
    const requested = await screen.findByRole("region", { name: "Return 3" });
    await user.click(within(requested).getByRole("button", { name: "Approve pickup" }));
    await vi.waitFor(() => expect(screen.queryByRole("region", { name: "Return 3" })).toBeNull());
    expect(calls[1]).toMatchObject({
      method: "PUT",
      path: "/api/orders/42/returns/3/",
      body: { action: "approve" },
      authorization: "Bearer access-1",
    });
    expect(routes(calls)).toEqual(["GET /api/orders/42/", "PUT /api/orders/42/returns/3/", "GET /api/orders/42/"]);
    expect(await screen.findByRole("article", { name: "Return 3" })).toHaveTextContent("Pickup approved");
  });

  it("rejects a return only with a note for the customer", async () => {
    const server = returnsServer(delivered());
    const { user, calls } = renderForStaff(server.order, server.answer);
    const requested = await screen.findByRole("region", { name: "Return 3" });
    await user.click(within(requested).getByRole("button", { name: "Reject" }));
    await user.click(within(requested).getByRole("button", { name: "Reject return" }));
    expect(await within(requested).findByText("Write a note for the customer: why the return is not accepted.")).toBeInTheDocument();
    const note = within(requested).getByLabelText("Note for the customer (why it is not accepted)");
    await expect.poll(() => document.activeElement).toBe(note);
    expect(routes(calls)).toEqual(["GET /api/orders/42/"]);

    await user.type(note, " The seal was opened ");
    await user.click(within(requested).getByRole("button", { name: "Reject return" }));
    await vi.waitFor(() => expect(screen.queryByRole("region", { name: "Return 3" })).toBeNull());
    expect(calls[1]).toMatchObject({ path: "/api/orders/42/returns/3/", body: { action: "reject", note: "The seal was opened" } });
  });

  it("shows the server's refusal of a rejection without a note on the note", async () => {
    const { user } = renderForStaff(
      () => delivered(),
      () => ({
        status: 400,
        body: anErrorBody("field_invalid", "note: required", { note: [{ code: "return_note_required", message: "A note is required." }] }),
      }),
    );
    const requested = await screen.findByRole("region", { name: "Return 3" });
    await user.click(within(requested).getByRole("button", { name: "Reject" }));
    await user.type(within(requested).getByLabelText("Note for the customer (why it is not accepted)"), "No");
    await user.click(within(requested).getByRole("button", { name: "Reject return" }));
    expect(await within(requested).findByText("Write a note for the customer: why the return is not accepted.")).toBeInTheDocument();
    expect(within(requested).queryByRole("alert")).toBeNull();
  });

  it.each([
    ["back on sale", true],
    ["not back on sale when unticked", false],
  ])("marks the goods of a return received, %s", async (_case, restock) => {
    const server = returnsServer(delivered());
    const { user, calls } = renderForStaff(server.order, server.answer);
    const approved = await screen.findByRole("region", { name: "Return 4" });
    if (!restock) await user.click(within(approved).getByRole("checkbox", { name: "Put the units back on sale" }));
    await user.click(within(approved).getByRole("button", { name: "Mark received" }));
    await vi.waitFor(() => expect(screen.queryByRole("region", { name: "Return 4" })).toBeNull());
    expect(calls[1]).toMatchObject({ path: "/api/orders/42/returns/4/", body: { action: "receive", restock } });
  });

  it("refunds lines: the chosen lines and units, priced by the server, with an Idempotency-Key", async () => {
    let order = delivered({ returns: [] });
    const { user, calls } = renderForStaff(
      () => order,
      (call) => {
        if (call.method !== "POST" || call.path !== "/api/orders/42/refund/") return { status: 500 };
        const refund = aRefund({ id: 8, amount: "1249.50", lines: [{ product: 7, variant: null, qty: 1 }], reason: "Bag torn" });
        order = { ...order, refunds: [refund], amountRefunded: "1249.50" };
        return { body: order };
      },
    );
    const form = await screen.findByRole("form", { name: "Refund" });
    await user.click(within(form).getByRole("radio", { name: "Lines" }));
    expect(within(form).queryByLabelText("Amount")).toBeNull();
    await user.type(within(form).getByLabelText("Reason"), "Bag torn");
    await user.click(within(form).getByRole("button", { name: "Refund" }));
    expect(await within(form).findByText("Choose at least one line to refund.")).toBeInTheDocument();
    expect(routes(calls)).toEqual(["GET /api/orders/42/"]);

    const lines = within(form).getByRole("group", { name: "Lines to refund" });
    await user.click(within(lines).getByRole("checkbox", { name: "Hybrid paddy seeds 10 kg" }));
    await user.selectOptions(within(lines).getByRole("combobox", { name: "How many of Hybrid paddy seeds 10 kg" }), "1");
    await user.click(within(form).getByRole("button", { name: "Refund" }));
    expect(await within(form).findByText("Refund of ₹1,249.50 recorded.")).toBeInTheDocument();
    const refund = calls.find((call) => call.path === "/api/orders/42/refund/");
    expect(refund?.body).toEqual({ lines: [{ product: 7, qty: 1 }], reason: "Bag torn" });
    expect(refund?.idempotencyKey).toMatch(/^[A-Za-z0-9_-]{10,64}$/);
  });

  it("pays a refund by transfer: the customer's account, then Mark paid with the reference", async () => {
    let order = delivered({
      paymentMethod: "COD",
      returns: [],
      refunds: [{ id: 4, amount: "160.00", method: "transfer", status: "pending", reason: "Return 3" }],
      amountRefunded: "160.00",
      refundAccount: { kind: "bank", display: "Asha Patil, 1234567890, SBIN0001234" },
      actions: {},
    });
    const { user, calls } = renderForStaff(
      () => order,
      (call) => {
        if (call.method !== "PUT" || call.path !== "/api/orders/42/refunds/4/") return { status: 500 };
        const { reference } = call.body as { reference: string };
        order = {
          ...order,
          refunds: order.refunds.map((refund) => ({ ...refund, status: "processed" as const, reference, actions: { markPaid: false } })),
        };
        return { body: order };
      },
    );
    const transfer = await screen.findByRole("form", { name: "Refund ₹160.00 by transfer" });
    expect(transfer).toHaveTextContent("Pay to: Asha Patil, 1234567890, SBIN0001234");
    await user.click(within(transfer).getByRole("button", { name: "Mark paid" }));
    expect(await within(transfer).findByText("Enter the transfer's reference (UTR).")).toBeInTheDocument();
    expect(routes(calls)).toEqual(["GET /api/orders/42/"]);

    await user.type(within(transfer).getByLabelText("Transfer reference (UTR)"), " UTR998877 ");
    await user.click(within(transfer).getByRole("button", { name: "Mark paid" }));
    expect(await screen.findByText(/Paid — ref UTR998877/)).toBeInTheDocument();
    expect(calls[1]).toMatchObject({ method: "PUT", path: "/api/orders/42/refunds/4/", body: { reference: "UTR998877" } });
    expect(screen.queryByRole("form", { name: "Refund ₹160.00 by transfer" })).toBeNull();
  });

  it("says when the customer has not given an account for a refund by transfer", async () => {
    renderForStaff(() =>
      delivered({
        paymentMethod: "COD",
        returns: [],
        refunds: [{ id: 4, amount: "160.00", method: "transfer", status: "pending", reason: "Return 3" }],
        actions: {},
      }),
    );
    const transfer = await screen.findByRole("form", { name: "Refund ₹160.00 by transfer" });
    expect(transfer).toHaveTextContent("The customer has not given a bank account or UPI id yet.");
  });

  it("names the return moves in Hindi", async () => {
    await setLanguage("hi");
    renderForStaff(() => delivered());
    const requested = await screen.findByRole("region", { name: "वापसी 3" });
    expect(within(requested).getByRole("button", { name: "पिकअप मंज़ूर करें" })).toBeInTheDocument();
    expect(within(requested).getByRole("button", { name: "अस्वीकार करें" })).toBeInTheDocument();
    const approved = screen.getByRole("region", { name: "वापसी 4" });
    expect(within(approved).getByRole("checkbox", { name: "सामान फिर से बिक्री पर रखें" })).toBeChecked();
    expect(within(approved).getByRole("button", { name: "मिला हुआ दर्ज करें" })).toBeInTheDocument();
  });
});
