import { screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { anErrorBody, aUser } from "../../testing/factories.ts";
import { fakeApi } from "../../testing/fake-api.ts";
import { renderApp } from "../../testing/render-app.tsx";
import { OldLoginScreen, SignupScreen } from "./legacy-screens.tsx";

describe("OldLoginScreen", () => {
  it("links to the reset and sign-up screens", () => {
    renderApp(<OldLoginScreen />, { url: "/old_login" });
    expect(screen.getByRole("heading", { level: 1, name: "Sign In" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Forgot your password?" })).toHaveAttribute("href", "/reset/password/");
    expect(screen.getByRole("link", { name: "Sign Up" })).toHaveAttribute("href", "/signup/");
  });

  it("signs in and goes home", async () => {
    fakeApi(() => ({ body: { access: "a", refresh: "r", user: aUser() } }));
    const { user, location, store } = renderApp(<OldLoginScreen />, { url: "/old_login", path: "/old_login" });
    await user.type(screen.getByLabelText("Email Address"), "asha.patil@example.in");
    await user.type(screen.getByLabelText("Password"), "Paddy-Field-2024");
    await user.click(screen.getByRole("button", { name: "Sign In" }));
    await vi.waitFor(() => expect(location().pathname).toBe("/"));
    expect(store.getState().auth.message).toBe("Login successful");
  });
});

describe("SignupScreen", () => {
  async function fillIn(user: ReturnType<typeof renderApp>["user"], confirm = "Groundnut-Harvest-42") {
    await user.type(screen.getByLabelText("Email Address"), "meera.iyer@example.in");
    await user.type(screen.getByLabelText("First Name"), "Meera");
    await user.type(screen.getByLabelText("Last Name"), "Iyer");
    await user.type(screen.getByLabelText("Password"), "Groundnut-Harvest-42");
    await user.type(screen.getByLabelText("Confirm Password"), confirm);
    await user.click(screen.getByRole("button", { name: "Sign Up" }));
  }

  it("registers with first and last name, then goes home with 'Please check your Inbox and verify your Email'", async () => {
    const calls = fakeApi(() => ({ status: 201, body: { detail: "Verification e-mail sent." } }));
    const { user, location, store } = renderApp(<SignupScreen />, { url: "/signup/", path: "/signup/" });
    await fillIn(user);
    await vi.waitFor(() => expect(location().pathname).toBe("/"));
    expect(calls[0]?.body).toEqual({
      email: "meera.iyer@example.in",
      first_name: "Meera",
      last_name: "Iyer",
      password1: "Groundnut-Harvest-42",
      password2: "Groundnut-Harvest-42",
      language: "en",
    });
    expect(store.getState().auth.message).toBe("Please check your Inbox and verify your Email");
  });

  it("says 'Signup fail' and shows why", async () => {
    const text = "A user is already registered with this e-mail address.";
    fakeApi(() => ({ status: 400, body: anErrorBody("email_taken", text, { email: [{ code: "email_taken", message: text }] }) }));
    const { user, store } = renderApp(<SignupScreen />, { url: "/old_signup/" });
    await fillIn(user);
    expect(await screen.findByText("An account with this e-mail address already exists.")).toBeInTheDocument();
    expect(store.getState().auth.message).toBe("Signup fail");
  });

  it("refuses differing passwords without calling the server", async () => {
    const calls = fakeApi(() => ({ status: 500 }));
    const { user } = renderApp(<SignupScreen />, { url: "/signup/" });
    await fillIn(user, "Groundnut-Harvest-43");
    expect(screen.getByText("Passwords do not match")).toBeInTheDocument();
    expect(calls).toEqual([]);
  });
});
