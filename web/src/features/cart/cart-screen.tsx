import { DEFAULT_PRICING, formatRupees, priceOrder } from "@krishi/contract";
import { useEffect, useId, useState } from "react";
import Button from "react-bootstrap/Button";
import { useNavigate, useParams, useSearchParams } from "react-router";
import { useAppDispatch, useAppSelector } from "../../app/hooks.ts";
import { TrashIcon } from "../../components/icons.tsx";
import { Loader } from "../../components/loader.tsx";
import { Message } from "../../components/message.tsx";
import { OrderLine, OrderLines } from "../../components/order-line.tsx";
import { OrderSummary } from "../../components/order-summary.tsx";
import { localized, t } from "../../i18n/index.ts";
import { withPack } from "../../lib/packs.ts";
import { formatPrice } from "../../lib/price.ts";
import { checkStock, quantityOptions } from "../../lib/quantity.ts";
import { addProductToCart } from "./add-product-to-cart.ts";
import { gstSupply, priceAmounts, shortOfFreeShipping } from "./cart-price.ts";
import { type CartItem, countItems, selectCartItems } from "./cart-slice.ts";
import { changeLine } from "./cart-sync.ts";
import { EmptyCartMessage } from "./empty-cart.tsx";
import { useCartPrice } from "./use-cart-price.ts";
import "./cart.css";

/**
 * Cart (/cart/{id?}?qty=n&pack=p). With an id, adds that product (pack p, else its default pack),
 * then shows /cart (no re-add on reload).
 */
export function CartScreen() {
  const { id } = useParams();
  const [params] = useSearchParams();
  const qty = Number(params.get("qty") ?? "1");
  const pack = Number(params.get("pack"));
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const items = useAppSelector(selectCartItems);
  const [adding, setAdding] = useState(false);
  const [addError, setAddError] = useState<string | null>(null);

  useEffect(() => {
    if (!id) return;
    let current = true;
    setAdding(true);
    dispatch(addProductToCart({ id, qty, pack: Number.isInteger(pack) && pack > 0 ? pack : undefined }))
      .unwrap()
      .then(
        () => current && setAddError(null),
        (reason: unknown) => current && setAddError(typeof reason === "string" ? reason : t("Could not add to cart")),
      )
      .finally(() => {
        if (!current) return;
        setAdding(false);
        navigate("/cart", { replace: true });
      });
    return () => {
      current = false;
    };
  }, [id, qty, pack, dispatch, navigate]);

  return (
    <div className="cart-screen">
      <title>{`${t("Shopping Cart")} | Krishi Bazaar`}</title>
      <h1>{t("Shopping Cart")}</h1>
      {addError && <Message variant="danger">{addError}</Message>}
      <div className="row gy-3">
        <div className="col-lg-8">
          {adding ? (
            <Loader />
          ) : items.length === 0 ? (
            <EmptyCartMessage />
          ) : (
            <OrderLines>
              {items.map((item) => (
                <CartLine key={`${item.product}-${item.variant ?? ""}`} item={item} />
              ))}
            </OrderLines>
          )}
        </div>
        <div className="col-lg-4">
          <CartSummary items={items} />
        </div>
      </div>
    </div>
  );
}

/** An empty cart costs nothing, not the shipping of an order under the free-shipping threshold. */
const NOTHING = priceOrder([], { ...DEFAULT_PRICING, shippingPaise: 0 });

/**
 * Subtotal (n) items, and the order's price as the server will charge it (items, shipping, the
 * COD fee when that is the method chosen, tax, total, by the shop's pricing rule), how much more
 * ships free, and Proceed To Checkout (disabled for an empty cart, or while a line wants more than
 * is in stock).
 */
function CartSummary({ items }: { items: CartItem[] }) {
  const navigate = useNavigate();
  const shippingAddress = useAppSelector((state) => state.cart.shippingAddress);
  const cart = useCartPrice();
  if (!cart) return <Loader />;

  const { config, price } = cart;
  const amounts = items.length > 0 ? cart.amounts : priceAmounts(NOTHING, gstSupply(config, shippingAddress));
  const stockProblem = items.some((item) => checkStock(item.qty, item.countInStock) !== "ok");
  const short = shortOfFreeShipping(price.itemsPaise, cart.shippingTerms);
  const note = (
    <>
      {short !== null && <p className="cart-free-delivery">{t("Add {amount} more for free delivery", { amount: formatRupees(short) })}</p>}
      {stockProblem && <p className="cart-problem mb-0">{t("Change the quantities marked above to continue.")}</p>}
    </>
  );
  return (
    <OrderSummary
      title={t("Subtotal ({count}) items", { count: countItems(items) })}
      amounts={amounts}
      note={short !== null || stockProblem ? note : undefined}
      action={
        <Button
          type="button"
          variant="accent"
          disabled={items.length === 0 || stockProblem}
          onClick={() => navigate("/login?redirect=shipping")}
        >
          {t("Proceed To Checkout")}
        </Button>
      }
    />
  );
}

/**
 * A cart line: picture, name, unit price, the quantity (1..countInStock), Remove, and the line's
 * total. A quantity the stock does not cover (it ran low since, or the link asked for more) stays
 * as it is, and the line says so.
 */
function CartLine({ item }: { item: CartItem }) {
  const dispatch = useAppDispatch();
  const problemId = useId();
  const name = withPack(localized(item.name, item.nameHi), item.variantLabel);
  const stock = checkStock(item.qty, item.countInStock);
  return (
    <OrderLine line={item} name={name} detail={t("{price} each", { price: formatPrice(item.price) })}>
      <div className="cart-line__controls">
        <select
          className={stock === "ok" ? "form-select cart-line__qty" : "form-select cart-line__qty is-invalid"}
          aria-label={t("Quantity for {name}", { name })}
          aria-invalid={stock !== "ok" || undefined}
          aria-describedby={stock === "ok" ? undefined : problemId}
          value={item.qty}
          onChange={(event) => dispatch(changeLine(item, Number(event.target.value)))}
        >
          {quantityOptions(item.countInStock, item.qty).map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
        <Button
          type="button"
          variant="outline-secondary"
          className="cart-line__remove"
          aria-label={t("Remove {name}", { name })}
          onClick={() => dispatch(changeLine(item, 0))}
        >
          <TrashIcon />
        </Button>
      </div>
      {stock !== "ok" && (
        <p id={problemId} className="cart-problem">
          {stock === "out-of-stock" ? t("Out of Stock") : t("Only {count} in stock", { count: item.countInStock })}
        </p>
      )}
    </OrderLine>
  );
}
