import { CARD_IMAGE_SIZES, type ProductSummary } from "@krishi/contract";
import { Link } from "react-router";
import { ProductImage } from "../../components/product-image.tsx";
import { ProductRating } from "../../components/rating.tsx";
import { localized, t } from "../../i18n/index.ts";
import { formatPrice } from "../../lib/price.ts";

/**
 * How wide a card image is drawn: two cards a row below md (full-width main column), then the
 * spec's 6/4/3 columns inside the 9-of-12 main column, in Bootstrap's container widths.
 */

interface ProductCardProps {
  product: ProductSummary;
  /** Cards in the first row load at once; the very first is the page's main image. */
  eager?: boolean;
  priority?: boolean;
}

/**
 * A compact card: image, name (two lines at most), price ("from" the cheapest pack's when the
 * packs' prices differ), rating with its review count, and "Out of Stock" when no pack has any;
 * the whole card links to /product/{_id}. On the first page: nothing imported for the packs.
 */
export function ProductCard({ product, eager, priority }: ProductCardProps) {
  const name = localized(product.name, product.nameHi);
  const prices = product.variants.map((pack) => +pack.price);
  const lowest = Math.min(...prices);
  const soldOut = product.variants.every((pack) => pack.countInStock < 1);
  return (
    <div className="card product-card h-100">
      <ProductImage
        path={product.images[0]?.image}
        alt={name}
        sizes={CARD_IMAGE_SIZES}
        eager={eager}
        priority={priority}
        className={soldOut ? "card-img-top product-card__image--sold-out" : "card-img-top"}
      />
      <div className="card-body product-card__body">
        <h2 className="card-title product-card__name">
          <Link to={`/product/${product._id}`} className="stretched-link text-decoration-none">
            {name}
          </Link>
        </h2>
        <p className="product-card__price">
          {lowest < Math.max(...prices) ? t("from {price}", { price: formatPrice(lowest) }) : formatPrice(product.price)}
        </p>
        <ProductRating rating={product.rating} numReviews={product.numReviews} />
        {soldOut && <p className="product-card__stock">{t("Out of Stock")}</p>}
      </div>
    </div>
  );
}
