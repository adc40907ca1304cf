import { formatRupees } from "@krishi/contract";
import { useEffect, useId, useState } from "react";
import Button from "react-bootstrap/Button";
import { useNavigate, useParams, useSearchParams } from "react-router";
import { useAppDispatch, useAppSelector } from "../../base/hooks.ts";
import { ratePercent, type ShopConfig, taxOnPrices } from "../../base/shop-config.ts";
import { TrashIcon } from "../../components/icons.tsx";
import { Loader } from "../../components/loader.tsx";
import { Message } from "../../components/message.tsx";
import { OrderLine, OrderLines } from "../../components/order-line.tsx";
import { OrderSummary } from "../../components/order-summary.tsx";
import { localized, t } from "../../i18n/index.ts";
import { useEarlyInput } from "../../lib/early-input.ts";
import { withPack } from "../../lib/packs.ts";
import { formatPrice } from "../../lib/price.ts";
import { checkStock, quantityOptions } from "../../lib/quantity.ts";
import { addProductToCart } from "./add-product-to-cart.ts";
import { BuyAgainNotice } from "./buy-again-notice.tsx";
import { cartShortOfFreeShipping } from "./cart-price.ts";
import { type CartItem, countItems, selectCartItems } from "./cart-slice.ts";
import { changeLine } from "./cart-sync.ts";
import { CouponBox } from "./coupon-box.tsx";
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
  // Quantities changed before the app started.
  useEarlyInput();
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

  // A line the product page's form could not add (posted before the app ran): the server said why.
  const refused = params.get("refused") ? t("Could not add to cart") : null;
  const notice = addError ?? refused;
  const empty = !adding && items.length === 0;

  return (
    <div className="cart-screen">
      <title>{`${t("Shopping Cart")} | Krishi Bazaar`}</title>
      <h1>{t("Shopping Cart")}</h1>
      <BuyAgainNotice />
      {notice && <Message variant="danger">{notice}</Message>}
      {empty ? (
        // Nothing to price or check out: no summary of ₹0.00 beside it.
        <EmptyCartMessage />
      ) : (
        <div className="row gy-3">
          <div className="col-lg-8">
            {adding ? (
              <Loader />
            ) : (
              <OrderLines>
                {items.map((item) => (
                  <CartLine key={`${item.product}-${item.variant ?? ""}`} item={item} />
                ))}
              </OrderLines>
            )}
          </div>
          <div className="col-lg-4">
            <CouponBox />
            <CartSummary items={items} />
          </div>
        </div>
      )}
    </div>
  );
}

/** Where Proceed To Checkout leads: sign-in, then the shipping step. */
const CHECKOUT_SIGN_IN = "/login?redirect=shipping";

/**
 * Subtotal (n) items, and the order's price as the server will charge it (items, shipping, the
 * COD fee when that is the method chosen, tax, total, by the shop's pricing rule), that the tax is
 * added to the prices shown (where it is), how much more ships free, and Proceed To Checkout (disabled while a line wants more than is in stock). An
 * empty cart has no summary.
 */
function CartSummary({ items }: { items: CartItem[] }) {
  const navigate = useNavigate();
  const cart = useCartPrice();
  if (!cart) return <Loader />;

  const { amounts, price } = cart;
  const stockProblem = items.some((item) => checkStock(item.qty, item.countInStock) !== "ok");
  const short = cartShortOfFreeShipping(price, cart.shippingTerms);
  const tax = taxAdded(cart.config);
  const note = (
    <>
      {tax && <p className="small text-body-secondary mb-2">{tax}</p>}
      {short !== null && <p className="cart-free-delivery">{t("Add {amount} more for free delivery", { amount: formatRupees(short) })}</p>}
      {stockProblem && <p className="cart-problem mb-0">{t("Change the quantities marked above to continue.")}</p>}
    </>
  );
  return (
    <OrderSummary
      title={t("Subtotal ({count}) items", { count: countItems(items) })}
      amounts={amounts}
      note={tax || short !== null || stockProblem ? note : undefined}
      action={
        // A form, so that the cart rendered by the server leads on to checkout before the app runs.
        <form
          method="get"
          action="/login"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            navigate(CHECKOUT_SIGN_IN);
          }}
        >
          <input type="hidden" name="redirect" value="shipping" />
          <Button type="submit" variant="accent" className="w-100" disabled={stockProblem}>
            {t("Proceed To Checkout")}
          </Button>
        </form>
      }
    />
  );
}

/**
 * The tax the total adds to the prices shown, said plainly (the spec's flat rate, or GST on top);
 * null where the prices include it (GST mode, PRICES_INCLUDE_TAX) or there is none.
 */
function taxAdded(config: ShopConfig): string | null {
  if (taxOnPrices(config) !== "added") return null;
  if (config.pricing.taxMode === "gst") return t("Prices do not include GST: it is added to the total.");
  const rate = config.pricing.taxBasisPoints;
  return rate > 0 ? t("Prices do not include tax: {rate}% tax is added to the total.", { rate: ratePercent(rate) }) : null;
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
