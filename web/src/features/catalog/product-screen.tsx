import { isProductId, type Product, type ProductVariant } from "@krishi/contract";
import { type FormEvent, useId, useState } from "react";
import Button from "react-bootstrap/Button";
import Col from "react-bootstrap/Col";
import Row from "react-bootstrap/Row";
import { Link, useParams, useSearchParams } from "react-router";
import { useGetProductQuery } from "../../base/catalog-api.ts";
import { useImageConfig } from "../../base/config-api.ts";
import { useAppDispatch, useAppSelector } from "../../base/hooks.ts";
import { PageTitle } from "../../base/page-title.tsx";
import { Loader } from "../../components/loader.tsx";
import { Message } from "../../components/message.tsx";
import { ProductRating, Rating } from "../../components/rating.tsx";
import { useShopUrl, WhatsAppShare } from "../../components/whatsapp-share.tsx";
import { localized, t, useLanguage } from "../../i18n/index.ts";
import { errorText } from "../../lib/api-error.ts";
import { dateOf } from "../../lib/dates.ts";
import { useEarlyInput } from "../../lib/early-input.ts";
import { packOf, withPack } from "../../lib/packs.ts";
import { formatPrice } from "../../lib/price.ts";
import { quantityOptions } from "../../lib/quantity.ts";
import { withLanguage } from "../../ssr/head.ts";
import { selectSession, selectUser } from "../auth/index.ts";
import { putInCart } from "../cart/index.ts";
import { DeliveryCheck } from "./delivery-check.tsx";
import { NotifyMe } from "./notify-me.tsx";
import { PackChooser, PackSaving, savingOf, unitPriceText } from "./pack-chooser.tsx";
import { LabelClaim, ProductCrops } from "./product-crops.tsx";
import { ProductGallery } from "./product-gallery.tsx";
import { ProductLabelDetails } from "./product-label.tsx";
import { hasReviewed, ReviewForm, SignInPrompt } from "./review-form.tsx";
import { TaxNote } from "./tax-note.tsx";

/** At or below this stock (and above 0) the page says how many are left. */
export const LOW_STOCK = 5;

/** Product detail (/product/{id}). */
export function ProductScreen() {
  const { id = "" } = useParams();
  // An address whose id can name no product is not asked about: the catalogue would refuse it as bad input.
  const named = isProductId(id);
  // currentData: never show the previous product while the next one loads.
  const { currentData: product, error, isFetching } = useGetProductQuery(id, { skip: !named });
  const images = useImageConfig();
  const failed = error && !isFetching;

  return (
    <>
      <Link className="btn btn-outline-primary back-link" to="/">
        {t("Go Back")}
      </Link>
      {!named || (failed && isMissing(error)) ? (
        <ProductNotFound />
      ) : failed ? (
        <>
          <h1 className="visually-hidden">{t("Product details")}</h1>
          <Message variant="danger">{errorText(error, "detail")}</Message>
        </>
      ) : !product || !images ? (
        <Loader />
      ) : (
        <ProductDetails key={product._id} product={product} />
      )}
    </>
  );
}

/** The catalogue's answer for a product it does not have (or no longer sells). */
function isMissing(error: unknown): boolean {
  return typeof error === "object" && error !== null && "status" in error && error.status === 404;
}

/**
 * A product address that names no product the shop sells (an id that is none, a product removed):
 * the words of the server's page for it (storefront's not-found page at a product address).
 */
export function ProductNotFound() {
  return (
    <>
      <PageTitle text={t("Product not found")} />
      <h1>{t("Product not found")}</h1>
      <p>{t("We could not find this product. It may have been removed, or the link is wrong.")}</p>
    </>
  );
}

/** The query parameter of the pack chosen (/product/7?pack=12), so a shared link opens that pack. */
export const PACK_PARAM = "pack";

/**
 * The Add to Cart form (POST /cart/add: product, pack, qty, lang): the pack chooser's radio
 * buttons belong to it from where they stand (their form attribute).
 */
export const ADD_TO_CART_FORM = "add-to-cart";

/**
 * The pack the address names, else the default pack; undefined only for a product without packs
 * (an older server's answer), whose own price and stock then stand.
 */
function usePack(product: Product): [ProductVariant | undefined, (pack: ProductVariant) => void] {
  const [params, setParams] = useSearchParams();
  const named = Number(params.get(PACK_PARAM));
  const addressed = (Number.isInteger(named) ? packOf(product, named) : undefined) ?? packOf(product);
  // The pack tapped shows at once: the address follows in a navigation React renders when it can
  // (a transition), and until then a controlled radio button would spring back to the old pack.
  // Kept with the pack the address named then: once the address moves, it decides again.
  const [tapped, setTapped] = useState<{ pack: ProductVariant; over: ProductVariant | undefined }>();
  const pack = tapped && tapped.over === addressed && product.variants.includes(tapped.pack) ? tapped.pack : addressed;
  const choose = (next: ProductVariant) => {
    setTapped({ pack: next, over: addressed });
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        // The default pack is the product's own address.
        if (next === packOf(product)) updated.delete(PACK_PARAM);
        else updated.set(PACK_PARAM, String(next.id));
        return updated;
      },
      { replace: true, preventScrollReset: true },
    );
  };
  return [pack, choose];
}

/**
 * The gallery beside the name, brand, rating, the pack chooser, the chosen pack's price and stock
 * and the buying controls (stacked on phones, where the quantity and Add to Cart stay in a bar at
 * the bottom of the screen), then the description, the crops and problems it serves, the label's
 * details (a pesticide's label claim after them) and the reviews.
 */
function ProductDetails({ product }: { product: Product }) {
  const name = localized(product.name, product.nameHi);
  const description = localized(product.description, product.descriptionHi);
  const [pack, choosePack] = usePack(product);
  // The pack and quantity chosen before the app started.
  useEarlyInput();
  const stock = pack?.countInStock ?? product.countInStock;
  const unitPrice = pack ? unitPriceText(pack) : "";

  return (
    <>
      <PageTitle text={name} />
      <Row className="product-top">
        <Col md={6}>
          <ProductGallery images={product.images} name={name} />
        </Col>
        <Col md={6} className="product-info">
          <h1 className="product-info__name">{name}</h1>
          {product.brand && <p className="product-info__brand">{t("Brand: {brand}", { brand: product.brand })}</p>}
          <ProductRating rating={product.rating} numReviews={product.numReviews} />
          {pack && <PackChooser packs={product.variants} chosen={pack} onChoose={choosePack} form={ADD_TO_CART_FORM} />}
          <p className="product-info__price">
            <span>{formatPrice(pack?.price ?? product.price)}</span>
            {unitPrice && <span className="product-info__unit-price"> ({unitPrice})</span>}
          </p>
          <TaxNote gstRate={product.gstRate} />
          {pack && <PackSaving pack={pack} />}
          <p className="product-info__stock">
            {stock > 0 ? <span className="stock-in">{t("In Stock")}</span> : <span className="stock-out">{t("Out of Stock")}</span>}
            {stock > 0 && stock <= LOW_STOCK && <span className="stock-low">{t("Only {count} left", { count: stock })}</span>}
          </p>
          {pack && <NotifyMe product={product} pack={pack} />}
          <BuyBar product={product} pack={pack} />
          <DeliveryCheck />
          <ShareProduct product={product} pack={pack} name={name} />
        </Col>
      </Row>
      {description && (
        <section className="product-description" aria-labelledby="description-heading">
          <h2 id="description-heading" className="h4">
            {t("Description")}
          </h2>
          <p>{description}</p>
        </section>
      )}
      <ProductCrops product={product} />
      <ProductLabelDetails label={product.label} pack={pack} gstRate={product.gstRate} />
      <LabelClaim product={product} />
      <Reviews product={product} />
    </>
  );
}

/**
 * The quantity (1..the pack's stock) and Add to Cart (disabled at stock 0), which puts that many
 * of the pack in the cart and stays on the page: "Added · View cart" is announced (politely) and
 * the header's count changes at once. (The spec's /cart/{id}?qty={n}&pack={p} still adds from a
 * link.) A chosen quantity that the stock no longer covers (the product reloaded meanwhile, or a
 * smaller stock's pack was chosen) is kept and flagged, not quietly lowered. A bar fixed to the
 * bottom of the screen on phones, where it also shows the pack's price (and its MRP struck
 * through), which is below the first screen there.
 */
function BuyBar({ product, pack }: { product: Product; pack: ProductVariant | undefined }) {
  const dispatch = useAppDispatch();
  const language = useLanguage();
  const [qty, setQty] = useState(1);
  // What was added last, and how many times: each time is announced again.
  const [added, setAdded] = useState<{ pack: ProductVariant; qty: number; count: number }>();
  const stock = pack?.countInStock ?? product.countInStock;
  const inStock = stock > 0;
  const tooMany = inStock && qty > stock;
  const options = quantityOptions(stock);
  if (tooMany) options.push(qty);
  const hintId = useId();
  const price = pack?.price ?? product.price;
  const mrp = pack && savingOf(pack) ? pack.mrp : null;

  // The confirmation is for what was added: choosing another pack or quantity takes it away.
  const confirmed = added && added.pack === pack && added.qty === qty ? added.count : 0;

  function add(event: FormEvent) {
    // Once the app runs, the pack goes in the cart here, on the page; before (or without it) the
    // browser posts the form and the server answers with the cart.
    event.preventDefault();
    if (!pack) return;
    dispatch(putInCart(product, pack, qty));
    setAdded({ pack, qty, count: confirmed + 1 });
  }

  return (
    <section className="buy-bar" aria-label={t("Buy this product")}>
      <form id={ADD_TO_CART_FORM} method="post" action="/cart/add" className="buy-bar__form" noValidate onSubmit={add}>
        <input type="hidden" name="product" value={product._id} />
        {language !== "en" && <input type="hidden" name="lang" value={language} />}
        {/* A copy of the price above, for sighted shoppers on phones (hidden from md up, where the price is in sight). */}
        <p className="buy-bar__price" aria-hidden="true">
          <span className="buy-bar__amount">{formatPrice(price)}</span>
          {mrp && <s className="buy-bar__mrp">{formatPrice(mrp)}</s>}
        </p>
        {inStock && (
          <div className="buy-bar__qty">
            <label htmlFor="product-qty">{t("Quantity")}</label>
            <select
              id="product-qty"
              name="qty"
              className={tooMany ? "form-select is-invalid" : "form-select"}
              value={qty}
              aria-invalid={tooMany || undefined}
              aria-describedby={tooMany ? hintId : undefined}
              onChange={(event) => setQty(Number(event.target.value))}
            >
              {options.map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </select>
          </div>
        )}
        <Button type="submit" variant="accent" className="buy-bar__add" disabled={!inStock || tooMany || !pack}>
          {t("Add to Cart")}
        </Button>
        {tooMany && (
          <p id={hintId} className="buy-bar__hint" role="alert">
            {t("Only {count} available: choose fewer", { count: stock })}
          </p>
        )}
        {/* Always there (empty until something is added), so that what appears in it is announced. */}
        <p className="buy-bar__added" role="status">
          {confirmed > 0 && (
            <span key={confirmed}>
              {t("Added")} · <Link to="/cart">{t("View cart")}</Link>
            </span>
          )}
        </p>
      </form>
    </section>
  );
}

/**
 * The product's name (with the pack, when it has several), the pack's price and address (in the
 * page's language) to send on WhatsApp. The page is server-rendered: the link is made of what the
 * server's render had too (no window, no clock).
 */
function ShareProduct({ product, pack, name }: { product: Product; pack: ProductVariant | undefined; name: string }) {
  const own = pack && pack !== packOf(product) ? `?${PACK_PARAM}=${pack.id}` : "";
  const url = useShopUrl(withLanguage(`/product/${product._id}${own}`, useLanguage()));
  const shown = product.variants.length > 1 ? withPack(name, pack?.label) : name;
  return <WhatsAppShare lines={[shown, formatPrice(pack?.price ?? product.price), url]} className="mt-3" />;
}

/** The reviews (long words wrap), then the form, the sign-in prompt, or "You reviewed this product". */
function Reviews({ product }: { product: Product }) {
  const signedIn = useAppSelector(selectSession) === "signed-in";
  const user = useAppSelector(selectUser);
  const [submitted, setSubmitted] = useState(false);
  const reviewed = signedIn && user !== null && hasReviewed(product.reviews, user);

  return (
    <section className="product-reviews" aria-labelledby="reviews-heading">
      <h2 id="reviews-heading" className="h4">
        {t("Reviews")}
      </h2>
      {product.reviews.length === 0 && <Message>{t("No Reviews")}</Message>}
      <ul className="review-list list-unstyled">
        {product.reviews.map((review) => (
          <li key={review._id} className="review">
            <strong className="review__name">{review.name}</strong>
            <Rating value={review.rating} />
            <p className="review__date">{dateOf(review.createdAt)}</p>
            {review.comment && <p className="review__comment">{review.comment}</p>}
          </li>
        ))}
      </ul>
      {reviewed ? (
        <>
          {submitted && <Message variant="success">{t("Review Submitted")}</Message>}
          <p className="review-done">{t("You reviewed this product")}</p>
        </>
      ) : (
        <div className="review-write">
          <h3 className="h5">{t("Write a Review")}</h3>
          {signedIn ? (
            <ReviewForm productId={product._id} onSubmitted={() => setSubmitted(true)} />
          ) : (
            <SignInPrompt productId={product._id} />
          )}
        </div>
      )}
    </section>
  );
}
