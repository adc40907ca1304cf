import { act, screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { catalogApi } from "../../base/catalog-api.ts";
import { configApi } from "../../base/config-api.ts";
import type { AppStore } from "../../base/store.ts";
import { setLanguage } from "../../i18n/index.ts";
import { anErrorBody, aUser, signedIn } from "../../testing/factories.ts";
import { fakeApi } from "../../testing/fake-api.ts";
import { renderApp } from "../../testing/render-app.tsx";
import { googleConsentUrl } from "./google.ts";
import { LoginScreen } from "./login-screen.tsx";

const withCategories = (store: AppStore) => {
  store.dispatch(catalogApi.util.upsertQueryEntries([{ endpointName: "getCategories", arg: undefined, value: [] }]));
};

const loginInfo = { access: "access-9", refresh: "refresh-9", user: aUser() };

/** The server's refusals of a sign-in (the reason in non_field_errors). */
const refusal = (code: "credentials_invalid" | "email_not_verified", text: string) =>
  anErrorBody(code, text, { non_field_errors: [{ code, message: text }] });
const credentialsInvalid = refusal("credentials_invalid", "Unable to log in with provided credentials.");
const notVerified = refusal("email_not_verified", "E-mail is not verified.");

async function signIn(user: ReturnType<typeof renderApp>["user"]) {
  await user.type(screen.getByLabelText("Email Address"), "asha.patil@example.in");
  await user.type(screen.getByLabelText("Password"), "Paddy-Field-2024");
  await user.click(screen.getByRole("button", { name: "Sign In" }));
}

describe("LoginScreen", () => {
  it("on the way to checkout asks for the mobile number first, the e-mail form the other choice", async () => {
    const { user } = renderApp(<LoginScreen />, { url: "/login?redirect=shipping", path: "/login" });
    const number = screen.getByLabelText("Mobile number");
    expect(screen.getByRole("button", { name: "Send code" })).toBeInTheDocument();
    expect(screen.queryByLabelText("Email Address")).not.toBeInTheDocument();
    // The page opened with it: the focus stays where the page put it, no keyboard pops up over the page.
    expect(number).not.toHaveFocus();
    const [form, or] = [number.closest("form"), screen.getByText("or")];
    expect(form?.compareDocumentPosition(or)).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
    const email = screen.getByRole("button", { name: "Sign in with your e-mail address" });
    expect(or.compareDocumentPosition(email)).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
    await user.click(email);
    expect(screen.getByLabelText("Email Address")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Continue with mobile number" }));
    expect(screen.getByLabelText("Mobile number")).toHaveFocus();
  });

  it.each(["/login", "/login?redirect=/product/5"])("at %s shows the e-mail form first", (url) => {
    renderApp(<LoginScreen />, { url, path: "/login" });
    expect(screen.getByLabelText("Email Address")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Continue with mobile number" })).toBeInTheDocument();
    expect(screen.queryByLabelText("Mobile number")).not.toBeInTheDocument();
  });

  it("signs in with e-mail and password and goes to the redirect ('shipping' is /shipping)", async () => {
    const calls = fakeApi(() => ({ body: loginInfo }));
    const { user, location, store } = renderApp(<LoginScreen />, { url: "/login?redirect=shipping", path: "/login" });
    expect(screen.getByRole("heading", { level: 1, name: "Sign In" })).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Sign in with your e-mail address" }));
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

  it("says plainly in the top alert when the e-mail address or password is wrong", async () => {
    fakeApi(() => ({ status: 400, body: credentialsInvalid }));
    const { user, location, store } = renderApp(null, { url: "/login", seed: withCategories });
    await screen.findByRole("heading", { level: 1, name: "Sign In" });
    await signIn(user);
    expect(await screen.findByRole("alert")).toHaveTextContent("The e-mail address or password is not correct. Please try again.");
    expect(location().pathname).toBe("/login");
    expect(store.getState().auth).toMatchObject({ access: null, refresh: null, isAuthenticated: false });
  });

  it("gives an unverified address one message, where the link went, and a button to send it again", async () => {
    const calls = fakeApi((call) => (call.path.endsWith("/login/") ? { status: 400, body: notVerified } : { body: { detail: "ok" } }));
    const email = "meera.iyer@example.in";
    const { user } = renderApp(null, { url: "/login", seed: withCategories });
    await screen.findByRole("heading", { level: 1, name: "Sign In" });
    await user.type(screen.getByLabelText("Email Address"), email);
    await user.type(screen.getByLabelText("Password"), "Groundnut-Harvest-42");
    await user.click(screen.getByRole("button", { name: "Sign In" }));

    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent(
      `E-mail is not verified. Please open the link we sent to ${email} to verify your account, then sign in.`,
    );
    expect(screen.getAllByRole("alert")).toHaveLength(1);
    expect(screen.queryByRole("status")).not.toBeInTheDocument();

    await user.click(within(alert).getByRole("button", { name: "Send the link again" }));
    expect(
      await screen.findByText(`We sent a new link to ${email}. Please check your inbox, and the spam folder too.`),
    ).toBeInTheDocument();
    expect(calls.at(-1)).toMatchObject({ method: "POST", path: "/api/users/dj-rest-auth/registration/resend-email/", body: { email } });
  });

  it("after registering, says where the verification link went, filled in; a refused sign-in replaces that message", async () => {
    fakeApi((call) =>
      call.path.endsWith("/registration/")
        ? { status: 201, body: { detail: "Verification e-mail sent." } }
        : { status: 400, body: notVerified },
    );
    const email = "meera.iyer@example.in";
    const { user } = renderApp(null, { url: "/register", seed: withCategories });
    await user.type(await screen.findByLabelText("Email Address"), email);
    await user.type(screen.getByLabelText("Password"), "Groundnut-Harvest-42");
    await user.type(screen.getByLabelText("Confirm Password"), "Groundnut-Harvest-42");
    await user.click(screen.getByRole("button", { name: "Register" }));

    expect(await screen.findByRole("heading", { level: 1, name: "Sign In" })).toBeInTheDocument();
    expect(screen.getByRole("status")).toHaveTextContent(
      `Verification e-mail sent. Please open the link we sent to ${email} to verify your account, then sign in here.`,
    );
    expect(screen.getByLabelText("Email Address")).toHaveValue(email);
    await user.type(screen.getByLabelText("Password"), "Groundnut-Harvest-42");
    await user.click(screen.getByRole("button", { name: "Sign In" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("E-mail is not verified.");
    expect(screen.queryByText(/Verification e-mail sent/)).not.toBeInTheDocument();
  });

  it("shows the screen in Hindi, and the top alert follows a language switch", async () => {
    fakeApi(() => ({ status: 400, body: credentialsInvalid }));
    await setLanguage("hi");
    const { user } = renderApp(null, { url: "/login", seed: withCategories });
    expect(await screen.findByRole("heading", { level: 1, name: "साइन इन करें" })).toBeInTheDocument();
    expect(screen.getByLabelText("ई-मेल पता")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "पासवर्ड भूल गए?" })).toHaveAttribute("href", "/reset/password/");
    await user.type(screen.getByLabelText("ई-मेल पता"), "asha.patil@example.in");
    await user.type(screen.getByLabelText("पासवर्ड"), "wrong-one-123");
    await user.click(screen.getByRole("button", { name: "साइन इन करें" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("ई-मेल पता या पासवर्ड सही नहीं है। कृपया फिर से कोशिश करें।");
    await act(() => setLanguage("en"));
    expect(await screen.findByRole("alert")).toHaveTextContent("The e-mail address or password is not correct. Please try again.");
  });

  it("says in the shop's own words (here Hindi) which field is empty or not an e-mail address, without asking the server", async () => {
    const calls = fakeApi(() => ({ body: loginInfo }));
    await setLanguage("hi");
    try {
      const { user } = renderApp(<LoginScreen />, { url: "/login", path: "/login" });
      const email = screen.getByLabelText("ई-मेल पता");
      expect(email.closest("form")).toHaveAttribute("novalidate");
      await user.click(screen.getByRole("button", { name: "साइन इन करें" }));
      expect(email).toHaveAccessibleDescription("कृपया यह जानकारी भरें।");
      expect(screen.getByLabelText("पासवर्ड")).toHaveAccessibleDescription("कृपया यह जानकारी भरें।");
      expect(email).toHaveFocus();
      await user.type(email, "asha.patil");
      await user.type(screen.getByLabelText("पासवर्ड"), "Paddy-Field-2024");
      expect(screen.getByLabelText("पासवर्ड")).not.toHaveAccessibleDescription();
      await user.click(screen.getByRole("button", { name: "साइन इन करें" }));
      expect(email).toHaveAccessibleDescription("कृपया सही ई-मेल पता लिखें।");
      expect(calls).toEqual([]);
    } finally {
      await act(() => setLanguage("en"));
    }
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
