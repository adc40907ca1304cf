import { formatRupees, type OrderPrice, type PricingRules, paiseToDecimal, priceOrder, toPaise } from "@krishi/contract";
import { useMemo } from "react";
import Button from "react-bootstrap/Button";
import Col from "react-bootstrap/Col";
import ListGroup from "react-bootstrap/ListGroup";
import Row from "react-bootstrap/Row";
import { Navigate, useNavigate } from "react-router";
import { usePricingRules } from "../../app/config-api.ts";
import { useAppDispatch, useAppSelector } from "../../app/hooks.ts";
import { CheckoutSteps } from "../../components/checkout-steps.tsx";
import { Loader } from "../../components/loader.tsx";
import { Message } from "../../components/message.tsx";
import { OrderLine } from "../../components/order-line.tsx";
import { OrderSummary } from "../../components/order-summary.tsx";
import { addressLine } from "../../lib/address.ts";
import { errorText } from "../../lib/api-error.ts";
import { RequireAuth } from "../auth/require-auth.tsx";
import { type CartItem, clearCart, EmptyCartMessage, refreshCartPrices, type ShippingAddress } from "../cart/index.ts";
import { type NewOrder, usePlaceOrderMutation } from "../orders/index.ts";

/** The cart priced by the shop's one pricing rule (contract/) with the server's parameters, in paise. */
export function priceCart(items: readonly CartItem[], rules: PricingRules): OrderPrice {
  return priceOrder(
    items.map((line) => ({ pricePaise: toPaise(line.price), qty: line.qty })),
    rules,
  );
}

/** POST /api/orders/add/: the lines, the address, the method and the totals the shopper saw. */
export function newOrder(
  items: readonly CartItem[],
  shippingAddress: ShippingAddress,
  paymentMethod: string,
  rules: PricingRules,
): NewOrder {
  const price = priceCart(items, rules);
  return {
    orderItems: items.map(({ product, qty, name, price, image }) => ({ product, qty, name, price, image })),
    shippingAddress,
    // The saved choice comes from storage as text; the server names the methods it takes (400 otherwise).
    paymentMethod: paymentMethod as NonNullable<NewOrder["paymentMethod"]>,
    itemsPrice: paiseToDecimal(price.itemsPaise),
    shippingPrice: paiseToDecimal(price.shippingPaise),
    taxPrice: paiseToDecimal(price.taxPaise),
    totalPrice: paiseToDecimal(price.totalPaise),
  };
}

/** /placeorder (signed-in users): without a payment method, back to /payment (spec §4). */
export function PlaceOrderScreen() {
  return <RequireAuth>{() => <PlaceOrderStep />}</RequireAuth>;
}

function PlaceOrderStep() {
  const { cartItems, shippingAddress, paymentMethod } = useAppSelector((state) => state.cart);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [placeOrder, { error, isLoading }] = usePlaceOrderMutation();
  const rules = usePricingRules();
  const price = useMemo(() => rules && priceCart(cartItems, rules), [cartItems, rules]);
  // The payment step sends on to the shipping step when the address is missing too.
  if (!paymentMethod || !shippingAddress) return <Navigate to="/payment" replace />;
  if (!rules || !price) return <Loader />;

  async function place(address: ShippingAddress, method: string, pricing: PricingRules) {
    const result = await placeOrder(newOrder(cartItems, address, method, pricing));
    if (result.data) {
      // Spec §4: on to the order, then the cart (and the stored cart) cleared.
      navigate(`/order/${result.data._id}`);
      dispatch(clearCart());
    } else if (isConflict(result.error)) {
      // Prices or stock changed since the cart was filled: show what the server will charge now.
      void dispatch(refreshCartPrices());
    }
  }

  const empty = cartItems.length === 0;
  return (
    <>
      <title>Place Order | Krishi Bazaar</title>
      <CheckoutSteps current="Place Order" />
      <h1>Place Order</h1>
      {error && <Message variant="danger">{errorText(error, "detail")}</Message>}
      <Row className="gy-4">
        <Col lg={8}>
          <ListGroup variant="flush">
            <ListGroup.Item>
              <h2>Shipping</h2>
              <p>
                <strong>Shipping: </strong>
                {addressLine(shippingAddress)}
              </p>
            </ListGroup.Item>
            <ListGroup.Item>
              <h2>Payment Method</h2>
              <p>
                <strong>Method: </strong>
                {paymentMethod}
              </p>
            </ListGroup.Item>
            <ListGroup.Item>
              <h2>Order Items</h2>
              {empty ? (
                <EmptyCartMessage />
              ) : (
                <ListGroup variant="flush">
                  {cartItems.map((item) => (
                    <OrderLine key={item.product} line={item}>
                      {item.countInStock < 1 && <span className="badge text-bg-danger ms-2">Out of Stock</span>}
                    </OrderLine>
                  ))}
                </ListGroup>
              )}
            </ListGroup.Item>
          </ListGroup>
        </Col>
        <Col lg={4}>
          <OrderSummary
            amounts={{
              items: formatRupees(price.itemsPaise),
              shipping: formatRupees(price.shippingPaise),
              tax: formatRupees(price.taxPaise),
              total: formatRupees(price.totalPaise),
            }}
          >
            <Button
              type="button"
              variant="primary"
              disabled={empty || isLoading}
              onClick={() => void place(shippingAddress, paymentMethod, rules)}
            >
              Place Order
            </Button>
          </OrderSummary>
        </Col>
      </Row>
    </>
  );
}

function isConflict(error: unknown): boolean {
  return !!error && typeof error === "object" && "status" in error && error.status === 409;
}
