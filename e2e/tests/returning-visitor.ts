import type { BrowserContext } from "@playwright/test";
import { test as base } from "./fixtures.ts";

/**
 * The journeys' shopper is a returning visitor: a rendered page starts the app at once, as it does
 * for a browser that ran the app before (web/public/start-app.js reads `kb:app`). A journey that
 * clears the browser's storage is still one. first-visit.spec.ts takes the first visit, whose page
 * starts the app only when the shopper first touches it.
 */
export const test = base.extend({
  context: async ({ context }, use) => {
    await returning(context);
    await use(context);
  },
});

/** Makes a browser context of a journey's own (a second phone) a returning visitor too. */
export async function returning(context: BrowserContext): Promise<BrowserContext> {
  await context.addInitScript(() => {
    try {
      localStorage.setItem("kb:app", "1");
    } catch {
      // A page of no origin (about:blank) has no storage.
    }
  });
  return context;
}
