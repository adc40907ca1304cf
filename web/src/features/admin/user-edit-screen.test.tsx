import { screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { anErrorBody, aStaffUser, aUser, signedIn } from "../../testing/factories.ts";
import { type FakeAnswer, type FakeCall, fakeApi } from "../../testing/fake-api.ts";
import { renderApp } from "../../testing/render-app.tsx";
import { UserEditScreen } from "./user-edit-screen.tsx";

const asha = aUser();

function renderEdit() {
  return renderApp(<UserEditScreen />, {
    url: "/admin/user/3/edit",
    path: "/admin/user/:id/edit",
    preloadedState: { auth: signedIn(aStaffUser()) },
  });
}

/** GET /api/users/3/ answers Asha; the update gets `update`. */
function fakeUserApi(update: (call: FakeCall) => FakeAnswer) {
  return fakeApi((call) => (call.method === "GET" ? { body: asha } : update(call)));
}

describe("UserEditScreen", () => {
  it("shows the user's names, e-mail and staff flag, and a Go Back link", async () => {
    const calls = fakeUserApi(() => ({ status: 500 }));
    renderEdit();
    expect(await screen.findByLabelText("First Name")).toHaveValue("Asha");
    expect(screen.getByRole("heading", { level: 1, name: "Edit User" })).toBeInTheDocument();
    expect(screen.getByLabelText("Last Name")).toHaveValue("Patil");
    expect(screen.getByLabelText("Email Address")).toHaveValue("asha.patil@example.in");
    expect(screen.getByRole("checkbox", { name: "Is Admin" })).not.toBeChecked();
    expect(screen.getByRole("link", { name: "Go Back" })).toHaveAttribute("href", "/admin/userlist");
    expect(calls[0]).toMatchObject({ method: "GET", path: "/api/users/3/", authorization: "Bearer access-1" });
  });

  it("sends the edited fields and goes back to the user list", async () => {
    const calls = fakeUserApi(() => ({ body: aUser({ first_name: "Asha R", isAdmin: true, is_staff: true }) }));
    const { user, location } = renderEdit();
    const firstName = await screen.findByLabelText("First Name");
    await user.clear(firstName);
    await user.type(firstName, "Asha R");
    await user.clear(screen.getByLabelText("Email Address"));
    await user.type(screen.getByLabelText("Email Address"), "asha@example.in");
    await user.click(screen.getByRole("checkbox", { name: "Is Admin" }));
    await user.click(screen.getByRole("button", { name: "Update" }));
    await vi.waitFor(() => expect(location().pathname).toBe("/admin/userlist"));
    expect(calls.find((call) => call.method === "PUT")).toMatchObject({
      path: "/api/users/update/3/",
      body: { _id: 3, first_name: "Asha R", last_name: "Patil", email: "asha@example.in", isAdmin: true },
      authorization: "Bearer access-1",
    });
  });

  it("saves a customer who signs in with a mobile number without an e-mail address, and shows the number to call", async () => {
    const farmer = aUser({ email: "", phone: "+919876543210", first_name: "", last_name: "", name: "+91 98765 43210" });
    const calls = fakeApi((call) => (call.method === "GET" ? { body: farmer } : { body: { ...farmer, first_name: "Ramesh" } }));
    const { user, location } = renderEdit();
    await user.type(await screen.findByLabelText("First Name"), "Ramesh");
    expect(screen.getByLabelText("Email Address")).not.toBeRequired();
    expect(screen.getByRole("link", { name: "+91 98765 43210" })).toHaveAttribute("href", "tel:+919876543210");
    await user.click(screen.getByRole("button", { name: "Update" }));
    await vi.waitFor(() => expect(location().pathname).toBe("/admin/userlist"));
    expect(calls.find((call) => call.method === "PUT")?.body).toMatchObject({ first_name: "Ramesh", email: "" });
  });

  it("shows a staff member's own new name in the session at once", async () => {
    const me = aStaffUser();
    fakeApi((call) => (call.method === "GET" ? { body: me } : { body: { ...me, first_name: "Ravindra", name: "Ravindra Kumar" } }));
    const { user, store } = renderApp(<UserEditScreen />, {
      url: "/admin/user/1/edit",
      path: "/admin/user/:id/edit",
      preloadedState: { auth: signedIn(me) },
    });
    const firstName = await screen.findByLabelText("First Name");
    await user.clear(firstName);
    await user.type(firstName, "Ravindra");
    await user.click(screen.getByRole("button", { name: "Update" }));
    await vi.waitFor(() => expect(store.getState().auth.user?.name).toBe("Ravindra Kumar"));
  });

  it("leaves the session alone when editing someone else", async () => {
    fakeUserApi(() => ({ body: aUser({ first_name: "Asha R", name: "Asha R Patil" }) }));
    const { user, store, location } = renderEdit();
    await user.click(await screen.findByRole("button", { name: "Update" }));
    await vi.waitFor(() => expect(location().pathname).toBe("/admin/userlist"));
    expect(store.getState().auth.user?.name).toBe("Ravi Kumar");
  });

  it("says beside the staff flag why it cannot be removed, and stays on the form", async () => {
    const detail = "You cannot remove your own staff status.";
    fakeUserApi(() => ({ status: 400, body: anErrorBody("self_demote", detail, { isAdmin: [{ code: "self_demote", message: detail }] }) }));
    const { user, location } = renderEdit();
    await user.click(await screen.findByRole("button", { name: "Update" }));
    expect(await screen.findByText("You cannot remove your own staff status.")).toBeInTheDocument();
    expect(screen.getByLabelText("Is Admin")).toHaveClass("is-invalid");
    expect(location().pathname).toBe("/admin/user/3/edit");
  });

  it("shows a refusal without a field in the red alert", async () => {
    fakeUserApi(() => ({ status: 403, body: anErrorBody("permission_denied", "You do not have permission to perform this action.") }));
    const { user, location } = renderEdit();
    await user.click(await screen.findByRole("button", { name: "Update" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("You do not have permission to do this.");
    expect(location().pathname).toBe("/admin/user/3/edit");
  });

  it("shows a field's messages under that field", async () => {
    fakeUserApi(() => ({
      status: 409,
      body: anErrorBody("email_taken", "A user with that email already exists.", {
        email: [{ code: "email_taken", message: "A user with that email already exists." }],
      }),
    }));
    const { user } = renderEdit();
    await user.click(await screen.findByRole("button", { name: "Update" }));
    expect(await screen.findByText("An account with this e-mail address already exists.")).toBeInTheDocument();
    expect(screen.getByLabelText("Email Address")).toHaveAttribute("aria-invalid", "true");
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });

  it("says so when the user cannot be found", async () => {
    fakeApi(() => ({ status: 404, body: anErrorBody("user_not_found", "Not found.") }));
    renderEdit();
    expect(await screen.findByRole("alert")).toHaveTextContent("We could not find this. It may have been removed.");
  });
});
