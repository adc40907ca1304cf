import Button from "react-bootstrap/Button";
import { useLocation, useNavigate, useSearchParams } from "react-router";
import { Message } from "../components/message.tsx";
import { useGetCategoriesQuery } from "../features/catalog/index.ts";
import { errorText } from "../lib/api-error.ts";

/** The left column: one button per category (spec: choosing one searches for its name). */
export function SidePanel() {
  const { data: categories, error, isLoading } = useGetCategoriesQuery();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const keyword = params.get("keyword") ?? "";

  /** A name goes to /?keyword={name}; an empty name returns to the current path without query. */
  function choose(name: string) {
    navigate(name ? `/?${new URLSearchParams({ keyword: name })}` : pathname);
  }

  return (
    <nav aria-labelledby="categories-heading" className="mb-4">
      <h2 id="categories-heading" className="h5">
        Categories
      </h2>
      {error ? (
        <Message variant="danger">{errorText(error, "message")}</Message>
      ) : isLoading ? (
        <p className="text-body-secondary category-list">Loading categories...</p>
      ) : (
        <ul className="list-unstyled d-flex d-md-grid gap-2 category-list">
          <li className="d-md-grid">
            <Button variant={keyword ? "outline-primary" : "dark"} aria-current={keyword ? undefined : "true"} onClick={() => choose("")}>
              All Products
            </Button>
          </li>
          {categories?.map((category) => (
            <li key={category.id} className="d-md-grid">
              <Button
                variant={keyword === category.name ? "dark" : "outline-primary"}
                aria-current={keyword === category.name ? "true" : undefined}
                onClick={() => choose(category.name)}
              >
                {category.name}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </nav>
  );
}
