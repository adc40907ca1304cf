import { screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { configApi } from "../../app/config-api.ts";
import type { AppStore } from "../../app/store.ts";
import { aUser, signedIn } from "../../testing/factories.ts";
import { fakeApi } from "../../testing/fake-api.ts";
import { renderApp } from "../../testing/render-app.tsx";
import { catalogApi } from "../catalog/index.ts";
import { googleConsentUrl } from "./google.ts";
import { LoginScreen } from "./login-screen.tsx";

const withCategories = (store: AppStore) => {
  store.dispatch(catalogApi.util.upsertQueryEntries([{ endpointName: "getCategories", arg: undefined, value: [] }]));
};

const loginInfo = { access: "access-9", refresh: "refresh-9", user: aUser() };

async function signIn(user: ReturnType<typeof renderApp>["user"]) {
  await user.type(screen.getByLabelText("Email Address"), "asha.patil@example.in");
  await user.type(screen.getByLabelText("Password"), "Paddy-Field-2024");
  await user.click(screen.getByRole("button", { name: "Sign In" }));
}

describe("LoginScreen", () => {
  it("signs in with e-mail and password and goes to the redirect ('shipping' is /shipping)", async () => {
    const calls = fakeApi(() => ({ body: loginInfo }));
    const { user, location, store } = renderApp(<LoginScreen />, { url: "/login?redirect=shipping", path: "/login" });
    expect(screen.getByRole("heading", { level: 1, name: "Sign In" })).toBeInTheDocument();
    await signIn(user);
    await vi.waitFor(() => expect(location().pathname).toBe("/shipping"));
    expect(calls[0]).toMatchObject({
      method: "POST",
      path: "/api/users/dj-rest-auth/login/",
      body: { email: "asha.patil@example.in", password: "Paddy-Field-2024" },
    });
    expect(store.getState().auth).toMatchObject({ access: "access-9", refresh: "refresh-9", message: "Login successful" });
  });

  it("never redirects to another site", async () => {
    fakeApi(() => ({ body: loginInfo }));
    const { user, location } = renderApp(<LoginScreen />, { url: "/login?redirect=//evil.example/x", path: "/login" });
    await signIn(user);
    await vi.waitFor(() => expect(location().pathname).toBe("/"));
  });

  it("shows the first non_field_errors message in the top alert when sign-in fails", async () => {
    const text = "E-mail is not verified.";
    fakeApi(() => ({ status: 400, body: { non_field_errors: [text], detail: text, message: text } }));
    const { user, location, store } = renderApp(null, { url: "/login", seed: withCategories });
    await screen.findByRole("heading", { level: 1, name: "Sign In" });
    await signIn(user);
    expect(await screen.findByRole("alert")).toHaveTextContent(text);
    expect(location().pathname).toBe("/login");
    expect(store.getState().auth).toMatchObject({ access: null, refresh: null, isAuthenticated: false });
  });

  it("offers Google only when a client id is configured", async () => {
    const { unmount, store } = renderApp(<LoginScreen />, { url: "/login" });
    await vi.waitFor(() => expect(configApi.endpoints.getConfig.select()(store.getState()).data).toBeDefined());
    expect(screen.queryByRole("button", { name: "Sign in with Google" })).not.toBeInTheDocument();
    unmount();
    renderApp(<LoginScreen />, { url: "/login", config: { googleClientId: "client-1.apps.googleusercontent.com" } });
    expect(await screen.findByRole("button", { name: "Sign in with Google" })).toBeInTheDocument();
  });

  it("links to Register keeping the redirect", () => {
    renderApp(<LoginScreen />, { url: "/login?redirect=shipping" });
    expect(screen.getByRole("link", { name: "Register" })).toHaveAttribute("href", "/register?redirect=shipping");
  });

  it("sends a signed-in visitor on to the redirect", async () => {
    const { location } = renderApp(<LoginScreen />, {
      url: "/login?redirect=/product/5",
      path: "/login",
      preloadedState: { auth: signedIn() },
    });
    await vi.waitFor(() => expect(location().pathname).toBe("/product/5"));
  });
});

describe("googleConsentUrl", () => {
  it("asks Google for openid email profile, coming back to /login with a code", () => {
    const url = new URL(googleConsentUrl("client-1", "https://shop.example", "nonce.shipping"));
    expect(url.origin + url.pathname).toBe("https://accounts.google.com/o/oauth2/v2/auth");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: "client-1",
      redirect_uri: "https://shop.example/login",
      response_type: "code",
      scope: "openid email profile",
      prompt: "select_account",
      state: "nonce.shipping",
    });
    expect(url.search).toContain("scope=openid%20email%20profile");
  });

  it("goes to the consent page the server names", () => {
    const url = new URL(googleConsentUrl("client-1", "https://shop.example", "nonce", "http://127.0.0.1:8124/o/oauth2/v2/auth"));
    expect(url.origin + url.pathname).toBe("http://127.0.0.1:8124/o/oauth2/v2/auth");
    expect(url.searchParams.get("state")).toBe("nonce");
  });
});
