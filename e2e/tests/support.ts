import { randomBytes } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { type ConsoleMessage, expect, type Locator, type Page } from "@playwright/test";

export const CUSTOMER = { email: "customer@krishibazaar.in", password: "KrishiCustomer#2024" };
export const STAFF = { email: "staff@krishibazaar.in", password: "KrishiStaff#2024" };

interface Mail {
  to: string;
  subject: string;
  text: string;
  links: string[];
}

/** The newest link of the newest mail to `to` whose link matches `pattern` (waits for it); `shopDir`: the shop's DATA_DIR (the `shop` fixture's). */
export async function mailedLink(to: string, pattern: RegExp, shopDir: string): Promise<string> {
  const outbox = path.join(shopDir, "outbox");
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

/** A text message as the shop's sandbox writes it (DATA_DIR/outbox/sms/*.json): `params[0]` of an "otp" is the code. */
export interface TextMessage {
  to: string;
  kind: string;
  language: string;
  params: string[];
  text: string;
  sentAt: string;
}

/** The SMS the shop (its DATA_DIR) has sent to `to` (E.164) so far, oldest first. */
export function smsTo(to: string, shopDir: string): TextMessage[] {
  const dir = path.join(shopDir, "outbox", "sms");
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith(".json"))
    .map((name) => JSON.parse(readFileSync(path.join(dir, name), "utf8")) as TextMessage)
    .filter((message) => message.to === to)
    .sort((a, b) => a.sentAt.localeCompare(b.sentAt));
}

/** The code of the newest sign-in SMS to `to` (E.164), waiting for one. */
export async function smsCode(to: string, shopDir: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(
      () => {
        code = smsTo(to, shopDir).findLast((message) => message.kind === "otp")?.params[0];
        return code;
      },
      { message: `a sign-in code by SMS to ${to}`, timeout: 15_000 },
    )
    .toMatch(/^\d{6}$/);
  return code as string;
}

/** A new Indian mobile number for each run (10 digits from 9), so journeys never collide with earlier data. */
export function uniqueMobile(): string {
  return `9${String(Math.floor(Math.random() * 1e9)).padStart(9, "0")}`;
}

/** A new address for each run, so journeys never collide with earlier data. */
export function uniqueEmail(name: string): string {
  return `${name}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.in`;
}

/** Signs in with e-mail and password at `url`; on the way to checkout, where the mobile number comes first, after choosing the e-mail form. */
export async function signIn(page: Page, email: string, password: string, url = "/login"): Promise<void> {
  await page.goto(url);
  if (/[?&]redirect=\/?(shipping|payment|placeorder)\b/.test(url)) {
    await page.getByRole("button", { name: "Sign in with your e-mail address" }).click();
  }
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

/** A fresh verified customer (registered through the API, verified through the link mailed by the shop at `shopDir`). */
export async function newCustomer(page: Page, shopDir: string): Promise<{ email: string; password: string }> {
  const email = uniqueEmail("buyer");
  const password = "Kharif-Harvest-42!";
  expect(
    (
      await page.request.post("/api/users/dj-rest-auth/registration/", { data: { email, password1: password, password2: password } })
    ).status(),
  ).toBe(201);
  const key = new URL(await mailedLink(email, /account-confirm-email/, shopDir)).pathname.split("/").filter(Boolean).at(-1);
  expect((await page.request.post("/api/users/dj-rest-auth/registration/verify-email/", { data: { key } })).ok()).toBe(true);
  return { email, password };
}

/**
 * A PNG of random pixels (so it does not compress): `width × height × 3` bytes, about 1.4 MB at
 * 800 × 600 — large enough that a throttled upload shows its progress.
 */
export function noisyPng(width = 800, height = 600): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) rows.set(randomBytes(width * 3), y * (width * 3 + 1) + 1);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", zlib.deflateSync(rows, { level: 1 })),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

export interface FarmAddress {
  label: string;
  address: string;
  city: string;
  pin: string;
}

/** The product the shop's search finds first for a keyword (the demo catalogue's), as the API lists it. */
export async function firstProduct(page: Page, keyword: string): Promise<{ _id: number; name: string; images: unknown[] }> {
  const [product] = await (await page.request.get(`/api/products/?keyword=${encodeURIComponent(keyword)}`)).json();
  return product;
}

/**
 * On a product page (once hydrated): Add to Cart, which stays on the page and says "Added · View
 * cart", then View cart, ending on /cart.
 */
export async function addToCartAndViewCart(page: Page): Promise<void> {
  await waitForHydration(page);
  await page.getByRole("button", { name: "Add to Cart" }).click();
  await page.getByRole("status").getByRole("link", { name: "View cart" }).click();
  await expect(page).toHaveURL(/\/cart$/);
}

/**
 * Signed in: product page → `qty` in the cart → checkout with a new address, ending on /placeorder
 * (the caller checks the total and places the order). The default shop takes Razorpay only, so
 * Continue on Shipping goes straight to Place Order (no Payment step to choose on).
 */
export async function checkoutToPlaceOrder(page: Page, productId: number, qty: number, address: FarmAddress): Promise<void> {
  await page.goto(`/product/${productId}`);
  await page.getByLabel("Quantity", { exact: true }).selectOption(String(qty));
  await addToCartAndViewCart(page);
  await page.getByRole("button", { name: "Proceed To Checkout" }).click();
  await expect(page).toHaveURL(/\/shipping$/);
  await page.getByLabel("Label").fill(address.label);
  await page.getByLabel("Address").fill(address.address);
  await page.getByLabel("City").fill(address.city);
  await page.getByLabel("Pin Code").fill(address.pin);
  await page.getByLabel("Country").selectOption("India");
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(/\/placeorder$/);
}

/**
 * The India shop, from the cart: a new address at a farm near Nashik (Maharashtra, the seller's
 * own state: CGST + SGST), paid online through Razorpay, ending on /placeorder.
 */
export async function checkoutToNashik(page: Page): Promise<void> {
  await page.getByRole("button", { name: "Proceed To Checkout" }).click();
  await expect(page).toHaveURL(/\/shipping$/);
  await page.getByLabel("Label").fill("Farm");
  await page.getByLabel("Address").fill("Gat No. 17, Pimpalgaon");
  await page.getByLabel("Pin Code").fill("422001");
  await expect(page.getByLabel("State")).toHaveValue("Maharashtra");
  await expect(page.getByLabel("City")).not.toHaveValue("");
  await page.getByLabel("Mobile number").fill("98765 43210");
  await page.getByRole("button", { name: "Save address" }).click();
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(/\/payment$/);
  await page.locator("label", { hasText: "RazorPay" }).click();
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(/\/placeorder$/);
}

/** On an unpaid order's page: Pay Now → the sandbox's Pay → the order shows Paid. */
export async function payInSandbox(page: Page): Promise<void> {
  await page.getByRole("button", { name: "Pay Now" }).click();
  await page
    .getByRole("dialog")
    .getByRole("button", { name: /^Pay ₹/ })
    .click();
  await expect(page.getByText(/Paid on/)).toBeVisible();
}

/**
 * Every console error and warning and every uncaught error of the page, as they happen, for a
 * test to assert there were none. React's production build reports a hydration mismatch this
 * way (minified error #418, #419, #423, #425), so a server-rendered page that the browser does
 * not take over as it was sent shows up here. `expected` names a message the test causes on
 * purpose; keep it as narrow as the message.
 */
export function watchConsole(page: Page, expected: (message: ConsoleMessage) => boolean = () => false): string[] {
  const problems: string[] = [];
  page.on("console", (message) => {
    // Playwright's own note where it blocks the shop's service worker (playwright.config.ts).
    if (message.text().startsWith("Service Worker registration blocked by Playwright")) return;
    if ((message.type() === "error" || message.type() === "warning") && !expected(message)) {
      problems.push(`${message.type()}: ${message.text()} (${message.location().url})`);
    }
  });
  page.on("pageerror", (error) => problems.push(`uncaught: ${error.message}`));
  return problems;
}

/**
 * Waits until React has taken over the whole server-rendered page: every element under #root
 * (the embedded state aside) belongs to React's tree, lazily loaded screens included. React
 * marks the elements it owns with a `__reactFiber$…` property; nothing public says a page has
 * hydrated, and a page that looks ready may not answer clicks yet.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await expect
    .poll(
      () =>
        page.evaluate(() => {
          const owned = (node: Node) => Object.keys(node).some((key) => key.startsWith("__reactFiber$"));
          const elements = Array.from(document.getElementById("root")?.querySelectorAll("*") ?? []);
          return elements.length > 0 && elements.every((element) => element.id === "page-state" || owned(element));
        }),
      { message: "React owns every element of the page" },
    )
    .toBe(true);
}

/**
 * The tap rows of `scope` (WCAG 2.5.5: at least 44 px high): its text fields and selects, and the
 * labels of its checkboxes and radios (the label is what a thumb taps). `measured` counts them,
 * `short` names those lower than 44 px ("Damaged: 24 px").
 */
export async function tapRows(scope: Locator): Promise<{ measured: number; short: string[] }> {
  return scope.evaluate((root) => {
    const rows = Array.from(root.querySelectorAll<HTMLElement>(".form-control, .form-select, .form-check-label")).filter(
      (element) => element.getClientRects().length > 0,
    );
    const short = rows.flatMap((element) => {
      const height = element.getBoundingClientRect().height;
      const name = element.textContent?.trim() || element.getAttribute("aria-label") || element.id;
      return height < 44 ? [`${name}: ${Math.round(height)} px`] : [];
    });
    return { measured: rows.length, short };
  });
}
