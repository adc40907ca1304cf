import "@testing-library/jest-dom/vitest";
import { cleanup } from "@testing-library/react";
import { afterEach, vi } from "vitest";
import { i18n } from "../i18n/index.ts";

afterEach(() => {
  cleanup();
  if (i18n.locale !== "en") i18n.activate("en");
  localStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
