import Col from "react-bootstrap/Col";
import Row from "react-bootstrap/Row";
import { useSearchParams } from "react-router";
import { useImageConfig } from "../../app/config-api.ts";
import { Loader } from "../../components/loader.tsx";
import { Message } from "../../components/message.tsx";
import { Paginate } from "../../components/paginate.tsx";
import { errorText } from "../../lib/api-error.ts";
import { pageNumber } from "../../lib/paging.ts";
import { useGetProductsQuery } from "./catalog-api.ts";
import { ProductCard } from "./product-card.tsx";

/** Cards in the first row (4 on extra large screens) load at once; the rest lazily. */
const FIRST_ROW = 4;

/** Home: the products for the query string's keyword or category, a page at a time. */
export function HomeScreen() {
  const [params] = useSearchParams();
  const keyword = params.get("keyword") ?? "";
  const category = params.get("category") ?? "";
  const page = pageNumber(params.get("page"));
  // currentData: never show the previous search's products while the next one loads.
  const { currentData, error, isFetching } = useGetProductsQuery({ keyword, category, page });
  const images = useImageConfig();

  function hrefFor(n: number): string {
    const query = new URLSearchParams();
    if (keyword) query.set("keyword", keyword);
    if (category) query.set("category", category);
    if (n > 1) query.set("page", String(n));
    const search = query.toString();
    return search ? `/?${search}` : "/";
  }

  return (
    <>
      <title>{keyword ? `${keyword} | Krishi Bazaar` : "Krishi Bazaar"}</title>
      <h1>Latest Products</h1>
      {error && !isFetching ? (
        <Message variant="danger">{errorText(error, "message")}</Message>
      ) : !currentData || !images ? (
        <Loader />
      ) : currentData.products.length === 0 ? (
        <Message>No products found</Message>
      ) : (
        <>
          <Row as="ul" className="list-unstyled">
            {currentData.products.map((product, index) => (
              <Col as="li" key={product._id} xs={12} md={6} lg={4} xl={3} className="mb-4">
                <ProductCard product={product} eager={index < FIRST_ROW} priority={index === 0} />
              </Col>
            ))}
          </Row>
          <Paginate page={currentData.page} pages={currentData.pages} hrefFor={hrefFor} />
        </>
      )}
    </>
  );
}
