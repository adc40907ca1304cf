import { act } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { chosenLanguage, currentLanguage, rememberLanguage, setLanguage } from "../i18n/index.ts";
import { aUser, signedIn } from "../testing/factories.ts";
import { fakeApi } from "../testing/fake-api.ts";
import { renderApp } from "../testing/render-app.tsx";
import { useLanguageSync } from "./language-sync.ts";

function Probe() {
  useLanguageSync();
  return null;
}

describe("useLanguageSync", () => {
  it("saves a switch of language to the signed-in customer's account", async () => {
    const calls = fakeApi(() => ({ body: aUser({ language: "hi" }) }));
    renderApp(<Probe />, { preloadedState: { auth: signedIn(aUser({ language: "en" })) } });
    expect(calls).toHaveLength(0);
    await act(() => setLanguage("hi"));
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toMatchObject({ method: "PUT", path: "/api/users/profile/language/", body: { language: "hi" } });
  });

  it("saves nothing for a guest", async () => {
    const calls = fakeApi(() => ({ body: {} }));
    renderApp(<Probe />);
    await act(() => setLanguage("hi"));
    expect(calls).toHaveLength(0);
  });

  it("takes the signed-in customer's language on a device where none was chosen, rather than overwriting it", async () => {
    const calls = fakeApi(() => ({ body: {} }));
    renderApp(<Probe />, { preloadedState: { auth: signedIn(aUser({ language: "hi" })) } });
    await vi.waitFor(() => expect(currentLanguage()).toBe("hi"));
    // Now the device's choice too: the next page opens in it.
    expect(chosenLanguage()).toBe("hi");
    expect(calls).toHaveLength(0);
  });

  it("tells the account the language chosen on this device when it differs", async () => {
    rememberLanguage("en");
    const calls = fakeApi(() => ({ body: aUser({ language: "en" }) }));
    renderApp(<Probe />, { preloadedState: { auth: signedIn(aUser({ language: "hi" })) } });
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toMatchObject({ method: "PUT", path: "/api/users/profile/language/", body: { language: "en" } });
    expect(currentLanguage()).toBe("en");
  });

  it("remembers the language a screen's address names, as a link from an SMS opens it", async () => {
    await setLanguage("hi");
    // biome-ignore lint/suspicious/noDocumentCookie: as a device that never chose
    document.cookie = "lang=; Path=/; Max-Age=0";
    renderApp(<Probe />, { url: "/order/7?lang=hi" });
    await vi.waitFor(() => expect(chosenLanguage()).toBe("hi"));
  });

  it("keeps a public page's address in the language shown, and drops another screen's once it is switched away from", async () => {
    const { location } = renderApp(<Probe />, { url: "/product/7?pack=3" });
    await act(() => setLanguage("hi"));
    await vi.waitFor(() => expect(location().search).toBe("?pack=3&lang=hi"));

    const order = renderApp(<Probe />, { url: "/order/7?lang=hi" });
    expect(order.location().search).toBe("?lang=hi");
    await act(() => setLanguage("en"));
    await vi.waitFor(() => expect(order.location().search).toBe(""));
  });
});
