import { formatRupees, tryToPaise } from "@krishi/contract";
import type { ReactNode } from "react";
import Col from "react-bootstrap/Col";
import ListGroup from "react-bootstrap/ListGroup";
import Row from "react-bootstrap/Row";
import { Link } from "react-router";
import { formatPrice } from "../lib/price.ts";
import { ProductImage } from "./product-image.tsx";

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
export function LineImage({ line }: { line: Line }) {
  return (
    <ProductImage path={line.image} alt={line.name} sizes="(min-width: 768px) 100px, 25vw" width={160} height={120} className="rounded" />
  );
}

/**
 * An order line (place order, order page): picture, name linking to the product, then `children`
 * (a badge), and "qty × price = line total".
 */
export function OrderLine({ line, children }: { line: Line; children?: ReactNode }) {
  const price = tryToPaise(line.price);
  return (
    <ListGroup.Item>
      <Row className="align-items-center gy-2">
        <Col xs={3} md={2}>
          <LineImage line={line} />
        </Col>
        <Col>
          {line.product === null ? line.name : <Link to={`/product/${line.product}`}>{line.name}</Link>}
          {children}
        </Col>
        <Col md="auto" className="text-nowrap">
          {line.qty} × {formatPrice(line.price)} = {price === null ? "" : formatRupees(price * line.qty)}
        </Col>
      </Row>
    </ListGroup.Item>
  );
}
