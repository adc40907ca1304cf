import type { ReactNode } from "react";
import { Link } from "react-router";
import { t } from "../i18n/index.ts";
import { formatLineTotal, formatPrice } from "../lib/price.ts";
import { ProductImage } from "./product-image.tsx";
import "./order-line.css";

/** A line of an order or a cart: the product, how many, at what price. */
interface Line {
  /** The product's id, or null when the product has since been deleted (no link then). */
  product: number | null;
  name: string;
  image: string;
  /** Unit price, a decimal string. */
  price: string;
  qty: number;
}

/** The small product picture at the start of a cart or order line. */
export function LineImage({ line, alt }: { line: Line; alt: string }) {
  return <ProductImage path={line.image} alt={alt} sizes="(min-width: 768px) 96px, 72px" width={160} height={120} className="rounded" />;
}

/** The list that holds order lines. */
export function OrderLines({ children }: { children: ReactNode }) {
  return <ul className="order-lines">{children}</ul>;
}

interface OrderLineProps {
  line: Line;
  /** The product's name as shown (its Hindi name in Hindi, when there is one); the line's own name otherwise. */
  name?: string;
  /** Under the name: how many at what price, "Qty 2 × ₹1,249.50" unless given. */
  detail?: ReactNode;
  /** Further parts under it: a badge, the cart's quantity and Remove. */
  children?: ReactNode;
}

/**
 * A cart or order line as a compact row: picture, name linking to the product, the unit price in
 * small print, and the line's total (price × quantity) standing out on the right.
 */
export function OrderLine({ line, name = line.name, detail, children }: OrderLineProps) {
  return (
    <li className="order-line">
      <div className="order-line__image">
        <LineImage line={line} alt={name} />
      </div>
      <div className="order-line__main">
        <p className="order-line__name">{line.product === null ? name : <Link to={`/product/${line.product}`}>{name}</Link>}</p>
        <p className="order-line__detail">{detail ?? t("Qty {qty} × {price}", { qty: line.qty, price: formatPrice(line.price) })}</p>
        {children}
      </div>
      <p className="order-line__total">
        <span className="visually-hidden">{t("Line total")} </span>
        {formatLineTotal(line.price, line.qty)}
      </p>
    </li>
  );
}
