import { type FormEvent, useEffect, useState } from "react";
import Button from "react-bootstrap/Button";
import { Link, NavLink, useLocation, useNavigate, useSearchParams } from "react-router";
import { countItems, selectCartItems } from "../features/cart/cart-slice.ts";
import { useAppSelector } from "./hooks.ts";

/**
 * Brand, search, Cart (with the item count) and Login. Bootstrap's navbar markup with a tiny
 * toggle rather than react-bootstrap's Navbar, which brings Offcanvas, Modal and transitions
 * (~7 KB gzipped) into the first page.
 */
export function Header() {
  const itemCount = useAppSelector((state) => countItems(selectCartItems(state)));
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
              {/* The sign-in issue replaces this link with the user menu (and the Admin menu for staff). */}
              <li className="nav-item">
                <NavLink className="nav-link" to="/login">
                  Login
                </NavLink>
              </li>
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
