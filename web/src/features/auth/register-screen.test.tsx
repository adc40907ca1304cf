import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { catalogApi } from "../../base/catalog-api.ts";
import { anErrorBody } from "../../testing/factories.ts";
import { fakeApi } from "../../testing/fake-api.ts";
import { renderApp } from "../../testing/render-app.tsx";
import { RegisterScreen } from "./register-screen.tsx";

async function fillIn(user: ReturnType<typeof renderApp>["user"], password: string, confirm: string) {
  await user.type(screen.getByLabelText("Email Address"), "meera.iyer@example.in");
  await user.type(screen.getByLabelText("Password"), password);
  await user.type(screen.getByLabelText("Confirm Password"), confirm);
}

describe("RegisterScreen", () => {
  it("refuses differing passwords with 'Passwords do not match', without calling the server", async () => {
    const calls = fakeApi(() => ({ status: 201, body: { detail: "Verification e-mail sent." } }));
    const { user } = renderApp(<RegisterScreen />, { url: "/register" });
    expect(screen.getByRole("heading", { level: 1, name: "Sign Up" })).toBeInTheDocument();
    await fillIn(user, "Groundnut-Harvest-42", "Groundnut-Harvest-43");
    await user.click(screen.getByRole("button", { name: "Register" }));
    expect(await screen.findByText("Passwords do not match")).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it("shows the server's messages under their fields", async () => {
    fakeApi(() => ({
      status: 400,
      body: anErrorBody("email_taken", "A user is already registered with this e-mail address.", {
        email: [{ code: "email_taken", message: "A user is already registered with this e-mail address." }],
        password1: [
          { code: "password_too_short", message: "This password is too short. It must contain at least 8 characters.", params: { min: 8 } },
          { code: "password_too_common", message: "This password is too common." },
        ],
      }),
    }));
    const { user } = renderApp(<RegisterScreen />, { url: "/register" });
    await fillIn(user, "kheti", "kheti");
    await user.click(screen.getByRole("button", { name: "Register" }));
    const email = screen.getByLabelText("Email Address");
    expect(await screen.findByText("An account with this e-mail address already exists.")).toBeInTheDocument();
    expect(email).toHaveAttribute("aria-invalid", "true");
    expect(email).toHaveAccessibleDescription("An account with this e-mail address already exists.");
    expect(screen.getByLabelText("Password")).toHaveAccessibleDescription(
      "At least 8 characters, not only numbers. The password is too short: use at least 8 characters. This password is too common.",
    );
  });

  it("posts to the registration endpoint in the shopper's language, then Sign In shows the server's detail, keeping the redirect", async () => {
    const calls = fakeApi(() => ({ status: 201, body: { detail: "Verification e-mail sent." } }));
    const { user, location } = renderApp(null, {
      url: "/register?redirect=shipping",
      seed: (store) => store.dispatch(catalogApi.util.upsertQueryEntries([{ endpointName: "getCategories", arg: undefined, value: [] }])),
    });
    await screen.findByRole("heading", { level: 1, name: "Sign Up" });
    await fillIn(user, "Groundnut-Harvest-42", "Groundnut-Harvest-42");
    await user.click(screen.getByRole("button", { name: "Register" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Sign In" })).toBeInTheDocument();
    expect(screen.getByRole("status")).toHaveTextContent("Verification e-mail sent.");
    expect(location().pathname + location().search).toBe("/login?redirect=shipping");
    expect(calls).toEqual([
      {
        method: "POST",
        path: "/api/users/dj_rest_auth/registration/",
        body: { email: "meera.iyer@example.in", password1: "Groundnut-Harvest-42", password2: "Groundnut-Harvest-42", language: "en" },
        authorization: null,
      },
    ]);
  });

  it("links to Sign In", () => {
    renderApp(<RegisterScreen />, { url: "/register?redirect=/product/5" });
    expect(screen.getByRole("link", { name: "Sign In" })).toHaveAttribute("href", "/login?redirect=/product/5");
  });
});
