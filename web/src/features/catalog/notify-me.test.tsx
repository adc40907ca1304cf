import type { ErrorCode, Product, User } from "@krishi/contract";
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { catalogApi } from "../../base/catalog-api.ts";
import { setLanguage } from "../../i18n/index.ts";
import { anErrorBody, aProduct, aUser, aVariant, signedIn } from "../../testing/factories.ts";
import { type FakeAnswer, type FakeCall, fakeApi } from "../../testing/fake-api.ts";
import { renderApp } from "../../testing/render-app.tsx";
import { ProductScreen } from "./product-screen.tsx";

/** Urea: the 45 kg bag (default) sold out, the 10 kg bag in stock. */
const urea = aProduct({
  _id: 9,
  name: "Urea",
  nameHi: "यूरिया",
  variants: [aVariant({ id: 90, label: "45 kg", countInStock: 0 }), aVariant({ id: 91, label: "10 kg", countInStock: 8 })],
});
const ALERTS = "/api/products/9/notify/";

/** The product page, signed in or not, with the server's list of alerts kept by the fake. */
function renderProduct(
  product: Product,
  { signedInAs = aUser({ phone: "+919876543210" }) as User | null, search = "", refuse = null as ErrorCode | null } = {},
) {
  let asked: number[] = [];
  const calls = fakeApi((call: FakeCall): FakeAnswer => {
    if (call.path !== ALERTS) return { status: 404, body: anErrorBody("not_found", "Not found.") };
    const variant = (call.body as { variant: number } | null)?.variant ?? 0;
    if (call.method === "POST" && refuse) return { status: 409, body: anErrorBody(refuse, "Refused.") };
    if (call.method === "POST") asked = [...asked, variant];
    if (call.method === "DELETE") asked = asked.filter((id) => id !== variant);
    return { body: { variants: asked } };
  });
  const rendered = renderApp(<ProductScreen />, {
    url: `/product/${product._id}${search}`,
    path: "/product/:id",
    ...(signedInAs ? { preloadedState: { auth: signedIn(signedInAs) } } : {}),
    seed: (store) =>
      store.dispatch(catalogApi.util.upsertQueryEntries([{ endpointName: "getProduct", arg: String(product._id), value: product }])),
  });
  return { ...rendered, calls };
}

describe("Notify me", () => {
  it("asks to be told when the pack out of stock is back, says so, and cancels", async () => {
    const { user, calls } = renderProduct(urea);
    await user.click(await screen.findByRole("button", { name: "Notify me when it is back" }));
    expect(await screen.findByText("We will send you an SMS when this pack is back in stock.")).toHaveAttribute("role", "status");
    expect(calls.find((call) => call.method === "POST")).toMatchObject({
      path: ALERTS,
      body: { variant: 90 },
      authorization: "Bearer access-1",
    });
    await user.click(screen.getByRole("button", { name: "Cancel the alert" }));
    expect(await screen.findByRole("button", { name: "Notify me when it is back" })).toBeEnabled();
    expect(calls.filter((call) => call.method !== "GET").map((call) => [call.method, call.body])).toEqual([
      ["POST", { variant: 90 }],
      ["DELETE", { variant: 90 }],
    ]);
  });

  it("is not offered for a pack in stock: Add to Cart is", async () => {
    const { calls } = renderProduct(urea, { search: "?pack=91" });
    expect(await screen.findByRole("button", { name: "Add to Cart" })).toBeEnabled();
    expect(screen.queryByRole("button", { name: "Notify me when it is back" })).toBeNull();
    expect(calls).toEqual([]);
  });

  it("sends a shopper who is signed out to sign in first, and back to this pack", async () => {
    const soldOut = aProduct({
      ...urea,
      variants: [aVariant({ id: 90, label: "45 kg", countInStock: 3 }), aVariant({ id: 91, countInStock: 0 })],
    });
    const { calls } = renderProduct(soldOut, { signedInAs: null, search: "?pack=91" });
    const link = await screen.findByRole("link", { name: "Notify me when it is back" });
    expect(link).toHaveAttribute("href", `/login?redirect=${encodeURIComponent("/product/9?pack=91")}`);
    expect(calls).toEqual([]);
  });

  it("says a mobile number is needed, with a link to the profile to add one, in Hindi", async () => {
    await setLanguage("hi");
    const { user } = renderProduct(urea, { refuse: "phone_required" });
    await user.click(await screen.findByRole("button", { name: "वापस आने पर मुझे बताएँ" }));
    expect(await screen.findByText(/यह संदेश हम SMS से भेजते हैं: कृपया पहले अपनी प्रोफ़ाइल पर अपना मोबाइल नंबर जोड़ें।/)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "अपना मोबाइल नंबर जोड़ें" })).toHaveAttribute("href", "/profile");
  });
});
