import type { Product } from "@krishi/contract";
import { useState } from "react";
import Button from "react-bootstrap/Button";
import Card from "react-bootstrap/Card";
import Col from "react-bootstrap/Col";
import FormSelect from "react-bootstrap/FormSelect";
import ListGroup from "react-bootstrap/ListGroup";
import Row from "react-bootstrap/Row";
import { Link, useNavigate, useParams } from "react-router";
import { useImageConfig } from "../../app/config-api.ts";
import { useAppSelector } from "../../app/hooks.ts";
import { Loader } from "../../components/loader.tsx";
import { Message } from "../../components/message.tsx";
import { Rating } from "../../components/rating.tsx";
import { errorText } from "../../lib/api-error.ts";
import { formatPrice } from "../../lib/price.ts";
import { quantityOptions } from "../../lib/quantity.ts";
import { selectSession } from "../auth/index.ts";
import { useGetProductQuery } from "./catalog-api.ts";
import { ProductGallery } from "./product-gallery.tsx";
import { ReviewForm, SignInPrompt } from "./review-form.tsx";

/** Product detail (/product/{id}). */
export function ProductScreen() {
  const { id = "" } = useParams();
  // currentData: never show the previous product while the next one loads.
  const { currentData: product, error, isFetching } = useGetProductQuery(id);
  const images = useImageConfig();

  return (
    <>
      <Link className="btn btn-light my-3" to="/">
        Go Back
      </Link>
      {error && !isFetching ? (
        <>
          <h1 className="visually-hidden">Product</h1>
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

function ProductDetails({ product }: { product: Product }) {
  const navigate = useNavigate();
  const [qty, setQty] = useState(1);
  const inStock = product.countInStock > 0;
  const price = formatPrice(product.price);

  return (
    <>
      <title>{`${product.name} | Krishi Bazaar`}</title>
      <Row>
        <Col lg={6}>
          <ProductGallery images={product.images} name={product.name} />
        </Col>
        <Col md={6} lg={3}>
          <ListGroup variant="flush">
            <ListGroup.Item>
              <h1 className="h3">{product.name}</h1>
            </ListGroup.Item>
            <ListGroup.Item>
              <Rating value={product.rating} text={`${product.numReviews} reviews`} />
            </ListGroup.Item>
            <ListGroup.Item>Price: {price}</ListGroup.Item>
            <ListGroup.Item>Description: {product.description}</ListGroup.Item>
          </ListGroup>
        </Col>
        <Col md={6} lg={3}>
          <Card>
            <ListGroup variant="flush">
              <ListGroup.Item>
                <Row>
                  <Col>Price:</Col>
                  <Col>
                    <strong>{price}</strong>
                  </Col>
                </Row>
              </ListGroup.Item>
              <ListGroup.Item>
                <Row>
                  <Col>Status:</Col>
                  <Col>{inStock ? "In Stock" : "Out of Stock"}</Col>
                </Row>
              </ListGroup.Item>
              {inStock && (
                <ListGroup.Item>
                  <Row className="align-items-center">
                    <Col>Qty</Col>
                    <Col xs="auto">
                      <FormSelect aria-label="Quantity" value={qty} onChange={(event) => setQty(Number(event.target.value))}>
                        {quantityOptions(product.countInStock).map((n) => (
                          <option key={n} value={n}>
                            {n}
                          </option>
                        ))}
                      </FormSelect>
                    </Col>
                  </Row>
                </ListGroup.Item>
              )}
              <ListGroup.Item className="d-grid">
                <Button type="button" variant="primary" disabled={!inStock} onClick={() => navigate(`/cart/${product._id}?qty=${qty}`)}>
                  Add to Cart
                </Button>
              </ListGroup.Item>
            </ListGroup>
          </Card>
        </Col>
      </Row>
      <Reviews product={product} />
    </>
  );
}

function Reviews({ product }: { product: Product }) {
  const signedIn = useAppSelector(selectSession) === "signed-in";
  return (
    <Row className="mt-4">
      <Col md={8} lg={6}>
        <h2>Reviews</h2>
        {product.reviews.length === 0 && <Message>No Reviews</Message>}
        <ListGroup variant="flush">
          {product.reviews.map((review) => (
            <ListGroup.Item key={review._id}>
              <strong>{review.name}</strong>
              <Rating value={review.rating} />
              <p className="mb-1 text-body-secondary">{review.createdAt.substring(0, 10)}</p>
              <p className="mb-0">{review.comment}</p>
            </ListGroup.Item>
          ))}
          <ListGroup.Item>
            <h3 className="h5">Write a Review</h3>
            {signedIn ? <ReviewForm productId={product._id} /> : <SignInPrompt productId={product._id} />}
          </ListGroup.Item>
        </ListGroup>
      </Col>
    </Row>
  );
}
