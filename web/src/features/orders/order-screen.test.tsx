import type { Order } from "@krishi/contract";
import { act, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { whatsappShareUrl } from "../../components/whatsapp-share.tsx";
import { setLanguage } from "../../i18n/index.ts";
import { dateTimeOf, longDay, shortDay } from "../../lib/dates.ts";
import { anAddress, anErrorBody, anEvent, aStaffUser, aUser, signedIn } from "../../testing/factories.ts";
import { type FakeAnswer, type FakeCall, fakeApi } from "../../testing/fake-api.ts";
import { actionsOf, anOrder, anOrderLine, aPaidOrder, aReturn, type OrderOverrides, PAID_AT } from "../../testing/order-fixtures.ts";
import { renderApp } from "../../testing/render-app.tsx";
import { OrderScreen } from "./order-screen.tsx";
import type { RazorpayFailure, RazorpayOptions } from "./razorpay.ts";

const customer = aUser();
const staff = aStaffUser();
const DELIVERED_AT = "2026-11-21T16:45:00.000Z";

/** Answers GET /api/orders/42/ with `order`, and `others` for everything else. */
function renderOrder(order: Order | (() => Order), user = customer, others: (call: FakeCall) => FakeAnswer = () => ({ status: 500 })) {
  const calls = fakeApi((call) =>
    call.method === "GET" && call.path === "/api/orders/42/" ? { body: typeof order === "function" ? order() : order } : others(call),
  );
  const rendered = renderApp(<OrderScreen />, {
    url: "/order/42",
    path: "/order/:id",
    preloadedState: { auth: signedIn(user) },
    config: { paymentSandbox: true, siteUrl: "https://shop.krishi.test", imageBaseUrl: "https://media.krishi.test/images" },
  });
  return { ...rendered, calls };
}

/** Razorpay's checkout as a test double: records its options; `open` ends the way the test says. */
function fakeRazorpay(ending: (options: RazorpayOptions, fail: (error: RazorpayFailure) => void) => void) {
  const opened: RazorpayOptions[] = [];
  window.Razorpay = class {
    #failed: ((response: { error: RazorpayFailure }) => void)[] = [];
    constructor(readonly options: RazorpayOptions) {
      opened.push(options);
    }
    on(_event: "payment.failed", listener: (response: { error: RazorpayFailure }) => void) {
      this.#failed.push(listener);
    }
    open() {
      ending(this.options, (error) => {
        for (const listener of this.#failed) listener({ error });
      });
    }
  };
  return opened;
}

/** jsdom does not scroll: records what the page asks to bring into view. */
function watchScrolling() {
  const scrolled: Element[] = [];
  Object.defineProperty(Element.prototype, "scrollIntoView", {
    configurable: true,
    writable: true,
    value(this: Element) {
      scrolled.push(this);
    },
  });
  return scrolled;
}

afterEach(() => {
  delete (Element.prototype as Partial<Element>).scrollIntoView;
  delete window.Razorpay;
  for (const script of document.querySelectorAll("script")) script.remove();
});

const routes = (calls: FakeCall[]) => calls.map((call) => `${call.method} ${call.path}`);

const razorpayOrder = { bool: 1, data: { id: "order_sandbox1a2b", amount: 270392, currency: "INR", key: "rzp_test_sandbox" } };

describe("OrderScreen", () => {
  it("sends guests to sign in, coming back here", async () => {
    const { location } = renderApp(<OrderScreen />, { url: "/order/42", path: "/order/:id" });
    await vi.waitFor(() => expect(location().pathname + location().search).toBe("/login?redirect=/order/42"));
  });

  it("shows an unpaid, undelivered order with its banners and summary", async () => {
    renderOrder(anOrder());
    expect(await screen.findByRole("heading", { level: 1, name: "Order 42" })).toBeInTheDocument();
    // Waiting within its time to pay is not a problem: neutral, not red.
    expect(screen.getByText("Not Delivered")).toHaveClass("alert-secondary");
    expect(screen.getByText("Not Paid")).toHaveClass("alert-secondary");
    expect(screen.getByText("Awaiting payment")).toHaveClass("status-badge--waiting");
    expect(screen.getByText("Asha Patil")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "asha.patil@example.in" })).toHaveAttribute("href", "mailto:asha.patil@example.in");
    expect(screen.getByText("Gat No. 42, Ozar Road, Near the mandi, Nashik, Maharashtra 422001, India")).toBeInTheDocument();
    expect(screen.getByText("Razorpay")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Hybrid paddy seeds 10 kg" })).toHaveAttribute("href", "/product/7");
    expect(screen.getByText("Qty 2 × ₹1,249.50")).toBeInTheDocument();
    expect(screen.getAllByText("₹2,499.00")[0]).toHaveClass("order-line__total");
    const rows = screen.getAllByRole("row").map((row) => row.textContent);
    expect(rows).toEqual(["Items₹2,499.00", "Shipping₹0.00", "Tax₹204.92", "Total₹2,703.92"]);
    expect(screen.getByRole("button", { name: "Pay Now" })).toBeEnabled();
    expect(screen.queryByRole("button", { name: "Mark As Delivered" })).toBeNull();
  });

  it("shows when a paid and delivered order was paid and delivered, date and time", async () => {
    renderOrder(
      aPaidOrder({
        status: "delivered",
        isDelivered: true,
        deliveredAt: DELIVERED_AT,
        actions: actionsOf(),
      }),
      staff,
    );
    const paid = await screen.findByText(`Paid on ${dateTimeOf(PAID_AT)}`);
    expect(paid).toHaveClass("alert-success");
    expect(paid.textContent).toMatch(/2026.*\d:\d\d/);
    expect(screen.getByText("Delivered", { selector: ".badge" })).toHaveClass("status-badge--done");
    expect(screen.getByText(`Delivered on ${dateTimeOf(DELIVERED_AT)}`)).toHaveClass("alert-success");
    expect(screen.queryByText("Not Paid")).toBeNull();
    expect(screen.queryByRole("button", { name: "Pay Now" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Mark As Delivered" })).toBeNull();
  });

  it("shares the order on WhatsApp: its number and its address on the shop's site", async () => {
    renderOrder(anOrder());
    const share = await screen.findByRole("link", { name: "Share on WhatsApp (opens in a new tab)" });
    expect(share).toHaveAttribute("href", whatsappShareUrl("Krishi Bazaar order 42\nhttps://shop.krishi.test/order/42"));
    expect(share).toHaveAttribute("rel", "noopener");
  });

  it("leaves out the e-mail line for a customer who has no address", async () => {
    renderOrder(anOrder({ user: { first_name: "Ramesh", last_name: "", email: "", name: "Ramesh" } }));
    expect(await screen.findByText("Ramesh")).toBeInTheDocument();
    expect(screen.queryByText("Email:")).not.toBeInTheDocument();
  });

  it("says 'Order is empty' for an order without lines", async () => {
    renderOrder(anOrder({ orderItems: [] }));
    expect(await screen.findByText("Order is empty")).toBeInTheDocument();
  });

  it("says so in plain words when the order is not there (or not theirs)", async () => {
    fakeApi(() => ({ status: 404, body: anErrorBody("order_not_found", "No Order matches the given query.") }));
    renderApp(<OrderScreen />, { url: "/order/42", path: "/order/:id", preloadedState: { auth: signedIn(customer) } });
    expect(await screen.findByRole("alert")).toHaveTextContent("We could not find this order.");
  });

  it("lets staff mark a paid order delivered, with a real call, and shows it delivered", async () => {
    let order = aPaidOrder();
    const { user, calls } = renderOrder(
      () => order,
      staff,
      (call) => {
        if (call.method !== "PUT" || call.path !== "/api/orders/42/events/deliver/") return { status: 500 };
        order = {
          ...order,
          status: "delivered",
          isDelivered: true,
          deliveredAt: DELIVERED_AT,
          actions: actionsOf(),
        };
        return { body: order };
      },
    );
    await user.click(await screen.findByRole("button", { name: "Mark As Delivered" }));
    expect(await screen.findByText(`Delivered on ${dateTimeOf(DELIVERED_AT)}`)).toBeInTheDocument();
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual([
      "GET /api/orders/42/",
      "PUT /api/orders/42/events/deliver/",
      "GET /api/orders/42/",
    ]);
    expect(calls[1]?.authorization).toBe("Bearer access-1");
    expect(screen.queryByRole("button", { name: "Mark As Delivered" })).toBeNull();
  });

  it.each([
    ["a customer, on a paid order", customer, aPaidOrder()],
    ["staff, on an unpaid order", staff, anOrder()],
  ])("does not offer Mark As Delivered to %s", async (_case, user, order) => {
    renderOrder(order, user);
    await screen.findByRole("heading", { level: 1, name: "Order 42" });
    expect(screen.queryByRole("button", { name: "Mark As Delivered" })).toBeNull();
  });

  it("does not offer Pay Now to staff looking at a customer's order", async () => {
    renderOrder(anOrder(), staff);
    await screen.findByRole("heading", { level: 1, name: "Order 42" });
    expect(screen.queryByRole("button", { name: "Pay Now" })).toBeNull();
  });

  it("pays through Razorpay's checkout: the server verifies, the order reads again as paid", async () => {
    let order = anOrder();
    const opened = fakeRazorpay((options) =>
      options.handler({ razorpay_order_id: options.order_id, razorpay_payment_id: "pay_sandbox99", razorpay_signature: "c0ffee" }),
    );
    const { user, calls } = renderOrder(
      () => order,
      customer,
      (call) => {
        if (call.path === "/api/orders/create-razorpay-order/") return { body: razorpayOrder };
        if (call.path === "/api/orders/42/pay/") {
          order = aPaidOrder();
          return { body: order };
        }
        return { status: 500 };
      },
    );
    await user.click(await screen.findByRole("button", { name: "Pay Now" }));
    expect(await screen.findByText("Payment successful")).toBeInTheDocument();
    expect(await screen.findByText(`Paid on ${dateTimeOf(PAID_AT)}`)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Pay Now" })).toBeNull();

    expect(calls[1]).toMatchObject({ method: "POST", path: "/api/orders/create-razorpay-order/", body: { order_id: 42, amount: 270392 } });
    expect(opened[0]).toMatchObject({
      key: "rzp_test_sandbox",
      amount: 270392,
      currency: "INR",
      order_id: "order_sandbox1a2b",
      name: "Krishi Bazaar",
      description: "Order 42",
      prefill: { name: "Asha Patil", email: "asha.patil@example.in" },
    });
    expect(calls[2]).toMatchObject({
      method: "PUT",
      path: "/api/orders/42/pay/",
      body: { razorpay_order_id: "order_sandbox1a2b", razorpay_payment_id: "pay_sandbox99", razorpay_signature: "c0ffee" },
    });
    expect(calls[3]).toMatchObject({ method: "GET", path: "/api/orders/42/" });
    expect(document.querySelector("script")).toBeNull();
  });

  it("shows Razorpay's failure on the page: code, description, source, step, reason, order and payment ids", async () => {
    fakeRazorpay((options, fail) =>
      fail({
        code: "BAD_REQUEST_ERROR",
        description: "Your payment could not be completed as the bank declined it.",
        source: "bank",
        step: "payment_authorization",
        reason: "payment_failed",
        metadata: { order_id: options.order_id, payment_id: "pay_sandbox77" },
      }),
    );
    const alert = vi.spyOn(window, "alert").mockImplementation(() => undefined);
    const { user, calls } = renderOrder(anOrder(), customer, () => ({ body: razorpayOrder }));
    await user.click(await screen.findByRole("button", { name: "Pay Now" }));
    const failure = await screen.findByRole("alert");
    const terms = within(failure)
      .getAllByRole("term")
      .map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]);
    expect(terms).toEqual([
      ["Code", "BAD_REQUEST_ERROR"],
      ["Description", "Your payment could not be completed as the bank declined it."],
      ["Source", "bank"],
      ["Step", "payment_authorization"],
      ["Reason", "payment_failed"],
      ["Order ID", "order_sandbox1a2b"],
      ["Payment ID", "pay_sandbox77"],
    ]);
    expect(alert).not.toHaveBeenCalled();
    expect(screen.getByText("Not Paid")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Pay Now" })).toBeEnabled();
    expect(calls.some((call) => call.path.endsWith("/pay/"))).toBe(false);
  });

  it("brings a successful payment into view and focus, saying what happens next", async () => {
    const scrolled = watchScrolling();
    let order = anOrder();
    fakeRazorpay((options) =>
      options.handler({ razorpay_order_id: options.order_id, razorpay_payment_id: "pay_sandbox99", razorpay_signature: "c0ffee" }),
    );
    const { user } = renderOrder(
      () => order,
      customer,
      (call) => {
        if (call.path === "/api/orders/create-razorpay-order/") return { body: razorpayOrder };
        order = aPaidOrder();
        return { body: order };
      },
    );
    await user.click(await screen.findByRole("button", { name: "Pay Now" }));
    const result = (await screen.findByText("Payment successful")).closest(".payment-result");
    await vi.waitFor(() => expect(result).toHaveFocus());
    expect(scrolled).toContain(result);
    expect(result).toHaveTextContent("Thank you. We will pack your order and send it soon; its progress shows below.");
    expect(await screen.findByText("Paid", { selector: ".badge" })).toHaveClass("status-badge--moving");
  });

  it("brings a failed payment into view and focus, with the next steps and Pay Now again", async () => {
    const scrolled = watchScrolling();
    fakeRazorpay((options, fail) =>
      fail({ code: "BAD_REQUEST_ERROR", description: "Card declined", metadata: { order_id: options.order_id } }),
    );
    const { user } = renderOrder(anOrder(), customer, () => ({ body: razorpayOrder }));
    const payNow = await screen.findByRole("button", { name: "Pay Now" });
    await user.click(payNow);
    const failure = await screen.findByRole("alert");
    const result = failure.closest(".payment-result");
    await vi.waitFor(() => expect(result).toHaveFocus());
    expect(scrolled).toEqual([result]);
    expect(failure).toHaveTextContent("Payment failed");
    expect(failure).toHaveTextContent("Try again, or choose another way to pay (such as UPI) in the payment window.");
    expect(screen.getByRole("button", { name: "Pay Now" })).toBeEnabled();
    expect(result).toHaveAttribute("tabindex", "-1");
  });

  it("explains a failed payment in words, folds Razorpay's codes away, and tries again", async () => {
    const opened = fakeRazorpay((options, fail) =>
      fail({
        code: "BAD_REQUEST_ERROR",
        source: "bank",
        step: "payment_authorization",
        reason: "payment_failed",
        metadata: { order_id: options.order_id },
      }),
    );
    const { user, calls } = renderOrder(anOrder(), customer, () => ({ body: razorpayOrder }));
    await user.click(await screen.findByRole("button", { name: "Pay Now" }));
    const failure = await screen.findByRole("alert");
    expect(failure).toHaveTextContent(
      "Your payment did not go through, so this order is not paid yet. If money was taken from your account, your bank returns it.",
    );
    // The gateway's own fields are there for whoever helps, folded away.
    const folded = failure.querySelector("details");
    expect(folded).not.toHaveAttribute("open");
    expect(within(folded as HTMLElement).getByText("Details for support").tagName).toBe("SUMMARY");
    expect(folded).toHaveTextContent("BAD_REQUEST_ERROR");
    expect(folded).toHaveTextContent("payment_authorization");
    expect(failure.querySelector("dl")?.closest("details")).toBe(folded);

    await user.click(within(failure).getByRole("button", { name: "Try again" }));
    await vi.waitFor(() => expect(opened).toHaveLength(2));
    expect(calls.filter((call) => call.path === "/api/orders/create-razorpay-order/")).toHaveLength(2);
  });

  it("says a failed payment in Hindi", async () => {
    await setLanguage("hi");
    fakeRazorpay((options, fail) => fail({ code: "BAD_REQUEST_ERROR", metadata: { order_id: options.order_id } }));
    const { user } = renderOrder(anOrder(), customer, () => ({ body: razorpayOrder }));
    await user.click(await screen.findByRole("button", { name: "अभी भुगतान करें" }));
    const failure = await screen.findByRole("alert");
    expect(failure).toHaveTextContent("भुगतान नहीं हो सका");
    expect(within(failure).getByRole("button", { name: "फिर कोशिश करें" })).toBeEnabled();
    expect(within(failure).getByText("सहायता के लिए विवरण")).toBeInTheDocument();
  });

  it("keeps a failure's details when the shopper then closes Razorpay's window", async () => {
    fakeRazorpay((options, fail) => {
      fail({ code: "BAD_REQUEST_ERROR", description: "Card declined", metadata: { order_id: options.order_id } });
      options.modal?.ondismiss?.();
    });
    const { user } = renderOrder(anOrder(), customer, () => ({ body: razorpayOrder }));
    await user.click(await screen.findByRole("button", { name: "Pay Now" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Card declined");
    expect(screen.getByRole("button", { name: "Pay Now" })).toBeEnabled();
  });

  it("offers Pay Now again when the shopper closes Razorpay's window", async () => {
    let close: () => void = () => undefined;
    fakeRazorpay((options) => {
      close = () => options.modal?.ondismiss?.();
    });
    const { user } = renderOrder(anOrder(), customer, () => ({ body: razorpayOrder }));
    await user.click(await screen.findByRole("button", { name: "Pay Now" }));
    await vi.waitFor(() => expect(screen.getByRole("button", { name: "Pay Now" })).toBeDisabled());
    act(() => close());
    expect(screen.getByRole("button", { name: "Pay Now" })).toBeEnabled();
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("tells the shopper (and the console) when the server cannot open payment", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const opened = fakeRazorpay(() => undefined);
    const { user } = renderOrder(anOrder(), customer, () => ({
      status: 502,
      body: { bool: 0, detail: "Razorpay is not answering. Try again.", code: "gateway_unavailable" },
    }));
    await user.click(await screen.findByRole("button", { name: "Pay Now" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("The payment provider is unavailable. Please try again in a moment.");
    expect(log).toHaveBeenCalled();
    expect(opened).toEqual([]);
  });

  it("tells the shopper when the checkout script cannot be loaded", async () => {
    const { user } = renderOrder(anOrder(), customer, () => ({ body: razorpayOrder }));
    await user.click(await screen.findByRole("button", { name: "Pay Now" }));
    await vi.waitFor(() => expect(document.querySelector("script")).not.toBeNull());
    const script = document.querySelector("script");
    expect(script).toHaveAttribute("src", "/sandbox/razorpay/checkout.js");
    script?.dispatchEvent(new Event("error"));
    expect(await screen.findByRole("alert")).toHaveTextContent("Could not load the payment window. Check your connection and try again.");
    expect(screen.getByRole("button", { name: "Pay Now" })).toBeEnabled();
  });
});

describe("OrderScreen: the order's life", () => {
  const DUE = "2026-11-20T09:45:00.000Z";
  const cancelledOrder = (order: Order, note = ""): Order => ({
    ...order,
    status: "cancelled",
    paymentDueAt: null,
    events: [...order.events, anEvent({ from: order.status, to: "cancelled", event: "cancel", note, at: "2026-11-20T09:20:00.000Z" })],
    actions: actionsOf(),
  });

  it("shows the order's state, when it must be paid by, and its timeline with notes", async () => {
    renderOrder(anOrder({ events: [anEvent({ note: "Deliver after 5 pm" })] }));
    expect((await screen.findByText("Status:")).parentElement).toHaveTextContent("Status: Awaiting payment");
    expect(screen.getByText(/^Pay by/)).toHaveTextContent(
      `Pay by ${dateTimeOf(DUE)} or the order is cancelled and its items go back on sale.`,
    );
    const timeline = screen.getByRole("heading", { level: 2, name: "Timeline" }).nextElementSibling as HTMLElement;
    expect(
      within(timeline)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual([`${dateTimeOf("2026-11-20T09:15:00.000Z")}Order placedDeliver after 5 pm`]);
  });

  it("asks before cancelling, sends POST /cancel/ with the reason, and shows the order cancelled", async () => {
    let order = anOrder();
    const { user, calls } = renderOrder(
      () => order,
      customer,
      (call) => {
        if (call.method !== "POST" || call.path !== "/api/orders/42/cancel/") return { status: 500 };
        order = cancelledOrder(order, "Ordered twice");
        return { body: order };
      },
    );
    await user.click(await screen.findByRole("button", { name: "Cancel Order" }));
    const question = screen.getByRole("group", { name: "Cancel this order?" });
    expect(within(question).getByRole("button", { name: "Keep order" })).toHaveFocus();
    expect(within(question).queryByText(/refund/)).toBeNull();
    expect(calls).toHaveLength(1);

    await user.type(within(question).getByLabelText("Reason (optional)"), "Ordered twice");
    await user.click(within(question).getByRole("button", { name: "Yes, cancel order" }));
    expect(await screen.findByText("Cancelled")).toBeInTheDocument();
    expect(screen.getByText("Status:").parentElement).toHaveFocus();
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual([
      "GET /api/orders/42/",
      "POST /api/orders/42/cancel/",
      "GET /api/orders/42/",
    ]);
    expect(calls[1]).toMatchObject({ body: { reason: "Ordered twice" }, authorization: "Bearer access-1" });
    expect(screen.getByText("Cancelled by the customer")).toBeInTheDocument();
    expect(screen.getByText("Ordered twice")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Cancel Order" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Pay Now" })).toBeNull();
    expect(screen.queryByText(/^Pay by/)).toBeNull();
  });

  it("keeps the order on Keep order or Escape, without a call, focus back on Cancel Order", async () => {
    const { user, calls } = renderOrder(anOrder());
    await user.click(await screen.findByRole("button", { name: "Cancel Order" }));
    await user.click(screen.getByRole("button", { name: "Keep order" }));
    expect(screen.queryByRole("group", { name: "Cancel this order?" })).toBeNull();
    expect(screen.getByRole("button", { name: "Cancel Order" })).toHaveFocus();

    await user.keyboard("{Enter}");
    expect(screen.getByRole("button", { name: "Keep order" })).toHaveFocus();
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("group", { name: "Cancel this order?" })).toBeNull();
    expect(screen.getByRole("button", { name: "Cancel Order" })).toHaveFocus();
    expect(calls).toHaveLength(1);
  });

  it("tells a customer who has paid that cancelling refunds them in full", async () => {
    const { user } = renderOrder(aPaidOrder());
    await user.click(await screen.findByRole("button", { name: "Cancel Order" }));
    expect(screen.getByRole("group", { name: "Cancel this order?" })).toHaveTextContent(
      "A full refund of ₹2,703.92 will be made to the original payment method.",
    );
  });

  it("shows the server's refusal to cancel", async () => {
    const detail = "This order is shipped: it can no longer be cancelled online. Please contact us.";
    const { user } = renderOrder(anOrder(), customer, () => ({
      status: 409,
      body: anErrorBody("order_wrong_state", detail, {}, { status: "shipped", event: "cancel", reason: "not_allowed" }),
    }));
    await user.click(await screen.findByRole("button", { name: "Cancel Order" }));
    await user.click(screen.getByRole("button", { name: "Yes, cancel order" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("This order can no longer be cancelled online. Please contact us.");
    expect(screen.getByRole("button", { name: "Yes, cancel order" })).toBeEnabled();
  });

  it("offers neither Pay Now nor Cancel Order nor a payment deadline when the server says they are over", async () => {
    renderOrder(cancelledOrder(anOrder()));
    expect(await screen.findByText("Cancelled")).toHaveClass("status-badge--stopped");
    // A cancelled order will not be paid or delivered: now that is a problem, in red.
    expect(screen.getByText("Not Paid")).toHaveClass("alert-danger");
    expect(screen.getByText("Not Delivered")).toHaveClass("alert-danger");
    expect(screen.queryByRole("button", { name: "Pay Now" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Cancel Order" })).toBeNull();
    expect(screen.queryByText(/^Pay by/)).toBeNull();
  });

  it("shows the 409 of an order that can no longer be paid beside Pay Now, and reads the order again", async () => {
    let order = anOrder();
    const opened = fakeRazorpay(() => undefined);
    const detail = "This order was not paid in time and has been cancelled; its items went back on sale. Please place your order again.";
    const { user, calls } = renderOrder(
      () => order,
      customer,
      (call) => {
        if (call.path !== "/api/orders/create-razorpay-order/") return { status: 500 };
        order = {
          ...cancelledOrder(order),
          events: [...order.events, anEvent({ from: "pending_payment", to: "cancelled", event: "expire", actor: "system" })],
        };
        return { status: 409, body: { bool: 0, detail, message: detail, code: "order_expired" } };
      },
    );
    await user.click(await screen.findByRole("button", { name: "Pay Now" }));
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent(detail);
    // Brought to the shopper, without offering a Pay Now that is no longer there.
    await vi.waitFor(() => expect(alert.parentElement).toHaveFocus());
    expect(alert).not.toHaveTextContent("Try again");
    expect(await screen.findByText("Cancelled: the time to pay ran out, its items went back on sale")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Pay Now" })).toBeNull();
    expect(screen.getByRole("alert")).toHaveTextContent(detail);
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual([
      "GET /api/orders/42/",
      "POST /api/orders/create-razorpay-order/",
      "GET /api/orders/42/",
    ]);
    expect(opened).toEqual([]);
  });

  it("shows the shipment: courier, AWB number and a tracking link opening in a new tab", async () => {
    const shippedAt = "2026-11-21T08:00:00.000Z";
    renderOrder(
      aPaidOrder({
        status: "shipped",
        shipment: { courier: "Delhivery", awb: "DLV-12345678", trackingUrl: "https://track.example.in/DLV-12345678", shippedAt },
        actions: actionsOf(),
      }),
    );
    const link = await screen.findByRole("link", { name: "Track your parcel (opens in a new tab)" });
    expect(link).toHaveAttribute("href", "https://track.example.in/DLV-12345678");
    expect(link).toHaveAttribute("target", "_blank");
    expect(link).toHaveAttribute("rel", "noopener noreferrer");
    expect(screen.getByText("Courier:").parentElement).toHaveTextContent("Courier: Delhivery");
    expect(screen.getByText("AWB number:").parentElement).toHaveTextContent("AWB number: DLV-12345678");
    expect(screen.getByText("Shipped on:").parentElement).toHaveTextContent(`Shipped on: ${dateTimeOf(shippedAt)}`);
    expect(screen.getByText("Status:").parentElement).toHaveTextContent("Status: Shipped");
  });

  it("shows a shipment without a tracking address, without a link", async () => {
    renderOrder(aPaidOrder({ status: "shipped", shipment: { courier: "India Post", awb: "EE123", trackingUrl: "", shippedAt: PAID_AT } }));
    expect(await screen.findByText("Courier:")).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: /Track your parcel/ })).toBeNull();
  });

  it("lists the refunds with amount, reason and state, and the amount refunded", async () => {
    renderOrder(
      aPaidOrder({
        refunds: [
          {
            id: 1,
            amount: "120.00",
            reason: "One bag arrived torn",
            status: "processed",
            createdAt: "2026-11-22T10:00:00.000Z",
            ofOrderPayment: true,
          },
          {
            id: 2,
            amount: "80.00",
            reason: "Late delivery",
            status: "pending",
            createdAt: "2026-11-23T10:00:00.000Z",
            ofOrderPayment: true,
          },
        ],
        amountRefunded: "200.00",
      }),
    );
    const refunds = (await screen.findByRole("heading", { level: 2, name: "Refunds" })).parentElement as HTMLElement;
    expect(
      within(refunds)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual([
      `₹120.00 ProcessedOne bag arrived torn${dateTimeOf("2026-11-22T10:00:00.000Z")}`,
      `₹80.00 PendingLate delivery${dateTimeOf("2026-11-23T10:00:00.000Z")}`,
    ]);
    expect(within(refunds).getByText("Refunded:").parentElement).toHaveTextContent("Refunded: ₹200.00");
    expect(within(refunds).queryByText(/second payment/)).toBeNull();
  });

  it("says in words that a second payment was given back whole, apart from the order's own refunds", async () => {
    renderOrder(
      aPaidOrder({
        refunds: [
          {
            id: 1,
            amount: "2703.92",
            reason: "The order was already paid: duplicate payment",
            status: "processed",
            createdAt: "2026-11-21T10:00:00.000Z",
            ofOrderPayment: false,
          },
          {
            id: 2,
            amount: "120.00",
            reason: "One bag arrived torn",
            status: "processed",
            createdAt: "2026-11-22T10:00:00.000Z",
            ofOrderPayment: true,
          },
        ],
        amountRefunded: "120.00",
        otherPaymentsRefunded: "2703.92",
      }),
    );
    const refunds = (await screen.findByRole("heading", { level: 2, name: "Refunds" })).parentElement as HTMLElement;
    const [second, own] = within(refunds).getAllByRole("listitem");
    expect(second).toHaveTextContent("A second payment for this order (made twice, or after it was cancelled), given back in full");
    expect(own).not.toHaveTextContent("second payment");
    expect(within(refunds).getByText("Refunded:").parentElement).toHaveTextContent("Refunded: ₹120.00");
    expect(within(refunds).getByText("Second payments given back:").parentElement).toHaveTextContent(
      "Second payments given back: ₹2,703.92",
    );
  });

  it("shows no staff actions to a customer", async () => {
    renderOrder(aPaidOrder());
    await screen.findByRole("heading", { level: 1, name: "Order 42" });
    expect(screen.queryByRole("heading", { name: "Staff" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Mark As Packed" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Refund" })).toBeNull();
  });
});

describe("OrderScreen in Hindi", () => {
  it("shows the order's state, banners, timeline, lines, summary and Pay Now in Hindi, amounts and dates as in English", async () => {
    await setLanguage("hi");
    renderOrder(anOrder());
    expect(await screen.findByRole("heading", { level: 1, name: "ऑर्डर 42" })).toBeInTheDocument();
    expect(screen.getByText("स्थिति:").parentElement).toHaveTextContent("स्थिति: भुगतान बाक़ी है");
    expect(screen.getByText("भुगतान नहीं हुआ")).toHaveClass("alert-secondary");
    expect(screen.getByText("डिलीवर नहीं हुआ")).toHaveClass("alert-secondary");
    expect(screen.getByText(/^.* तक भुगतान करें, नहीं तो ऑर्डर रद्द हो जाएगा/)).toHaveTextContent(dateTimeOf("2026-11-20T09:45:00.000Z"));
    expect(screen.getByRole("heading", { level: 2, name: "ऑर्डर का सफ़र" })).toBeInTheDocument();
    expect(screen.getByText("ऑर्डर दिया गया")).toBeInTheDocument();
    expect(screen.getByText("मात्रा 2 × ₹1,249.50")).toBeInTheDocument();
    const rows = screen.getAllByRole("row").map((row) => row.textContent);
    expect(rows).toEqual(["सामान₹2,499.00", "डिलीवरी₹0.00", "टैक्स₹204.92", "कुल₹2,703.92"]);
    expect(screen.getByRole("button", { name: "अभी भुगतान करें" })).toBeEnabled();
    expect(screen.getByRole("button", { name: "ऑर्डर रद्द करें" })).toBeEnabled();
  });

  it("names the address's state and country in Hindi, its city as the customer wrote it", async () => {
    await setLanguage("hi");
    renderOrder(anOrder());
    expect(await screen.findByText("Gat No. 42, Ozar Road, Near the mandi, Nashik, महाराष्ट्र 422001, भारत")).toBeInTheDocument();
  });

  it("names a return's refund by the return and its reason in Hindi, staff's own reasons as written", async () => {
    await setLanguage("hi");
    renderOrder(
      aPaidOrder({
        refunds: [
          { id: 5, amount: "1249.50", reason: "Return #3: Damaged", createdAt: "2026-11-26T10:00:00.000Z" },
          { id: 6, amount: "20.00", reason: "Late delivery", createdAt: "2026-11-27T10:00:00.000Z" },
        ],
        returns: [aReturn({ status: "received", refundId: 5 })],
        amountRefunded: "1269.50",
      }),
    );
    const refunds = (await screen.findByRole("heading", { level: 2, name: "रिफ़ंड" })).parentElement as HTMLElement;
    const [fromReturn, own] = within(refunds).getAllByRole("listitem");
    expect(fromReturn).toHaveTextContent("वापसी 3: टूटा-फूटा या ख़राब");
    expect(fromReturn).not.toHaveTextContent(/Return|Damaged/);
    expect(own).toHaveTextContent("Late delivery");
  });

  it("shows staff their panel in Hindi", async () => {
    await setLanguage("hi");
    renderOrder(aPaidOrder(), staff);
    expect(await screen.findByRole("heading", { level: 2, name: "स्टाफ़" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "पैक हुआ चिह्नित करें" })).toBeInTheDocument();
    expect(screen.getByLabelText("कूरियर")).toBeInTheDocument();
    expect(screen.getByText("₹2,703.92 तक रिफ़ंड किया जा सकता है")).toBeInTheDocument();
    expect(screen.getByText(`${dateTimeOf(PAID_AT)} को भुगतान हुआ`)).toHaveClass("alert-success");
  });
});

/** A Cash on Delivery order placed in GST mode within the seller's state: ₹800 of neem oil at 5 %, the ₹40 fee taxed with it. */
function aCodOrder(overrides: OrderOverrides = {}): Order {
  return anOrder({
    orderItems: [
      anOrderLine({
        product: 9,
        name: "Neem oil 1 L",
        image: "images/neem.webp",
        price: "160.00",
        qty: 5,
        hsnCode: "3808",
        gstRate: 5,
        tax: "40.00",
      }),
    ],
    paymentMethod: "COD",
    status: "confirmed",
    paymentDueAt: null,
    itemsPrice: "800.00",
    shippingPrice: "0.00",
    codFee: "40.00",
    taxPrice: "42.00",
    taxBreakup: { cgst: "21.00", sgst: "21.00", igst: "0.00" },
    totalPrice: "882.00",
    events: [anEvent({ to: "confirmed" })],
    actions: { cancel: true },
    ...overrides,
  });
}

describe("OrderScreen for Cash on Delivery and GST", () => {
  it("shows a COD order confirmed, to be paid in cash on delivery, without Pay Now", async () => {
    renderOrder(aCodOrder({ actions: { cancel: true } }));
    expect(await screen.findByText("Confirmed — pay on delivery")).toHaveClass("status-badge--waiting");
    expect(screen.getByText("Pay ₹882.00 in cash on delivery")).toBeInTheDocument();
    expect(screen.getByText("Not Paid")).toHaveClass("alert-secondary");
    expect(screen.getByText("Method:").parentElement).toHaveTextContent("Method: Cash on Delivery");
    expect(screen.queryByRole("button", { name: "Pay Now" })).toBeNull();
    expect(screen.getByRole("button", { name: "Cancel Order" })).toBeEnabled();
  });

  it("shows the COD fee and the GST as CGST and SGST in the summary", async () => {
    renderOrder(aCodOrder());
    await screen.findByRole("heading", { level: 1, name: "Order 42" });
    const rows = screen.getAllByRole("row").map((row) => row.textContent);
    expect(rows).toEqual(["Items₹800.00", "Shipping₹0.00", "Cash on Delivery fee₹40.00", "CGST₹21.00", "SGST₹21.00", "Total₹882.00"]);
  });

  it("shows IGST for an order to another state", async () => {
    renderOrder(aCodOrder({ taxBreakup: { cgst: "0.00", sgst: "0.00", igst: "42.00" } }));
    await screen.findByRole("heading", { level: 1, name: "Order 42" });
    const rows = screen.getAllByRole("row").map((row) => row.textContent);
    expect(rows).toEqual(["Items₹800.00", "Shipping₹0.00", "Cash on Delivery fee₹40.00", "IGST₹42.00", "Total₹882.00"]);
  });

  it("shows the GST inside the total, not added to it, for an order whose prices included it", async () => {
    // ₹800 at 5 %: 38.10 inside; the ₹40 fee at 5 %: 1.90 inside — halves each.
    renderOrder(
      aCodOrder({ taxIncluded: true, taxPrice: "40.00", taxBreakup: { cgst: "20.00", sgst: "20.00", igst: "0.00" }, totalPrice: "840.00" }),
    );
    await screen.findByRole("heading", { level: 1, name: "Order 42" });
    const rows = screen.getAllByRole("row").map((row) => row.textContent);
    expect(rows).toEqual([
      "Items₹800.00",
      "Shipping₹0.00",
      "Cash on Delivery fee₹40.00",
      "Includes GST₹40.00",
      "CGST₹20.00",
      "SGST₹20.00",
      "Total₹840.00",
    ]);
    expect(screen.getByRole("table", { name: "Includes GST" })).toBeInTheDocument();
    expect(screen.getByText("Pay ₹840.00 in cash on delivery")).toBeInTheDocument();
  });

  it("stops asking for cash once the order is delivered, or once its cash was received", async () => {
    const { unmount } = renderOrder(aCodOrder({ status: "delivered", isDelivered: true, deliveredAt: DELIVERED_AT }));
    expect(await screen.findByText(`Delivered on ${dateTimeOf(DELIVERED_AT)}`)).toBeInTheDocument();
    expect(screen.queryByText(/in cash on delivery/)).toBeNull();
    unmount();
    renderOrder(
      aCodOrder({
        status: "delivered",
        isDelivered: true,
        deliveredAt: DELIVERED_AT,
        isPaid: true,
        paidAt: DELIVERED_AT,
        events: [
          anEvent({ to: "confirmed" }),
          anEvent({ from: "delivered", to: "delivered", event: "collect", actor: "staff", at: DELIVERED_AT }),
        ],
      }),
    );
    expect(await screen.findByText("Cash received on delivery")).toBeInTheDocument();
    expect(screen.queryByText(/in cash on delivery/)).toBeNull();
  });

  it("shows the mobile number the order ships with", async () => {
    const { id: _, ...address } = anAddress({ phone: "9876543210" });
    renderOrder(aCodOrder({ shippingAddress: address }));
    expect(await screen.findByText("Mobile: 98765 43210")).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: /Call/ })).toBeNull();
  });

  it("lets staff call the customer's mobile number with a tap, or write on WhatsApp", async () => {
    const { id: _, ...address } = anAddress({ phone: "9876543210" });
    renderOrder(aCodOrder({ shippingAddress: address }), staff);
    expect(await screen.findByRole("link", { name: "Call +91 98765 43210" })).toHaveAttribute("href", "tel:+919876543210");
    expect(screen.getByRole("link", { name: "WhatsApp +91 98765 43210 (opens in a new tab)" })).toHaveAttribute(
      "href",
      "https://wa.me/919876543210",
    );
  });
});

describe("OrderScreen tax documents", () => {
  afterEach(() => {
    const urls = URL as unknown as Record<string, unknown>;
    delete urls.createObjectURL;
    delete urls.revokeObjectURL;
  });

  const invoiced = () =>
    aPaidOrder({
      invoiceNumber: "KB/2026-27/000001",
      creditNotes: [{ n: 1, number: "KB-CN/2026-27/000003", amount: "120.00", issuedAt: "2026-11-22T10:00:00.000Z" }],
    });

  /** jsdom has no blob: URLs nor downloads: records the files the page saves. */
  function watchDownloads() {
    const made: Blob[] = [];
    const saved: { href: string; download: string }[] = [];
    Object.assign(URL, {
      createObjectURL: vi.fn((blob: Blob) => {
        made.push(blob);
        return `blob:http://localhost/${made.length}`;
      }),
      revokeObjectURL: vi.fn(),
    });
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ href: this.href, download: this.download });
    });
    return { made, saved };
  }

  it("offers no invoice before one is issued", async () => {
    renderOrder(aPaidOrder());
    await screen.findByRole("heading", { level: 1, name: "Order 42" });
    expect(screen.queryByRole("button", { name: "Download tax invoice" })).toBeNull();
  });

  it("downloads the tax invoice with the session's token, saved under its number", async () => {
    const { made, saved } = watchDownloads();
    const { user, calls } = renderOrder(invoiced(), customer, (call) =>
      call.path === "/api/orders/42/invoice/" ? { body: "%PDF-1.7 invoice" } : { status: 500 },
    );
    expect(await screen.findByText("Invoice KB/2026-27/000001")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Download tax invoice" }));
    await vi.waitFor(() => expect(saved).toEqual([{ href: "blob:http://localhost/1", download: "KB-2026-27-000001.pdf" }]));
    expect(calls[1]).toMatchObject({ method: "GET", path: "/api/orders/42/invoice/", authorization: "Bearer access-1" });
    expect(await made[0]?.text()).toContain("%PDF-1.7 invoice");
  });

  it("downloads each credit note the same way", async () => {
    const { saved } = watchDownloads();
    const { user, calls } = renderOrder(invoiced(), customer, (call) =>
      call.path === "/api/orders/42/credit-notes/1/" ? { body: "%PDF-1.7 credit note" } : { status: 500 },
    );
    await user.click(await screen.findByRole("button", { name: "Credit note KB-CN/2026-27/000003" }));
    await vi.waitFor(() => expect(saved).toEqual([{ href: "blob:http://localhost/1", download: "KB-CN-2026-27-000003.pdf" }]));
    expect(calls[1]).toMatchObject({ path: "/api/orders/42/credit-notes/1/", authorization: "Bearer access-1" });
  });

  it("says in the shop's words why a document could not be had, and saves nothing", async () => {
    const { saved } = watchDownloads();
    const { user } = renderOrder(invoiced(), customer, () => ({
      status: 404,
      body: anErrorBody("order_not_found", "No Order matches the given query."),
    }));
    await user.click(await screen.findByRole("button", { name: "Download tax invoice" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("We could not find this order.");
    expect(saved).toEqual([]);
  });

  it("names the documents in Hindi", async () => {
    await setLanguage("hi");
    renderOrder(invoiced());
    expect(await screen.findByRole("button", { name: "टैक्स इनवॉइस डाउनलोड करें" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "क्रेडिट नोट KB-CN/2026-27/000003" })).toBeInTheDocument();
  });
});

describe("OrderScreen: progress and lines", () => {
  const shipped = () =>
    aPaidOrder({
      status: "shipped",
      shipment: { courier: "Delhivery", awb: "DLV-1", trackingUrl: "", shippedAt: "2026-11-21T08:00:00.000Z" },
      steps: [
        { step: "placed", at: "2026-11-20T09:15:00.000Z" },
        { step: "paid", at: PAID_AT },
        { step: "packed", at: "2026-11-20T15:00:00.000Z" },
        { step: "shipped", at: "2026-11-21T08:00:00.000Z" },
        { step: "delivered", at: null },
      ],
      expectedDeliveryBy: "2026-11-24",
      actions: {},
    });

  it("shows the order's steps as an ordered list, the step reached marked current, and the expected delivery day", async () => {
    renderOrder(shipped());
    const progress = await screen.findByRole("list", { name: "Order progress" });
    expect(progress.tagName).toBe("OL");
    const steps = within(progress).getAllByRole("listitem");
    expect(steps.map((step) => step.textContent)).toEqual([
      `✓Placed${shortDay("2026-11-20T09:15:00.000Z")}`,
      `✓Paid${shortDay(PAID_AT)}`,
      `✓Packed${shortDay("2026-11-20T15:00:00.000Z")}`,
      `✓Shipped${shortDay("2026-11-21T08:00:00.000Z")}`,
      "5Delivered(not yet)",
    ]);
    expect(steps.map((step) => step.getAttribute("aria-current"))).toEqual([null, null, null, "step", null]);
    expect(screen.getByText("Expected delivery by Tuesday, 24 November")).toBeInTheDocument();
    // One status line: the badge says the state; the steps do not say it again in words.
    expect(screen.getAllByText("Shipped", { selector: ".badge" })).toHaveLength(1);
  });

  it("names the step after placing Confirmed for Cash on Delivery, and shows no steps for a cancelled order", async () => {
    const { unmount } = renderOrder(anOrder({ paymentMethod: "COD", status: "confirmed", paymentDueAt: null, actions: { cancel: true } }));
    const progress = await screen.findByRole("list", { name: "Order progress" });
    expect(within(progress).getAllByRole("listitem")[1]).toHaveTextContent("Confirmed");
    expect(within(progress).getAllByRole("listitem")[1]).toHaveAttribute("aria-current", "step");
    unmount();
    renderOrder(anOrder({ status: "cancelled", paymentDueAt: null, actions: {} }));
    expect(await screen.findByText("Cancelled", { selector: ".badge" })).toBeInTheDocument();
    expect(screen.queryByRole("list", { name: "Order progress" })).toBeNull();
    expect(screen.queryByText(/Expected delivery/)).toBeNull();
  });

  it("says the steps and the expected day in Hindi, the day's names in Hindi", async () => {
    await setLanguage("hi");
    renderOrder(shipped());
    const progress = await screen.findByRole("list", { name: "ऑर्डर की प्रगति" });
    expect(within(progress).getAllByRole("listitem")[3]).toHaveTextContent("भेज दिया गया");
    expect(within(progress).getAllByRole("listitem")[4]).toHaveTextContent("(अभी नहीं)");
    expect(screen.getByText("मंगलवार, 24 नवंबर तक डिलीवरी की उम्मीद")).toBeInTheDocument();
  });

  it("names the lines in Hindi when the shop is in Hindi and the line has a Hindi name", async () => {
    const order = anOrder({
      orderItems: [anOrderLine({ nameHi: "संकर धान के बीज 10 किलो" }), anOrderLine({ product: 8, name: "Urea 45 kg" })],
    });
    const { unmount } = renderOrder(order);
    expect(await screen.findByRole("link", { name: "Hybrid paddy seeds 10 kg" })).toHaveAttribute("href", "/product/7");
    unmount();
    await setLanguage("hi");
    renderOrder(order);
    expect(await screen.findByRole("link", { name: "संकर धान के बीज 10 किलो" })).toHaveAttribute("href", "/product/7");
    // Without a Hindi name, the English one.
    expect(screen.getByRole("link", { name: "Urea 45 kg" })).toBeInTheDocument();
  });

  it("shows each timeline entry once, without a note that repeats the entry's words", async () => {
    const collected = anEvent({ from: "delivered", to: "delivered", event: "collect", actor: "staff", note: "Cash received", at: PAID_AT });
    renderOrder(
      anOrder({
        paymentMethod: "COD",
        status: "delivered",
        isDelivered: true,
        deliveredAt: PAID_AT,
        isPaid: true,
        paidAt: PAID_AT,
        events: [anEvent({ to: "confirmed", note: "Call before coming" }), collected, { ...collected }],
        actions: {},
      }),
    );
    const timeline = (await screen.findByRole("heading", { level: 2, name: "Timeline" })).nextElementSibling as HTMLElement;
    expect(
      within(timeline)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual([
      `${dateTimeOf("2026-11-20T09:15:00.000Z")}Order placedCall before coming`,
      `${dateTimeOf(PAID_AT)}Cash received on delivery`,
    ]);
    expect(screen.queryByText("Cash received")).toBeNull();
  });

  it("offers Cancel Order only where the actions say, whatever the state looks like", async () => {
    // Awaiting payment looks cancellable; the server says it is not (for this viewer).
    renderOrder(anOrder({ actions: { pay: true, cancel: false } }));
    expect(await screen.findByText("Awaiting payment")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Pay Now" })).toBeEnabled();
    expect(screen.queryByRole("button", { name: "Cancel Order" })).toBeNull();
  });

  it("lists a refund by transfer, paid with its reference, and the lines it refunds", async () => {
    renderOrder(
      aPaidOrder({
        paymentMethod: "COD",
        refunds: [
          {
            id: 4,
            amount: "160.00",
            method: "transfer",
            reference: "UTR123456",
            lines: [{ product: 7, variant: null, qty: 1 }],
            reason: "Return 3",
          },
          { id: 5, amount: "80.00", method: "transfer", status: "pending", reason: "Goodwill" },
        ],
        amountRefunded: "240.00",
        refundAccount: { kind: "upi", display: "asha@okbank" },
      }),
    );
    const refunds = (await screen.findByRole("heading", { level: 2, name: "Refunds" })).parentElement as HTMLElement;
    const [paid, pending] = within(refunds).getAllByRole("listitem");
    expect(paid).toHaveTextContent("Refund to your bank/UPI · Paid — ref UTR123456");
    expect(paid).toHaveTextContent("1 × Hybrid paddy seeds 10 kg");
    expect(pending).toHaveTextContent("Refund to your bank/UPI");
    expect(pending).not.toHaveTextContent("Paid — ref");
  });
});

describe("OrderScreen: returns", () => {
  const inAWeek = () => new Date(Date.now() + 7 * 24 * 3600_000).toISOString();
  const delivered = (overrides: OrderOverrides = {}) =>
    aPaidOrder({
      status: "delivered",
      isDelivered: true,
      deliveredAt: DELIVERED_AT,
      orderItems: [
        anOrderLine({ nameHi: "संकर धान के बीज 10 किलो" }),
        anOrderLine({ product: 8, name: "Urea 45 kg", price: "266.50", qty: 3 }),
      ],
      returnWindowEndsAt: inAWeek(),
      actions: { return_request: true },
      ...overrides,
    });

  const PHOTO = "/api/orders/42/returns/3/photos/0/?expires=1767225600&signature=c2lnbmVkLWJ5LXRoZS1zZXJ2ZXI";

  it("says until when a return may be asked for, and shows each return's state, lines, photos, note and refund", async () => {
    const order = delivered({
      returns: [
        aReturn({ id: 3, photos: [PHOTO] }),
        aReturn({ id: 4, status: "approved", reason: "wrong_item", details: "" }),
        aReturn({ id: 5, status: "rejected", reason: "other", details: "", note: "Opened seed bags cannot be returned." }),
        aReturn({ id: 6, status: "received", reason: "expired", details: "", refundId: 9, restocked: true }),
      ],
      refunds: [{ id: 9, amount: "1249.50", lines: [{ product: 7, variant: null, qty: 1 }], reason: "Return 6" }],
      amountRefunded: "1249.50",
    });
    renderOrder(order);
    const returns = await screen.findByRole("region", { name: "Returns" });
    expect(within(returns).getByText(`Return window closes ${longDay(order.returnWindowEndsAt as string)}`)).toBeInTheDocument();
    const [requested, approved, rejected, received] = within(returns).getAllByRole("article");
    expect(requested).toHaveAccessibleName("Return 3");
    expect(requested).toHaveTextContent("Requested");
    expect(requested).toHaveTextContent("1 × Hybrid paddy seeds 10 kg");
    expect(requested).toHaveTextContent("Reason: Damaged");
    expect(requested).toHaveTextContent("“The bag was torn”");
    // The address the server signed, as it is (the photos are not under the public media); 320 px for the thumbnail.
    const photo = within(requested as HTMLElement).getByRole("img", { name: "Photo 1 of return 3 (opens in a new tab)" });
    expect(photo).toHaveAttribute("src", `${PHOTO}&w=320`);
    expect(photo.closest("a")).toHaveAttribute("href", PHOTO);
    expect(approved).toHaveTextContent("Pickup approved");
    expect(approved).toHaveTextContent("Reason: Wrong item");
    expect(rejected).toHaveTextContent("Not accepted");
    expect(rejected).toHaveTextContent("Note from the shop: Opened seed bags cannot be returned.");
    expect(received).toHaveTextContent("Received — refunded");
    expect(within(received as HTMLElement).getByRole("link", { name: "Refund of ₹1,249.50: Processed" })).toHaveAttribute(
      "href",
      "#refund-9",
    );
  });

  it("offers Return items only where the actions say, and never to staff", async () => {
    const { unmount } = renderOrder(delivered({ actions: {} }));
    await screen.findByRole("heading", { level: 1, name: "Order 42" });
    expect(screen.queryByRole("button", { name: "Return items" })).toBeNull();
    expect(screen.queryByRole("region", { name: "Returns" })).toBeNull();
    unmount();
    renderOrder(delivered(), staff);
    await screen.findByRole("heading", { level: 1, name: "Order 42" });
    expect(screen.queryByRole("button", { name: "Return items" })).toBeNull();
  });

  it("checks the return form before sending: a line, a reason, at most 3 photos", async () => {
    const { user, calls } = renderOrder(delivered());
    await user.click(await screen.findByRole("button", { name: "Return items" }));
    const form = screen.getByRole("form", { name: "Return items" });
    const photos = new Array(4).fill(null).map((_, i) => new File(["png"], `bag-${i}.png`, { type: "image/png" }));
    await user.upload(within(form).getByLabelText("Photos (optional, up to 3)"), photos);
    await user.click(within(form).getByRole("button", { name: "Request return" }));
    expect(await within(form).findByText("Choose at least one item to return.")).toBeInTheDocument();
    expect(within(form).getByText("Choose a reason.")).toBeInTheDocument();
    expect(within(form).getByText("Choose at most 3 photos.")).toBeInTheDocument();
    await expect.poll(() => document.activeElement).toBe(within(form).getByRole("checkbox", { name: "Hybrid paddy seeds 10 kg" }));
    // Not a refund account: this order was paid online.
    expect(within(form).queryByRole("group", { name: "Where should we send your refund?" })).toBeNull();
    expect(routes(calls)).toEqual(["GET /api/orders/42/"]);
  });

  it("sends the chosen lines, how many, the reason and the details as JSON, then shows the return", async () => {
    let order = delivered();
    const { user, calls } = renderOrder(
      () => order,
      customer,
      (call) => {
        if (call.method !== "POST" || call.path !== "/api/orders/42/returns/") return { status: 500 };
        const made = aReturn({
          id: 7,
          lines: [{ product: 8, variant: null, name: "Urea 45 kg", nameHi: "", qty: 2, price: "266.50" }],
          reason: "wrong_item",
          details: "Got DAP instead",
        });
        order = { ...order, returns: [made] };
        return { status: 201, body: made };
      },
    );
    await user.click(await screen.findByRole("button", { name: "Return items" }));
    const form = screen.getByRole("form", { name: "Return items" });
    const urea = within(form).getByRole("combobox", { name: "How many of Urea 45 kg" });
    expect(urea).toBeDisabled();
    await user.click(within(form).getByRole("checkbox", { name: "Urea 45 kg" }));
    expect(urea).toHaveValue("3");
    expect(
      within(urea)
        .getAllByRole("option")
        .map((option) => option.textContent),
    ).toEqual(["1", "2", "3"]);
    await user.selectOptions(urea, "2");
    await user.click(within(form).getByRole("radio", { name: "Wrong item" }));
    await user.type(within(form).getByLabelText("Details (optional)"), " Got DAP instead ");
    await user.click(within(form).getByRole("button", { name: "Request return" }));

    expect(await screen.findByText("Your return request is sent. We will tell you when its pickup is arranged.")).toBeInTheDocument();
    expect(calls[1]).toMatchObject({
      method: "POST",
      path: "/api/orders/42/returns/",
      body: { lines: [{ product: 8, qty: 2 }], reason: "wrong_item", details: "Got DAP instead" },
      authorization: "Bearer access-1",
    });
    const returns = screen.getByRole("region", { name: "Returns" });
    expect(await within(returns).findByRole("article", { name: "Return 7" })).toHaveTextContent("2 × Urea 45 kg");
    expect(screen.queryByRole("form", { name: "Return items" })).toBeNull();
  });

  it("tells two packs of one product apart: on the order, in the return form (sending each line's pack), in returns and refunds", async () => {
    const bag = { id: 11, label: "45 kg" };
    const small = { id: 12, label: "5 kg" };
    const order = delivered({
      orderItems: [
        anOrderLine({ product: 8, name: "Urea", price: "266.50", qty: 2, variant: bag }),
        anOrderLine({ product: 8, name: "Urea", price: "40.00", qty: 3, variant: small }),
      ],
      returns: [aReturn({ lines: [{ product: 8, variant: small, name: "Urea", nameHi: "", qty: 1, price: "40.00" }] })],
      refunds: [{ id: 9, amount: "266.50", lines: [{ product: 8, variant: bag, qty: 1 }], reason: "Bag torn" }],
      amountRefunded: "266.50",
    });
    const { user, calls } = renderOrder(order, customer, (call) =>
      call.path === "/api/orders/42/returns/" ? { status: 201, body: aReturn({ id: 8 }) } : { status: 500 },
    );
    expect(await screen.findByRole("link", { name: "Urea · 45 kg" })).toHaveAttribute("href", "/product/8");
    expect(screen.getByRole("link", { name: "Urea · 5 kg" })).toBeInTheDocument();
    expect(screen.getByRole("region", { name: "Returns" })).toHaveTextContent("1 × Urea · 5 kg");
    expect(screen.getByText("1 × Urea · 45 kg")).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Return items" }));
    const form = screen.getByRole("form", { name: "Return items" });
    await user.click(within(form).getByRole("checkbox", { name: "Urea · 5 kg" }));
    await user.selectOptions(within(form).getByRole("combobox", { name: "How many of Urea · 5 kg" }), "2");
    expect(within(form).getByRole("checkbox", { name: "Urea · 45 kg" })).not.toBeChecked();
    await user.click(within(form).getByRole("radio", { name: "Damaged" }));
    await user.click(within(form).getByRole("button", { name: "Request return" }));
    await vi.waitFor(() => expect(calls[1]?.path).toBe("/api/orders/42/returns/"));
    expect(calls[1]?.body).toMatchObject({ lines: [{ product: 8, variant: 12, qty: 2 }], reason: "damaged" });
  });

  it("sends photos as a multipart form, its lines and refund account as JSON text", async () => {
    const { user, calls } = renderOrder(delivered({ paymentMethod: "COD" }), customer, (call) =>
      call.path === "/api/orders/42/returns/" ? { status: 201, body: aReturn() } : { status: 500 },
    );
    await user.click(await screen.findByRole("button", { name: "Return items" }));
    const form = screen.getByRole("form", { name: "Return items" });
    await user.click(within(form).getByRole("checkbox", { name: "Hybrid paddy seeds 10 kg" }));
    await user.click(within(form).getByRole("radio", { name: "Damaged" }));
    await user.upload(within(form).getByLabelText("Photos (optional, up to 3)"), [
      new File(["png"], "bag.png", { type: "image/png" }),
      new File(["jpg"], "seal.jpg", { type: "image/jpeg" }),
    ]);
    const account = within(form).getByRole("group", { name: "Where should we send your refund?" });
    await user.click(within(account).getByRole("radio", { name: "UPI" }));
    await user.type(within(account).getByLabelText("UPI id"), "asha@okbank");
    await user.click(within(form).getByRole("button", { name: "Request return" }));

    await expect.poll(() => calls.length).toBe(3);
    const body = String(calls[1]?.body);
    const field = (name: string) => body.match(new RegExp(`name="${name}"\\r\\n\\r\\n([^\\r]*)`))?.[1];
    expect(field("lines")).toBe('[{"product":7,"qty":2}]');
    expect(field("reason")).toBe("damaged");
    expect(field("refundTo")).toBe('{"upi":"asha@okbank"}');
    expect(body.match(/name="photos"/g)).toHaveLength(2);
  });

  it("asks a Cash on Delivery customer without a refund account where to send the refund, and checks it", async () => {
    const { user, calls } = renderOrder(delivered({ paymentMethod: "COD" }));
    await user.click(await screen.findByRole("button", { name: "Return items" }));
    const form = screen.getByRole("form", { name: "Return items" });
    await user.click(within(form).getByRole("checkbox", { name: "Hybrid paddy seeds 10 kg" }));
    await user.click(within(form).getByRole("radio", { name: "Expired" }));
    await user.click(within(form).getByRole("button", { name: "Request return" }));
    expect(await within(form).findByText("Choose UPI or a bank account.")).toBeInTheDocument();

    const account = within(form).getByRole("group", { name: "Where should we send your refund?" });
    await user.click(within(account).getByRole("radio", { name: "Bank account" }));
    await user.type(within(account).getByLabelText("Account holder's name"), "Asha Patil");
    await user.type(within(account).getByLabelText("Account number"), "12345");
    await user.type(within(account).getByLabelText("IFSC"), "SBIN001234");
    await user.click(within(form).getByRole("button", { name: "Request return" }));
    expect(await within(form).findByText("Enter the account number: 9 to 18 digits.")).toBeInTheDocument();
    expect(within(form).getByText("Enter the IFSC: 11 letters and digits, such as SBIN0001234.")).toBeInTheDocument();
    expect(within(account).getByLabelText("Account number")).toHaveAttribute("aria-invalid", "true");
    expect(routes(calls)).toEqual(["GET /api/orders/42/"]);
  });

  it("does not ask again for a refund account the order already has", async () => {
    const { user } = renderOrder(delivered({ paymentMethod: "COD", refundAccount: { kind: "upi", display: "asha@okbank" } }));
    await user.click(await screen.findByRole("button", { name: "Return items" }));
    const form = screen.getByRole("form", { name: "Return items" });
    expect(within(form).queryByRole("group", { name: "Where should we send your refund?" })).toBeNull();
    expect(screen.getByText("Refunds are paid to:").parentElement).toHaveTextContent("Refunds are paid to: asha@okbank");
  });

  it("says the server's refusal of a return in the shop's words", async () => {
    const { user } = renderOrder(delivered(), customer, () => ({
      status: 409,
      body: anErrorBody("return_window_closed", "The return window closed.", {}, { until: "2026-11-30T18:29:59.000Z" }),
    }));
    await user.click(await screen.findByRole("button", { name: "Return items" }));
    const form = screen.getByRole("form", { name: "Return items" });
    await user.click(within(form).getByRole("checkbox", { name: "Hybrid paddy seeds 10 kg" }));
    await user.click(within(form).getByRole("radio", { name: "Damaged" }));
    await user.click(within(form).getByRole("button", { name: "Request return" }));
    expect(await within(form).findByRole("alert")).toHaveTextContent(
      `The time to return this order ended on ${longDay("2026-11-30T18:29:59.000Z")}.`,
    );
  });

  it("changes the refund account of a Cash on Delivery order with PUT /refund-account/", async () => {
    let order = delivered({ paymentMethod: "COD", refundAccount: { kind: "upi", display: "asha@okbank" } });
    const { user, calls } = renderOrder(
      () => order,
      customer,
      (call) => {
        if (call.method !== "PUT" || call.path !== "/api/orders/42/refund-account/") return { status: 500 };
        order = { ...order, refundAccount: { kind: "bank", display: "Asha Patil, XXXXXX7890, SBIN0001234" } };
        return { body: order };
      },
    );
    await user.click(await screen.findByRole("button", { name: "Change refund account" }));
    const account = screen.getByRole("group", { name: "Where should we send your refund?" });
    await user.click(within(account).getByRole("radio", { name: "Bank account" }));
    await user.type(within(account).getByLabelText("Account holder's name"), "Asha Patil");
    await user.type(within(account).getByLabelText("Account number"), "1234567890");
    await user.type(within(account).getByLabelText("IFSC"), "sbin0001234");
    await user.click(screen.getByRole("button", { name: "Save refund account" }));
    expect(await screen.findByText("Asha Patil, XXXXXX7890, SBIN0001234")).toBeInTheDocument();
    expect(calls[1]).toMatchObject({
      method: "PUT",
      path: "/api/orders/42/refund-account/",
      body: { accountName: "Asha Patil", accountNumber: "1234567890", ifsc: "SBIN0001234" },
    });
  });

  it("shows the return form and the returns in Hindi", async () => {
    await setLanguage("hi");
    const { user } = renderOrder(delivered({ returns: [aReturn({ status: "approved" })] }));
    const returns = await screen.findByRole("region", { name: "वापसी" });
    expect(within(returns).getByText("पिकअप मंज़ूर")).toBeInTheDocument();
    expect(within(returns).getByText("मात्रा 1 × संकर धान के बीज 10 किलो")).toBeInTheDocument();
    await user.click(within(returns).getByRole("button", { name: "सामान लौटाएँ" }));
    const form = screen.getByRole("form", { name: "सामान लौटाएँ" });
    expect(within(form).getByRole("checkbox", { name: "संकर धान के बीज 10 किलो" })).toBeInTheDocument();
    expect(within(form).getByRole("radio", { name: "ग़लत सामान" })).toBeInTheDocument();
    expect(within(form).getByRole("button", { name: "वापसी का अनुरोध भेजें" })).toBeEnabled();
  });
});
