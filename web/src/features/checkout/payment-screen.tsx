import { DEFAULT_PAYMENT_METHOD } from "@krishi/contract";
import { type FormEvent, useState } from "react";
import Button from "react-bootstrap/Button";
import { Navigate, useNavigate } from "react-router";
import { useAppDispatch, useAppSelector } from "../../app/hooks.ts";
import { CheckoutSteps } from "../../components/checkout-steps.tsx";
import { FormContainer } from "../../components/form-container.tsx";
import { t } from "../../i18n/index.ts";
import { RequireAuth } from "../auth/require-auth.tsx";
import { savePaymentMethod } from "../cart/index.ts";
import "./checkout.css";

/** The one payment method (spec §2). */
export const PAYMENT_METHODS = [DEFAULT_PAYMENT_METHOD] as const;

/** /payment (signed-in users): without a shipping address, back to /shipping (spec §4). */
export function PaymentScreen() {
  return <RequireAuth>{() => <PaymentStep />}</RequireAuth>;
}

function PaymentStep() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const shippingAddress = useAppSelector((state) => state.cart.shippingAddress);
  const [method, setMethod] = useState<string>(DEFAULT_PAYMENT_METHOD);
  if (!shippingAddress) return <Navigate to="/shipping" replace />;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    dispatch(savePaymentMethod(method));
    navigate("/placeorder");
  }

  return (
    <>
      <title>{`${t("Payment Method")} | Krishi Bazaar`}</title>
      <CheckoutSteps current="Payment" />
      <FormContainer>
        <h1>{t("Payment Method")}</h1>
        <form onSubmit={submit}>
          <fieldset className="mb-3">
            <legend className="fs-5">{t("Select Method")}</legend>
            {PAYMENT_METHODS.map((name) => (
              <div key={name} className="payment-method">
                <input
                  id={`payment-${name}`}
                  className="form-check-input"
                  type="radio"
                  name="paymentMethod"
                  value={name}
                  checked={method === name}
                  aria-describedby={`payment-${name}-hint`}
                  onChange={() => setMethod(name)}
                />
                <div>
                  <label htmlFor={`payment-${name}`} className="payment-method__name">
                    {name}
                  </label>
                  <span id={`payment-${name}-hint`} className="payment-method__hint">
                    {t("UPI, cards, net banking and wallets")}
                  </span>
                </div>
              </div>
            ))}
          </fieldset>
          <div className="d-grid d-sm-block">
            <Button type="submit" variant="primary" className="checkout-continue">
              {t("Continue")}
            </Button>
          </div>
        </form>
      </FormContainer>
    </>
  );
}
