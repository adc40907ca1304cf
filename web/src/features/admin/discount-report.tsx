import { useId, useState } from "react";
import Button from "react-bootstrap/Button";
import ListGroup from "react-bootstrap/ListGroup";
import { t } from "../../i18n/index.ts";
import { formatPrice } from "../../lib/price.ts";
import { useGetDiscountReportQuery } from "./promotions-api.ts";
import { QueryState } from "./staff-list.tsx";

/**
 * The dashboard's discounts given, by coupon code (an offer by its description), largest first:
 * the orders that carry each (cancelled ones gave theirs back) and the amount. Read when staff
 * open it, as the shipping charges are: the dashboard's first answer stays the summary alone.
 */
export function DiscountReport() {
  const [open, setOpen] = useState(false);
  const reportId = useId();
  return (
    <section aria-labelledby="discount-report" className="mt-4">
      <h2 id="discount-report" className="h4">
        {t("Discounts given")}
      </h2>
      <Button
        variant="outline-primary"
        className="staff-tap mb-3"
        aria-expanded={open}
        aria-controls={reportId}
        onClick={() => setOpen(!open)}
      >
        {open ? t("Hide discounts given") : t("Show discounts given")}
      </Button>
      <div id={reportId}>{open && <ReportRows />}</div>
    </section>
  );
}

function ReportRows() {
  const { currentData, error, isFetching } = useGetDiscountReportQuery();
  return (
    <QueryState data={currentData} error={error} isFetching={isFetching}>
      {(rows) =>
        rows.length === 0 ? (
          <p className="text-body-secondary">{t("No order has had a discount yet.")}</p>
        ) : (
          <ListGroup as="ul" aria-label={t("Discounts given")}>
            {rows.map((row) => (
              <ListGroup.Item as="li" key={`${row.code ?? ""} ${row.description}`}>
                <strong className="me-2">{row.code ?? row.description}</strong>
                {t("{amount} on {orders, plural, one {# order} other {# orders}}", { amount: formatPrice(row.amount), orders: row.orders })}
              </ListGroup.Item>
            ))}
          </ListGroup>
        )
      }
    </QueryState>
  );
}
