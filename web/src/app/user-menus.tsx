import { type ReactNode, useEffect, useId, useRef, useState } from "react";
import { Link, useLocation } from "react-router";
import { useAppDispatch } from "../base/hooks.ts";
import { logout, type User } from "../features/auth/index.ts";
import { t } from "../i18n/index.ts";

/**
 * A signed-in shopper's menus in the header: their own (Profile, Change Password, Logout) and,
 * for staff, Admin. Bootstrap's dropdown markup with a tiny toggle rather than react-bootstrap's
 * NavDropdown, which brings Popper and transitions.
 */
export function UserMenus({ user }: { user: User }) {
  const dispatch = useAppDispatch();
  return (
    <>
      <NavMenu label={user.name} icon={<span className="icon icon-user" aria-hidden="true" />}>
        <MenuLink to="/profile">{t("Profile")}</MenuLink>
        <MenuLink to="/change/password/">{t("Change Password")}</MenuLink>
        <li>
          <button type="button" className="dropdown-item" onClick={() => dispatch(logout())}>
            {t("Logout")}
          </button>
        </li>
      </NavMenu>
      {user.is_staff && (
        <NavMenu label={t("Admin")}>
          <MenuLink to="/admin">{t("Dashboard")}</MenuLink>
          <MenuLink to="/admin/userlist">{t("Users")}</MenuLink>
          <MenuLink to="/admin/productlist">{t("Products")}</MenuLink>
          <MenuLink to="/admin/orderlist">{t("Orders")}</MenuLink>
        </NavMenu>
      )}
    </>
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
