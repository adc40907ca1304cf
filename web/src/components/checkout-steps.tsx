import { Link } from "react-router";
import { useShopConfig } from "../base/shop-config.ts";
import { type Message, t } from "../i18n/index.ts";
import { onlyPaymentMethod } from "../lib/payment-method.ts";
import "./checkout-steps.css";

const STEPS = [
  { name: "Login", to: "/login" },
  { name: "Shipping", to: "/shipping" },
  { name: "Payment", to: "/payment" },
  { name: "Place Order", to: "/placeorder" },
] as const satisfies readonly { name: Message; to: string }[];

export type CheckoutStep = (typeof STEPS)[number]["name"];

/**
 * The checkout step bar (docs/storefront.md, "Checkout"): Login, Shipping, Payment, Place Order,
 * numbered, in one row on a phone. The steps up to the current one are links (the current one
 * marked); the steps beyond it are not reachable yet. A shop with one payment method skips the
 * Payment step (Shipping goes on to Place Order), so the bar leaves it out, but on /payment itself.
 */
export function CheckoutSteps({ current }: { current: CheckoutStep }) {
  const skipsPayment = onlyPaymentMethod(useShopConfig()) !== null && current !== "Payment";
  const steps = skipsPayment ? STEPS.filter((step) => step.name !== "Payment") : STEPS;
  const reached = steps.findIndex((step) => step.name === current);
  return (
    <nav aria-label={t("Checkout steps")} className="checkout-steps">
      <ol>
        {steps.map((step, index) => {
          const state = index < reached ? "done" : index === reached ? "current" : "ahead";
          return (
            <li key={step.name} className={`checkout-steps__step checkout-steps__step--${state}`}>
              {index <= reached ? (
                <Link to={step.to} aria-current={index === reached ? "step" : undefined}>
                  <span className="checkout-steps__number" aria-hidden="true">
                    {index + 1}
                  </span>
                  {t(step.name)}
                </Link>
              ) : (
                <span aria-disabled="true">
                  <span className="checkout-steps__number" aria-hidden="true">
                    {index + 1}
                  </span>
                  {t(step.name)}
                </span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
