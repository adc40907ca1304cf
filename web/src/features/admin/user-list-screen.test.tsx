import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { anErrorBody, aStaffUser, aUser, signedIn } from "../../testing/factories.ts";
import { type FakeAnswer, type FakeCall, fakeApi } from "../../testing/fake-api.ts";
import { renderApp } from "../../testing/render-app.tsx";
import { UserListScreen } from "./user-list-screen.tsx";

const staff = aStaffUser();
const asha = aUser();
const PAGED = { "X-Total-Count": "2", "X-Page-Count": "1" };

function renderList(url = "/admin/userlist") {
  return renderApp(<UserListScreen />, { url, path: "/admin/userlist", preloadedState: { auth: signedIn(staff) } });
}

/** The user list answers `users`; other calls get `other`. */
function fakeUsers(other: (call: FakeCall) => FakeAnswer = () => ({ status: 500 })) {
  return fakeApi((call) => (call.method === "GET" ? { body: [staff, asha], headers: PAGED } : other(call)));
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("UserListScreen", () => {
  it("lets staff call a customer who signs in with a mobile number alone, with a tap", async () => {
    const ramesh = aUser({ _id: 8, email: "", phone: "+919812345678", name: "Ramesh Patil" });
    fakeApi(() => ({ body: [ramesh], headers: { "X-Total-Count": "1", "X-Page-Count": "1" } }));
    renderList();
    expect(await screen.findByRole("link", { name: "Call +91 98123 45678" })).toHaveAttribute("href", "tel:+919812345678");
    const cells = within(screen.getAllByRole("row")[1] as HTMLElement).getAllByRole("cell");
    expect(cells.map((cell) => cell.dataset.label)).toEqual(["ID", "NAME", "EMAIL", "ADMIN", undefined]);
  });

  it("lists users: ID, NAME, EMAIL, ADMIN (yes or no) and an edit link", async () => {
    const calls = fakeUsers();
    renderList();
    expect(await screen.findByRole("heading", { level: 1, name: "Users" })).toBeInTheDocument();
    const table = await screen.findByRole("table");
    expect(
      within(table)
        .getAllByRole("columnheader")
        .map((th) => th.textContent),
    ).toEqual(["ID", "NAME", "EMAIL", "ADMIN", "Actions"]);
    const rows = within(table).getAllByRole("row").slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole("cell")
          .slice(0, 4)
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ["1", "Ravi Kumar", "ravi@krishibazaar.in", "✓Yes"],
      ["3", "Asha Patil", "asha.patil@example.in", "✗No"],
    ]);
    expect(screen.getByRole("link", { name: "Edit Asha Patil" })).toHaveAttribute("href", "/admin/user/3/edit");
    expect(calls[0]).toMatchObject({ method: "GET", path: "/api/users/?page=1&page_size=50", authorization: "Bearer access-1" });
  });

  it("searches by name or e-mail through ?search=", async () => {
    const calls = fakeUsers();
    const { user, location } = renderList();
    await screen.findByRole("table");
    await user.type(screen.getByRole("searchbox", { name: "Search users" }), "asha{Enter}");
    await vi.waitFor(() => expect(calls.at(-1)?.path).toBe("/api/users/?search=asha&page=1&page_size=50"));
    expect(location().search).toBe("?search=asha");
  });

  it("reads the search and page from the address, and pages through the headers", async () => {
    const calls = fakeApi(() => ({ body: [asha], headers: { "X-Total-Count": "120", "X-Page-Count": "3" } }));
    renderList("/admin/userlist?search=patil&page=2");
    const pages = await screen.findByRole("navigation", { name: "Pages" });
    expect(within(pages).getByRole("link", { name: "Next page" })).toHaveAttribute("href", "/admin/userlist?search=patil&page=3");
    expect(within(pages).getByRole("link", { name: "Previous page" })).toHaveAttribute("href", "/admin/userlist?search=patil");
    expect(calls[0]?.path).toBe("/api/users/?search=patil&page=2&page_size=50");
  });

  it("deletes nobody when the confirmation is cancelled", async () => {
    const confirm = vi.spyOn(window, "confirm").mockReturnValue(false);
    const calls = fakeUsers();
    const { user } = renderList();
    await user.click(await screen.findByRole("button", { name: "Delete Asha Patil" }));
    expect(confirm).toHaveBeenCalledWith("Are you sure you want to delete this user?");
    expect(calls.filter((call) => call.method === "DELETE")).toEqual([]);
  });

  it("deletes a user after confirmation, then reads the list again", async () => {
    const confirm = vi.spyOn(window, "confirm").mockReturnValue(true);
    const calls = fakeUsers(() => ({ body: { detail: "User was deleted" } }));
    const { user } = renderList();
    await user.click(await screen.findByRole("button", { name: "Delete Asha Patil" }));
    expect(confirm).toHaveBeenCalledWith("Are you sure you want to delete this user?");
    await vi.waitFor(() => expect(calls.filter((call) => call.method === "GET")).toHaveLength(2));
    expect(calls.filter((call) => call.method === "DELETE")).toMatchObject([
      { path: "/api/users/delete/3/", authorization: "Bearer access-1" },
    ]);
  });

  it("shows the server's detail when a deletion is refused", async () => {
    vi.spyOn(window, "confirm").mockReturnValue(true);
    fakeUsers(() => ({
      status: 400,
      body: anErrorBody("self_delete", "You cannot delete your own account."),
    }));
    const { user } = renderList();
    await user.click(await screen.findByRole("button", { name: "Delete Ravi Kumar" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("You cannot delete your own account.");
  });

  it("says in plain words why the list cannot be read", async () => {
    fakeApi(() => ({ status: 403, body: anErrorBody("permission_denied", "You do not have permission to perform this action.") }));
    renderList();
    expect(await screen.findByRole("alert")).toHaveTextContent("You do not have permission to do this.");
  });
});
