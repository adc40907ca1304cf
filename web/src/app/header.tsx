import { type FormEvent, lazy, type MouseEvent, Suspense, useEffect, useState } from "react";
import { Link, NavLink, useLocation, useNavigate, useSearchParams } from "react-router";
import { useAppSelector } from "../base/hooks.ts";
import { selectUser } from "../features/auth/index.ts";
import { countItems, selectCartItems } from "../features/cart/cart-slice.ts";
import { currentLanguage, LANGUAGE_NAMES, LANGUAGE_PARAM, type Language, setLanguage, t } from "../i18n/index.ts";

/** A signed-in shopper's menus: they fill in after the page is live, so they load after the first page. */
const UserMenus = lazy(() => import("./user-menus.tsx").then((module) => ({ default: module.UserMenus })));

/**
 * Brand, search, language, Cart (with the item count), and Login or the user menu (plus the Admin
 * menu for staff). Phone first: the brand and the actions share the first row and the search box
 * takes the whole second row, so search and cart are always in sight (no menu to open); from lg
 * up everything is one row.
 */
export function Header() {
  const itemCount = useAppSelector((state) => countItems(selectCartItems(state)));
  const user = useAppSelector(selectUser);

  return (
    <header className="site-header">
      <nav className="container site-header__bar" aria-label={t("Main")}>
        <Link className="site-header__brand" to="/">
          <span className="icon icon-logo" aria-hidden="true" />
          <span>Krishi Bazaar</span>
        </Link>
        <SearchBox />
        <ul className="site-header__actions list-unstyled">
          <li>
            <LanguageSwitch />
          </li>
          <li>
            <NavLink className="site-header__link" to="/cart">
              <span className="icon icon-cart" aria-hidden="true" />
              <span className="site-header__label">{t("Cart")}</span>{" "}
              <span className="site-header__count">
                {itemCount} <span className="visually-hidden">{t("items")}</span>
              </span>
            </NavLink>
          </li>
          {user ? (
            <Suspense fallback={null}>
              <UserMenus user={user} />
            </Suspense>
          ) : (
            <li>
              <NavLink className="site-header__link" to="/login">
                <span className="icon icon-user" aria-hidden="true" />
                <span>{t("Login")}</span>
              </NavLink>
            </li>
          )}
        </ul>
      </nav>
    </header>
  );
}

/**
 * Switches between English and Hindi; the link names the other language in that language. It is
 * this page's address in the other language (?lang=hi, or ?lang=en, which the server remembers
 * and sends on to the English address), so it works before the app runs and without it; the app
 * switches in place.
 */
function LanguageSwitch() {
  const other = currentLanguage() === "hi" ? "en" : "hi";
  const { pathname, search } = useLocation();
  function switchInPlace(event: MouseEvent<HTMLAnchorElement>) {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    void setLanguage(other);
  }
  return (
    <a
      href={addressInLanguage(pathname, search, other)}
      hrefLang={other}
      className="site-header__link site-header__language"
      lang={other}
      title={t("Change language")}
      onClick={switchInPlace}
    >
      {LANGUAGE_NAMES[other]}
    </a>
  );
}

/** The address with its language parameter set to `language`. */
function addressInLanguage(pathname: string, search: string, language: Language): string {
  const params = new URLSearchParams(search);
  params.set(LANGUAGE_PARAM, language);
  return `${pathname}?${params}`;
}

/**
 * Submitting goes to /?keyword={text}; an empty search goes to /. The box keeps the query. Without
 * the app it is a plain GET form to the server-rendered list, in the page's language.
 */
function SearchBox() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const current = params.get("keyword") ?? "";
  const [text, setText] = useState(current);
  useEffect(() => setText(current), [current]);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const keyword = text.trim();
    navigate(keyword ? `/?${new URLSearchParams({ keyword })}` : "/");
  }

  return (
    // biome-ignore lint/a11y/useSemanticElements: <search> is too new for some phones (and unknown to jsdom)
    <form role="search" action="/" method="get" onSubmit={submit} className="site-header__search">
      <input
        type="search"
        name="keyword"
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder={t("Search products...")}
        aria-label={t("Search products")}
        className="form-control"
        enterKeyHint="search"
      />
      {currentLanguage() !== "en" && <input type="hidden" name={LANGUAGE_PARAM} value={currentLanguage()} />}
      <button type="submit" className="btn btn-accent" aria-label={t("Search")}>
        <span className="icon icon-search" aria-hidden="true" />
        <span className="site-header__label">{t("Search")}</span>
      </button>
    </form>
  );
}
