import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from "react";
import { Link, NavLink, useLocation, useNavigate, useSearchParams } from "react-router";
import { logout, selectUser } from "../features/auth/index.ts";
import { countItems, selectCartItems } from "../features/cart/cart-slice.ts";
import { currentLanguage, LANGUAGE_NAMES, setLanguage, t } from "../i18n/index.ts";
import { useAppDispatch, useAppSelector } from "./hooks.ts";

/**
 * Brand, search, language, Cart (with the item count), and Login or the user menu (plus the Admin
 * menu for staff). Phone first: the brand and the actions share the first row and the search box
 * takes the whole second row, so search and cart are always in sight (no menu to open); from lg
 * up everything is one row. Bootstrap's dropdown markup with a tiny toggle rather than
 * react-bootstrap's NavDropdown, which brings Popper and transitions into the first page.
 */
export function Header() {
  const itemCount = useAppSelector((state) => countItems(selectCartItems(state)));
  const user = useAppSelector(selectUser);
  const dispatch = useAppDispatch();

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
            <NavMenu label={user.name} icon={<span className="icon icon-user" aria-hidden="true" />}>
              <MenuLink to="/profile">{t("Profile")}</MenuLink>
              <MenuLink to="/change/password/">{t("Change Password")}</MenuLink>
              <li>
                <button type="button" className="dropdown-item" onClick={() => dispatch(logout())}>
                  {t("Logout")}
                </button>
              </li>
            </NavMenu>
          ) : (
            <li>
              <NavLink className="site-header__link" to="/login">
                <span className="icon icon-user" aria-hidden="true" />
                <span>{t("Login")}</span>
              </NavLink>
            </li>
          )}
          {user?.is_staff && (
            <NavMenu label={t("Admin")}>
              <MenuLink to="/admin">{t("Dashboard")}</MenuLink>
              <MenuLink to="/admin/userlist">{t("Users")}</MenuLink>
              <MenuLink to="/admin/productlist">{t("Products")}</MenuLink>
              <MenuLink to="/admin/orderlist">{t("Orders")}</MenuLink>
            </NavMenu>
          )}
        </ul>
      </nav>
    </header>
  );
}

/** Switches between English and Hindi; the button names the other language in that language. */
function LanguageSwitch() {
  const other = currentLanguage() === "hi" ? "en" : "hi";
  return (
    <button
      type="button"
      className="site-header__link site-header__language"
      lang={other}
      title={t("Change language")}
      onClick={() => void setLanguage(other)}
    >
      {LANGUAGE_NAMES[other]}
    </button>
  );
}

/** Submitting goes to /?keyword={text}; an empty search goes to /. The box keeps the query (and works without JavaScript). */
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
      <button type="submit" className="btn btn-accent" aria-label={t("Search")}>
        <span className="icon icon-search" aria-hidden="true" />
        <span className="site-header__label">{t("Search")}</span>
      </button>
    </form>
  );
}

/**
 * A dropdown: the button opens and closes the list; choosing an item, a new address, Escape, or a
 * click elsewhere closes it. Escape gives the focus back to the button.
 */
function NavMenu({ label, icon, children }: { label: string; icon?: ReactNode; children: ReactNode }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const item = useRef<HTMLLIElement>(null);
  const { pathname, search } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every address change
  useEffect(() => setOpen(false), [pathname, search]);
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setOpen(false);
      item.current?.querySelector("button")?.focus();
    };
    const onClick = (event: MouseEvent) => {
      if (!item.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("click", onClick);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("click", onClick);
    };
  }, [open]);

  return (
    <li ref={item} className="dropdown">
      <button
        type="button"
        className="site-header__link dropdown-toggle"
        aria-haspopup="true"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen(!open)}
      >
        {icon}
        <span className="site-header__name">{label}</span>
      </button>
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: closes after a choice; the items are links and buttons */}
      <ul
        id={id}
        className={open ? "dropdown-menu dropdown-menu-end show" : "dropdown-menu dropdown-menu-end"}
        data-bs-popper="static"
        onClick={() => setOpen(false)}
      >
        {children}
      </ul>
    </li>
  );
}

function MenuLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <li>
      <Link className="dropdown-item" to={to}>
        {children}
      </Link>
    </li>
  );
}
