import type { ProductSummary } from "@krishi/contract";
import { Link } from "react-router";
import { ProductImage } from "../../components/product-image.tsx";
import { Rating } from "../../components/rating.tsx";
import { formatPrice } from "../../lib/price.ts";

/**
 * How wide a card image is drawn: the grid is 12/6/4/3 columns inside the 9-of-12 main column
 * (full width below md), in Bootstrap's container widths.
 */
const CARD_SIZES =
  "(min-width: 1400px) 224px, (min-width: 1200px) 190px, (min-width: 992px) 216px, (min-width: 768px) 246px, (min-width: 576px) 516px, calc(100vw - 24px)";

interface ProductCardProps {
  product: ProductSummary;
  /** Cards in the first row load at once; the very first is the page's main image. */
  eager?: boolean;
  priority?: boolean;
}

/** Image, name, rating with review count and price; the whole card links to /product/{_id}. */
export function ProductCard({ product, eager, priority }: ProductCardProps) {
  return (
    <div className="card product-card h-100">
      <ProductImage
        path={product.images[0]?.image}
        alt={product.name}
        sizes={CARD_SIZES}
        eager={eager}
        priority={priority}
        className="card-img-top"
      />
      <div className="card-body">
        <h2 className="card-title h6">
          <Link to={`/product/${product._id}`} className="stretched-link text-decoration-none">
            {product.name}
          </Link>
        </h2>
        <Rating value={product.rating} text={`${product.numReviews} reviews`} />
        <p className="h4 mt-2 mb-0">{formatPrice(product.price)}</p>
      </div>
    </div>
  );
}
