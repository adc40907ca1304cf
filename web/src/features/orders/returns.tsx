import type { Order, OrderReturn } from "@krishi/contract";
import { useId } from "react";
import { localized, t, useLanguage } from "../../i18n/index.ts";
import { dateTimeOf, longDay } from "../../lib/dates.ts";
import { withPack } from "../../lib/packs.ts";
import { formatPrice } from "../../lib/price.ts";
import { REFUND_STATUS_LABELS, RETURN_REASON_LABELS, ReturnStatusBadge } from "./order-status.tsx";
import { ReturnRequest } from "./return-request.tsx";

/** Whether the time to ask for a return has not run out yet. */
function windowOpen(order: Pick<Order, "returnWindowEndsAt">, now = Date.now()): boolean {
  return order.returnWindowEndsAt !== null && Date.parse(order.returnWindowEndsAt) > now;
}

/** A return's line as the customer reads it: "2 × Urea · 45 kg" (its Hindi name in Hindi). */
export function returnLineText(line: OrderReturn["lines"][number]): string {
  return t("{qty} × {name}", { qty: line.qty, name: withPack(localized(line.name, line.nameHi), line.variant?.label) });
}

/**
 * The order's returns: until when one may be asked for, each return asked for (its state, lines,
 * reason, the customer's words and photos, the shop's note, its refund), and, for the owner while
 * the server offers it, Return items. Nothing when there is none and none may be asked for.
 */
export function Returns({ order, isOwner }: { order: Order; isOwner: boolean }) {
  useLanguage();
  const headingId = useId();
  const canAsk = isOwner && order.actions.return_request;
  if (order.returns.length === 0 && !canAsk) return null;
  return (
    <section className="panel-card" aria-labelledby={headingId}>
      <h2 id={headingId}>{t("Returns")}</h2>
      {order.returnWindowEndsAt && windowOpen(order) && (
        <p>{t("Return window closes {date}", { date: longDay(order.returnWindowEndsAt) })}</p>
      )}
      {order.returns.map((item) => (
        <ReturnCard key={item.id} item={item} refunds={order.refunds} />
      ))}
      {canAsk && <ReturnRequest order={order} />}
    </section>
  );
}

/** A return photo's thumbnail: the same signed address, 320 pixels wide (sharp at 96 CSS pixels on a 3× screen). */
function thumbnailOf(url: string): string {
  return `${url}${url.includes("?") ? "&" : "?"}w=320`;
}

function ReturnCard({ item, refunds }: { item: OrderReturn; refunds: Order["refunds"] }) {
  const headingId = useId();
  const refund = item.refundId === null ? undefined : refunds.find((candidate) => candidate.id === item.refundId);
  return (
    <article className="return-card" aria-labelledby={headingId}>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-1">
        <h3 id={headingId} className="h6 mb-0">
          {t("Return {id}", { id: item.id })}
        </h3>
        <ReturnStatusBadge status={item.status} />
      </div>
      <p className="small text-body-secondary mb-1">{t("Asked on {date}", { date: dateTimeOf(item.createdAt) })}</p>
      <ul className="mb-1">
        {item.lines.map((line) => (
          <li key={`${line.product}-${line.variant?.id ?? ""}`}>{returnLineText(line)}</li>
        ))}
      </ul>
      <p className="mb-1">{t("Reason: {reason}", { reason: t(RETURN_REASON_LABELS[item.reason]) })}</p>
      {item.details && <p className="mb-1 text-break">“{item.details}”</p>}
      {item.photos.length > 0 && (
        <ul className="return-card__photos">
          {/* Addresses the server signed for this viewer (the photos are not public): used as given, a narrower copy for the thumbnail. */}
          {item.photos.map((url, index) => (
            // A photo's path names it; its query (the signature) changes with each answer.
            <li key={url.split("?")[0]}>
              <a href={url} target="_blank" rel="noopener noreferrer">
                <img
                  src={thumbnailOf(url)}
                  alt={t("Photo {n} of return {id} (opens in a new tab)", { n: index + 1, id: item.id })}
                  width={96}
                  height={96}
                  loading="lazy"
                />
              </a>
            </li>
          ))}
        </ul>
      )}
      {item.note && (
        <p className="mb-1">
          <strong>{t("Note from the shop:")} </strong>
          {item.note}
        </p>
      )}
      {refund && (
        <p className="mb-0">
          <a href={`#refund-${refund.id}`}>
            {t("Refund of {amount}: {state}", { amount: formatPrice(refund.amount), state: t(REFUND_STATUS_LABELS[refund.status]) })}
          </a>
        </p>
      )}
    </article>
  );
}
