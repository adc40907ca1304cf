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
 * Revenue per day as bars (hand-made SVG: a chart library would weigh more than the screen).
 * One image for assistive technology, named by the period's total, with the figures in a table.
 */
export function SalesChart({ days }: { days: Day[] }) {
  const revenues = days.map((day) => tryToPaise(day.revenue) ?? 0);
  const total = revenues.reduce((sum, paise) => sum + paise, 0);
  const orders = days.reduce((sum, day) => sum + day.orders, 0);
  const highest = Math.max(...revenues, 0);
  const slot = WIDTH / Math.max(days.length, 1);
  const plot = HEIGHT - TOP - BOTTOM;
  const first = dayOf(days[0]?.date ?? "");
  const last = dayOf(days.at(-1)?.date ?? "");
  const summary = t("Revenue per day from {first} to {last}: {total} in total from {orders, plural, one {# order} other {# orders}}", {
    first,
    last,
    total: formatRupees(total),
    orders,
  });

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
        {t("{total} from {orders, plural, one {# order} other {# orders}} in the last {days} days", {
          total: formatRupees(total),
          orders,
          days: days.length,
        })}
      </figcaption>
      <table className="visually-hidden">
        <caption>{t("Revenue per day")}</caption>
        <thead>
          <tr>
            <th scope="col">{t("Date")}</th>
            <th scope="col">{t("Revenue")}</th>
            <th scope="col">{t("Orders")}</th>
          </tr>
        </thead>
        <tbody>
          {days.map((day, i) => (
            <tr key={day.date}>
              <th scope="row">{dayOf(day.date)}</th>
              <td>{formatRupees(revenues[i] ?? 0)}</td>
              <td>{day.orders}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
