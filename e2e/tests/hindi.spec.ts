import { expect } from "./fixtures.ts";
import { test } from "./returning-visitor.ts";
import { STAFF, waitForHydration, watchConsole } from "./support.ts";

/**
 * The shop in Hindi says everything in Hindi: dates as Hindi readers write them (server-rendered
 * and taken over by the browser unchanged), and the forms' own messages instead of the browser's
 * English "Please fill out this field." bubble.
 */

test("a Hindi product page writes its review dates in Hindi, and the browser takes the page over unchanged", async ({ page }) => {
  const listed: { _id: number; numReviews: number }[] = await (await page.request.get("/api/products?page=1")).json();
  const reviewed = listed.find((product) => product.numReviews > 0);
  expect(reviewed, "a demo product with reviews").toBeDefined();
  const product = await (await page.request.get(`/api/products/${reviewed?._id}/`)).json();
  const createdAt: string = product.reviews[0].createdAt;
  // The day in India, as the hi-IN calendar writes it ("25 नव॰ 2026").
  const day = new Intl.DateTimeFormat("hi-IN", { day: "numeric", month: "short", year: "numeric", timeZone: "Asia/Kolkata" }).format(
    new Date(createdAt),
  );

  const problems = watchConsole(page);
  const served = await (await page.request.get(`/product/${product._id}?lang=hi`)).text();
  expect(served, "rendered by the server in Hindi").toContain(`>${day}</p>`);
  await page.goto(`/product/${product._id}?lang=hi`);
  await waitForHydration(page);
  const dates = page.locator(".review__date");
  await expect(dates.first()).toHaveText(day);
  for (const text of await dates.allTextContents()) expect(text).toMatch(/^\d{1,2} [\u0900-\u097F]+॰? \d{4}$/);
  expect(problems).toEqual([]);
});

test("a Hindi product page writes its packs' units and its label's values in Hindi, served and taken over unchanged", async ({ page }) => {
  // A product of its own (staff API): two packs, and a label given in English and Hindi.
  const login = await page.request.post("/api/users/dj-rest-auth/login/", { data: STAFF });
  const headers = { Authorization: `Bearer ${(await login.json()).access}` };
  const created = await (await page.request.post("/api/products/create/", { headers })).json();
  const pack = (label: string, netQuantity: number, price: string) => ({
    label,
    sku: "",
    netQuantity,
    unit: "kg",
    price,
    mrp: price,
    countInStock: 10,
    weightGrams: netQuantity * 1_020,
  });
  const update = await page.request.put(`/api/products/update/${created._id}/`, {
    headers,
    data: {
      // Not a name the search journeys look for (they expect the demo's urea first).
      name: `Nitrogen Granules ${Date.now().toString(36)}`,
      price: "55.00",
      brand: "IFFCO",
      countInStock: 10,
      category: "Fertilisers",
      description: "For the Hindi journey.",
      variants: [pack("1 kg", 1, "55.00"), pack("5 kg", 5, "265.00")],
      label: {
        kind: "general",
        genericName: "Urea (46% N)",
        genericNameHi: "यूरिया (46% नाइट्रोजन)",
        countryOfOrigin: "India",
        bestBefore: "24 months from manufacture",
        bestBeforeHi: "निर्माण से 24 महीने",
        customerCare: "Krishi Bazaar customer care, 1800 572 4455",
      },
    },
  });
  expect(update.ok(), await update.text()).toBe(true);

  const problems = watchConsole(page);
  const served = await (await page.request.get(`/product/${created._id}?lang=hi`)).text();
  for (const hindi of ["यूरिया (46% नाइट्रोजन)", "निर्माण से 24 महीने", "भारत", "5 किलो"]) expect(served, hindi).toContain(hindi);
  await page.goto(`/product/${created._id}?lang=hi`);
  await waitForHydration(page);
  await expect(page.getByRole("radio", { name: /^5 किलो/ })).toBeVisible();
  const details = page.getByRole("region", { name: "उत्पाद का विवरण" });
  await expect(details).toContainText("यूरिया (46% नाइट्रोजन)");
  await expect(details).toContainText("निर्माण से 24 महीने");
  await expect(details).not.toContainText("24 months");
  // No Hindi customer care given: the English stands.
  await expect(details).toContainText("Krishi Bazaar customer care, 1800 572 4455");
  await expect(details).not.toContainText(/\d kg\b/);
  expect(problems).toEqual([]);
  // Gone again, so the journeys after this one see the demo catalogue as it was.
  expect((await page.request.delete(`/api/products/delete/${created._id}/`, { headers })).ok()).toBe(true);
});

test("an empty Hindi sign-in form says what to fill in, in Hindi, not in the browser's bubble", async ({ page }) => {
  await page.goto("/login?lang=hi");
  await waitForHydration(page);
  const email = page.getByLabel("ई-मेल पता");
  const form = page.locator("form").filter({ has: email });
  expect(await form.evaluate((element) => (element as HTMLFormElement).noValidate)).toBe(true);
  const loads: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes("/login/")) loads.push(request.url());
  });
  await page.getByRole("button", { name: "साइन इन करें", exact: true }).click();
  await expect(email).toHaveAccessibleDescription("कृपया यह जानकारी भरें।");
  await expect(page.getByLabel("पासवर्ड", { exact: true })).toHaveAccessibleDescription("कृपया यह जानकारी भरें।");
  await expect(email).toBeFocused();
  // No bubble: the browser would show one only for a form it validates itself.
  expect(await form.evaluate((element) => (element as HTMLFormElement).checkValidity())).toBe(false);
  expect(await form.evaluate((element) => (element as HTMLFormElement).noValidate)).toBe(true);
  expect(loads, "nothing sent to the server").toEqual([]);
});
