import type { APIRequestContext } from "@playwright/test";
import { expect } from "./fixtures.ts";
import { test } from "./returning-visitor.ts";
import { STAFF, smsCode, smsTo, uniqueMobile, waitForHydration } from "./support.ts";

/**
 * "Notify me" on a farmer's phone (390 px) in Hindi: a pack that is sold out offers it; the
 * farmer signs in with a mobile number on the way and asks; staff restock the pack, and the SMS
 * (in Hindi, with the product's Hindi address) is in the shop's sandbox outbox.
 */
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

interface Pack {
  id?: number;
  label: string;
  countInStock: number;
}

/**
 * Staff's product form (PUT /api/products/update/{id}/): cattle feed in a 45 kg bag (default) and a
 * 10 kg bag. Named so no other journey's search finds it: the journeys share the demo shop, and
 * "Urea {id}" came before the demo's urea in the search words' journey.
 */
async function saveFeed(request: APIRequestContext, staff: Record<string, string>, id: number, packs: [Pack, Pack]) {
  const answer = await request.put(`/api/products/update/${id}/`, {
    headers: staff,
    data: {
      name: `Cattle Feed ${id}`,
      nameHi: `पशु आहार ${id}`,
      price: "266.50",
      brand: "Amul",
      countInStock: packs[0].countInStock,
      category: "Animal Husbandry",
      description: "Balanced cattle feed pellets",
      variants: packs.map((pack, n) => ({
        ...(pack.id ? { id: pack.id } : {}),
        label: pack.label,
        sku: "",
        netQuantity: Number.parseFloat(pack.label),
        unit: "kg",
        price: n === 0 ? "266.50" : "70.00",
        mrp: n === 0 ? "266.50" : "70.00",
        countInStock: pack.countInStock,
        weightGrams: 0,
      })),
    },
  });
  expect(answer.status(), await answer.text()).toBe(200);
  return (await answer.json()) as { _id: number; variants: { id: number; label: string }[] };
}

test("a farmer asks to be told when a sold-out bag is back, in Hindi, and gets the SMS once staff restock it", async ({ page, shop }) => {
  const login = await page.request.post("/api/users/dj-rest-auth/login/", { data: STAFF });
  const staff = { Authorization: `Bearer ${(await login.json()).access}` };
  const sample = await page.request.post("/api/products/create/", { headers: staff });
  expect(sample.status()).toBe(201);
  const id = ((await sample.json()) as { _id: number })._id;
  const feed = await saveFeed(page.request, staff, id, [
    { label: "45 kg", countInStock: 0 },
    { label: "10 kg", countInStock: 6 },
  ]);
  const [big, small] = feed.variants as [{ id: number; label: string }, { id: number; label: string }];

  // Signed out, the sold-out bag offers Notify me: it signs in first, by mobile number.
  await page.goto(`/product/${id}?lang=hi`);
  await waitForHydration(page);
  await expect(page.getByRole("button", { name: "कार्ट में डालें" })).toBeDisabled();
  await page.getByRole("link", { name: "वापस आने पर मुझे बताएँ" }).click();
  await expect(page).toHaveURL(/\/login\?redirect=/);
  const mobile = uniqueMobile();
  const phone = `+91${mobile}`;
  const mobileField = page.getByRole("textbox", { name: "मोबाइल नंबर" });
  if (!(await mobileField.isVisible())) await page.getByRole("button", { name: "मोबाइल नंबर से आगे बढ़ें" }).click();
  await mobileField.fill(mobile);
  await page.getByRole("button", { name: "कोड भेजें" }).click();
  await page.getByLabel("6 अंकों का कोड").fill(await smsCode(phone, shop.dataDir));
  await page.getByLabel("आपका नाम").fill("रमेश पाटिल");
  await page.getByRole("button", { name: "पुष्टि करें और साइन इन करें" }).click();

  // Back on the bag's page, signed in: asked, and told so.
  await expect(page).toHaveURL(new RegExp(`/product/${id}`));
  await page.getByRole("button", { name: "वापस आने पर मुझे बताएँ" }).click();
  await expect(page.getByText("यह पैक फिर से स्टॉक में आने पर हम आपको SMS भेजेंगे।")).toBeVisible();
  await expect(page.getByRole("button", { name: "सूचना रद्द करें" })).toBeInViewport();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  expect(smsTo(phone, shop.dataDir).filter((message) => message.kind === "back_in_stock")).toEqual([]);

  // Staff restock the 45 kg bag: one SMS, in Hindi, with the product's Hindi address.
  await saveFeed(page.request, staff, id, [
    { id: big.id, label: "45 kg", countInStock: 20 },
    { id: small.id, label: "10 kg", countInStock: 6 },
  ]);
  await expect
    .poll(() => smsTo(phone, shop.dataDir).filter((message) => message.kind === "back_in_stock"), {
      message: `the back-in-stock SMS to ${phone}`,
      timeout: 20_000,
    })
    .toEqual([
      expect.objectContaining({
        language: "hi",
        text: expect.stringMatching(new RegExp(`^कृषि बाज़ार: पशु आहार ${id} · 45 kg फिर से स्टॉक में है। .+/product/${id}\\?lang=hi$`)),
      }),
    ]);

  // The request is over: the page offers Add to Cart for the bag now.
  await page.reload();
  await waitForHydration(page);
  await expect(page.getByRole("button", { name: "कार्ट में डालें" })).toBeEnabled();
});
