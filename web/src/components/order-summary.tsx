import { Children, type ReactNode, useId } from "react";
import { t } from "../i18n/index.ts";
import "./order-summary.css";

/** The tax of a GST order: CGST and SGST within the seller's state, IGST to another. */
export type GstAmounts = { cgst: string; sgst: string } | { igst: string };

/** A discount the order's promotions gave: its description, and the amount (null: it made delivery free). */
export interface SummaryDiscount {
  label: string;
  amount: string | null;
}

export interface SummaryAmounts {
  items: string;
  /** Each discount, shown under Items as taken off them; none: no Discount row. */
  discounts?: readonly SummaryDiscount[] | undefined;
  shipping: string;
  /** The Cash on Delivery fee; no line without one. */
  codFee?: string | undefined;
  /** The total tax: one "Tax" line (the spec's flat tax) unless `gst` is given. */
  tax: string;
  /** GST mode: the tax as CGST + SGST, or IGST, instead of the one Tax line. */
  gst?: GstAmounts | undefined;
  /** The prices include the tax (GST mode, PRICES_INCLUDE_TAX): it is shown as inside the total, not added to it. */
  taxIncluded?: boolean | undefined;
  total: string;
}

interface OrderSummaryProps {
  amounts: SummaryAmounts;
  /** The card's heading; "Order Summary" unless given (the cart's is "Subtotal (n) items"). */
  title?: string;
  /** A line under the amounts, e.g. how much more ships free. */
  note?: ReactNode;
  /**
   * The one main action (Proceed To Checkout, Place Order, Pay Now) and what belongs beside it.
   * With the Total it makes a bar that stays at the bottom of the screen on phones and tablets.
   */
  action?: ReactNode;
  /** Further actions, below the bar (Cancel Order). */
  children?: ReactNode;
}

/** The tax as its rows: CGST + SGST, IGST, or the one Tax line. */
function taxRows(tax: string, gst: GstAmounts | undefined): [string, string][] {
  if (!gst) return [[t("Tax"), tax]];
  return "igst" in gst
    ? [[t("IGST"), gst.igst]]
    : [
        [t("CGST"), gst.cgst],
        [t("SGST"), gst.sgst],
      ];
}

/**
 * The Order Summary card: Items, a Discount row for each discount (its description under it, the
 * amount taken off), Shipping, the Cash on Delivery fee (when there is one) and Tax (or
 * CGST + SGST, or IGST), then the Total with the main action. When the prices include GST the tax
 * is not a row of the sum: "Includes GST" and its breakup follow the charges, set apart. Below lg
 * the Total and the action are a bar fixed to the bottom of the screen (the page keeps room for
 * it), so the total and the next step are always within reach of a thumb.
 */
export function OrderSummary({ amounts, title, note, action, children }: OrderSummaryProps) {
  const headingId = useId();
  const { gst, codFee, taxIncluded } = amounts;
  const rows: [string, string][] = [
    [t("Items"), amounts.items],
    [t("Shipping"), amounts.shipping],
  ];
  if (codFee) rows.push([t("Cash on Delivery fee"), codFee]);
  if (!taxIncluded) rows.push(...taxRows(amounts.tax, gst));
  const included: [string, string][] = taxIncluded ? [[t("Includes GST"), amounts.tax], ...(gst ? taxRows(amounts.tax, gst) : [])] : [];
  const hasAction = Children.toArray(action).length > 0;
  return (
    <section className="card order-summary" aria-labelledby={headingId}>
      <div className="card-body">
        <h2 id={headingId} className="h5 order-summary__title">
          {title ?? t("Order Summary")}
        </h2>
        <table className="table table-sm mb-0 order-summary__table" aria-labelledby={headingId}>
          <AmountRows rows={rows.slice(0, 1)} />
          {amounts.discounts && amounts.discounts.length > 0 && <DiscountRows discounts={amounts.discounts} />}
          <AmountRows rows={rows.slice(1)} />
        </table>
        {included.length > 0 && (
          <table className="table table-sm mb-0 order-summary__table order-summary__included" aria-label={t("Includes GST")}>
            <AmountRows rows={included} />
          </table>
        )}
        {note && <div className="order-summary__note">{note}</div>}
        <div className={hasAction ? "summary-bar summary-bar--action" : "summary-bar"}>
          <table className="summary-bar__total">
            <tbody>
              <tr>
                <th scope="row">{t("Total")}</th>
                <td>{amounts.total}</td>
              </tr>
            </tbody>
          </table>
          {hasAction && <div className="summary-bar__action">{action}</div>}
        </div>
        {Children.toArray(children).length > 0 && <div className="d-grid gap-2 mt-3">{children}</div>}
      </div>
    </section>
  );
}

/** A table's rows of labelled amounts. */
function AmountRows({ rows }: { rows: [string, string][] }) {
  return (
    <tbody>
      {rows.map(([label, amount]) => (
        <tr key={label}>
          <th scope="row" className="fw-normal">
            {label}
          </th>
          <td className="text-end">{amount}</td>
        </tr>
      ))}
    </tbody>
  );
}

/** The Discount rows: "Discount", the offer's or coupon's description under it, and − the amount (or Free delivery). */
function DiscountRows({ discounts }: { discounts: readonly SummaryDiscount[] }) {
  return (
    <tbody>
      {discounts.map(({ label, amount }, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: two offers may share a description; the list is the order's, in order
        <tr key={i}>
          <th scope="row" className="fw-normal">
            {t("Discount")}
            <span className="d-block small text-body-secondary">{label}</span>
          </th>
          <td className="text-end text-success text-nowrap">{amount === null ? t("Free delivery") : `− ${amount}`}</td>
        </tr>
      ))}
    </tbody>
  );
}
