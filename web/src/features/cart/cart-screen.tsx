import { formatRupees } from "@krishi/contract";
import { useEffect, useState } from "react";
import Button from "react-bootstrap/Button";
import Card from "react-bootstrap/Card";
import Col from "react-bootstrap/Col";
import FormSelect from "react-bootstrap/FormSelect";
import ListGroup from "react-bootstrap/ListGroup";
import Row from "react-bootstrap/Row";
import { Link, useNavigate, useParams, useSearchParams } from "react-router";
import { useAppDispatch, useAppSelector } from "../../app/hooks.ts";
import { TrashIcon } from "../../components/icons.tsx";
import { Loader } from "../../components/loader.tsx";
import { Message } from "../../components/message.tsx";
import { LineImage } from "../../components/order-line.tsx";
import { formatPrice } from "../../lib/price.ts";
import { quantityOptions } from "../../lib/quantity.ts";
import { addProductToCart } from "./add-product-to-cart.ts";
import { addToCart, type CartItem, countItems, removeFromCart, selectCartItems, subtotalPaise } from "./cart-slice.ts";
import { EmptyCartMessage } from "./empty-cart.tsx";

/** Cart (/cart/{id?}?qty=n). With an id, adds that product, then shows /cart (no re-add on reload). */
export function CartScreen() {
  const { id } = useParams();
  const [params] = useSearchParams();
  const qty = Number(params.get("qty") ?? "1");
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const items = useAppSelector(selectCartItems);
  const [adding, setAdding] = useState(false);
  const [addError, setAddError] = useState<string | null>(null);

  useEffect(() => {
    if (!id) return;
    let current = true;
    setAdding(true);
    dispatch(addProductToCart({ id, qty }))
      .unwrap()
      .then(
        () => current && setAddError(null),
        (reason: unknown) => current && setAddError(typeof reason === "string" ? reason : "Could not add to cart"),
      )
      .finally(() => {
        if (!current) return;
        setAdding(false);
        navigate("/cart", { replace: true });
      });
    return () => {
      current = false;
    };
  }, [id, qty, dispatch, navigate]);

  const empty = items.length === 0;
  return (
    <Row>
      <title>Shopping Cart | Krishi Bazaar</title>
      <Col lg={8}>
        <h1>Shopping Cart</h1>
        {addError && <Message variant="danger">{addError}</Message>}
        {adding ? (
          <Loader />
        ) : empty ? (
          <EmptyCartMessage />
        ) : (
          <ListGroup variant="flush">
            {items.map((item) => (
              <CartLine key={item.product} item={item} />
            ))}
          </ListGroup>
        )}
      </Col>
      <Col lg={4}>
        <Card>
          <ListGroup variant="flush">
            <ListGroup.Item>
              <h2 className="h4">Subtotal ({countItems(items)}) items</h2>
              {formatRupees(subtotalPaise(items))}
            </ListGroup.Item>
            <ListGroup.Item className="d-grid">
              <Button type="button" variant="primary" disabled={empty} onClick={() => navigate("/login?redirect=shipping")}>
                Proceed To Checkout
              </Button>
            </ListGroup.Item>
          </ListGroup>
        </Card>
      </Col>
    </Row>
  );
}

function CartLine({ item }: { item: CartItem }) {
  const dispatch = useAppDispatch();
  return (
    <ListGroup.Item>
      <Row className="align-items-center gy-2">
        <Col xs={3} md={2}>
          <LineImage line={item} />
        </Col>
        <Col xs={9} md>
          <Link to={`/product/${item.product}`}>{item.name}</Link>
        </Col>
        <Col xs="auto" className="text-nowrap">
          {formatPrice(item.price)}
        </Col>
        <Col xs="auto">
          <FormSelect
            aria-label={`Quantity for ${item.name}`}
            value={item.qty}
            onChange={(event) => dispatch(addToCart({ ...item, qty: Number(event.target.value) }))}
          >
            {quantityOptions(Math.max(item.countInStock, item.qty)).map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </FormSelect>
        </Col>
        <Col xs="auto">
          <Button type="button" variant="light" aria-label={`Remove ${item.name}`} onClick={() => dispatch(removeFromCart(item.product))}>
            <TrashIcon />
          </Button>
        </Col>
      </Row>
    </ListGroup.Item>
  );
}
