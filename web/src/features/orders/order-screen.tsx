import { type Order, tryToPaise } from "@krishi/contract";
import { Fragment, useRef, useState } from "react";
import Button from "react-bootstrap/Button";
import Col from "react-bootstrap/Col";
import ListGroup from "react-bootstrap/ListGroup";
import Row from "react-bootstrap/Row";
import { useParams } from "react-router";
import { configApi } from "../../app/config-api.ts";
import { useAppDispatch } from "../../app/hooks.ts";
import { Loader } from "../../components/loader.tsx";
import { Message } from "../../components/message.tsx";
import { OrderLine } from "../../components/order-line.tsx";
import { OrderSummary } from "../../components/order-summary.tsx";
import { addressLine } from "../../lib/address.ts";
import { errorText, GENERIC_ERROR } from "../../lib/api-error.ts";
import { dateTimeOf } from "../../lib/dates.ts";
import { formatPrice } from "../../lib/price.ts";
import type { User } from "../auth/index.ts";
import { RequireAuth } from "../auth/require-auth.tsx";
import { CancelOrder } from "./cancel-order.tsx";
import { RefundList, ShipmentDetails, Timeline } from "./order-history.tsx";
import { StatusBadge } from "./order-status.tsx";
import { type PaymentProof, useGetOrderQuery, usePayOrderMutation, useStartPaymentMutation } from "./orders-api.ts";
import { checkoutScriptUrl, loadRazorpay, type RazorpayFailure } from "./razorpay.ts";
import { StaffPanel } from "./staff-panel.tsx";

/** The shop's name and colour in Razorpay's checkout window. */
export const CHECKOUT_BRAND = { name: "Krishi Bazaar", color: "#198754" } as const;

export const PAYMENT_SUCCESSFUL = "Payment successful";

/**
 * /order/{id} (its owner or staff): the order's state, details, banners, timeline, shipment and
 * refunds; Pay Now and Cancel Order for the owner while the server allows them; staff's actions.
 */
export function OrderScreen() {
  const { id = "" } = useParams();
  return (
    <RequireAuth>
      {(user) => (
        <>
          <title>{`Order ${id} | Krishi Bazaar`}</title>
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
        <h1>Order {id}</h1>
        <Message variant="danger">{errorText(error, "detail")}</Message>
      </>
    );
  }
  if (!order) return <Loader />;
  return <OrderDetails key={order._id} order={order} user={user} />;
}

function OrderDetails({ order, user }: { order: Order; user: User }) {
  const payment = usePayment(order);
  const statusLine = useRef<HTMLParagraphElement>(null);
  const isOwner = order.user.email.toLowerCase() === user.email.toLowerCase();
  // What may be done now is the server's answer (actions); who sees which button is the page's.
  const canPay = isOwner && order.actions.pay && !order.isPaid;
  const customerCancel = !user.is_staff && order.actions.cancel;
  const focusStatus = () => statusLine.current?.focus();

  return (
    <>
      <h1>Order {order._id}</h1>
      {/* Announced when it changes (paid, cancelled …); focused after a cancellation. */}
      <p ref={statusLine} tabIndex={-1} aria-live="polite" className="fs-5">
        <strong>Status: </strong>
        <StatusBadge status={order.status} />
      </p>
      {payment.state.status === "paid" && <Message variant="success">{PAYMENT_SUCCESSFUL}</Message>}
      {payment.state.status === "failed" && <PaymentFailed failure={payment.state.failure} />}
      <Row>
        <Col lg={8}>
          <ListGroup variant="flush">
            <ListGroup.Item>
              <h2>Shipping</h2>
              <p className="mb-1">
                <strong>Name: </strong>
                {order.user.name}
              </p>
              <p className="mb-1">
                <strong>Email: </strong>
                <a href={`mailto:${order.user.email}`}>{order.user.email}</a>
              </p>
              <p>
                <strong>Shipping: </strong>
                {addressLine(order.shippingAddress)}
              </p>
              <StateBanner done={order.isDelivered} at={order.deliveredAt} doneText="Delivered on" notDoneText="Not Delivered" />
            </ListGroup.Item>
            {order.shipment && (
              <ListGroup.Item>
                <h2>Shipment</h2>
                <ShipmentDetails shipment={order.shipment} />
              </ListGroup.Item>
            )}
            <ListGroup.Item>
              <h2>Payment Method</h2>
              <p>
                <strong>Method: </strong>
                {order.paymentMethod}
              </p>
              <StateBanner done={order.isPaid} at={order.paidAt} doneText="Paid on" notDoneText="Not Paid" />
              {order.status === "pending_payment" && order.actions.pay && order.paymentDueAt && (
                <p className="alert alert-warning">
                  Pay by <time dateTime={order.paymentDueAt}>{dateTimeOf(order.paymentDueAt)}</time> or the order is cancelled and its items
                  go back on sale.
                </p>
              )}
            </ListGroup.Item>
            {order.refunds.length > 0 && (
              <ListGroup.Item>
                <h2>Refunds</h2>
                <RefundList refunds={order.refunds} amountRefunded={order.amountRefunded} />
              </ListGroup.Item>
            )}
            <ListGroup.Item>
              <h2>Order Items</h2>
              {order.orderItems.length === 0 ? (
                <Message>Order is empty</Message>
              ) : (
                <ListGroup variant="flush">
                  {order.orderItems.map((item, index) => (
                    // A deleted product leaves a null id; the line's place is stable.
                    <OrderLine key={item.product ?? `line-${index}`} line={item} />
                  ))}
                </ListGroup>
              )}
            </ListGroup.Item>
            {order.events.length > 0 && (
              <ListGroup.Item>
                <h2>Timeline</h2>
                <Timeline events={order.events} />
              </ListGroup.Item>
            )}
          </ListGroup>
        </Col>
        <Col lg={4}>
          <OrderSummary
            amounts={{
              items: formatPrice(order.itemsPrice),
              shipping: formatPrice(order.shippingPrice),
              tax: formatPrice(order.taxPrice),
              total: formatPrice(order.totalPrice),
            }}
          >
            {/* The server's refusals (an order past its payment time …) beside the button. */}
            {payment.state.status === "error" && <Message variant="danger">{payment.state.text}</Message>}
            {canPay && (
              <Button type="button" variant="primary" disabled={payment.state.status === "busy"} onClick={() => void payment.pay()}>
                Pay Now
              </Button>
            )}
            {customerCancel && <CancelOrder order={order} onCancelled={focusStatus} />}
          </OrderSummary>
          {user.is_staff && <StaffPanel order={order} onCancelled={focusStatus} />}
        </Col>
      </Row>
    </>
  );
}

interface StateBannerProps {
  done: boolean;
  /** When it was done. */
  at: string | null;
  doneText: string;
  notDoneText: string;
}

/** A state banner ("Paid on …" in green, "Not Paid" in red): shown as is, not announced as an alert. */
function StateBanner({ done, at, doneText, notDoneText }: StateBannerProps) {
  return done ? (
    <div className="alert alert-success">
      {doneText} {dateTimeOf(at)}
    </div>
  ) : (
    <div className="alert alert-danger">{notDoneText}</div>
  );
}

/** Razorpay's failure, field by field (spec §8), on the page rather than in a browser alert. */
function PaymentFailed({ failure }: { failure: RazorpayFailure }) {
  const fields: [string, string | undefined][] = [
    ["Code", failure.code],
    ["Description", failure.description],
    ["Source", failure.source],
    ["Step", failure.step],
    ["Reason", failure.reason],
    ["Order ID", failure.metadata?.order_id],
    ["Payment ID", failure.metadata?.payment_id],
  ];
  return (
    <Message variant="danger">
      <p className="fw-semibold">Payment failed</p>
      <dl className="row mb-0">
        {fields.map(([name, value]) => (
          <Fragment key={name}>
            <dt className="col-sm-3">{name}</dt>
            <dd className="col-sm-9">{value || "—"}</dd>
          </Fragment>
        ))}
      </dl>
    </Message>
  );
}

type PaymentState =
  | { status: "idle" }
  | { status: "busy" }
  | { status: "paid" }
  | { status: "error"; text: string }
  | { status: "failed"; failure: RazorpayFailure };

/**
 * Pay Now: asks the server for a Razorpay order (amount = the order's total in paise), loads the
 * checkout script if needed and opens Razorpay's window. Success hands Razorpay's proof to the
 * server, which verifies the signature and marks the order paid (the order then reads again);
 * a failed payment shows Razorpay's error. The server's refusals are shown too (DESIGN: users are
 * told), besides the console line of the spec.
 */
function usePayment(order: Order) {
  const dispatch = useAppDispatch();
  const [startPayment] = useStartPaymentMutation();
  const [payOrder] = usePayOrderMutation();
  const [state, setState] = useState<PaymentState>({ status: "idle" });

  async function confirm(proof: PaymentProof) {
    setState({ status: "busy" });
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
      const detail = answer?.bool === 0 ? answer.detail : errorText(started.error, "detail");
      console.error("Could not create the Razorpay order:", detail);
      setState({ status: "error", text: detail });
      return;
    }
    const config = await dispatch(configApi.endpoints.getConfig.initiate(undefined, { subscribe: false }));
    let Razorpay: Awaited<ReturnType<typeof loadRazorpay>>;
    try {
      Razorpay = await loadRazorpay(checkoutScriptUrl(config.data));
    } catch (error) {
      setState({ status: "error", text: error instanceof Error ? error.message : String(error) });
      return;
    }
    const checkout = new Razorpay({
      key: answer.data.key,
      amount: answer.data.amount,
      currency: answer.data.currency,
      order_id: answer.data.id,
      name: CHECKOUT_BRAND.name,
      description: `Order ${order._id}`,
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
