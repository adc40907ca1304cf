import type { ErrorCode, FieldErrorCode } from "@krishi/contract";
import { screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { anErrorBody, signedIn } from "../../testing/factories.ts";
import { fakeApi } from "../../testing/fake-api.ts";
import { renderApp } from "../../testing/render-app.tsx";
import { ActivateScreen } from "./activate-screen.tsx";
import { ChangePasswordScreen, ResetPasswordConfirmScreen, ResetPasswordScreen } from "./password-screens.tsx";

const ok = { detail: "ok" };
/** A refusal of one field, as the server answers it: the error's code, the field's problem and its English text. */
const bad = (code: ErrorCode, field: string, problem: FieldErrorCode, text: string) => ({
  status: 400,
  body: anErrorBody(code, `${field}: ${text}`, { [field]: [{ code: problem, message: text }] }),
});

describe("ResetPasswordScreen", () => {
  it("asks for a reset link ('Reset password success'), then says to check the e-mail, where it went", async () => {
    const calls = fakeApi(() => ({ body: { detail: "Password reset e-mail has been sent." } }));
    const { user, location, store } = renderApp(<ResetPasswordScreen />, { url: "/reset/password/", path: "/reset/password/" });
    await user.type(screen.getByLabelText("Email Address"), "asha.patil@example.in");
    await user.click(screen.getByRole("button", { name: "Reset Password" }));
    const sent = await screen.findByRole("status");
    expect(within(sent).getByRole("heading", { level: 2, name: "Check your e-mail" })).toBeInTheDocument();
    expect(sent).toHaveTextContent(
      "If an account exists for asha.patil@example.in, we have sent it a link to set a new password. The link works once.",
    );
    expect(within(sent).getByRole("link", { name: "Back to Sign In" })).toHaveAttribute("href", "/login");
    expect(screen.queryByLabelText("Email Address")).not.toBeInTheDocument();
    expect(location().pathname).toBe("/reset/password/");
    expect(calls[0]).toMatchObject({ path: "/api/users/dj-rest-auth/password/reset/", body: { email: "asha.patil@example.in" } });
    expect(store.getState().auth.message).toBe("Reset password success");
  });

  it("sends the link again on request", async () => {
    const calls = fakeApi(() => ({ body: { detail: "Password reset e-mail has been sent." } }));
    const { user } = renderApp(<ResetPasswordScreen />, { url: "/reset/password/" });
    await user.type(screen.getByLabelText("Email Address"), "asha.patil@example.in");
    await user.click(screen.getByRole("button", { name: "Reset Password" }));
    await user.click(await screen.findByRole("button", { name: "Send it again" }));
    await vi.waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1]?.body).toEqual({ email: "asha.patil@example.in" });
  });

  it("says 'Reset password fail' and shows why", async () => {
    fakeApi(() => bad("field_invalid", "email", "invalid_email", "Enter a valid email address."));
    const { user, store } = renderApp(<ResetPasswordScreen />, { url: "/reset/password/" });
    await user.type(screen.getByLabelText("Email Address"), "asha@example");
    await user.click(screen.getByRole("button", { name: "Reset Password" }));
    expect(await screen.findByText("Enter a valid email address.")).toBeInTheDocument();
    expect(store.getState().auth.message).toBe("Reset password fail");
  });
});

describe("ResetPasswordConfirmScreen", () => {
  const url = "/reset/password/confirm/MTI/c9x-4f2a";
  const path = "/reset/password/confirm/:uid/:token";

  it("sets the new password with the link's uid and token, then goes to sign in", async () => {
    const calls = fakeApi(() => ({ body: ok }));
    const { user, location, store } = renderApp(<ResetPasswordConfirmScreen />, { url, path });
    await user.type(screen.getByLabelText("New Password"), "Cotton-Bolls-31");
    await user.type(screen.getByLabelText("Confirm New Password"), "Cotton-Bolls-31");
    await user.click(screen.getByRole("button", { name: "Set New Password" }));
    await vi.waitFor(() => expect(location().pathname).toBe("/login"));
    expect(calls[0]).toMatchObject({
      path: "/api/users/dj-rest-auth/password/reset/confirm/",
      body: { uid: "MTI", token: "c9x-4f2a", new_password1: "Cotton-Bolls-31", new_password2: "Cotton-Bolls-31" },
    });
    expect(store.getState().auth.message).toBe("New password has been set");
  });

  it("says 'Set new password failed' for a used link, why, and where to ask for a new one", async () => {
    const detail = "The password reset link is invalid or has expired.";
    fakeApi(() => ({
      status: 400,
      body: anErrorBody("reset_link_invalid", detail, { token: [{ code: "link_invalid", message: "Invalid value" }] }),
    }));
    const { user, store } = renderApp(<ResetPasswordConfirmScreen />, { url, path });
    await user.type(screen.getByLabelText("New Password"), "Cotton-Bolls-31");
    await user.type(screen.getByLabelText("Confirm New Password"), "Cotton-Bolls-31");
    await user.click(screen.getByRole("button", { name: "Set New Password" }));
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("This link has expired or was already used. Please ask for a new password reset e-mail.");
    expect(within(alert).getByRole("link", { name: "Ask for a new link" })).toHaveAttribute("href", "/reset/password/");
    expect(store.getState().auth.message).toBe("Set new password failed");
  });
});

describe("ChangePasswordScreen", () => {
  it("sends guests to sign in, coming back here", async () => {
    const { location } = renderApp(<ChangePasswordScreen />, { url: "/change/password/", path: "/change/password/" });
    await vi.waitFor(() => expect(location().pathname + location().search).toBe("/login?redirect=/change/password/"));
  });

  it("changes the password: 'Change password success', the form emptied", async () => {
    const calls = fakeApi(() => ({ body: { detail: "New password has been saved." } }));
    const { user, store } = renderApp(<ChangePasswordScreen />, { url: "/change/password/", preloadedState: { auth: signedIn() } });
    await user.type(screen.getByLabelText("Old Password"), "Paddy-Field-2024");
    await user.type(screen.getByLabelText("New Password"), "Cotton-Bolls-31");
    await user.type(screen.getByLabelText("Confirm New Password"), "Cotton-Bolls-31");
    await user.click(screen.getByRole("button", { name: "Change Password" }));
    await vi.waitFor(() => expect(store.getState().auth.message).toBe("Change password success"));
    expect(calls[0]).toMatchObject({
      path: "/api/users/dj-rest-auth/password/change/",
      body: { old_password: "Paddy-Field-2024", new_password1: "Cotton-Bolls-31", new_password2: "Cotton-Bolls-31" },
      authorization: "Bearer access-1",
    });
    expect(screen.getByLabelText("Old Password")).toHaveValue("");
  });

  it("says 'Change password fail' and shows the field's message", async () => {
    fakeApi(() =>
      bad("old_password_wrong", "old_password", "old_password_wrong", "Your old password was entered incorrectly. Please enter it again."),
    );
    const { user, store } = renderApp(<ChangePasswordScreen />, { url: "/change/password/", preloadedState: { auth: signedIn() } });
    await user.type(screen.getByLabelText("Old Password"), "wrong-one-123");
    await user.type(screen.getByLabelText("New Password"), "Cotton-Bolls-31");
    await user.type(screen.getByLabelText("Confirm New Password"), "Cotton-Bolls-31");
    await user.click(screen.getByRole("button", { name: "Change Password" }));
    expect(await screen.findByText("Your old password was entered incorrectly. Please enter it again.")).toBeInTheDocument();
    expect(store.getState().auth.message).toBe("Change password fail");
  });
});

describe("ActivateScreen", () => {
  const url = "/dj-rest-auth/registration/account-confirm-email/MTI:1tW:abc/";
  const path = "/dj-rest-auth/registration/account-confirm-email/:key/";

  it("verifies the account with the link's key, then goes to sign in", async () => {
    const calls = fakeApi(() => ({ body: ok }));
    const { user, location, store } = renderApp(<ActivateScreen />, { url, path });
    expect(screen.getByRole("heading", { level: 1, name: "Verify your Account" })).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Verify" }));
    await vi.waitFor(() => expect(location().pathname).toBe("/login"));
    expect(calls[0]).toMatchObject({ path: "/api/users/dj-rest-auth/registration/verify-email/", body: { key: "MTI:1tW:abc" } });
    expect(store.getState().auth.message).toBe("Your account has been verified");
  });

  it("says 'Verification account has failed' for a bad key", async () => {
    fakeApi(() => ({ status: 404, body: anErrorBody("verification_link_invalid", "Not found.") }));
    const { user, location, store } = renderApp(<ActivateScreen />, { url, path });
    await user.click(screen.getByRole("button", { name: "Verify" }));
    await vi.waitFor(() => expect(store.getState().auth.message).toBe("Verification account has failed"));
    expect(location().pathname).toBe(url);
  });

  it("says the address has an account when another account verified it first", async () => {
    fakeApi(() => ({ status: 409, body: anErrorBody("email_taken", "A user is already registered with this e-mail address.") }));
    const { user, location, store } = renderApp(<ActivateScreen />, { url, path });
    await user.click(screen.getByRole("button", { name: "Verify" }));
    await vi.waitFor(() => expect(store.getState().auth.message).toBe("An account with this e-mail address already exists."));
    expect(location().pathname).toBe(url);
  });
});
