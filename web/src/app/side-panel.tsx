import { useLocation, useNavigate, useSearchParams } from "react-router";
import { useGetCategoriesQuery } from "../base/catalog-api.ts";
import { Message } from "../components/message.tsx";
import { localized, t } from "../i18n/index.ts";
import { errorText } from "../lib/api-error.ts";

/**
 * The left column (one scrolling row above the screen on phones): one button per category (spec:
 * choosing one searches for its name; the server answers a category's name with its products).
 * The chosen category is marked, and "All Products" only on the unfiltered list. On the home page's
 * tiles (its own copy of the categories) the panel is for the mouse only: hidden on phones, and
 * left out of the Tab order and of what screen readers read, so the categories come once.
 */
export function SidePanel() {
  const { data: categories, error, isLoading } = useGetCategoriesQuery();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const keyword = (params.get("keyword") ?? "").trim().toLowerCase();
  const onList = pathname === "/";
  // The home page without a search shows the categories as tiles: on phones the row would repeat them.
  const tiles = onList && params.size === 0;

  /** A name goes to /?keyword={name}; an empty name returns to the current path without query. */
  function choose(name: string) {
    navigate(name ? `/?${new URLSearchParams({ keyword: name })}` : pathname);
  }

  return (
    <nav
      aria-labelledby="categories-heading"
      aria-hidden={tiles || undefined}
      className={tiles ? "d-none d-md-block mb-md-4" : "mb-3 mb-md-4"}
    >
      <h2 id="categories-heading" className="h5 categories-heading">
        {t("Categories")}
      </h2>
      {error ? (
        <Message variant="danger">{errorText(error, "message")}</Message>
      ) : isLoading ? (
        <p className="text-body-secondary category-list">{t("Loading categories...")}</p>
      ) : (
        <ul className="list-unstyled d-flex d-md-grid gap-2 category-list">
          <CategoryButton name={t("All Products")} current={onList && !keyword} onClick={() => choose("")} tiles={tiles} />
          {categories?.map((category) => (
            <CategoryButton
              key={category.id}
              name={localized(category.name, category.nameHi)}
              current={onList && keyword === category.name.toLowerCase()}
              onClick={() => choose(category.name)}
              tiles={tiles}
            />
          ))}
        </ul>
      )}
    </nav>
  );
}

function CategoryButton({ name, current, onClick, tiles }: { name: string; current: boolean; onClick: () => void; tiles: boolean }) {
  return (
    <li className="d-md-grid">
      <button
        type="button"
        className={current ? "btn btn-primary category-button" : "btn btn-outline-primary category-button"}
        aria-current={current ? "true" : undefined}
        tabIndex={tiles ? -1 : undefined}
        onClick={onClick}
      >
        {name}
      </button>
    </li>
  );
}
