import { Suspense } from "react";
import Col from "react-bootstrap/Col";
import Container from "react-bootstrap/Container";
import Row from "react-bootstrap/Row";
import { Outlet, useLocation } from "react-router";
import { Loader } from "../components/loader.tsx";
import { AlertArea } from "./alert-area.tsx";
import { Footer } from "./footer.tsx";
import { Header } from "./header.tsx";
import { ScreenErrorBoundary } from "./screen-error-boundary.tsx";
import { SidePanel } from "./side-panel.tsx";

/**
 * Header, the alert area, the side panel (left column; above the content on phones), the screen,
 * and the footer. The spec's right column is empty, so the screen takes the rest of the row.
 */
export function Layout() {
  const { pathname } = useLocation();
  return (
    <>
      <a href="#main" className="visually-hidden-focusable position-absolute top-0 start-0 p-2 bg-light">
        Skip to main content
      </a>
      <Header />
      <Container className="py-3 flex-grow-1">
        <AlertArea />
        <Row>
          <Col md={3} as="aside">
            <SidePanel />
          </Col>
          <Col md={9} as="main" id="main" tabIndex={-1}>
            <ScreenErrorBoundary resetKey={pathname}>
              <Suspense fallback={<Loader />}>
                <Outlet />
              </Suspense>
            </ScreenErrorBoundary>
          </Col>
        </Row>
      </Container>
      <Footer />
    </>
  );
}
