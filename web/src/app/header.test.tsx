import { act, screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { chosenLanguage, currentLanguage, setLanguage } from "../i18n/index.ts";
import { aUser, signedIn } from "../testing/factories.ts";
import { fakeApi } from "../testing/fake-api.ts";
import { renderApp } from "../testing/render-app.tsx";
import { Header } from "./header.tsx";

describe("Header", () => {
  it("shows guests the Login link and no menus", () => {
    renderApp(<Header />);
    expect(screen.getByRole("link", { name: "Login" })).toHaveAttribute("href", "/login");
    expect(screen.queryByRole("button", { name: "Admin" })).not.toBeInTheDocument();
  });

  it("shows a signed-in customer a user menu with Profile, Change Password and Logout", async () => {
    const { user } = renderApp(<Header />, { preloadedState: { auth: signedIn() } });
    expect(screen.queryByRole("link", { name: "Login" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Admin" })).not.toBeInTheDocument();
    const toggle = await screen.findByRole("button", { name: "Asha Patil" });
    expect(toggle).toHaveAttribute("aria-haspopup", "true");
    expect(toggle).toHaveAttribute("aria-expanded", "false");

    await user.click(toggle);
    expect(toggle).toHaveAttribute("aria-expanded", "true");
    const menu = document.getElementById(toggle.getAttribute("aria-controls") ?? "") as HTMLElement;
    expect(menu).toHaveClass("show");
    expect(within(menu).getByRole("link", { name: "Profile" })).toHaveAttribute("href", "/profile");
    expect(within(menu).getByRole("link", { name: "Change Password" })).toHaveAttribute("href", "/change/password/");
    expect(within(menu).getByRole("button", { name: "Logout" })).toBeInTheDocument();
  });

  it("shows staff the Admin menu with Dashboard, Users, Products and Orders", async () => {
    const { user } = renderApp(<Header />, { preloadedState: { auth: signedIn(aUser({ is_staff: true, isAdmin: true })) } });
    await user.click(await screen.findByRole("button", { name: "Admin" }));
    expect(await screen.findByRole("link", { name: "Dashboard" })).toHaveAttribute("href", "/admin");
    expect(screen.getByRole("link", { name: "Users" })).toHaveAttribute("href", "/admin/userlist");
    expect(screen.getByRole("link", { name: "Products" })).toHaveAttribute("href", "/admin/productlist");
    expect(screen.getByRole("link", { name: "Orders" })).toHaveAttribute("href", "/admin/orderlist");
  });

  it("closes a menu on Escape (focus back on its button), on a click elsewhere, and after choosing", async () => {
    const { user, location } = renderApp(<Header />, { preloadedState: { auth: signedIn() } });
    const toggle = await screen.findByRole("button", { name: "Asha Patil" });
    await user.click(toggle);
    await user.keyboard("{Escape}");
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    expect(toggle).toHaveFocus();

    await user.click(toggle);
    await user.click(screen.getByRole("link", { name: "Krishi Bazaar" }));
    expect(toggle).toHaveAttribute("aria-expanded", "false");

    await user.click(toggle);
    await user.click(screen.getByRole("link", { name: "Profile" }));
    expect(location().pathname).toBe("/profile");
    expect(toggle).toHaveAttribute("aria-expanded", "false");
  });

  it("logs out: back to the Login link, the refresh token revoked", async () => {
    const calls = fakeApi(() => ({ body: { detail: "Successfully logged out." } }));
    const { user, store } = renderApp(<Header />, { preloadedState: { auth: signedIn() } });
    await user.click(await screen.findByRole("button", { name: "Asha Patil" }));
    await user.click(screen.getByRole("button", { name: "Logout" }));
    expect(await screen.findByRole("link", { name: "Login" })).toBeInTheDocument();
    expect(store.getState().auth).toMatchObject({ access: null, refresh: null, user: null, message: "User Logged Out Successfully" });
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toMatchObject({ method: "POST", path: "/api/users/dj-rest-auth/logout/", body: { refresh: "refresh-1" } });
  });

  it("links the language switch to this page in the other language, and switches in place when clicked", async () => {
    const { user, location } = renderApp(<Header />, { url: "/product/7?pack=3" });
    const hindi = screen.getByRole("link", { name: "हिन्दी" });
    expect(hindi).toHaveAttribute("href", "/product/7?pack=3&lang=hi");
    expect(hindi).toHaveAttribute("hreflang", "hi");
    await user.click(hindi);
    const english = await screen.findByRole("link", { name: "English" });
    expect(currentLanguage()).toBe("hi");
    expect(chosenLanguage()).toBe("hi");
    // In place: the app stays on its page (its address follows the language, see language-sync.ts).
    expect(location().pathname + location().search).toBe("/product/7?pack=3");
    expect(english).toHaveAttribute("href", "/product/7?pack=3&lang=en");
  });

  it("makes the search box a GET form to the list, which keeps a Hindi page's language without the app", async () => {
    renderApp(<Header />);
    const english = screen.getByRole("search") as HTMLFormElement;
    expect(english).toHaveAttribute("action", "/");
    expect(english).toHaveAttribute("method", "get");
    expect(within(english).getByRole("searchbox")).toHaveAttribute("name", "keyword");
    expect(english.elements.namedItem("lang")).toBeNull();
    await act(() => setLanguage("hi"));
    const hindi = screen.getByRole("search") as HTMLFormElement;
    expect(hindi.elements.namedItem("lang")).toHaveProperty("value", "hi");
    expect(hindi.elements.namedItem("lang")).toHaveAttribute("type", "hidden");
  });
});
