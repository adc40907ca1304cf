import type { Order } from "@krishi/contract";
import { type Message, t } from "../../i18n/index.ts";
import { calendarDay, shortDay } from "../../lib/dates.ts";
import { STEP_LABELS } from "./order-status.tsx";

/**
 * The order's road as an ordered list: placed → paid (confirmed, for Cash on Delivery) → packed →
 * shipped → delivered, each step reached with its day, the last one reached marked as the current
 * step. A cancelled order has no road (its steps are empty) and shows nothing. Steps wrap onto a
 * second row on a narrow phone rather than squeezing their words.
 */
export function OrderProgress({ order }: { order: Pick<Order, "steps" | "paymentMethod" | "expectedDeliveryBy"> }) {
  const { steps } = order;
  if (steps.length === 0) return null;
  const current = steps.findLastIndex((step) => step.at !== null);
  const label = (step: keyof typeof STEP_LABELS): Message =>
    step === "paid" && order.paymentMethod === "COD" ? "Confirmed" : STEP_LABELS[step];
  return (
    <>
      <ol className="order-steps" aria-label={t("Order progress")}>
        {steps.map(({ step, at }, index) => {
          const state = index < current ? "done" : index === current ? "current" : "ahead";
          return (
            <li
              key={step}
              className={`order-steps__step order-steps__step--${state}`}
              aria-current={index === current ? "step" : undefined}
            >
              <span className="order-steps__mark" aria-hidden="true">
                {index <= current ? "✓" : index + 1}
              </span>
              <span className="order-steps__label">{t(label(step))}</span>
              {at ? (
                <time dateTime={at} className="order-steps__at">
                  {shortDay(at)}
                </time>
              ) : (
                <span className="visually-hidden">{t("(not yet)")}</span>
              )}
            </li>
          );
        })}
      </ol>
      {order.expectedDeliveryBy && (
        <p className="order-state__expected">{t("Expected delivery by {date}", { date: calendarDay(order.expectedDeliveryBy) })}</p>
      )}
    </>
  );
}
