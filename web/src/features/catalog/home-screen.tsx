import type { Category, ProductSort } from "@krishi/contract";
import { lazy, Suspense } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { type ProductQuery, productSort, useGetCategoriesQuery, useGetProductsQuery } from "../../base/catalog-api.ts";
import { useImageConfig } from "../../base/config-api.ts";
import { CategoryIcon } from "../../components/category-icon.tsx";
import { Loader } from "../../components/loader.tsx";
import { Message } from "../../components/message.tsx";
import { localized, type Message as MessageId, t } from "../../i18n/index.ts";
import { errorText } from "../../lib/api-error.ts";
import { pageNumber } from "../../lib/paging.ts";
import { ProductCard } from "./product-card.tsx";
import { CropMatches, ShopByCrop } from "./shop-by-crop.tsx";
import "./catalog.css";
import { PageTitle } from "../../base/page-title.tsx";

/** Below the products: loaded after the first page. */
const Paginate = lazy(() => import("../../components/paginate.tsx").then((module) => ({ default: module.Paginate })));

/** The list's orders as the sort box names them; "newest" is the default and stays out of the address. */
const SORTS: [ProductSort, MessageId][] = [
  ["newest", "Newest"],
  ["price_asc", "Price: low to high"],
  ["price_desc", "Price: high to low"],
  ["rating", "Top rated"],
];

interface ListQuery {
  keyword: string;
  category: string;
  sort: ProductSort | undefined;
  inStock: boolean;
}

function listQueryOf(params: URLSearchParams): ListQuery {
  return {
    keyword: params.get("keyword") ?? "",
    category: params.get("category") ?? "",
    sort: productSort(params.get("sort")),
    inStock: params.get("in_stock") === "true",
  };
}

/** The products a home address shows (the server renders the page with the same query's answer). */
export function homeProductsQuery(params: URLSearchParams): ProductQuery {
  const { keyword, category, sort, inStock } = listQueryOf(params);
  return { keyword, category, page: pageNumber(params.get("page")), sort, inStock: inStock || undefined };
}

/** The list's heading: the category it shows, the search, or "Latest Products". */
export function homeHeading(params: URLSearchParams, categories: Category[] | undefined): string {
  const { keyword, category } = listQueryOf(params);
  const named = categoryNamed(categories, keyword, category);
  return named ? localized(named.name, named.nameHi) : keyword ? t("Results for “{keyword}”", { keyword }) : t("Latest Products");
}

/** The home address of a list: the spec's keyword (or category) and page, plus sort and in_stock. */
function listHref({ keyword, category, sort, inStock }: ListQuery, page = 1): string {
  const query = new URLSearchParams();
  if (keyword) query.set("keyword", keyword);
  if (category) query.set("category", category);
  if (sort) query.set("sort", sort);
  if (inStock) query.set("in_stock", "true");
  if (page > 1) query.set("page", String(page));
  const search = query.toString();
  return search ? `/?${search}` : "/";
}

/** The category a keyword (or ?category=, an id or a name) names, in English or Hindi. */
function categoryNamed(categories: Category[] | undefined, keyword: string, category: string): Category | undefined {
  const wanted = (keyword || category).trim().toLowerCase();
  if (!wanted) return undefined;
  return categories?.find(
    (c) => c.name.toLowerCase() === wanted || (c.nameHi && c.nameHi.toLowerCase() === wanted) || (!keyword && String(c.id) === wanted),
  );
}

/**
 * Home: the products for the query string's keyword or category, a page at a time, in the chosen
 * order, optionally only those in stock. Without a search, a short welcome, the categories and
 * the crops; a search offers the crop and problem pages its words name.
 */
export function HomeScreen() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const query = listQueryOf(params);
  const { keyword, category, sort, inStock } = query;
  const page = pageNumber(params.get("page"));
  // currentData: never show the previous search's products while the next one loads.
  const { currentData, error, isFetching } = useGetProductsQuery(homeProductsQuery(params));
  const { data: categories } = useGetCategoriesQuery();
  const images = useImageConfig();
  const searching = Boolean(keyword || category);
  const heading = homeHeading(params, categories);

  /** Sort or filter: the same search from its first page. */
  function change(next: Partial<ListQuery>) {
    navigate(listHref({ ...query, ...next }));
  }

  return (
    <>
      <PageTitle text={heading} />
      {!searching && page === 1 && (
        <>
          <Welcome categories={categories} />
          <ShopByCrop />
        </>
      )}
      <h1 className="home-heading">{heading}</h1>
      {keyword && <CropMatches keyword={keyword} />}
      <div className="list-toolbar">
        <p className="list-toolbar__count">
          {currentData && t("{count, plural, one {# product} other {# products}}", { count: currentData.total })}
        </p>
        <div className="form-check form-switch list-toolbar__stock">
          <input
            id="in-stock-only"
            className="form-check-input"
            type="checkbox"
            role="switch"
            aria-checked={inStock}
            checked={inStock}
            onChange={(event) => change({ inStock: event.target.checked })}
          />
          <label className="form-check-label" htmlFor="in-stock-only">
            {t("In stock only")}
          </label>
        </div>
        <div className="list-toolbar__sort">
          <label htmlFor="product-sort">{t("Sort by")}</label>
          <select
            id="product-sort"
            className="form-select"
            value={sort ?? "newest"}
            onChange={(event) => change({ sort: productSort(event.target.value) })}
          >
            {SORTS.map(([value, label]) => (
              <option key={value} value={value}>
                {t(label)}
              </option>
            ))}
          </select>
        </div>
      </div>
      {error && !isFetching ? (
        <Message variant="danger">{errorText(error, "message")}</Message>
      ) : !currentData || !images ? (
        <Loader />
      ) : currentData.products.length === 0 ? (
        <div className="empty-list" role="status">
          <p className="empty-list__title">{t("No products found")}</p>
          <p>{t("Check the spelling, try a shorter word, or choose a category.")}</p>
          <p className="d-flex flex-wrap justify-content-center gap-2 mb-0">
            {inStock && (
              <Link className="btn btn-outline-primary" to={listHref({ ...query, inStock: false })}>
                {t("Include out-of-stock products")}
              </Link>
            )}
            {searching && (
              <Link className="btn btn-primary" to="/">
                {t("See all products")}
              </Link>
            )}
          </p>
        </div>
      ) : (
        <>
          <ul className="row list-unstyled g-2 g-sm-3 product-grid">
            {currentData.products.map((product, index) => (
              <li key={product._id} className="col-6 col-lg-4 col-xl-3">
                {/* The first card's image is the page's main one; the others load once the page is laid out
                    (on a slow connection they would share it with the stylesheet the page waits for). */}
                <ProductCard product={product} priority={index === 0} />
              </li>
            ))}
          </ul>
          <Suspense fallback={null}>
            <Paginate page={currentData.page} pages={currentData.pages} hrefFor={(n) => listHref(query, n)} />
          </Suspense>
        </>
      )}
    </>
  );
}

/** The brand line and the categories as tiles with icons; a fixed height, so nothing moves when the categories arrive. */
function Welcome({ categories }: { categories: Category[] | undefined }) {
  return (
    <div className="home-welcome">
      <p className="home-welcome__line">{t("Seeds, fertilisers and tools delivered to your farm")}</p>
      <nav aria-label={t("Shop by category")}>
        <ul className="category-tiles list-unstyled">
          {categories?.map((category) => (
            <li key={category.id}>
              <Link className="category-tile" to={`/?${new URLSearchParams({ keyword: category.name })}`}>
                <span className="category-tile__icon">
                  <CategoryIcon name={category.name} />
                </span>
                <span className="category-tile__name">{localized(category.name, category.nameHi)}</span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}
