import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, type Page } from "@playwright/test";

const outbox = path.join(process.env.E2E_DATA_DIR ?? "/tmp/kb-e2e", "outbox");

export const CUSTOMER = { email: "customer@krishibazaar.in", password: "KrishiCustomer#2024" };
export const STAFF = { email: "staff@krishibazaar.in", password: "KrishiStaff#2024" };

interface Mail {
  to: string;
  subject: string;
  text: string;
  links: string[];
}

/** The newest link of the newest mail to `to` whose link matches `pattern` (waits for it). */
export async function mailedLink(to: string, pattern: RegExp): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(
      () => {
        const mails = readdirSync(outbox, { withFileTypes: true })
          .filter((f) => f.isFile() && f.name.endsWith(".json"))
          .map((f) => JSON.parse(readFileSync(path.join(outbox, f.name), "utf8")) as Mail)
          .filter((m) => m.to.includes(to));
        found = mails.flatMap((m) => m.links).findLast((link) => pattern.test(link));
        return found;
      },
      { message: `a mail to ${to} with a link like ${pattern}`, timeout: 15_000 },
    )
    .toBeTruthy();
  return found as string;
}

/** A new address for each run, so journeys never collide with earlier data. */
export function uniqueEmail(name: string): string {
  return `${name}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.in`;
}

export async function signIn(page: Page, email: string, password: string, url = "/login"): Promise<void> {
  await page.goto(url);
  await page.getByLabel("Email Address").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Login successful" })).toBeVisible();
}

export async function signOut(page: Page, name: RegExp | string): Promise<void> {
  await page.getByRole("button", { name }).click();
  await page
    .getByRole("button", { name: "Logout" })
    .or(page.getByRole("menuitem", { name: "Logout" }))
    .click();
  await expect(page.getByRole("alert").filter({ hasText: "User Logged Out Successfully" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Login" })).toBeVisible();
}
