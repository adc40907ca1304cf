import { type Order, type Shipment, tryToPaise } from "@krishi/contract";
import { t } from "../../i18n/index.ts";
import { dateTimeOf } from "../../lib/dates.ts";
import { formatPrice } from "../../lib/price.ts";
import { eventText, REFUND_STATUS_LABELS, type RefundStatus } from "./order-status.tsx";

/** A moment as a machine-readable <time>, read as "22 Nov 2026, 6:37 am". */
function Moment({ at, className }: { at: string; className?: string }) {
  return (
    <time dateTime={at} className={className}>
      {dateTimeOf(at)}
    </time>
  );
}

/** The order's timeline, oldest first: when, what happened, and the note given with it. */
export function Timeline({ events }: { events: Order["events"] }) {
  return (
    <ol className="order-timeline">
      {events.map((event) => (
        <li key={`${event.at}-${event.event}`} className={`order-timeline__event order-timeline__event--${event.to}`}>
          <Moment at={event.at} className="d-block small text-body-secondary" />
          {eventText(event)}
          {event.note && <div className="small text-body-secondary">{event.note}</div>}
        </li>
      ))}
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

/**
 * Each refund (amount, reason, state, when) and the amount of the order given back so far. A
 * second payment Razorpay took for the order, given back whole, is said so and counted apart:
 * it is not a refund of the order.
 */
export function RefundList({
  refunds,
  amountRefunded,
  otherPaymentsRefunded,
}: Pick<Order, "refunds" | "amountRefunded" | "otherPaymentsRefunded">) {
  return (
    <>
      <ul className="list-unstyled mb-2">
        {refunds.map((refund) => (
          <li key={refund.id} className="mb-2">
            <strong>{formatPrice(refund.amount)}</strong>{" "}
            <span className={`badge text-bg-${REFUND_COLORS[refund.status]}`}>{t(REFUND_STATUS_LABELS[refund.status])}</span>
            {!refund.ofOrderPayment && (
              <div>{t("A second payment for this order (made twice, or after it was cancelled), given back in full")}</div>
            )}
            <div>{refund.reason}</div>
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
