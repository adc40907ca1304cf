import { type Order, tryToPaise } from "@krishi/contract";
import type { SummaryDiscount } from "../../components/order-summary.tsx";
import { localized, t } from "../../i18n/index.ts";
import { formatPrice } from "../../lib/price.ts";

/**
 * The order's discounts as the Order Summary's rows: each offer's or coupon's description (in
 * Hindi when it has one) and what it took off the items; free delivery said as such (its amount
 * is the charge waived, already out of the shipping row). None: no Discount rows.
 */
export function discountRows(order: Pick<Order, "discounts">): SummaryDiscount[] | undefined {
  const discounts = order.discounts ?? [];
  if (discounts.length === 0) return undefined;
  return discounts.map((discount) => ({
    label: localized(discount.description, discount.descriptionHi),
    amount: discount.freeShipping ? null : formatPrice(discount.amount),
  }));
}

/** Under an order's total in a list: the discount its promotions took off, when there was one. */
export function DiscountNote({ order }: { order: Pick<Order, "discountPrice"> }) {
  if ((tryToPaise(order.discountPrice ?? "0") ?? 0) <= 0) return null;
  return (
    <span className="d-block small text-success text-nowrap">
      {t("Discount")} − {formatPrice(order.discountPrice)}
    </span>
  );
}
