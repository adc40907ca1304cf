import { expect } from "./fixtures.ts";
import { test } from "./returning-visitor.ts";
import { CUSTOMER, mailedLink, signIn, signOut, uniqueEmail } from "./support.ts";

test.beforeEach(async ({ page }) => {
  await page.goto("/");
  await page.evaluate(() => localStorage.clear());
});

test("register → verify the e-mail from the mail → sign in → review a product → sign out", async ({ page, shop }) => {
  const email = uniqueEmail("new.farmer");
  const password = "Paddy-Field-2024!";

  await page.goto("/register");
  await page.getByLabel("Email Address").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByLabel("Confirm Password").fill("something else");
  await page.getByRole("button", { name: "Register" }).click();
  await expect(page.getByText("Passwords do not match")).toBeVisible();

  await page.getByLabel("Confirm Password").fill(password);
  await page.getByRole("button", { name: "Register" }).click();
  await expect(page).toHaveURL(/\/login/);
  // Spec: the sign-in screen shows the registration's success detail.
  await expect(page.getByRole("status").filter({ hasText: "Verification e-mail sent." })).toBeVisible();

  // Signing in before verifying is refused with the server's reason.
  await page.getByLabel("Email Address").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page.getByText("E-mail is not verified.")).toBeVisible();

  const link = await mailedLink(email, /account-confirm-email/, shop.dataDir);
  await page.goto(new URL(link).pathname);
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByText("Your account has been verified")).toBeVisible();

  await signIn(page, email, password);
  const [product] = await (await page.request.get("/api/products?keyword=Garden%20Fork")).json();
  const comment = `Strong tines, good for compost (${email}).`;
  await page.goto(`/product/${product._id}`);
  await page.getByLabel("Rating").selectOption({ label: "4 - Very Good" });
  await page.getByLabel("Comment").fill(comment);
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByText("Review Submitted")).toBeVisible();
  await expect(page.getByText(comment)).toBeVisible();
  const count = product.numReviews + 1;
  await expect(page.getByText(count === 1 ? "1 review" : `${count} reviews`).first()).toBeVisible();

  // No second review: the form gives way to a note (the server refuses one anyway).
  await expect(page.getByText("You reviewed this product")).toBeVisible();
  await expect(page.getByLabel("Comment")).toHaveCount(0);

  await signOut(page, new RegExp(email.split("@")[0] as string));
  await expect(page.getByText("Please sign in to write a review")).toBeVisible();
});

test("forgot password → reset link from the mail → sign in with the new password", async ({ page, shop }) => {
  const email = uniqueEmail("forgetful");
  const first = "Monsoon-Rains-77!";
  const second = "Winter-Wheat-88!";
  // A verified account to forget the password of: register and verify through the API.
  expect(
    (await page.request.post("/api/users/dj-rest-auth/registration/", { data: { email, password1: first, password2: first } })).status(),
  ).toBe(201);
  const verify = new URL(await mailedLink(email, /account-confirm-email/, shop.dataDir)).pathname.split("/").filter(Boolean).at(-1);
  expect((await page.request.post("/api/users/dj-rest-auth/registration/verify-email/", { data: { key: verify } })).ok()).toBe(true);

  await page.goto("/login");
  await page.getByRole("link", { name: /Forgot/ }).click();
  await expect(page).toHaveURL(/\/reset\/password\/?$/);
  // The screen is lazy: until it shows, the sign-in form (with its own Email Address) is still there.
  await expect(page.getByRole("heading", { name: "Reset Password" })).toBeVisible();
  await page.getByLabel("Email Address").fill(email);
  await page.getByRole("button", { name: "Reset Password" }).click();
  await expect(page.getByText("Reset password success")).toBeVisible();

  const link = await mailedLink(email, /reset\/password\/confirm/, shop.dataDir);
  await page.goto(new URL(link).pathname);
  await page.getByLabel("New Password", { exact: true }).fill(second);
  await page.getByLabel("Confirm New Password").fill(second);
  await page.getByRole("button", { name: /Set|Reset|Change/ }).click();
  await expect(page.getByText("New password has been set")).toBeVisible();

  // The link works once; the old password no longer does; the new one does.
  const reuse = new URL(link).pathname.split("/").filter(Boolean);
  const [uid, token] = reuse.slice(-2);
  const again = await page.request.post("/api/users/dj-rest-auth/password/reset/confirm/", {
    data: { uid, token, new_password1: first, new_password2: first },
  });
  expect(again.status()).toBe(400);
  expect((await page.request.post("/api/users/dj-rest-auth/login/", { data: { email, password: first } })).status()).toBe(400);
  await signIn(page, email, second);
});

test("a Google code this tab did not ask for signs nobody in", async ({ page }) => {
  await page.goto("/login?code=4%2Fsomeone-elses-code&state=forged");
  await expect(page.getByText("Google sign-in could not be verified. Please try again.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Login" })).toBeVisible();
});

test("sign in with Google against the local OpenID provider", async ({ page }) => {
  await page.goto("/login");
  await page.getByRole("button", { name: "Sign in with Google" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Login successful" })).toBeVisible();
  await expect(page).not.toHaveURL(/code=/);
  await expect(page.getByRole("button", { name: /Google User/ })).toBeVisible();
});

test("a signed-in user reloads and stays signed in; the Admin menu is for staff only", async ({ page }) => {
  await signIn(page, CUSTOMER.email, CUSTOMER.password, "/login?redirect=/profile");
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole("heading", { name: "User Profile" })).toBeVisible();
  await page.reload();
  await expect(page.getByRole("heading", { name: "User Profile" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Login" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Admin" })).toHaveCount(0);
});

test("a guest is sent to sign in from guarded screens", async ({ page }) => {
  await page.goto("/change/password/");
  await expect(page).toHaveURL(/\/login\?redirect=/);
  await expect(page.getByRole("heading", { name: "Sign In" })).toBeVisible();
});
