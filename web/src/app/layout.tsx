import { lazy, Suspense, useState } from "react";
import { Outlet, useLocation } from "react-router";
import { useAppSelector } from "../base/hooks.ts";
import { Loader } from "../components/loader.tsx";
import { selectUser } from "../features/auth/index.ts";
import { t } from "../i18n/index.ts";
import { useEarlyInput } from "../lib/early-input.ts";
import { focusHeading } from "./focus-heading.ts";
import { Header } from "./header.tsx";
import { useLanguageSync } from "./language-sync.ts";
import { ScreenErrorBoundary } from "./screen-error-boundary.tsx";
import { SidePanel } from "./side-panel.tsx";

/** Only with a message to show (a first page has none): loaded when one comes. */
const AlertArea = lazy(() => import("./alert-area.tsx").then((module) => ({ default: module.AlertArea })));
/** Below the fold (the screen is at least a screen tall): loaded after the first page. */
const Footer = lazy(() => import("./footer.tsx").then((module) => ({ default: module.Footer })));
/**
 * Not needed before the first page change: loaded after the first page. It is told the page the app
 * opened on, since the shopper may change page (Back after a reload) before its code arrives.
 */
const ScrollRestoration = lazy(() => import("./scroll-restoration.ts").then((module) => ({ default: module.ScrollRestoration })));

/**
 * Header, the alert area, the side panel (left column; above the content on phones), the screen,
 * and the footer. The spec's right column is empty, so the screen takes the rest of the row. Staff
 * screens (/admin…, and an order's page opened by staff) have no side panel: the shopper's
 * categories are no use there.
 */
export function Layout() {
  const location = useLocation();
  const { pathname } = location;
  // The page the app opened on: a change from it is a page change even if it came before ScrollRestoration did.
  const [openedAt] = useState(location);
  const user = useAppSelector(selectUser);
  // An order's page too when staff open it: they pack, ship and refund there.
  const staff = pathname.startsWith("/admin") || (pathname.startsWith("/order/") && user?.is_staff);
  const alert = useAppSelector((state) => state.auth.message);
  useLanguageSync();
  // What the shopper chose before the app started (the header's search box).
  useEarlyInput();
  return (
    <>
      {/* The first stop of the Tab key: to the screen's heading (to #main until the app runs, or on a screen without one). */}
      {/* biome-ignore lint/a11y/useValidAnchor: a link to #main that works before the app does; the app moves on to the heading */}
      <a
        href="#main"
        className="visually-hidden-focusable position-absolute top-0 start-0 p-2 bg-light"
        onClick={(event) => {
          if (focusHeading()) event.preventDefault();
        }}
      >
        {t("Skip to main content")}
      </a>
      <Header />
      <div className="container py-3 flex-grow-1">
        {alert && (
          <Suspense fallback={null}>
            <AlertArea />
          </Suspense>
        )}
        <div className="row">
          {!staff && (
            <aside className="col-md-3">
              <SidePanel />
            </aside>
          )}
          <main className={staff ? "col-12" : "col-md-9"} id="main" tabIndex={-1}>
            <ScreenErrorBoundary resetKey={pathname}>
              <Suspense fallback={<Loader />}>
                <Outlet />
              </Suspense>
            </ScreenErrorBoundary>
          </main>
        </div>
      </div>
      <Suspense fallback={null}>
        <Footer />
        <ScrollRestoration openedAt={openedAt} />
      </Suspense>
    </>
  );
}
