import {
  type CouponRefusal,
  type CouponRefusalJson,
  formatRupees,
  normalizeCouponCode,
  type PromotionHint,
  paiseToDecimal,
} from "@krishi/contract";
import { type FormEvent, useId, useState } from "react";
import Button from "react-bootstrap/Button";
import { useAppDispatch } from "../../base/hooks.ts";
import { localized, t } from "../../i18n/index.ts";
import { errorText } from "../../lib/api-error.ts";
import { changeCoupon } from "./cart-sync.ts";
import { useCartPrice } from "./use-cart-price.ts";
import "./coupon-box.css";

/**
 * Why the cart's coupon does not apply, as the shop's error messages say it (coupon_minimum: what
 * to add). The web's own applyPromotions() knows the quantities of now; a coupon the server left
 * out of the promotions (ended, used up, not for this account) it only knows as unknown, and the
 * server's last answer says why.
 */
export function couponRefusalText(here: CouponRefusal | null, server: CouponRefusalJson | null): string | null {
  const refusal =
    here?.kind === "unknown" && server && server.code === here.code
      ? server
      : here && {
          kind: here.kind,
          code: here.code,
          moreItems: here.moreItems,
          moreAmount: here.moreAmountPaise === undefined ? undefined : paiseToDecimal(here.moreAmountPaise),
        };
  if (!refusal) return null;
  const params = { code: refusal.code, moreItems: refusal.moreItems ?? 0, moreAmount: refusal.moreAmount ?? "0.00" };
  return errorText({ status: 400, data: { code: `coupon_${refusal.kind}`, params } });
}

/** An offer within reach: "Add 2 more to get ₹5.00 off each", or what more it needs. */
export function hintText(hint: PromotionHint): string {
  if (hint.tier && hint.moreAmountPaise === 0) {
    return t("Add {count} more to get {amount} off each", { count: hint.moreItems, amount: formatRupees(hint.tier.amountPaise) });
  }
  if (hint.moreAmountPaise > 0) return t("Add {amount} more to get this offer", { amount: formatRupees(hint.moreAmountPaise) });
  return t("Add {count} more to get this offer", { count: hint.moreItems });
}

/**
 * The coupon box of the cart and Place Order: a code typed and applied (PUT /api/cart/coupon/,
 * kept with the cart when it applies), the coupon kept shown with what it gives or why it does not
 * apply now, and Remove; then the offers within reach of the cart. The discounts themselves are
 * the Order Summary's rows.
 */
export function CouponBox() {
  const cart = useCartPrice();
  const dispatch = useAppDispatch();
  const inputId = useId();
  const messageId = useId();
  const [code, setCode] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (!cart) return null;
  const { price, offers } = cart;
  const coupon = offers.coupon;
  const applied = coupon === null ? undefined : price.promotions.applied.find((a) => a.promotion.code === normalizeCouponCode(coupon));
  const refusal = coupon === null ? null : couponRefusalText(price.promotions.couponRefusal, offers.couponRefusal);

  async function change(next: string | null) {
    setBusy(true);
    const refused = await dispatch(changeCoupon(next));
    setBusy(false);
    setProblem(refused ? errorText(refused.error) : null);
    if (!refused) setCode("");
  }

  function apply(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const typed = code.trim();
    if (!typed) return setProblem(t("Please enter a coupon code."));
    void change(typed);
  }

  const message = problem ?? refusal;
  return (
    <div className="card coupon-box">
      <div className="card-body">
        {coupon === null ? (
          <form noValidate onSubmit={apply}>
            <label htmlFor={inputId} className="form-label coupon-box__label">
              {t("Coupon code")}
            </label>
            <div className="coupon-box__row">
              <input
                id={inputId}
                className={problem ? "form-control coupon-box__input is-invalid" : "form-control coupon-box__input"}
                value={code}
                maxLength={40}
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                aria-invalid={problem ? true : undefined}
                aria-describedby={problem ? messageId : undefined}
                onChange={(event) => {
                  setCode(event.target.value);
                  setProblem(null);
                }}
              />
              <Button type="submit" variant="outline-primary" className="coupon-box__button" disabled={busy}>
                {t("Apply")}
              </Button>
            </div>
          </form>
        ) : (
          <div className="coupon-box__row">
            <p className="coupon-box__applied">
              {applied
                ? t("Coupon {code} applied: {offer}", {
                    code: coupon,
                    offer: localized(applied.promotion.description, applied.promotion.descriptionHi),
                  })
                : t("Coupon {code}", { code: coupon })}
            </p>
            <Button
              type="button"
              variant="outline-secondary"
              className="coupon-box__button"
              disabled={busy}
              onClick={() => void change(null)}
            >
              {t("Remove coupon")}
            </Button>
          </div>
        )}
        {message && (
          <p id={messageId} className="coupon-box__problem" role="alert">
            {message}
          </p>
        )}
        <OfferHints hints={price.promotions.hints} />
      </div>
    </div>
  );
}

/** The offers the cart has not reached yet, or a better tier within reach: each offer's words and what it lacks. */
function OfferHints({ hints }: { hints: readonly PromotionHint[] }) {
  if (hints.length === 0) return null;
  return (
    <ul className="coupon-box__hints" aria-label={t("Offers")}>
      {hints.map((hint) => (
        <li key={hint.promotion.id}>
          <span className="coupon-box__offer">{localized(hint.promotion.description, hint.promotion.descriptionHi)}</span> {hintText(hint)}
        </li>
      ))}
    </ul>
  );
}
