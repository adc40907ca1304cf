import { lazy, Suspense } from "react";
import { Outlet, useLocation } from "react-router";
import { Loader } from "../components/loader.tsx";
import { t } from "../i18n/index.ts";
import { AlertArea } from "./alert-area.tsx";
import { Header } from "./header.tsx";
import { useLanguageSync } from "./language-sync.ts";
import { ScreenErrorBoundary } from "./screen-error-boundary.tsx";
import { SidePanel } from "./side-panel.tsx";

/** Below the fold (the screen is at least a screen tall): loaded after the first page. */
const Footer = lazy(() => import("./footer.tsx").then((module) => ({ default: module.Footer })));
/** Not needed before the first page change: loaded after the first page. */
const ScrollRestoration = lazy(() => import("./scroll-restoration.ts").then((module) => ({ default: module.ScrollRestoration })));

/**
 * Header, the alert area, the side panel (left column; above the content on phones), the screen,
 * and the footer. The spec's right column is empty, so the screen takes the rest of the row.
 */
export function Layout() {
  const { pathname } = useLocation();
  useLanguageSync();
  return (
    <>
      <a href="#main" className="visually-hidden-focusable position-absolute top-0 start-0 p-2 bg-light">
        {t("Skip to main content")}
      </a>
      <Header />
      <div className="container py-3 flex-grow-1">
        <AlertArea />
        <div className="row">
          <aside className="col-md-3">
            <SidePanel />
          </aside>
          <main className="col-md-9" id="main" tabIndex={-1}>
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
        <ScrollRestoration />
      </Suspense>
    </>
  );
}
