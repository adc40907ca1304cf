import { type Order, type OrderEvent, type Refund, type Shipment, tryToPaise } from "@krishi/contract";
import { localized, t, useLanguage } from "../../i18n/index.ts";
import { dateTimeOf } from "../../lib/dates.ts";
import { withPack } from "../../lib/packs.ts";
import { formatPrice } from "../../lib/price.ts";
import { eventMessage, REFUND_STATUS_LABELS, RETURN_REASON_LABELS, type RefundStatus } from "./order-status.tsx";

/** A moment as a machine-readable <time>, read as "22 Nov 2026, 6:37 am". */
function Moment({ at, className }: { at: string; className?: string }) {
  return (
    <time dateTime={at} className={className}>
      {dateTimeOf(at)}
    </time>
  );
}

/** The same entry twice (a move recorded again): shown once. */
function sameEvent(a: OrderEvent, b: OrderEvent): boolean {
  return a.event === b.event && a.at === b.at && a.from === b.from && a.to === b.to && a.note === b.note;
}

/** A note that only repeats what its entry says ("Cash received" under "Cash received on delivery"), in English or in the shop's language. */
function repeats(note: string, words: readonly string[]): boolean {
  const said = note
    .trim()
    .replace(/[.!]+$/, "")
    .toLowerCase();
  return said === "" || words.some((text) => text.toLowerCase().includes(said));
}

/** The order's timeline, oldest first: when, what happened, and the note given with it when it says more. */
export function Timeline({ events }: { events: Order["events"] }) {
  const shown = events.filter((event, index) => events.findIndex((other) => sameEvent(other, event)) === index);
  return (
    <ol className="order-timeline">
      {shown.map((event, index) => {
        const message = eventMessage(event);
        const text = t(message);
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: entries have no id, and the timeline only grows at its end
          <li key={index} className={`order-timeline__event order-timeline__event--${event.to}`}>
            <Moment at={event.at} className="d-block small text-body-secondary" />
            {text}
            {!repeats(event.note, [message, text]) && <div className="small text-body-secondary">{event.note}</div>}
          </li>
        );
      })}
    </ol>
  );
}

/** A tracking page's address: http(s) only, so only these become links (the server checks it too). */
export const WEB_ADDRESS = /^https?:\/\/\S+$/i;

/** The courier, the AWB number, when it left, and a link to the courier's tracking page when there is one. */
export function ShipmentDetails({ shipment }: { shipment: Shipment }) {
  return (
    <>
      <p className="mb-1">
        <strong>{t("Courier:")} </strong>
        {shipment.courier}
      </p>
      <p className="mb-1">
        <strong>{t("AWB number:")} </strong>
        <span className="text-break">{shipment.awb}</span>
      </p>
      <p className="mb-1">
        <strong>{t("Shipped on:")} </strong>
        <Moment at={shipment.shippedAt} />
      </p>
      {WEB_ADDRESS.test(shipment.trackingUrl) && (
        <a href={shipment.trackingUrl} target="_blank" rel="noopener noreferrer" className="order-track-link">
          {t("Track your parcel")} <span className="visually-hidden">{t("(opens in a new tab)")}</span>
        </a>
      )}
    </>
  );
}

const REFUND_COLORS: Record<RefundStatus, string> = { pending: "secondary", processed: "success", failed: "danger" };

/** The lines a refund gives back, "2 × Urea · 45 kg", named as the order names them. */
function refundedLines(refund: Refund, items: Order["orderItems"]): string[] {
  return refund.lines.map(({ product, variant, qty }) => {
    const item = product === null ? undefined : items.find((line) => line.product === product);
    const name = item ? withPack(localized(item.name, item.nameHi), variant?.label) : t("A product no longer sold");
    return t("{qty} × {name}", { qty, name });
  });
}

/**
 * A refund's reason as the shopper reads it: a return's refund by the return and its reason, in
 * the shop's language ("Return 1: Damaged", "वापसी 1: टूटा-फूटा या ख़राब"), not as the server
 * recorded it for Razorpay; staff's own words as they wrote them.
 */
function refundReason(refund: Refund, returns: Order["returns"]): string {
  const found = returns.find((item) => item.refundId === refund.id);
  return found ? t("Return {id}: {reason}", { id: found.id, reason: t(RETURN_REASON_LABELS[found.reason]) }) : refund.reason;
}

/**
 * Each refund (amount, state, how it is paid, the lines it gives back, reason, when) and the
 * amount of the order given back so far. A refund by transfer (Cash on Delivery) says so, and its
 * bank reference once paid. A second payment Razorpay took for the order, given back whole, is
 * said so and counted apart: it is not a refund of the order.
 */
export function RefundList({
  refunds,
  orderItems,
  returns,
  amountRefunded,
  otherPaymentsRefunded,
}: Pick<Order, "refunds" | "orderItems" | "returns" | "amountRefunded" | "otherPaymentsRefunded">) {
  useLanguage();
  return (
    <>
      <ul className="list-unstyled mb-2">
        {refunds.map((refund) => (
          <li key={refund.id} id={`refund-${refund.id}`} className="mb-2">
            <strong>{formatPrice(refund.amount)}</strong>{" "}
            <span className={`badge text-bg-${REFUND_COLORS[refund.status]}`}>{t(REFUND_STATUS_LABELS[refund.status])}</span>
            {refund.method === "transfer" && (
              <div>
                {t("Refund to your bank/UPI")}
                {refund.reference && <> · {t("Paid — ref {reference}", { reference: refund.reference })}</>}
              </div>
            )}
            {!refund.ofOrderPayment && (
              <div>{t("A second payment for this order (made twice, or after it was cancelled), given back in full")}</div>
            )}
            {refund.lines.length > 0 && <div>{refundedLines(refund, orderItems).join(", ")}</div>}
            <div>{refundReason(refund, returns)}</div>
            <Moment at={refund.createdAt} className="d-block small text-body-secondary" />
          </li>
        ))}
      </ul>
      <p className="mb-0">
        <strong>{t("Refunded:")} </strong>
        {formatPrice(amountRefunded)}
      </p>
      {(tryToPaise(otherPaymentsRefunded) ?? 0) > 0 && (
        <p className="mb-0">
          <strong>{t("Second payments given back:")} </strong>
          {formatPrice(otherPaymentsRefunded)}
        </p>
      )}
    </>
  );
}
