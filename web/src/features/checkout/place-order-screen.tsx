import { paiseToDecimal, promotionOf, type ShippingRule } from "@krishi/contract";
import { Suspense } from "react";
import Button from "react-bootstrap/Button";
import { Link, Navigate, useNavigate } from "react-router";
import { useAppDispatch, useAppSelector } from "../../base/hooks.ts";
import { formatRupeesShort, type ShopConfig } from "../../base/shop-config.ts";
import { CheckoutSteps } from "../../components/checkout-steps.tsx";
import { Loader } from "../../components/loader.tsx";
import { Message } from "../../components/message.tsx";
import { OrderLine, OrderLines } from "../../components/order-line.tsx";
import { OrderSummary } from "../../components/order-summary.tsx";
import { localized, t } from "../../i18n/index.ts";
import { addressLine, formatPhone } from "../../lib/address.ts";
import { errorCode, errorText } from "../../lib/api-error.ts";
import { withPack } from "../../lib/packs.ts";
import { onlyPaymentMethod, paymentMethodName } from "../../lib/payment-method.ts";
import { checkStock } from "../../lib/quantity.ts";
import { selectUser, WhatsAppUpdates } from "../auth/index.ts";
import { RequireAuth } from "../auth/require-auth.tsx";
import {
  type CartItem,
  type CartOffers,
  CouponBox,
  clearCart,
  EmptyCartMessage,
  priceCart,
  refreshCartPrices,
  type ShippingAddress,
  shippingRulesChanged,
  useCartPrice,
} from "../cart/index.ts";
import { type NewOrder, usePlaceOrderMutation } from "../orders/index.ts";
import "./checkout.css";
import { DeliveryDate } from "./delivery-date.tsx";

/**
 * POST /api/orders/add/: the lines, the address, the method and the totals the shopper saw (the
 * COD fee in them, the shipping the shop's rules charge, the offers' and the coupon's discounts),
 * and the cart's coupon when it applies (one that does not is left out, as the total shown leaves
 * out its discount; the coupon box says why).
 */
export function newOrder(
  items: readonly CartItem[],
  shippingAddress: ShippingAddress,
  paymentMethod: string,
  config: ShopConfig,
  shippingRules: readonly ShippingRule[] = [],
  offers?: CartOffers,
): NewOrder {
  const promotions = offers?.promotions.map(promotionOf) ?? [];
  const coupon = offers?.coupon ?? null;
  const price = priceCart(items, config, { shippingAddress, paymentMethod, shippingRules, promotions, coupon });
  const couponApplies = coupon !== null && price.promotions.couponRefusal === null;
  return {
    // A line saved before packs sends none: the server takes the default pack.
    orderItems: items.map(({ product, variant, qty, name, price, image }) => ({
      product,
      ...(variant === undefined ? {} : { variant }),
      qty,
      name,
      price,
      image,
    })),
    shippingAddress,
    ...(couponApplies ? { coupon } : {}),
    // The saved choice comes from storage as text; the server names the methods it takes (400 otherwise).
    paymentMethod: paymentMethod as NonNullable<NewOrder["paymentMethod"]>,
    itemsPrice: paiseToDecimal(price.itemsPaise),
    shippingPrice: paiseToDecimal(price.shippingPaise),
    taxPrice: paiseToDecimal(price.taxPaise),
    totalPrice: paiseToDecimal(price.totalPaise),
  };
}

/** /placeorder (signed-in users): without a payment method, back to /payment (docs/storefront.md, "Checkout"). */
export function PlaceOrderScreen() {
  return <RequireAuth>{() => <PlaceOrderStep />}</RequireAuth>;
}

function PlaceOrderStep() {
  const { cartItems, shippingAddress, paymentMethod } = useAppSelector((state) => state.cart);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [placeOrder, { error, isLoading }] = usePlaceOrderMutation();
  const cart = useCartPrice();
  const hasPhone = !!useAppSelector(selectUser)?.phone;
  // The payment step sends on to the shipping step when the address is missing too.
  if (!paymentMethod || !shippingAddress) return <Navigate to="/payment" replace />;
  if (!cart) return <Loader />;
  const { config, price, amounts } = cart;
  const cod = paymentMethod === "COD";
  // Cash on Delivery chosen before the shop stopped taking it: choose again.
  if (cod && !config.cod.enabled) return <Navigate to="/payment" replace />;
  // The cart grew past the Cash on Delivery limit since the method was chosen.
  const overCodLimit = cod && price.totalPaise > config.cod.maxOrderPaise;

  async function place(address: ShippingAddress, method: string, settings: ShopConfig, rules: readonly ShippingRule[]) {
    const result = await placeOrder(newOrder(cartItems, address, method, settings, rules, cart?.offers));
    if (result.data) {
      // On to the order, then the cart (and the stored cart) cleared (docs/storefront.md, "Checkout").
      navigate(`/order/${result.data._id}`);
      dispatch(clearCart());
    } else if (isConflict(result.error)) {
      // Prices, stock or shipping rules changed since the cart was filled: show what the server will charge now.
      void dispatch(refreshCartPrices());
      shippingRulesChanged(dispatch);
    } else if (errorCode(result.error)?.startsWith("coupon_")) {
      // The coupon stopped applying (it ended, or this account used it): the cart says so again.
      void dispatch(refreshCartPrices());
    }
  }

  const empty = cartItems.length === 0;
  // A line wanting more than is left cannot be ordered: its quantity is changed in the cart.
  const stockProblem = cartItems.some((item) => checkStock(item.qty, item.countInStock) !== "ok");
  return (
    <>
      <title>{`${t("Place Order")} | Krishi Bazaar`}</title>
      <CheckoutSteps current="Place Order" />
      <h1>{t("Place Order")}</h1>
      {error && <Message variant="danger">{errorText(error, "detail")}</Message>}
      <div className="row gy-3">
        <div className="col-lg-8">
          <section className="panel-card">
            <div className="placeorder-section__head">
              <h2>{t("Shipping")}</h2>
              <Link to="/shipping">{t("Change address")}</Link>
            </div>
            <p className="fw-semibold mb-1">{shippingAddress.label}</p>
            <p className="mb-0">{addressLine(shippingAddress)}</p>
            {shippingAddress.phone && <p className="mb-0 mt-1">{t("Mobile: {phone}", { phone: formatPhone(shippingAddress.phone) })}</p>}
            <DeliveryDate address={shippingAddress} />
          </section>
          <section className="panel-card">
            <div className="placeorder-section__head">
              <h2>{t("Payment Method")}</h2>
              {/* A shop with one payment method skipped its step: there is nothing to change. */}
              {!onlyPaymentMethod(config) && <Link to="/payment">{t("Change method")}</Link>}
            </div>
            <p className="mb-0">{paymentMethodName(paymentMethod)}</p>
            {overCodLimit && (
              <p className="line-problem">
                {t("Cash on Delivery is not available for orders above {amount}", { amount: formatRupeesShort(config.cod.maxOrderPaise) })}
              </p>
            )}
          </section>
          {hasPhone && (
            <section className="panel-card">
              <h2>{t("Order updates")}</h2>
              {/* The opt-in comes in its own chunk; the rest of the screen does not wait for it. */}
              <Suspense fallback={null}>
                <WhatsAppUpdates label="Send my order updates on WhatsApp" />
              </Suspense>
            </section>
          )}
          <section className="panel-card">
            <h2>{t("Order Items")}</h2>
            {empty ? (
              <EmptyCartMessage />
            ) : (
              <OrderLines>
                {cartItems.map((item) => (
                  <OrderLine
                    key={`${item.product}-${item.variant ?? ""}`}
                    line={item}
                    name={withPack(localized(item.name, item.nameHi), item.variantLabel)}
                  >
                    <StockProblem item={item} />
                  </OrderLine>
                ))}
              </OrderLines>
            )}
          </section>
        </div>
        <div className="col-lg-4">
          {!empty && (
            <Suspense fallback={null}>
              <CouponBox />
            </Suspense>
          )}
          <OrderSummary
            amounts={amounts}
            action={
              <Button
                type="button"
                variant="accent"
                disabled={empty || stockProblem || overCodLimit || isLoading}
                onClick={() => void place(shippingAddress, paymentMethod, config, cart.shippingRules)}
              >
                {t("Place Order")}
              </Button>
            }
          />
        </div>
      </div>
    </>
  );
}

/** Under a line the stock does not cover: what is wrong, and a way to the cart to change it. */
function StockProblem({ item }: { item: CartItem }) {
  const stock = checkStock(item.qty, item.countInStock);
  if (stock === "ok") return null;
  return (
    <p className="line-problem">
      {stock === "out-of-stock" ? t("Out of Stock") : t("Only {count} in stock", { count: item.countInStock })}{" "}
      <Link to="/cart">{t("Change quantity")}</Link>
    </p>
  );
}

function isConflict(error: unknown): boolean {
  return !!error && typeof error === "object" && "status" in error && error.status === 409;
}
