import { screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { aUser, signedIn } from "../../testing/factories.ts";
import { fakeApi } from "../../testing/fake-api.ts";
import { renderApp } from "../../testing/render-app.tsx";
import { ProfileScreen } from "./profile-screen.tsx";

function renderProfile() {
  return renderApp(<ProfileScreen />, { url: "/profile", path: "/profile", preloadedState: { auth: signedIn() } });
}

describe("ProfileScreen", () => {
  it("sends guests to sign in, coming back here", async () => {
    const { location } = renderApp(<ProfileScreen />, { url: "/profile", path: "/profile" });
    await vi.waitFor(() => expect(location().pathname + location().search).toBe("/login?redirect=/profile"));
  });

  it("shows the user's names, and My Orders with its columns", () => {
    renderProfile();
    expect(screen.getByRole("heading", { level: 1, name: "User Profile" })).toBeInTheDocument();
    expect(screen.getByLabelText("First Name")).toHaveValue("Asha");
    expect(screen.getByLabelText("Last Name")).toHaveValue("Patil");
    expect(screen.getByLabelText("First Name")).toBeRequired();
    expect(screen.getByLabelText("Password")).not.toBeRequired();
    expect(screen.getByRole("heading", { level: 2, name: "My Orders" })).toBeInTheDocument();
    const headers = within(screen.getByRole("table")).getAllByRole("columnheader");
    expect(headers.map((th) => th.textContent)).toEqual(["ID", "Date", "Total", "Paid", "Delivered", "Details"]);
  });

  it("refuses differing passwords with 'Passwords do not match', without calling the server", async () => {
    const calls = fakeApi(() => ({ status: 500 }));
    const { user } = renderProfile();
    await user.type(screen.getByLabelText("Password"), "Mustard-Seeds-77");
    await user.type(screen.getByLabelText("Confirm Password"), "Mustard-Seeds-78");
    await user.click(screen.getByRole("button", { name: "Update" }));
    expect(screen.getByText("Passwords do not match")).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it("updates the profile and keeps the fresh login info it answers", async () => {
    const renamed = aUser({ first_name: "Asha R", name: "Asha R Patil" });
    const calls = fakeApi(() => ({ body: { access: "access-2", refresh: "refresh-2", user: renamed } }));
    const { user, store } = renderProfile();
    await user.clear(screen.getByLabelText("First Name"));
    await user.type(screen.getByLabelText("First Name"), "Asha R");
    await user.type(screen.getByLabelText("Password"), "Mustard-Seeds-77");
    await user.type(screen.getByLabelText("Confirm Password"), "Mustard-Seeds-77");
    await user.click(screen.getByRole("button", { name: "Update" }));
    expect(await screen.findByText("Profile Updated")).toBeInTheDocument();
    expect(calls[0]).toMatchObject({
      method: "PUT",
      path: "/api/users/profile/update/",
      body: { id: 3, first_name: "Asha R", last_name: "Patil", password: "Mustard-Seeds-77" },
      authorization: "Bearer access-1",
    });
    expect(store.getState().auth).toMatchObject({ access: "access-2", refresh: "refresh-2", user: renamed });
    expect(screen.getByLabelText("Password")).toHaveValue("");
  });

  it("leaves the password out when not changing it", async () => {
    const calls = fakeApi(() => ({ body: { access: "a", refresh: "r", user: aUser() } }));
    const { user } = renderProfile();
    await user.click(screen.getByRole("button", { name: "Update" }));
    await screen.findByText("Profile Updated");
    expect(calls[0]?.body).toEqual({ id: 3, first_name: "Asha", last_name: "Patil" });
  });
});
