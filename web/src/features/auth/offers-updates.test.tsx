import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { setLanguage } from "../../i18n/index.ts";
import { aUser, signedIn } from "../../testing/factories.ts";
import { fakeApi } from "../../testing/fake-api.ts";
import { renderApp } from "../../testing/render-app.tsx";
import { ProfileScreen } from "./profile-screen.tsx";

const PHONE = "+919876543210";

/** The profile (without My Orders), the notices' PUT answered with the account as changed. */
function renderProfile(account = aUser({ phone: PHONE })) {
  let offers = account.offers;
  const calls = fakeApi((call) => {
    offers = (call.body as { offers?: boolean }).offers ?? offers;
    return { body: { ...account, offers } };
  });
  return {
    ...renderApp(<ProfileScreen orders={null} />, { url: "/profile", path: "/profile", preloadedState: { auth: signedIn(account) } }),
    calls,
  };
}

describe("offers by SMS on the profile", () => {
  it("are off until the customer turns them on, and turn off again", async () => {
    const { user, store, calls } = renderProfile();
    const box = screen.getByRole("checkbox", { name: "Offers and a reminder of a cart left behind, by SMS" });
    expect(box).not.toBeChecked();
    expect(box).toHaveAccessibleDescription("Sent to +91 98765 43210 by SMS. Each message has a link to stop them.");
    await user.click(box);
    expect(await screen.findByText("Offers by SMS are on.")).toBeInTheDocument();
    expect(box).toBeChecked();
    expect(store.getState().auth.user?.offers).toBe(true);
    await user.click(box);
    expect(await screen.findByText("Offers by SMS are off.")).toBeInTheDocument();
    expect(calls.map((call) => [call.method, call.path, call.body])).toEqual([
      ["PUT", "/api/users/profile/notices/", { offers: true }],
      ["PUT", "/api/users/profile/notices/", { offers: false }],
    ]);
    // WhatsApp's box is its own.
    expect(screen.getByRole("checkbox", { name: "Order updates on WhatsApp" })).not.toBeChecked();
  });

  it("is not offered without a mobile number, and speaks Hindi", async () => {
    renderProfile(aUser());
    expect(screen.queryByRole("checkbox", { name: "Offers and a reminder of a cart left behind, by SMS" })).toBeNull();
    await setLanguage("hi");
    renderProfile(aUser({ phone: PHONE, offers: true }));
    expect(await screen.findByRole("checkbox", { name: "ऑफ़र और छूटी हुई कार्ट की याद, SMS से" })).toBeChecked();
  });
});
