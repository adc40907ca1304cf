import type { Order } from "@krishi/contract";
import { screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { anErrorBody, anOrder, aUser, signedIn } from "../../testing/factories.ts";
import { type FakeAnswer, type FakeCall, fakeApi } from "../../testing/fake-api.ts";
import { renderApp } from "../../testing/render-app.tsx";
import { ProfileScreen } from "./profile-screen.tsx";

const MY_ORDERS = "/api/orders/myorders/";

function renderProfile() {
  return renderApp(<ProfileScreen />, { url: "/profile", path: "/profile", preloadedState: { auth: signedIn() } });
}

/** The fake API with My Orders answered (no orders unless given): the calls other than that one. */
function fakeProfileApi(answer: (call: FakeCall) => FakeAnswer, orders: Order[] = []): () => FakeCall[] {
  const calls = fakeApi((call) => (call.path === MY_ORDERS ? { body: orders } : answer(call)));
  return () => calls.filter((call) => call.path !== MY_ORDERS);
}

describe("ProfileScreen", () => {
  it("sends guests to sign in, coming back here", async () => {
    const { location } = renderApp(<ProfileScreen />, { url: "/profile", path: "/profile" });
    await vi.waitFor(() => expect(location().pathname + location().search).toBe("/login?redirect=/profile"));
  });

  it("shows the user's names, and My Orders with its columns", async () => {
    fakeProfileApi(() => ({ status: 500 }), [anOrder()]);
    renderProfile();
    expect(screen.getByRole("heading", { level: 1, name: "User Profile" })).toBeInTheDocument();
    expect(screen.getByLabelText("First Name")).toHaveValue("Asha");
    expect(screen.getByLabelText("Last Name")).toHaveValue("Patil");
    expect(screen.getByLabelText("First Name")).toBeRequired();
    expect(screen.getByLabelText("Password")).not.toBeRequired();
    expect(screen.getByRole("heading", { level: 2, name: "My Orders" })).toBeInTheDocument();
    const headers = within(await screen.findByRole("table")).getAllByRole("columnheader");
    expect(headers.map((th) => th.textContent)).toEqual(["ID", "Date", "Total", "Paid", "Delivered", "Details"]);
  });

  it("refuses differing passwords with 'Passwords do not match', without calling the server", async () => {
    const calls = fakeProfileApi(() => ({ status: 500 }));
    const { user } = renderProfile();
    await user.type(screen.getByLabelText("Password"), "Mustard-Seeds-77");
    await user.type(screen.getByLabelText("Confirm Password"), "Mustard-Seeds-78");
    await user.click(screen.getByRole("button", { name: "Update" }));
    expect(screen.getByText("Passwords do not match")).toBeInTheDocument();
    expect(calls()).toEqual([]);
  });

  it("updates the profile and keeps the fresh login info it answers", async () => {
    const renamed = aUser({ first_name: "Asha R", name: "Asha R Patil" });
    const calls = fakeProfileApi(() => ({ body: { access: "access-2", refresh: "refresh-2", user: renamed } }));
    const { user, store } = renderProfile();
    await user.clear(screen.getByLabelText("First Name"));
    await user.type(screen.getByLabelText("First Name"), "Asha R");
    await user.type(screen.getByLabelText("Password"), "Mustard-Seeds-77");
    await user.type(screen.getByLabelText("Confirm Password"), "Mustard-Seeds-77");
    await user.type(screen.getByLabelText("Current Password"), "Old-Mustard-11");
    await user.click(screen.getByRole("button", { name: "Update" }));
    expect(await screen.findByText("Profile Updated")).toBeInTheDocument();
    expect(calls()[0]).toMatchObject({
      method: "PUT",
      path: "/api/users/profile/update/",
      body: { id: 3, first_name: "Asha R", last_name: "Patil", password: "Mustard-Seeds-77", current_password: "Old-Mustard-11" },
      authorization: "Bearer access-1",
    });
    expect(store.getState().auth).toMatchObject({ access: "access-2", refresh: "refresh-2", user: renamed });
    expect(screen.getByLabelText("Password")).toHaveValue("");
  });

  it("asks for the current password only with a new one, and shows the server's answer under it", async () => {
    fakeProfileApi(() => ({
      status: 400,
      body: anErrorBody("current_password_wrong", "Your current password was entered incorrectly. Please enter it again.", {
        current_password: [
          { code: "current_password_wrong", message: "Your current password was entered incorrectly. Please enter it again." },
        ],
      }),
    }));
    const { user } = renderProfile();
    expect(screen.queryByLabelText("Current Password")).not.toBeInTheDocument();
    await user.type(screen.getByLabelText("Password"), "Mustard-Seeds-77");
    await user.type(screen.getByLabelText("Confirm Password"), "Mustard-Seeds-77");
    await user.type(await screen.findByLabelText("Current Password"), "Wrong-One-1");
    await user.click(screen.getByRole("button", { name: "Update" }));
    expect(await screen.findByText("Your current password was entered incorrectly. Please enter it again.")).toBeInTheDocument();
  });

  it("leaves the password out when not changing it", async () => {
    const calls = fakeProfileApi(() => ({ body: { access: "a", refresh: "r", user: aUser() } }));
    const { user } = renderProfile();
    await user.click(screen.getByRole("button", { name: "Update" }));
    await screen.findByText("Profile Updated");
    expect(calls()[0]?.body).toEqual({ id: 3, first_name: "Asha", last_name: "Patil" });
  });

  it("lists my orders: ID, date, total, paid and delivered dates or a red cross, and Details", async () => {
    const calls = fakeProfileApi(
      () => ({ status: 500 }),
      [
        anOrder({ _id: 42, createdAt: "2026-11-20T09:15:00.000Z", isPaid: true, paidAt: "2026-11-20T10:30:00.000Z" }),
        anOrder({ _id: 43, createdAt: "2026-11-21T18:00:00.000Z", totalPrice: "118.20" }),
      ],
    );
    renderProfile();
    const rows = within(await screen.findByRole("table"))
      .getAllByRole("row")
      .slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole("cell")
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ["42", "2026-11-20", "₹2,703.92", "2026-11-20", "✗Not delivered", "Details"],
      ["43", "2026-11-21", "₹118.20", "✗Not paid", "✗Not delivered", "Details"],
    ]);
    expect(screen.getByRole("link", { name: "Details of order 43" })).toHaveAttribute("href", "/order/43");
    expect(calls()).toEqual([]);
  });

  it("says when there are no orders yet", async () => {
    fakeProfileApi(() => ({ status: 500 }));
    renderProfile();
    expect(await screen.findByText("You have no orders yet.")).toBeInTheDocument();
    expect(screen.queryByRole("table")).toBeNull();
  });

  it("shows why My Orders could not be read", async () => {
    fakeApi(() => ({ status: 503, body: anErrorBody("database_unavailable", "The shop is resting. Try again soon.") }));
    renderProfile();
    expect(await screen.findByRole("alert")).toHaveTextContent("The shop is busy just now. Please try again in a moment.");
  });
});
