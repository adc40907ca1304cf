import { type Order, tryToPaise } from "@krishi/contract";
import { Fragment, useEffect, useRef, useState } from "react";
import Button from "react-bootstrap/Button";
import { useParams } from "react-router";
import { configApi } from "../../base/config-api.ts";
import { useAppDispatch } from "../../base/hooks.ts";
import { Loader } from "../../components/loader.tsx";
import { Message } from "../../components/message.tsx";
import { OrderLine, OrderLines } from "../../components/order-line.tsx";
import { OrderSummary, type SummaryAmounts } from "../../components/order-summary.tsx";
import { useShopUrl, WhatsAppShare } from "../../components/whatsapp-share.tsx";
import { localized, type Message as MessageId, t, useLanguage } from "../../i18n/index.ts";
import { addressLine, formatPhone } from "../../lib/address.ts";
import { errorText, GENERIC_ERROR } from "../../lib/api-error.ts";
import { dateTimeOf } from "../../lib/dates.ts";
import { withPack } from "../../lib/packs.ts";
import { paymentMethodName } from "../../lib/payment-method.ts";
import { formatPrice } from "../../lib/price.ts";
import type { User } from "../auth/index.ts";
import { RequireAuth } from "../auth/require-auth.tsx";
import { BuyAgainButton } from "./buy-again.tsx";
import { CancelOrder } from "./cancel-order.tsx";
import { discountRows } from "./order-discounts.tsx";
import { RefundList, ShipmentDetails, Timeline } from "./order-history.tsx";
import { OrderProgress } from "./order-progress.tsx";
import { StatusBadge, statusMeaning } from "./order-status.tsx";
import { type PaymentProof, useGetOrderQuery, usePayOrderMutation, useStartPaymentMutation } from "./orders-api.ts";
import { PhoneLink } from "./phone-link.tsx";
import { checkoutScriptUrl, loadRazorpay, type RazorpayFailure } from "./razorpay.ts";
import { RefundAccountPanel } from "./refund-account.tsx";
import { Returns } from "./returns.tsx";
import { StaffPanel } from "./staff-panel.tsx";
import { TaxDocuments } from "./tax-documents.tsx";
import "./orders.css";

/** The shop's name and colour in Razorpay's checkout window. */
export const CHECKOUT_BRAND = { name: "Krishi Bazaar", color: "#1d6b38" } as const;

export const PAYMENT_SUCCESSFUL = "Payment successful" satisfies MessageId;

/**
 * The order's amounts as the summary shows them: its discounts, the COD fee when there is one; the GST as CGST +
 * SGST or IGST when the order was taxed so (the spec's one Tax line otherwise), shown as included
 * in the total when the order's prices included it.
 */
export function orderAmounts(order: Order): SummaryAmounts {
  const { cgst, sgst, igst } = order.taxBreakup;
  const some = (amount: string) => (tryToPaise(amount) ?? 0) > 0;
  return {
    items: formatPrice(order.itemsPrice),
    discounts: discountRows(order),
    shipping: formatPrice(order.shippingPrice),
    codFee: some(order.codFee) ? formatPrice(order.codFee) : undefined,
    tax: formatPrice(order.taxPrice),
    gst: some(igst)
      ? { igst: formatPrice(igst) }
      : some(cgst) || some(sgst)
        ? { cgst: formatPrice(cgst), sgst: formatPrice(sgst) }
        : undefined,
    taxIncluded: order.taxIncluded,
    total: formatPrice(order.totalPrice),
  };
}

/** A Cash on Delivery order on its way (not delivered, not cancelled: a cancelled order has no steps): its cash is paid to the courier. */
function paysOnDelivery(order: Order): boolean {
  return order.paymentMethod === "COD" && !order.isPaid && !order.isDelivered && order.steps.length > 0;
}

/**
 * /order/{id} (its owner or staff): the order's state (one status line, its progress and expected
 * delivery day, the paid and delivered banners, the timeline), its shipment, lines, address,
 * payment, returns and refunds; Pay Now, Cancel Order and Return items for the owner where the
 * order's `actions` offer them; staff's actions.
 */
export function OrderScreen() {
  const { id = "" } = useParams();
  return (
    <RequireAuth>
      {(user) => (
        <>
          <title>{`${t("Order {id}", { id })} | Krishi Bazaar`}</title>
          <OrderLoader id={id} user={user} />
        </>
      )}
    </RequireAuth>
  );
}

function OrderLoader({ id, user }: { id: string; user: User }) {
  // currentData: never show another order while this one loads.
  const { currentData: order, error, isFetching } = useGetOrderQuery(id);
  if (error && !isFetching) {
    return (
      <>
        <h1>{t("Order {id}", { id })}</h1>
        <Message variant="danger">{errorText(error, "detail")}</Message>
      </>
    );
  }
  if (!order) return <Loader />;
  return <OrderDetails key={order._id} order={order} user={user} />;
}

function OrderDetails({ order, user }: { order: Order; user: User }) {
  useLanguage();
  const payment = usePayment(order);
  const statusLine = useRef<HTMLParagraphElement>(null);
  const isOwner = order.user.email.toLowerCase() === user.email.toLowerCase();
  // What may be done now is the server's answer (actions, for this viewer); where each button
  // goes is the page's: staff's own in their panel.
  const cod = order.paymentMethod === "COD";
  const canPay = isOwner && order.actions.pay;
  const customerCancel = !user.is_staff && order.actions.cancel;
  const focusStatus = () => statusLine.current?.focus();
  // Not paid or not delivered is a problem only once the order has stopped; until then it is waiting.
  const stopped = statusMeaning(order.status) === "stopped";
  const url = useShopUrl(`/order/${order._id}`);

  return (
    <div className="order-screen">
      <h1>{t("Order {id}", { id: order._id })}</h1>
      <WhatsAppShare lines={[t("Krishi Bazaar order {id}", { id: order._id }), url]} className="mb-3" />
      <div className="row gy-3">
        <div className="col-lg-8">
          <section className="panel-card order-state">
            {/* Announced when it changes (paid, cancelled …); focused after a cancellation. */}
            <p ref={statusLine} tabIndex={-1} aria-live="polite" className="order-state__line">
              <strong>{t("Status:")}</strong> <StatusBadge status={order.status} />
            </p>
            <OrderProgress order={order} />
            <div className="order-state__banners">
              <StateBanner
                done={order.isPaid}
                stopped={stopped}
                doneText={t("Paid on {date}", { date: dateTimeOf(order.paidAt) })}
                notDoneText={t("Not Paid")}
              />
              <StateBanner
                done={order.isDelivered}
                stopped={stopped}
                doneText={t("Delivered on {date}", { date: dateTimeOf(order.deliveredAt) })}
                notDoneText={t("Not Delivered")}
              />
            </div>
            {order.actions.pay && order.paymentDueAt && (
              <p className="alert alert-info mb-2">
                {t("Pay by {date} or the order is cancelled and its items go back on sale.", { date: dateTimeOf(order.paymentDueAt) })}
              </p>
            )}
            {paysOnDelivery(order) && (
              <p className="alert alert-info mb-2">{t("Pay {amount} in cash on delivery", { amount: formatPrice(order.totalPrice) })}</p>
            )}
            <PaymentResult state={payment.state} canPay={canPay} onRetry={() => void payment.pay()} />
            {order.events.length > 0 && (
              <>
                <h2 className="h5 mt-3">{t("Timeline")}</h2>
                <Timeline events={order.events} />
              </>
            )}
          </section>
          {order.shipment && (
            <section className="panel-card">
              <h2>{t("Shipment")}</h2>
              <ShipmentDetails shipment={order.shipment} />
            </section>
          )}
          <section className="panel-card">
            <h2>{t("Order Items")}</h2>
            {order.orderItems.length === 0 ? (
              <Message>{t("Order is empty")}</Message>
            ) : (
              <OrderLines>
                {order.orderItems.map((item, index) => (
                  // A deleted product leaves a null id; the line's place is stable.
                  <OrderLine
                    key={`${item.product ?? "gone"}-${item.variant?.id ?? index}`}
                    line={item}
                    name={withPack(localized(item.name, item.nameHi), item.variant?.label)}
                  />
                ))}
              </OrderLines>
            )}
          </section>
          <section className="panel-card">
            <h2>{t("Shipping")}</h2>
            <p className="mb-1">
              <strong>{t("Name:")} </strong>
              {order.user.name}
            </p>
            {/* A customer who signed up with a mobile number alone has no e-mail address. */}
            {order.user.email && (
              <p className="mb-1">
                <strong>{t("Email:")} </strong>
                <a href={`mailto:${order.user.email}`}>{order.user.email}</a>
              </p>
            )}
            <p className="mb-0">
              <strong>{t("Shipping:")} </strong>
              {addressLine(order.shippingAddress)}
            </p>
            {order.shippingAddress.phone && (
              <p className="mb-0 mt-1">
                {user.is_staff ? (
                  // Staff call the customer (or write on WhatsApp) with a tap.
                  <>
                    <strong>{t("Mobile:")} </strong>
                    <PhoneLink phone={order.shippingAddress.phone} />
                  </>
                ) : (
                  t("Mobile: {phone}", { phone: formatPhone(order.shippingAddress.phone) })
                )}
              </p>
            )}
          </section>
          <section className="panel-card">
            <h2>{t("Payment Method")}</h2>
            <p className="mb-0">
              <strong>{t("Method:")} </strong>
              {paymentMethodName(order.paymentMethod)}
            </p>
          </section>
          <TaxDocuments order={order} />
          <Returns order={order} isOwner={isOwner} />
          {order.refunds.length > 0 && (
            <section className="panel-card">
              <h2>{t("Refunds")}</h2>
              <RefundList
                refunds={order.refunds}
                orderItems={order.orderItems}
                returns={order.returns}
                amountRefunded={order.amountRefunded}
                otherPaymentsRefunded={order.otherPaymentsRefunded}
              />
            </section>
          )}
          {isOwner && cod && (order.refundAccount || order.refunds.some((refund) => refund.method === "transfer")) && (
            <RefundAccountPanel order={order} />
          )}
        </div>
        <div className="col-lg-4">
          <OrderSummary
            amounts={orderAmounts(order)}
            action={
              canPay && (
                <Button
                  type="button"
                  variant="accent"
                  disabled={payment.state.status === "busy" || payment.state.status === "confirming"}
                  onClick={() => void payment.pay()}
                >
                  {t("Pay Now")}
                </Button>
              )
            }
          >
            {isOwner && <BuyAgainButton orderId={order._id} className="order-screen__buy-again" />}
            {customerCancel && <CancelOrder order={order} onCancelled={focusStatus} />}
          </OrderSummary>
          {user.is_staff && <StaffPanel order={order} onCancelled={focusStatus} />}
        </div>
      </div>
    </div>
  );
}

interface StateBannerProps {
  done: boolean;
  /** The order has stopped (cancelled): what is not done will not be. */
  stopped: boolean;
  doneText: string;
  notDoneText: string;
}

/**
 * A state banner, coloured by meaning: "Paid on …" in green; "Not Paid" neutral while the order
 * waits for it, red once the order has stopped. Shown as is, not announced as an alert.
 */
function StateBanner({ done, stopped, doneText, notDoneText }: StateBannerProps) {
  if (done) return <div className="alert alert-success">{doneText}</div>;
  return <div className={stopped ? "alert alert-danger" : "alert alert-secondary"}>{notDoneText}</div>;
}

/**
 * How Pay Now ended, where the shopper looks next: brought into view and focused (a phone's
 * screen is mostly the payment window until then), with what to do now.
 */
function PaymentResult({ state, canPay, onRetry }: { state: PaymentState; canPay: boolean; onRetry: () => void }) {
  const box = useRef<HTMLDivElement>(null);

  // Each ending (a second failure too) is a new state: brought to the shopper again.
  useEffect(() => {
    if (state.status !== "paid" && state.status !== "failed" && state.status !== "error") return;
    box.current?.scrollIntoView?.({ block: "center" });
    box.current?.focus({ preventScroll: true });
  }, [state]);

  return (
    <div ref={box} tabIndex={-1} className="payment-result">
      {state.status === "confirming" && <Message>{t("Confirming your payment…")}</Message>}
      {state.status === "paid" && (
        <Message variant="success">
          <p className="fw-semibold mb-1">{t(PAYMENT_SUCCESSFUL)}</p>
          <p className="mb-0">{t("Thank you. We will pack your order and send it soon; its progress shows below.")}</p>
        </Message>
      )}
      {state.status === "failed" && <PaymentFailed failure={state.failure} canPay={canPay} onRetry={onRetry} />}
      {state.status === "error" && (
        <Message variant="danger">
          <p className={canPay ? "mb-1" : "mb-0"}>{state.text}</p>
          {canPay && <p className="mb-0">{t("Try again with Pay Now in a moment.")}</p>}
        </Message>
      )}
    </div>
  );
}

/**
 * A failed payment, on the page rather than in a browser alert: what happened and what to do, in
 * the shopper's language, with Try again; Razorpay's own fields (its codes and words, in English)
 * folded away for whoever helps them.
 */
function PaymentFailed({ failure, canPay, onRetry }: { failure: RazorpayFailure; canPay: boolean; onRetry: () => void }) {
  const fields: [string, string | undefined][] = [
    [t("Code"), failure.code],
    [t("Description"), failure.description],
    [t("Source"), failure.source],
    [t("Step"), failure.step],
    [t("Reason"), failure.reason],
    [t("Order ID"), failure.metadata?.order_id],
    [t("Payment ID"), failure.metadata?.payment_id],
  ];
  return (
    <Message variant="danger">
      <p className="fw-semibold mb-1">{t("Payment failed")}</p>
      <p className="mb-2">
        {t("Your payment did not go through, so this order is not paid yet. If money was taken from your account, your bank returns it.")}
      </p>
      {canPay && (
        <>
          <p className="mb-2">{t("Try again, or choose another way to pay (such as UPI) in the payment window.")}</p>
          <Button type="button" variant="primary" className="mb-2" onClick={onRetry}>
            {t("Try again")}
          </Button>
        </>
      )}
      <details className="payment-failure">
        <summary>{t("Details for support")}</summary>
        <dl>
          {fields.map(([name, value]) => (
            <Fragment key={name}>
              <dt>{name}</dt>
              <dd>{value || "—"}</dd>
            </Fragment>
          ))}
        </dl>
      </details>
    </Message>
  );
}

type PaymentState =
  | { status: "idle" }
  | { status: "busy" }
  | { status: "confirming" }
  | { status: "paid" }
  | { status: "error"; text: string }
  | { status: "failed"; failure: RazorpayFailure };

/**
 * Pay Now: asks the server for a Razorpay order (amount = the order's total in paise), loads the
 * checkout script if needed and opens Razorpay's window. Success hands Razorpay's proof to the
 * server, which verifies the signature and marks the order paid (the order then reads again);
 * a failed payment shows Razorpay's error. The server's refusals are shown too (users are
 * told), besides the console line of the spec.
 */
function usePayment(order: Order) {
  const dispatch = useAppDispatch();
  const [startPayment] = useStartPaymentMutation();
  const [payOrder] = usePayOrderMutation();
  const [state, setState] = useState<PaymentState>({ status: "idle" });

  async function confirm(proof: PaymentProof) {
    setState({ status: "confirming" });
    const { razorpay_order_id, razorpay_payment_id, razorpay_signature } = proof;
    const result = await payOrder({ id: order._id, razorpay_order_id, razorpay_payment_id, razorpay_signature });
    setState(result.error ? { status: "error", text: errorText(result.error, "detail") } : { status: "paid" });
  }

  async function pay() {
    const amount = tryToPaise(order.totalPrice);
    if (amount === null) {
      setState({ status: "error", text: GENERIC_ERROR });
      return;
    }
    setState({ status: "busy" });
    const started = await startPayment({ order_id: order._id, amount });
    const answer = started.data;
    if (answer?.bool !== 1) {
      // A refusal is {bool: 0, detail, code}, as an error answer (4xx/5xx) or, from an older server, as data.
      const refusal = started.error ?? { data: answer };
      console.error("Could not create the Razorpay order:", refusal);
      setState({ status: "error", text: errorText(refusal, "detail") });
      return;
    }
    const config = await dispatch(configApi.endpoints.getConfig.initiate(undefined, { subscribe: false }));
    let Razorpay: Awaited<ReturnType<typeof loadRazorpay>>;
    try {
      Razorpay = await loadRazorpay(checkoutScriptUrl(config.data));
    } catch {
      setState({ status: "error", text: t("Could not load the payment window. Check your connection and try again.") });
      return;
    }
    const checkout = new Razorpay({
      key: answer.data.key,
      amount: answer.data.amount,
      currency: answer.data.currency,
      order_id: answer.data.id,
      name: CHECKOUT_BRAND.name,
      description: t("Order {id}", { id: order._id }),
      prefill: { name: order.user.name, email: order.user.email },
      theme: { color: CHECKOUT_BRAND.color },
      handler: (proof) => void confirm(proof),
      // Closing the window ends the wait, and keeps a failure's details on the page.
      modal: { ondismiss: () => setState((current) => (current.status === "busy" ? { status: "idle" } : current)) },
    });
    checkout.on("payment.failed", (response) => setState({ status: "failed", failure: response.error }));
    checkout.open();
  }

  return { state, pay };
}
