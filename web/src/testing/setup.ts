import "@testing-library/jest-dom/vitest";
import { cleanup, configure } from "@testing-library/react";
import { afterEach, beforeAll, vi } from "vitest";
import { i18n, loadTexts } from "../i18n/index.ts";
import { loadErrorMessages } from "../lib/api-error.ts";

// As in a browser once the first page has loaded: errors are said by their codes' messages.
beforeAll(() => loadErrorMessages());
// The tests render screens without their routes, which would load their texts' areas: every
// area is in use (and loads with setLanguage("hi")).
beforeAll(() => loadTexts());

// findBy… and waitFor wait up to 5 s (Testing Library's default is 1 s): on a loaded 2-core CI
// machine a screen can take longer than that to settle, and the wait ends as soon as it has.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
  if (i18n.locale !== "en") i18n.activate("en");
  localStorage.clear();
  // The shopper's language, as setLanguage remembers it (web/src/i18n/index.ts).
  // biome-ignore lint/suspicious/noDocumentCookie: clearing the one cookie the app writes
  document.cookie = "lang=; Path=/; Max-Age=0";
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
