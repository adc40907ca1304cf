import type { BuyAgainLeftOut, BuyAgainReduced } from "@krishi/contract";
import { useEffect, useState } from "react";
import { useLocation } from "react-router";
import { Message } from "../../components/message.tsx";
import { localized, type Message as MessageId, t } from "../../i18n/index.ts";
import { withPack } from "../../lib/packs.ts";
import { buyAgainNoticeOf, type BuyAgainNotice as Notice } from "./buy-again-state.ts";

/** Why a line was left out, as the shopper reads it beside its name. */
const LEFT_OUT: Record<BuyAgainLeftOut["reason"], MessageId> = {
  not_sold: "{name}: no longer sold",
  out_of_stock: "{name}: out of stock",
  cart_full: "{name}: your cart is full",
};

/** Why a line went in with fewer units than ordered. */
const REDUCED: Record<BuyAgainReduced["reason"], MessageId> = {
  short_stock: "{name}: {qty} of {ordered} added, all there is in stock",
  line_limit: "{name}: {qty} of {ordered} added, the most one line holds",
};

/**
 * The cart's word after Buy again: the order's items are in the cart, or which were left out and
 * which went in with fewer units, each by its name in the shopper's language. Read from the
 * router's state once the screen is in the browser (the cart rendered by the server has none, so
 * the first render is the same on both).
 */
export function BuyAgainNotice() {
  const { state } = useLocation();
  const [notice, setNotice] = useState<Notice | null>(null);
  useEffect(() => setNotice(buyAgainNoticeOf(state)), [state]);
  if (!notice) return null;
  const { orderId, added, reduced, leftOut } = notice;
  if (reduced.length === 0 && leftOut.length === 0) {
    return <Message variant="success">{t("The items of order {id} are in your cart.", { id: orderId })}</Message>;
  }
  const nameOf = (line: BuyAgainLeftOut | BuyAgainReduced) => withPack(localized(line.name, line.nameHi), line.variantLabel);
  return (
    <Message variant="warning">
      <p className="mb-1">
        {added > 0
          ? t("The items of order {id} are in your cart, but not all as ordered:", { id: orderId })
          : t("None of the items of order {id} could go in your cart:", { id: orderId })}
      </p>
      <ul className="mb-0">
        {leftOut.map((line) => (
          <li key={[line.reason, line.product ?? line.name, line.variantLabel].join("|")}>
            {t(LEFT_OUT[line.reason], { name: nameOf(line) })}
          </li>
        ))}
        {reduced.map((line) => (
          <li key={[line.reason, line.product ?? line.name, line.variantLabel].join("|")}>
            {t(REDUCED[line.reason], { name: nameOf(line), qty: line.qty, ordered: line.ordered })}
          </li>
        ))}
      </ul>
    </Message>
  );
}
