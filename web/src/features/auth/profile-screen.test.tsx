import type { Order } from "@krishi/contract";
import { screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { anErrorBody, anOrder, aUser, signedIn } from "../../testing/factories.ts";
import { type FakeAnswer, type FakeCall, fakeApi } from "../../testing/fake-api.ts";
import { renderApp } from "../../testing/render-app.tsx";
import { MyOrders } from "../orders/index.ts";
import { ProfileScreen } from "./profile-screen.tsx";

const MY_ORDERS = "/api/orders/myorders/";

function renderProfile(account = aUser()) {
  return renderApp(<ProfileScreen orders={<MyOrders />} />, {
    url: "/profile",
    path: "/profile",
    preloadedState: { auth: signedIn(account) },
  });
}

const PHONE = "+919876543210";
/** A customer who signed up with a mobile number alone: no e-mail address, no password. */
const phoneOnly = aUser({ email: "", phone: PHONE, first_name: "Ramesh", last_name: "Patil", name: "Ramesh Patil" });

/** The fake API with My Orders answered (no orders unless given): the calls other than that one. */
function fakeProfileApi(answer: (call: FakeCall) => FakeAnswer, orders: Order[] = []): () => FakeCall[] {
  const calls = fakeApi((call) => (call.path === MY_ORDERS ? { body: orders } : answer(call)));
  return () => calls.filter((call) => call.path !== MY_ORDERS);
}

describe("ProfileScreen", () => {
  it("sends guests to sign in, coming back here", async () => {
    const { location } = renderApp(<ProfileScreen orders={<MyOrders />} />, { url: "/profile", path: "/profile" });
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
      ["42", "2026-11-20", "₹2,703.92", "2026-11-20", "✗Not delivered", "DetailsBuy again"],
      ["43", "2026-11-21", "₹118.20", "✗Not paid", "✗Not delivered", "DetailsBuy again"],
    ]);
    expect(screen.getByRole("link", { name: "Details of order 43" })).toHaveAttribute("href", "/order/43");
    expect(screen.getByRole("button", { name: "Buy again the items of order 43" })).toBeEnabled();
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

  it("lets a customer with a mobile number alone update the name, asking for no e-mail address or password", async () => {
    const calls = fakeProfileApi(() => ({ body: { access: "a", refresh: "r", user: phoneOnly } }));
    const { user } = renderProfile(phoneOnly);
    const form = screen.getByRole("button", { name: "Update" }).closest("form") as HTMLFormElement;
    expect(within(form).getByText("+91 98765 43210")).toBeInTheDocument();
    expect(within(form).queryByLabelText("Email Address")).not.toBeInTheDocument();
    expect(within(form).getByLabelText("Password")).not.toBeRequired();
    await user.click(within(form).getByRole("button", { name: "Update" }));
    await screen.findByText("Profile Updated");
    expect(calls()[0]?.body).toEqual({ id: 3, first_name: "Ramesh", last_name: "Patil" });
    await user.type(within(form).getByLabelText("Password"), "Mustard-Seeds-77");
    expect(await screen.findByLabelText("Current Password")).toHaveAccessibleDescription(
      "Leave it empty if you have never set a password.",
    );
  });

  it("asks to add an e-mail address to an account without one, and says where the link went (the account has it once it is opened)", async () => {
    const email = "ramesh.patil@example.in";
    // The server answers the user as it is: the address waits for its link.
    const calls = fakeProfileApi(() => ({ body: phoneOnly }));
    const { user, store } = renderProfile(phoneOnly);
    const section = screen.getByRole("region", { name: "E-mail address" });
    await user.type(within(section).getByLabelText("Email Address"), ` ${email} `);
    await user.click(within(section).getByRole("button", { name: "Add e-mail address" }));
    expect(await screen.findByText(`We sent a verification link to ${email}. Please open it to confirm your address.`)).toBeInTheDocument();
    expect(calls()).toEqual([{ method: "PUT", path: "/api/users/profile/email/", body: { email }, authorization: "Bearer access-1" }]);
    expect(store.getState().auth.user?.email).toBe("");
    expect(screen.queryByRole("button", { name: "Add e-mail address" })).not.toBeInTheDocument();
  });

  it("says under the field what is wrong with the address", async () => {
    const message = "Enter a valid email address.";
    fakeProfileApi(() => ({
      status: 400,
      body: anErrorBody("field_invalid", `email: ${message}`, { email: [{ code: "invalid_email", message }] }),
    }));
    const { user } = renderProfile(phoneOnly);
    await user.type(screen.getByLabelText("Email Address"), "asha.patil@example.in");
    await user.click(screen.getByRole("button", { name: "Add e-mail address" }));
    await vi.waitFor(() => expect(screen.getByLabelText("Email Address")).toHaveAccessibleDescription(message));
  });

  it("offers no e-mail form to an account that has an address", () => {
    fakeProfileApi(() => ({ status: 500 }));
    renderProfile(aUser({ phone: PHONE }));
    expect(screen.queryByRole("region", { name: "E-mail address" })).not.toBeInTheDocument();
  });

  it("adds a mobile number with its code, for the signed-in account", async () => {
    const calls = fakeProfileApi((call) =>
      call.path === "/api/users/otp/request/"
        ? { body: { detail: "sent", resend_after: 30, expires_in: 300 } }
        : { body: { user: aUser({ phone: PHONE }) } },
    );
    const { user, store } = renderProfile();
    const section = screen.getByRole("region", { name: "Mobile number" });
    expect(within(section).getByText("No mobile number yet")).toBeInTheDocument();
    expect(within(section).queryByRole("checkbox")).not.toBeInTheDocument();
    await user.click(within(section).getByRole("button", { name: "Add mobile number" }));
    await user.type(within(section).getByLabelText("Mobile number"), "98765-43210");
    await user.click(within(section).getByRole("button", { name: "Send code" }));
    await user.type(await within(section).findByLabelText("6-digit code"), "246810");
    // A name and the staff password are the sign-in's, not the profile's.
    expect(within(section).queryByLabelText("Your name")).not.toBeInTheDocument();
    await user.click(within(section).getByRole("button", { name: "Verify and save the number" }));
    expect(await within(section).findByText("Mobile number saved")).toBeInTheDocument();
    expect(within(section).getByText("+91 98765 43210")).toBeInTheDocument();
    expect(within(section).getByRole("button", { name: "Change mobile number" })).toHaveFocus();
    expect(calls()[1]).toEqual({
      method: "POST",
      path: "/api/users/otp/verify/",
      body: { phone: PHONE, code: "246810", language: "en" },
      authorization: "Bearer access-1",
    });
    expect(store.getState().auth.user?.phone).toBe(PHONE);
  });

  it("says when the number belongs to another account", async () => {
    fakeProfileApi((call) =>
      call.path === "/api/users/otp/request/"
        ? { body: { detail: "sent", resend_after: 30, expires_in: 300 } }
        : { status: 409, body: anErrorBody("phone_taken", "This mobile number belongs to another account.") },
    );
    const { user } = renderProfile(aUser({ phone: "+919812345678" }));
    await user.click(screen.getByRole("button", { name: "Change mobile number" }));
    await user.type(screen.getByRole("textbox", { name: "Mobile number" }), "9876543210");
    await user.click(screen.getByRole("button", { name: "Send code" }));
    await user.type(await screen.findByLabelText("6-digit code"), "246810");
    await user.click(screen.getByRole("button", { name: "Verify and save the number" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("This mobile number belongs to another account.");
    expect(screen.getByText("+91 98123 45678")).toBeInTheDocument();
  });

  it("turns order updates on WhatsApp on and off for the account's number", async () => {
    let whatsapp = false;
    const calls = fakeProfileApi((call) => {
      whatsapp = (call.body as { whatsapp: boolean }).whatsapp;
      return { body: aUser({ phone: PHONE, whatsapp }) };
    });
    const { user, store } = renderProfile(aUser({ phone: PHONE }));
    const box = screen.getByRole("checkbox", { name: "Order updates on WhatsApp" });
    expect(box).not.toBeChecked();
    expect(box).toHaveAccessibleDescription("Sent to +91 98765 43210 on WhatsApp.");
    await user.click(box);
    expect(await screen.findByText("WhatsApp updates are on.")).toBeInTheDocument();
    expect(box).toBeChecked();
    expect(store.getState().auth.user?.whatsapp).toBe(true);
    await user.click(box);
    expect(await screen.findByText("WhatsApp updates are off.")).toBeInTheDocument();
    expect(box).not.toBeChecked();
    expect(calls().map((call) => [call.method, call.path, call.body, call.authorization])).toEqual([
      ["PUT", "/api/users/profile/notices/", { whatsapp: true }, "Bearer access-1"],
      ["PUT", "/api/users/profile/notices/", { whatsapp: false }, "Bearer access-1"],
    ]);
  });
});
