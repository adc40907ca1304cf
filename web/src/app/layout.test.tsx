import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { catalogApi } from "../base/catalog-api.ts";
import { aStaffSummary, aStaffUser, aUser, signedIn } from "../testing/factories.ts";
import { fakeApi } from "../testing/fake-api.ts";
import { renderApp } from "../testing/render-app.tsx";

const categories = [{ id: 1, name: "Seeds", nameHi: "बीज" }];

/** The whole app at `url`, its categories answered. */
function renderAt(url: string, options: Parameters<typeof renderApp>[1] = {}) {
  return renderApp(null, {
    ...options,
    url,
    seed: (store) =>
      store.dispatch(catalogApi.util.upsertQueryEntries([{ endpointName: "getCategories", arg: undefined, value: categories }])),
  });
}

describe("Layout", () => {
  it("opens with a skip link, the first stop of the Tab key, that moves the focus to the screen's heading", async () => {
    const { user } = renderAt("/login");
    const heading = await screen.findByRole("heading", { level: 1, name: "Sign In" });
    await user.tab();
    const skip = screen.getByRole("link", { name: "Skip to main content" });
    expect(skip).toHaveFocus();
    expect(skip).toHaveAttribute("href", "#main");
    await user.keyboard("{Enter}");
    expect(heading).toHaveFocus();
    expect(heading).toHaveAttribute("tabindex", "-1");
  });

  it("shows the shopper's categories beside a shopper's screen, not beside a staff screen", async () => {
    const { unmount } = renderAt("/login");
    expect(await screen.findByRole("navigation", { name: "Categories" })).toBeInTheDocument();
    unmount();
    fakeApi((call) => ({ body: call.path === "/api/staff/summary/" ? aStaffSummary() : [] }));
    renderAt("/admin", { preloadedState: { auth: signedIn(aStaffUser()) } });
    // The first visit imports the screen's module: allow for a slow machine.
    expect(await screen.findByRole("heading", { level: 1, name: "Dashboard" }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByRole("navigation", { name: "Categories" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Seeds" })).toBeNull();
    expect(screen.getByRole("main")).toHaveClass("col-12");
  });

  it("leaves the categories out of an order's page when staff open it, where they pack, ship and refund", async () => {
    fakeApi((call) => ({ status: call.path.startsWith("/api/orders/") ? 404 : 200, body: [] }));
    const { unmount } = renderAt("/order/5", { preloadedState: { auth: signedIn(aUser()) } });
    expect(await screen.findByRole("navigation", { name: "Categories" })).toBeInTheDocument();
    expect(screen.getByRole("main")).toHaveClass("col-md-9");
    unmount();
    renderAt("/order/5", { preloadedState: { auth: signedIn(aStaffUser()) } });
    expect(screen.getByRole("main")).toHaveClass("col-12");
    expect(screen.queryByRole("navigation", { name: "Categories" })).toBeNull();
  });
});
