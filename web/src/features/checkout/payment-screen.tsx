import { DEFAULT_PAYMENT_METHOD, type PaymentMethod, type ShippingAddress } from "@krishi/contract";
import { skipToken } from "@reduxjs/toolkit/query";
import { type FormEvent, useState } from "react";
import Button from "react-bootstrap/Button";
import { Navigate, useNavigate } from "react-router";
import { useAppDispatch, useAppSelector } from "../../base/hooks.ts";
import { formatRupeesShort, isUnknownPin, pinOf, useGetPincodeQuery } from "../../base/shop-config.ts";
import { CheckoutSteps } from "../../components/checkout-steps.tsx";
import { FormContainer } from "../../components/form-container.tsx";
import { Loader } from "../../components/loader.tsx";
import { t } from "../../i18n/index.ts";
import { RequireAuth } from "../auth/require-auth.tsx";
import { savePaymentMethod, useCartPrice } from "../cart/index.ts";
import "./checkout.css";

/** /payment (signed-in users): without a shipping address, back to /shipping (docs/storefront.md, "Checkout"). */
export function PaymentScreen() {
  return <RequireAuth>{() => <PaymentStep />}</RequireAuth>;
}

/** Whether Cash on Delivery is offered for this order, with its fee ("₹40"); if not, why (null: COD is off, or could not be checked). */
export type CodOffer = { offered: true; fee: string } | { offered: false; reason: string | null };

/**
 * Cash on Delivery is offered when the shop takes it, the shipping address's PIN code allows it
 * (GET /api/pincodes/{pin}/: `cod`), and the order's total with the fee is within the limit.
 */
export function useCodOffer(shippingAddress: ShippingAddress): CodOffer | undefined {
  const withFee = useCartPrice({ shippingAddress, paymentMethod: "COD" });
  const cod = withFee?.config.cod;
  const withinLimit = !!withFee && !!cod?.enabled && withFee.price.totalPaise <= cod.maxOrderPaise;
  // The PIN code is asked about only when the rest allows COD (it looks like India's: the other countries' codes are shorter).
  const pin = withinLimit ? pinOf(shippingAddress.postalCode) : null;
  const { currentData: place, error, isFetching } = useGetPincodeQuery(pin ?? skipToken);
  if (!cod) return undefined;
  if (!cod.enabled) return { offered: false, reason: null };
  if (!withinLimit) {
    return {
      offered: false,
      reason: t("Cash on Delivery is not available for orders above {amount}", { amount: formatRupeesShort(cod.maxOrderPaise) }),
    };
  }
  if (isFetching) return undefined;
  if (place?.serviceable && place.cod) return { offered: true, fee: formatRupeesShort(cod.feePaise) };
  // Not known (the server could not be asked): not offered, without blaming the PIN code.
  if (!place && error && !isUnknownPin(error)) return { offered: false, reason: null };
  return { offered: false, reason: t("Cash on Delivery is not available for this PIN code") };
}

function PaymentStep() {
  const shippingAddress = useAppSelector((state) => state.cart.shippingAddress);
  if (!shippingAddress) return <Navigate to="/shipping" replace />;
  return <PaymentForm shippingAddress={shippingAddress} />;
}

function PaymentForm({ shippingAddress }: { shippingAddress: ShippingAddress }) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const saved = useAppSelector((state) => state.cart.paymentMethod);
  const offer = useCodOffer(shippingAddress);
  const [chosen, setChosen] = useState<PaymentMethod>(saved === "COD" ? "COD" : DEFAULT_PAYMENT_METHOD);
  // Until Cash on Delivery is known to be offered, RazorPay is the method.
  const method: PaymentMethod = offer?.offered ? chosen : DEFAULT_PAYMENT_METHOD;
  if (!offer) return <Loader />;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    dispatch(savePaymentMethod(method));
    navigate("/placeorder");
  }

  const methods: { name: PaymentMethod; label: string; hint: string }[] = [
    // The spec's "RazorPay" in English, the company's name in Devanagari in Hindi.
    { name: DEFAULT_PAYMENT_METHOD, label: t("RazorPay"), hint: t("UPI, cards, net banking and wallets") },
  ];
  if (offer.offered) {
    methods.push({ name: "COD", label: t("Cash on Delivery"), hint: t("Pay in cash when it arrives ({fee} fee)", { fee: offer.fee }) });
  }

  return (
    <>
      <title>{`${t("Payment Method")} | Krishi Bazaar`}</title>
      <CheckoutSteps current="Payment" />
      <FormContainer>
        <h1>{t("Payment Method")}</h1>
        <form noValidate onSubmit={submit}>
          <fieldset className="mb-3">
            <legend className="fs-5">{t("Select Method")}</legend>
            <div className="payment-methods">
              {methods.map(({ name, label, hint }) => (
                <div key={name} className="payment-method">
                  <input
                    id={`payment-${name}`}
                    className="form-check-input"
                    type="radio"
                    name="paymentMethod"
                    value={name}
                    checked={method === name}
                    aria-describedby={`payment-${name}-hint`}
                    onChange={() => setChosen(name)}
                  />
                  <div>
                    <label htmlFor={`payment-${name}`} className="payment-method__name">
                      {label}
                    </label>
                    <span id={`payment-${name}-hint`} className="payment-method__hint">
                      {hint}
                    </span>
                  </div>
                </div>
              ))}
            </div>
            {!offer.offered && offer.reason && <p className="payment-methods__note">{offer.reason}</p>}
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
