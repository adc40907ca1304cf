import { act } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { setLanguage } from "../i18n/index.ts";
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
});
