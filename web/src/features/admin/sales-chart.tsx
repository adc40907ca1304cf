import { formatRupees, type StaffSummary, tryToPaise } from "@krishi/contract";
import { t } from "../../i18n/index.ts";
import { dayOf } from "../../lib/dates.ts";

type Day = StaffSummary["salesByDay"][number];

/** Drawing units; the SVG stretches to the box (labels are HTML, so they keep the text size on a phone). */
const WIDTH = 600;
const HEIGHT = 160;
/** Room above the tallest bar for its dashed guide line. */
const TOP = 4;
const BOTTOM = 1;

/**
 * Money received per day as bars (hand-made SVG: a chart library would weigh more than the screen),
 * gross, with the money refunded beside it and the net under it. One image for assistive
 * technology, named by the period's totals, with the figures in a table.
 */
export function SalesChart({ days }: { days: Day[] }) {
  const revenues = days.map((day) => tryToPaise(day.revenue) ?? 0);
  const refunds = days.map((day) => tryToPaise(day.refunded) ?? 0);
  const total = revenues.reduce((sum, paise) => sum + paise, 0);
  const refunded = refunds.reduce((sum, paise) => sum + paise, 0);
  const orders = days.reduce((sum, day) => sum + day.orders, 0);
  const highest = Math.max(...revenues, 0);
  const slot = WIDTH / Math.max(days.length, 1);
  const plot = HEIGHT - TOP - BOTTOM;
  const first = dayOf(days[0]?.date ?? "");
  const last = dayOf(days.at(-1)?.date ?? "");
  const totals = {
    total: formatRupees(total),
    orders,
    refunded: formatRupees(refunded),
    net: formatRupees(total - refunded),
  };
  const summary = t(
    "Money received per day from {first} to {last}: {total} from {orders, plural, one {# order} other {# orders}}, {refunded} refunded, {net} net",
    { first, last, ...totals },
  );

  return (
    <figure className="mb-4">
      <div className="small text-body-secondary" aria-hidden="true">
        {formatRupees(highest)}
      </div>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        preserveAspectRatio="none"
        role="img"
        aria-label={summary}
        className="d-block w-100"
        style={{ height: 160 }}
      >
        <line x1={0} x2={WIDTH} y1={TOP} y2={TOP} stroke="var(--bs-border-color)" strokeDasharray="4 4" vectorEffect="non-scaling-stroke" />
        {days.map((day, i) => {
          const height = highest > 0 ? ((revenues[i] ?? 0) / highest) * plot : 0;
          return (
            <rect
              key={day.date}
              x={i * slot + slot * 0.15}
              y={TOP + plot - height}
              width={slot * 0.7}
              height={height}
              fill="var(--bs-success)"
            >
              <title>
                {t("{date}: {revenue}, {orders, plural, one {# order} other {# orders}}", {
                  date: dayOf(day.date),
                  revenue: formatRupees(revenues[i] ?? 0),
                  orders: day.orders,
                })}
              </title>
            </rect>
          );
        })}
        <line x1={0} x2={WIDTH} y1={TOP + plot} y2={TOP + plot} stroke="currentColor" vectorEffect="non-scaling-stroke" />
      </svg>
      <div className="d-flex justify-content-between small" aria-hidden="true">
        <span>{first}</span>
        <span>{last}</span>
      </div>
      <figcaption className="text-body-secondary small">
        {t(
          "{total} received from {orders, plural, one {# order} other {# orders}} in the last {days} days, {refunded} refunded: {net} net",
          { ...totals, days: days.length },
        )}
      </figcaption>
      <table className="visually-hidden">
        <caption>{t("Money received per day")}</caption>
        <thead>
          <tr>
            <th scope="col">{t("Date")}</th>
            <th scope="col">{t("Received")}</th>
            <th scope="col">{t("Refunded")}</th>
            <th scope="col">{t("Orders")}</th>
          </tr>
        </thead>
        <tbody>
          {days.map((day, i) => (
            <tr key={day.date}>
              <th scope="row">{dayOf(day.date)}</th>
              <td>{formatRupees(revenues[i] ?? 0)}</td>
              <td>{formatRupees(refunds[i] ?? 0)}</td>
              <td>{day.orders}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
