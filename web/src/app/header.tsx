import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from "react";
import Button from "react-bootstrap/Button";
import { Link, NavLink, useLocation, useNavigate, useSearchParams } from "react-router";
import { logout, selectUser } from "../features/auth/index.ts";
import { countItems, selectCartItems } from "../features/cart/cart-slice.ts";
import { useAppDispatch, useAppSelector } from "./hooks.ts";

/**
 * Brand, search, Cart (with the item count), and Login or the user menu (plus the Admin menu for
 * staff). Bootstrap's navbar and dropdown markup with tiny toggles rather than react-bootstrap's
 * Navbar and NavDropdown, which bring Offcanvas, Modal, transitions and Popper into the first page.
 */
export function Header() {
  const itemCount = useAppSelector((state) => countItems(selectCartItems(state)));
  const user = useAppSelector(selectUser);
  const dispatch = useAppDispatch();
  const [open, setOpen] = useState(false);
  const { pathname, search } = useLocation();
  // Close the phone menu after choosing anything in it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every address change
  useEffect(() => setOpen(false), [pathname, search]);

  return (
    <header>
      <nav className="navbar navbar-expand-lg bg-dark" data-bs-theme="dark" aria-label="Main">
        <div className="container">
          <Link className="navbar-brand" to="/">
            Krishi Bazaar
          </Link>
          <button
            type="button"
            className="navbar-toggler"
            aria-controls="main-nav"
            aria-expanded={open}
            aria-label="Toggle navigation"
            onClick={() => setOpen(!open)}
          >
            <span className="navbar-toggler-icon" />
          </button>
          <div id="main-nav" className={open ? "navbar-collapse collapse show" : "navbar-collapse collapse"}>
            <SearchBox />
            <ul className="navbar-nav ms-auto">
              <li className="nav-item">
                <NavLink className="nav-link" to="/cart">
                  Cart{" "}
                  <span className="badge rounded-pill bg-success">
                    {itemCount} <span className="visually-hidden">items</span>
                  </span>
                </NavLink>
              </li>
              {user ? (
                <NavMenu label={user.name}>
                  <MenuLink to="/profile">Profile</MenuLink>
                  <MenuLink to="/change/password/">Change Password</MenuLink>
                  <li>
                    <button type="button" className="dropdown-item" onClick={() => dispatch(logout())}>
                      Logout
                    </button>
                  </li>
                </NavMenu>
              ) : (
                <li className="nav-item">
                  <NavLink className="nav-link" to="/login">
                    Login
                  </NavLink>
                </li>
              )}
              {user?.is_staff && (
                <NavMenu label="Admin">
                  <MenuLink to="/admin">Dashboard</MenuLink>
                  <MenuLink to="/admin/userlist">Users</MenuLink>
                  <MenuLink to="/admin/productlist">Products</MenuLink>
                  <MenuLink to="/admin/orderlist">Orders</MenuLink>
                </NavMenu>
              )}
            </ul>
          </div>
        </div>
      </nav>
    </header>
  );
}

/** Submitting goes to /?keyword={text}; an empty search goes to /. */
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
    <form role="search" onSubmit={submit} className="d-flex my-2 my-lg-0 me-lg-3 flex-grow-1">
      <input
        type="search"
        name="keyword"
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder="Search products..."
        aria-label="Search products"
        className="form-control me-2"
      />
      <Button type="submit" variant="outline-light">
        Search
      </Button>
    </form>
  );
}

/**
 * A navbar dropdown: the button opens and closes the list; choosing an item, a new address,
 * Escape, or a click elsewhere closes it. Escape gives the focus back to the button.
 */
function NavMenu({ label, children }: { label: string; children: ReactNode }) {
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
    <li ref={item} className="nav-item dropdown">
      <button
        type="button"
        className="nav-link dropdown-toggle"
        aria-haspopup="true"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen(!open)}
      >
        {label}
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
