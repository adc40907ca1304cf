import type { ComponentType } from "react";
import { describe, expect, it, vi } from "vitest";
import { anErrorBody, aUser, signedIn } from "../../testing/factories.ts";
import { fakeApi } from "../../testing/fake-api.ts";
import { renderApp } from "../../testing/render-app.tsx";
import { DashboardScreen } from "./dashboard-screen.tsx";
import { OrderListScreen } from "./order-list-screen.tsx";
import { ProductEditScreen } from "./product-edit-screen.tsx";
import { ProductListScreen } from "./product-list-screen.tsx";
import { UserEditScreen } from "./user-edit-screen.tsx";
import { UserListScreen } from "./user-list-screen.tsx";

/** Every staff screen: an address, its route pattern and the screen. */
const STAFF_SCREENS: [string, string, ComponentType][] = [
  ["/admin", "/admin", DashboardScreen],
  ["/admin/userlist", "/admin/userlist", UserListScreen],
  ["/admin/user/4/edit", "/admin/user/:id/edit", UserEditScreen],
  ["/admin/productlist", "/admin/productlist", ProductListScreen],
  ["/admin/product/7/edit", "/admin/product/:id/edit", ProductEditScreen],
  ["/admin/orderlist", "/admin/orderlist", OrderListScreen],
];

describe("staff screens", () => {
  it.each(STAFF_SCREENS)("%s sends a signed-in customer to /login without asking the server", async (url, path, Screen) => {
    const calls = fakeApi(() => ({
      status: 403,
      body: anErrorBody("permission_denied", "You do not have permission to perform this action."),
    }));
    const { location } = renderApp(<Screen />, { url, path, preloadedState: { auth: signedIn(aUser()) } });
    await vi.waitFor(() => expect(location().pathname).toBe("/login"));
    expect(calls).toEqual([]);
  });

  it.each(STAFF_SCREENS)("%s sends a guest to sign in, coming back afterwards", async (url, path, Screen) => {
    fakeApi(() => ({ status: 401, body: anErrorBody("not_authenticated", "Authentication credentials were not provided.") }));
    const { location } = renderApp(<Screen />, { url, path });
    await vi.waitFor(() => expect(location().pathname + location().search).toBe(`/login?redirect=${url}`));
  });
});
