import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AUTH, bearer, RELAXED_LIMITS } from "../../testing/accounts.ts";
import { CartBrowser } from "../../testing/cart.ts";
import { makeProduct } from "../../testing/factories.ts";
import { useFakeMessaging } from "../../testing/fake-messaging.ts";
import { FakeOidcProvider } from "../../testing/fake-oidc.ts";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";

/**
 * Signing in by Google or by a mobile number's code takes the guest's cart into the account, as
 * signing in with a password does (cart.test.ts): the cart then follows the customer to another
 * device. Real local peers: a fake OpenID provider and a fake MSG91.
 */

const CLIENT = { clientId: "krishi-bazaar.apps.example", clientSecret: "fake-google-secret" };
const { msg91, env } = useFakeMessaging();
let google: FakeOidcProvider;
let t: TestApp;

beforeAll(async () => {
  google = await FakeOidcProvider.start(CLIENT);
  t = await createTestApp(
    {
      ...env(),
      SITE_URL: "http://shop.test",
      GOOGLE_ISSUER: google.issuer,
      GOOGLE_CLIENT_ID: CLIENT.clientId,
      GOOGLE_CLIENT_SECRET: CLIENT.clientSecret,
    },
    {},
    { rateLimit: { limits: RELAXED_LIMITS } },
  );
});
afterAll(async () => {
  await t.close();
  await google.stop();
});

/** A guest who put two bags of a new product in the cart. */
async function guestWithCart() {
  const product = await makeProduct(t.database.db, { stock: 10 });
  const phone = new CartBrowser(t.app);
  expect((await phone.add(product.id, 2)).statusCode).toBe(200);
  expect(phone.cookie).not.toBeNull();
  return { phone, product };
}

describe("signing in takes the guest's cart into the account", () => {
  it("with Google", async () => {
    const { phone, product } = await guestWithCart();
    const code = google.issueCode({ sub: "g-cart-1", email: "cart.google@example.in", email_verified: true });
    const res = await phone.send("POST", `${AUTH}/google/`, { code });
    expect(res.statusCode, res.body).toBe(200);
    expect(phone.cookie).toBeNull();
    const otherPhone = new CartBrowser(t.app, bearer(res.json().access));
    expect(await otherPhone.lines()).toEqual([{ product: product.id, variant: product.variants[0]?.id, qty: 2 }]);
  });

  it("with a mobile number's code", async () => {
    const { phone, product } = await guestWithCart();
    const number = "9876512345";
    expect((await phone.send("POST", "/api/users/otp/request/", { phone: number })).statusCode).toBe(200);
    const code = msg91.recipients.filter((r) => r.mobiles === `91${number}`).at(-1)?.var1;
    const res = await phone.send("POST", "/api/users/otp/verify/", { phone: number, code });
    expect(res.statusCode, res.body).toBe(200);
    expect(phone.cookie).toBeNull();
    const otherPhone = new CartBrowser(t.app, bearer(res.json().access));
    expect(await otherPhone.lines()).toEqual([{ product: product.id, variant: product.variants[0]?.id, qty: 2 }]);
  });

  it("a failed sign-in keeps the guest's cart the guest's", async () => {
    const { phone, product } = await guestWithCart();
    const res = await phone.send("POST", `${AUTH}/login/`, { email: "nobody@example.in", password: "Wrong-Password-1" });
    expect(res.statusCode).toBe(400);
    expect(phone.cookie).not.toBeNull();
    expect(await phone.lines()).toEqual([{ product: product.id, variant: product.variants[0]?.id, qty: 2 }]);
  });
});
