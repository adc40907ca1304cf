import type { Page } from "@playwright/test";
import { expect } from "./fixtures.ts";
import { test } from "./returning-visitor.ts";
import { addToCartAndViewCart, newCustomer, signIn, smsCode, smsTo, uniqueMobile, waitForHydration, watchConsole } from "./support.ts";

/**
 * Phone-first customers, on the shop with the India settings (playwright.config.ts: GST, Cash on
 * Delivery up to ₹5,000) and on a phone's 390 px screen. Codes are read from the SMS the shop's
 * sandbox writes to its DATA_DIR/outbox/sms/.
 */
test.use({ viewport: { width: 390, height: 844 } });

test.beforeEach(async ({ page }) => {
  await page.goto("/");
  await page.evaluate(() => localStorage.clear());
});

async function productId(page: Page, keyword: string): Promise<number> {
  const [product] = await (await page.request.get(`/api/products?keyword=${encodeURIComponent(keyword)}`)).json();
  return product._id;
}

/** Nothing wider than the screen: a 390 px phone never scrolls sideways. */
async function expectNoSidewaysScroll(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
}

test("a new shopper: product → Proceed To Checkout → mobile number and its SMS code → Cash on Delivery → the order, and its SMS", async ({
  page,
  baseURL,
  shop,
}) => {
  const mobile = uniqueMobile();
  const phone = `+91${mobile}`;
  const id = await productId(page, "Neem Oil 10000");

  // The product page is rendered by the server: its Share on WhatsApp link is the same once the
  // browser has taken it over (no hydration mismatch), and absolute on the shop's own address.
  const problems = watchConsole(page);
  await page.goto(`/product/${id}`);
  await waitForHydration(page);
  const share = page.getByRole("link", { name: "Share on WhatsApp (opens in a new tab)" });
  const href = await share.getAttribute("href");
  expect(href).toMatch(/^https:\/\/wa\.me\/\?text=/);
  const text = new URL(href as string).searchParams.get("text");
  expect(text).toMatch(/^Neem Oil .+\n₹[\d,]+\.\d\d\n/);
  expect(text).toMatch(new RegExp(`\n${baseURL}/product/${id}$`));
  const rendered = await (await page.request.get(`/product/${id}`)).text();
  expect(rendered).toContain(`href="${(href as string).replaceAll("&", "&amp;")}"`);
  await expect(share).toHaveAttribute("target", "_blank");
  expect(problems).toEqual([]);

  await addToCartAndViewCart(page);
  await expect(page.getByRole("button", { name: "Proceed To Checkout" })).toBeEnabled();
  await page.getByRole("button", { name: "Proceed To Checkout" }).click();
  await expect(page).toHaveURL(/\/login\?redirect=shipping$/);

  // The checkout's sign-in asks for the mobile number first.
  await expect(page.getByRole("button", { name: "Sign in with your e-mail address" })).toBeVisible();
  await page.getByRole("textbox", { name: "Mobile number" }).fill(mobile);
  await expect(page.getByRole("radio", { name: "SMS" })).toBeChecked();
  await page.getByRole("button", { name: "Send code" }).click();
  await expect(page.getByText(`We sent a 6-digit code by SMS to +91 ${mobile.slice(0, 5)} ${mobile.slice(5)}.`)).toBeVisible();
  await expect(page.getByRole("button", { name: /^Resend code in \d+ s$/ })).toBeDisabled();
  await expectNoSidewaysScroll(page);
  await page.getByLabel("6-digit code").fill(await smsCode(phone, shop.dataDir));
  await page.getByLabel("Your name").fill("Ramesh Patil");
  await page.getByRole("button", { name: "Verify and sign in" }).click();

  // Signed in as a new customer, the checkout goes on at Shipping, the number filled in.
  await expect(page).toHaveURL(/\/shipping$/);
  await expect(page.getByRole("alert").filter({ hasText: "Login successful" })).toBeVisible();
  await expect(page.getByLabel("Mobile number")).toHaveValue(mobile);
  await page.getByLabel("Label").fill(`Farm ${Date.now().toString(36)}`);
  await page.getByLabel("Address").fill("Survey No. 12, Hebbal");
  await page.getByLabel("Pin Code").fill("560001");
  await expect(page.getByLabel("State")).toHaveValue("Karnataka");
  await expect(page.getByLabel("City")).not.toHaveValue("");
  await page.getByRole("button", { name: "Continue" }).click();

  await expect(page).toHaveURL(/\/payment$/);
  await page.locator("label", { hasText: "Cash on Delivery" }).click();
  await expect(page.getByLabel("Cash on Delivery")).toBeChecked();
  await page.getByRole("button", { name: "Continue" }).click();

  await expect(page).toHaveURL(/\/placeorder$/);
  const updates = page.getByRole("checkbox", { name: "Send my order updates on WhatsApp" });
  await expect(updates).not.toBeChecked();
  await updates.check();
  await expect(page.getByText("WhatsApp updates are on.")).toBeVisible();
  await expectNoSidewaysScroll(page);
  await page.getByRole("button", { name: "Place Order" }).click();

  await expect(page).toHaveURL(/\/order\/\d+$/);
  const orderId = new URL(page.url()).pathname.split("/").at(-1) as string;
  await expect(page.getByText(/in cash on delivery/)).toBeVisible();
  const orderShare = new URL((await page.getByRole("link", { name: /Share on WhatsApp/ }).getAttribute("href")) as string);
  expect(orderShare.searchParams.get("text")).toBe(`Krishi Bazaar order ${orderId}\n${baseURL}/order/${orderId}`);
  await expectNoSidewaysScroll(page);

  // The account is the number's, opted in to WhatsApp; the order's SMS went to it.
  const account = await page.evaluate(() => JSON.parse(localStorage.getItem("userInfo") ?? "null"));
  expect(account).toMatchObject({ email: "", phone, whatsapp: true, first_name: "Ramesh", last_name: "Patil" });
  await expect
    .poll(() => smsTo(phone, shop.dataDir).map((message) => message.kind), { message: `the order's SMS to ${phone}` })
    .toContainEqual(expect.stringMatching(/^order_placed/));
});

test("a signed-in e-mail customer adds a mobile number on the profile with its SMS code", async ({ page, shop }) => {
  const { email, password } = await newCustomer(page, shop.dataDir);
  const mobile = uniqueMobile();
  const phone = `+91${mobile}`;
  const shown = `+91 ${mobile.slice(0, 5)} ${mobile.slice(5)}`;

  await signIn(page, email, password, "/login?redirect=/profile");
  await expect(page).toHaveURL(/\/profile$/);
  const section = page.getByRole("region", { name: "Mobile number" });
  await expect(section.getByText("No mobile number yet")).toBeVisible();
  await section.getByRole("button", { name: "Add mobile number" }).click();
  await section.getByRole("textbox", { name: "Mobile number" }).fill(mobile);
  await section.getByRole("button", { name: "Send code" }).click();
  await section.getByLabel("6-digit code").fill(await smsCode(phone, shop.dataDir));
  await section.getByRole("button", { name: "Verify and save the number" }).click();
  await expect(section.getByText("Mobile number saved")).toBeVisible();
  await expect(section.getByText(shown, { exact: true })).toBeVisible();
  await expectNoSidewaysScroll(page);

  await section.getByRole("checkbox", { name: "Order updates on WhatsApp" }).check();
  await expect(section.getByText("WhatsApp updates are on.")).toBeVisible();

  // The server keeps both: the number and the opt-in are there after a reload, and the e-mail address stays.
  await page.reload();
  await expect(page.getByRole("region", { name: "Mobile number" }).getByText(shown, { exact: true })).toBeVisible();
  await expect(page.getByRole("checkbox", { name: "Order updates on WhatsApp" })).toBeChecked();
  await expect(page.getByRole("region", { name: "E-mail address" })).toHaveCount(0);
  await expect
    .poll(() => page.evaluate(() => JSON.parse(localStorage.getItem("userInfo") ?? "null")))
    .toMatchObject({ email, phone, whatsapp: true });
});
