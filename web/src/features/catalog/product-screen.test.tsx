import type { Product, PublicConfig } from "@krishi/contract";
import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { catalogApi } from "../../base/catalog-api.ts";
import { DEFAULT_CONFIG } from "../../base/config-api.ts";
import type { RootState } from "../../base/store.ts";
import { whatsappShareUrl } from "../../components/whatsapp-share.tsx";
import { setLanguage } from "../../i18n/index.ts";
import { aLabel, anErrorBody, aProduct, aUser, aVariant, signedIn } from "../../testing/factories.ts";
import { fakeApi } from "../../testing/fake-api.ts";
import { renderApp } from "../../testing/render-app.tsx";
import { ProductScreen } from "./product-screen.tsx";

function renderProduct(product: Product, preloadedState?: Partial<RootState>, config?: Partial<PublicConfig>, search = "") {
  return renderApp(<ProductScreen />, {
    url: `/product/${product._id}${search}`,
    path: "/product/:id",
    preloadedState,
    config,
    seed: (store) =>
      store.dispatch(catalogApi.util.upsertQueryEntries([{ endpointName: "getProduct", arg: String(product._id), value: product }])),
  });
}

describe("ProductScreen", () => {
  it("shares the product on WhatsApp: its name, price and address on the shop's site, in the page's language", async () => {
    const product = aProduct({ price: "266.50", nameHi: "संकर धान के बीज 10 किलो" });
    renderProduct(product, undefined, { siteUrl: "https://shop.krishi.test" });
    const share = await screen.findByRole("link", { name: "Share on WhatsApp (opens in a new tab)" });
    // The site's address, not the page's (jsdom's localhost): the server renders the same link.
    expect(share).toHaveAttribute("href", whatsappShareUrl("Hybrid paddy seeds 10 kg\n₹266.50\nhttps://shop.krishi.test/product/7"));
    expect(share).toHaveAttribute("target", "_blank");
    expect(share).toHaveAttribute("rel", "noopener");
    cleanup();

    await setLanguage("hi");
    renderProduct(product, undefined, { siteUrl: "https://shop.krishi.test" });
    expect(await screen.findByRole("link", { name: /व्हाट्सऐप पर शेयर करें/ })).toHaveAttribute(
      "href",
      whatsappShareUrl("संकर धान के बीज 10 किलो\n₹266.50\nhttps://shop.krishi.test/product/7?lang=hi"),
    );
  });

  it("adds the chosen quantity to the cart and stays on the page, saying so with a link to the cart", async () => {
    const { user, location, store } = renderProduct(aProduct());
    expect(await screen.findByRole("heading", { level: 1, name: "Hybrid paddy seeds 10 kg" })).toBeInTheDocument();
    expect(screen.getByText("In Stock")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Go Back" })).toHaveAttribute("href", "/");
    const status = within(screen.getByRole("region", { name: "Buy this product" })).getByRole("status");
    expect(status).toBeEmptyDOMElement();
    await user.selectOptions(screen.getByRole("combobox", { name: "Quantity" }), "3");
    await user.click(screen.getByRole("button", { name: "Add to Cart" }));
    expect(location().pathname).toBe("/product/7");
    expect(store.getState().cart.cartItems).toEqual([
      expect.objectContaining({ product: 7, variant: 70, variantLabel: "10 kg", price: "1249.50", qty: 3 }),
    ]);
    expect(status).toHaveTextContent("Added · View cart");
    expect(within(status).getByRole("link", { name: "View cart" })).toHaveAttribute("href", "/cart");
    // Another quantity is not what was added: the confirmation goes until it is added too.
    await user.selectOptions(screen.getByRole("combobox", { name: "Quantity" }), "2");
    expect(status).toBeEmptyDOMElement();
    await user.click(screen.getByRole("button", { name: "Add to Cart" }));
    expect(store.getState().cart.cartItems).toEqual([expect.objectContaining({ product: 7, variant: 70, qty: 2 })]);
    expect(status).toHaveTextContent("Added · View cart");
  });

  it("puts the default pack in place of a line saved before packs, and adds other packs beside it", async () => {
    const old = { product: 7, name: "Hybrid paddy seeds 10 kg", image: "", price: "1200.00", countInStock: 5, qty: 1 };
    const { user, store } = renderProduct(aProduct(), { cart: { cartItems: [old], shippingAddress: null, paymentMethod: null } });
    await user.click(await screen.findByRole("button", { name: "Add to Cart" }));
    expect(store.getState().cart.cartItems).toEqual([expect.objectContaining({ product: 7, variant: 70, price: "1249.50", qty: 1 })]);
  });

  it("cannot add a product that is out of stock", async () => {
    renderProduct(aProduct({ countInStock: 0 }));
    expect(await screen.findByText("Out of Stock")).toBeInTheDocument();
    expect(screen.queryByRole("combobox", { name: "Quantity" })).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Add to Cart" })).toBeDisabled();
  });

  it("lists reviews with their date, and asks guests to sign in to write one", async () => {
    renderProduct(
      aProduct({
        reviews: [{ user: 9, _id: 1, name: "Asha Patil", rating: 4, comment: "Good germination.", createdAt: "2024-07-15T08:30:00Z" }],
      }),
    );
    expect(await screen.findByText("Asha Patil")).toBeInTheDocument();
    expect(screen.getByText("2024-07-15")).toBeInTheDocument();
    expect(screen.queryByText("No Reviews")).not.toBeInTheDocument();
    expect(screen.getByRole("link", { name: "sign in" })).toHaveAttribute("href", "/login?redirect=/product/7");
  });

  it("says No Reviews when there are none", async () => {
    renderProduct(aProduct());
    expect(await screen.findByText("No Reviews")).toBeInTheDocument();
  });

  it("switches the main image from a thumbnail", async () => {
    const images = [1, 2, 3].map((id) => ({ id, image: `images/paddy-${id}.webp` }));
    const { user } = renderProduct(aProduct({ images }));
    await user.click(await screen.findByRole("button", { name: "Show image 3" }));
    expect(screen.getByRole("img", { name: /image 3 of 3/ })).toHaveAttribute("src", "/media/paddy-3.webp");
    expect(screen.getByRole("button", { name: "Show image 3" })).toHaveAttribute("aria-pressed", "true");
  });
});

describe("ProductScreen gallery", () => {
  // jsdom has no modal dialogs: they open and close here as in a browser (Escape closes the open one,
  // wherever the focus is; closing fires "close").
  beforeAll(() => {
    document.addEventListener("keydown", (event) => {
      if (event.key === "Escape") document.querySelector<HTMLDialogElement>("dialog[open]")?.close();
    });
    HTMLDialogElement.prototype.showModal = function (this: HTMLDialogElement) {
      this.setAttribute("open", "");
      this.querySelector<HTMLElement>("button")?.focus();
    };
    HTMLDialogElement.prototype.close = function (this: HTMLDialogElement) {
      if (!this.hasAttribute("open")) return;
      this.removeAttribute("open");
      this.dispatchEvent(new Event("close"));
    };
  });

  const images = [1, 2, 3].map((id) => ({ id, image: `images/paddy-${id}.webp` }));
  const mainImage = () => screen.getByRole("img", { name: /^Hybrid paddy seeds 10 kg, image \d of 3$/ });
  const swipe = (from: number, to: number, pointerType = "touch", dy = 0) => {
    const stage = mainImage().parentElement as HTMLElement;
    fireEvent.pointerDown(stage, { pointerId: 1, pointerType, isPrimary: true, clientX: from, clientY: 200 });
    fireEvent.pointerUp(stage, { pointerId: 1, pointerType, isPrimary: true, clientX: to, clientY: 200 + dy });
  };

  it("keeps the first image the page's main one: fetched first, at high priority", async () => {
    renderProduct(aProduct({ images }));
    const image = await screen.findByRole("img", { name: "Hybrid paddy seeds 10 kg, image 1 of 3" });
    expect(image).toHaveAttribute("loading", "eager");
    expect(image).toHaveAttribute("fetchpriority", "high");
  });

  it("shows the next image on a swipe to the left and the previous one on a swipe to the right, not past the ends", async () => {
    renderProduct(aProduct({ images }));
    await screen.findByRole("img", { name: /image 1 of 3/ });
    swipe(300, 200);
    expect(mainImage()).toHaveAccessibleName("Hybrid paddy seeds 10 kg, image 2 of 3");
    expect(screen.getByRole("button", { name: "Show image 2" })).toHaveAttribute("aria-pressed", "true");
    swipe(300, 100);
    swipe(300, 100);
    expect(mainImage()).toHaveAttribute("src", "/media/paddy-3.webp");
    swipe(100, 300);
    expect(mainImage()).toHaveAccessibleName("Hybrid paddy seeds 10 kg, image 2 of 3");
    // No dialog opened by the swipes.
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });

  it("takes a short or mostly vertical move, or a mouse's drag, for no swipe", async () => {
    renderProduct(aProduct({ images }));
    await screen.findByRole("img", { name: /image 1 of 3/ });
    swipe(300, 270);
    swipe(300, 200, "touch", 120);
    swipe(300, 100, "mouse");
    expect(mainImage()).toHaveAccessibleName("Hybrid paddy seeds 10 kg, image 1 of 3");
  });

  it("moves between the images with the arrow keys on the thumbnails, the focus following", async () => {
    const { user } = renderProduct(aProduct({ images }));
    (await screen.findByRole("button", { name: "Show image 1" })).focus();
    await user.keyboard("{ArrowRight}{ArrowRight}");
    expect(mainImage()).toHaveAccessibleName("Hybrid paddy seeds 10 kg, image 3 of 3");
    expect(screen.getByRole("button", { name: "Show image 3" })).toHaveFocus();
    await user.keyboard("{ArrowLeft}");
    expect(screen.getByRole("button", { name: "Show image 2" })).toHaveFocus();
    expect(screen.getByRole("button", { name: "Show image 2" })).toHaveAttribute("aria-pressed", "true");
  });

  it("enlarges the image full screen, goes between the images there, and gives the focus back when Escape closes it", async () => {
    const { user } = renderProduct(aProduct({ images }));
    const enlarge = await screen.findByRole("button", { name: "Enlarge image" });
    await user.click(enlarge);
    const dialog = await screen.findByRole("dialog", { name: "Hybrid paddy seeds 10 kg" });
    expect(within(dialog).getByRole("img", { name: /image 1 of 3/ })).toHaveAttribute("src", "/media/paddy-1.webp");
    expect(within(dialog).getByRole("button", { name: "Previous image" })).toBeDisabled();
    await user.click(within(dialog).getByRole("button", { name: "Next image" }));
    expect(within(dialog).getByRole("img", { name: /image 2 of 3/ })).toHaveAttribute("src", "/media/paddy-2.webp");
    await user.keyboard("{ArrowRight}");
    expect(within(dialog).getByRole("img", { name: /image 3 of 3/ })).toBeInTheDocument();
    expect(within(dialog).getByRole("button", { name: "Next image" })).toBeDisabled();
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    await waitFor(() => expect(enlarge).toHaveFocus());
    // The page shows the image last seen.
    expect(mainImage()).toHaveAccessibleName("Hybrid paddy seeds 10 kg, image 3 of 3");
  });

  it("enlarges on a touch's tap read from its pointer events, and the click that follows it does not close it at once", async () => {
    renderProduct(aProduct({ images }));
    await screen.findByRole("img", { name: /image 1 of 3/ });
    swipe(200, 204);
    const dialog = await screen.findByRole("dialog");
    // The browser's click after the tap, made where the dialog now is: no press began there.
    fireEvent.click(within(dialog).getByRole("img"));
    expect(screen.getByRole("dialog")).toBeInTheDocument();
    const picture = within(dialog).getByRole("img").parentElement as HTMLElement;
    fireEvent.pointerDown(picture, { pointerId: 2, pointerType: "touch", isPrimary: true, clientX: 100, clientY: 100 });
    fireEvent.pointerUp(picture, { pointerId: 2, pointerType: "touch", isPrimary: true, clientX: 102, clientY: 101 });
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });

  it("enlarges on a tap on the image, and closes on a tap or the close button", async () => {
    const { user } = renderProduct(aProduct({ images }));
    await user.click(await screen.findByRole("img", { name: /image 1 of 3/ }));
    const dialog = await screen.findByRole("dialog");
    await user.click(within(dialog).getByRole("img"));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    await user.click(mainImage());
    await user.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Close" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });
});

describe("ProductScreen details", () => {
  it("shows the name, brand, rating, price once and the description", async () => {
    renderProduct(aProduct());
    expect(await screen.findByRole("heading", { level: 1, name: "Hybrid paddy seeds 10 kg" })).toBeInTheDocument();
    expect(screen.getByText("Brand: Kisan Gold")).toBeInTheDocument();
    expect(screen.getByText("12 reviews")).toBeInTheDocument();
    // Once as the price, once as the MRP of the product's details (and a copy in the buying bar, hidden from screen readers).
    expect(screen.getAllByText("₹1,249.50")).toHaveLength(3);
    expect(screen.getAllByText("₹1,249.50", { ignore: "[aria-hidden] *" })).toHaveLength(2);
    expect(within(screen.getByRole("region", { name: "Product details" })).getByText("₹1,249.50")).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Description" })).toBeInTheDocument();
    expect(screen.getByText("High-yield paddy for kharif sowing.")).toBeInTheDocument();
  });

  it("says how many are left when the stock is low (5 or fewer)", async () => {
    const { unmount } = renderProduct(aProduct({ countInStock: 3 }));
    expect(await screen.findByText("Only 3 left")).toBeInTheDocument();
    expect(screen.getByText("In Stock")).toBeInTheDocument();
    unmount();
    renderProduct(aProduct({ countInStock: 6 }));
    expect(await screen.findByText("In Stock")).toBeInTheDocument();
    expect(screen.queryByText(/^Only/)).not.toBeInTheDocument();
  });

  it("keeps the quantity and Add to Cart in the buying bar (fixed to the bottom on phones)", async () => {
    renderProduct(aProduct());
    const bar = await screen.findByRole("region", { name: "Buy this product" });
    expect(bar).toHaveClass("buy-bar");
    expect(within(bar).getByRole("combobox", { name: "Quantity" })).toBeInTheDocument();
    expect(within(bar).getByRole("button", { name: "Add to Cart" })).toHaveClass("btn-accent");
    expect(screen.getAllByRole("button", { name: "Add to Cart" })).toHaveLength(1);
  });

  it("says so, rather than quietly lowering it, when the stock falls below the chosen quantity", async () => {
    const { user, store } = renderProduct(aProduct({ countInStock: 5 }));
    await user.selectOptions(await screen.findByRole("combobox", { name: "Quantity" }), "5");
    act(() => {
      store.dispatch(catalogApi.util.upsertQueryEntries([{ endpointName: "getProduct", arg: "7", value: aProduct({ countInStock: 3 }) }]));
    });
    const quantity = screen.getByRole("combobox", { name: "Quantity" });
    expect(await screen.findByRole("alert")).toHaveTextContent("Only 3 available: choose fewer");
    expect(quantity).toHaveValue("5");
    expect(quantity).toBeInvalid();
    expect(quantity).toHaveAccessibleDescription("Only 3 available: choose fewer");
    expect(screen.getByRole("button", { name: "Add to Cart" })).toBeDisabled();
    await user.selectOptions(quantity, "3");
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Add to Cart" })).toBeEnabled();
  });

  it("gives every thumbnail its image size", async () => {
    const images = Array.from({ length: 12 }, (_, i) => ({ id: i + 1, image: `images/sprayer-${i + 1}.webp` }));
    renderProduct(aProduct({ images }));
    const thumb = (await screen.findByRole("button", { name: "Show image 1" })).querySelector("img");
    expect(thumb).toHaveAttribute("width", "25");
    expect(thumb).toHaveAttribute("height", "20");
  });

  it("speaks Hindi: the product's Hindi name and description, and the page's texts", async () => {
    await setLanguage("hi");
    renderProduct(aProduct({ nameHi: "संकर धान के बीज 10 किलो", descriptionHi: "ख़रीफ़ बुवाई के लिए अधिक उपज वाला धान।", countInStock: 2 }));
    expect(await screen.findByRole("heading", { level: 1, name: "संकर धान के बीज 10 किलो" })).toBeInTheDocument();
    expect(screen.getByText("ख़रीफ़ बुवाई के लिए अधिक उपज वाला धान।")).toBeInTheDocument();
    expect(screen.getByText("केवल 2 बचे हैं")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "कार्ट में डालें" })).toBeEnabled();
    expect(screen.getByRole("link", { name: "साइन इन करें" })).toHaveAttribute("href", "/login?redirect=/product/7");
    expect(screen.getByText(/समीक्षा लिखने के लिए कृपया/)).toBeInTheDocument();
  });
});

/** Paddy seed in two packs: 1 kg (the default) under its MRP, and 5 kg at its MRP with little stock. */
const seed = aProduct({
  name: "Paddy seed",
  variants: [
    aVariant({ id: 71, label: "1 kg", netQuantity: 1, price: "270.00", mrp: "300.00", countInStock: 40 }),
    aVariant({ id: 72, label: "5 kg", netQuantity: 5000, unit: "g", price: "1250.00", mrp: "1250.00", countInStock: 2 }),
  ],
});

describe("ProductScreen packs", () => {
  it("shows the chosen pack's price in the buying bar, with its MRP struck through when it sells for less", async () => {
    const { user } = renderProduct(seed);
    const bar = await screen.findByRole("region", { name: "Buy this product" });
    const price = bar.querySelector(".buy-bar__price");
    expect(price).toHaveAttribute("aria-hidden", "true");
    expect(price).toHaveTextContent("₹270.00₹300.00");
    expect(price?.querySelector("s")).toHaveTextContent("₹300.00");
    await user.click(screen.getByRole("radio", { name: /^5 kg/ }));
    expect(price).toHaveTextContent(/^₹1,250\.00$/);
    expect(price?.querySelector("s")).toBeNull();
  });

  it("offers each pack with its price, MRP, saving and price per kg; the pack chosen sets the price, stock, link and Add to Cart", async () => {
    const { user, location, store } = renderProduct(seed);
    const chooser = await screen.findByRole("group", { name: "Choose a pack" });
    const small = within(chooser).getByRole("radio", { name: /^1 kg/ });
    const big = within(chooser).getByRole("radio", { name: /^5 kg/ });
    expect(small).toBeChecked();
    expect(small.closest("label")).toHaveTextContent("1 kg₹270.00MRP ₹300.00 Save ₹30.00 (10%)(₹270.00/kg)");
    expect(big.closest("label")).toHaveTextContent("5 kg₹1,250.00(₹250.00/kg)");
    expect(screen.getByText("In Stock")).toBeInTheDocument();

    await user.click(big);
    expect(big).toBeChecked();
    expect(location().search).toBe("?pack=72");
    expect(screen.getByText("Only 2 left")).toBeInTheDocument();
    expect(within(screen.getByRole("combobox", { name: "Quantity" })).getAllByRole("option")).toHaveLength(2);
    expect(within(screen.getByRole("region", { name: "Product details" })).getByText("5000 g")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Add to Cart" }));
    expect(store.getState().cart.cartItems).toEqual([expect.objectContaining({ product: 7, variant: 72, variantLabel: "5 kg", qty: 1 })]);
    expect(location().search).toBe("?pack=72");
  });

  it("moves between packs with the arrow keys, and back to the product's own address for the default pack", async () => {
    const { user, location } = renderProduct(seed, undefined, undefined, "?pack=72&lang=en");
    const big = await screen.findByRole("radio", { name: /^5 kg/ });
    expect(big).toBeChecked();
    big.focus();
    await user.keyboard("{ArrowUp}");
    expect(screen.getByRole("radio", { name: /^1 kg/ })).toBeChecked();
    expect(location().search).toBe("?lang=en");
  });

  it("opens the pack a shared link names, and the default pack for a pack it does not sell", async () => {
    const { unmount } = renderProduct(seed, undefined, { siteUrl: "https://shop.krishi.test" }, "?pack=72");
    expect(await screen.findByRole("radio", { name: /^5 kg/ })).toBeChecked();
    expect(screen.getByRole("link", { name: "Share on WhatsApp (opens in a new tab)" })).toHaveAttribute(
      "href",
      whatsappShareUrl("Paddy seed · 5 kg\n₹1,250.00\nhttps://shop.krishi.test/product/7?pack=72"),
    );
    unmount();
    renderProduct(seed, undefined, undefined, "?pack=99");
    expect(await screen.findByRole("radio", { name: /^1 kg/ })).toBeChecked();
  });

  it("shows the one pack of a product by its label, with nothing to choose", async () => {
    renderProduct(aProduct({ variants: [aVariant({ label: "45 kg", netQuantity: 45, price: "266.50", mrp: "266.50" })] }));
    expect(await screen.findByText("Pack: 45 kg")).toBeInTheDocument();
    expect(screen.queryByRole("radio")).not.toBeInTheDocument();
    expect(screen.getByText("(₹5.92/kg)")).toBeInTheDocument();
  });
});

describe("ProductScreen label", () => {
  /** The rows of "Product details": [name, value]. */
  function details(heading = "Product details"): [string, string][] {
    const list = screen.getByRole("region", { name: heading });
    return [...list.querySelectorAll("dt")].map((dt) => [dt.textContent ?? "", dt.nextElementSibling?.textContent ?? ""]);
  }

  it("lists a seed's label: the chosen pack's quantity and prices, the maker, and the seed's variety, lot and test", async () => {
    const label = aLabel({
      kind: "seed",
      genericName: "Paddy seed",
      manufacturer: "Kisan Seeds Ltd",
      manufacturerAddress: "MIDC, Jalna, Maharashtra",
      countryOfOrigin: "India",
      customerCare: "1800 120 4455, care@kisanseeds.in",
      seedVariety: "IR-64",
      seedLot: "L-2026-118",
      germinationPercent: 85,
      seedTestDate: "2026-09-14",
      cibrcNumber: "left from before",
    });
    renderProduct({ ...seed, label });
    await screen.findByRole("heading", { name: "Product details" });
    expect(details()).toEqual([
      ["Generic name", "Paddy seed"],
      ["Net quantity", "1 kg"],
      ["MRP (tax added at checkout)", "₹300.00"],
      ["Unit sale price", "₹270.00/kg"],
      ["Manufacturer or packer", "Kisan Seeds Ltd, MIDC, Jalna, Maharashtra"],
      ["Country of origin", "India"],
      ["Variety", "IR-64"],
      ["Lot number", "L-2026-118"],
      ["Germination", "85%"],
      ["Date of test", "2026-09-14"],
      ["Customer care", "1800 120 4455, care@kisanseeds.in"],
    ]);
  });

  it("lists a pesticide's CIB&RC number and its best-before, in Hindi too", async () => {
    const pesticide = aProduct({
      label: aLabel({ kind: "pesticide", cibrcNumber: "CIR-12345/2020-Imidacloprid (SL)-12", bestBefore: "24 months from manufacture" }),
      variants: [aVariant({ label: "250 ml", netQuantity: 250, unit: "ml", price: "180.00", mrp: "210.00" })],
    });
    const { unmount } = renderProduct(pesticide);
    await screen.findByRole("heading", { name: "Product details" });
    expect(details()).toEqual([
      ["Net quantity", "250 ml"],
      ["MRP (tax added at checkout)", "₹210.00"],
      ["Unit sale price", "₹720.00/l"],
      ["Best before", "24 months from manufacture"],
      ["CIB&RC registration number", "CIR-12345/2020-Imidacloprid (SL)-12"],
    ]);
    unmount();
    await setLanguage("hi");
    renderProduct(pesticide);
    await screen.findByRole("heading", { name: "उत्पाद का विवरण" });
    expect(details("उत्पाद का विवरण")[2]).toEqual(["इकाई बिक्री मूल्य", "₹720.00/लीटर"]);
    expect(details("उत्पाद का विवरण")[4]?.[0]).toBe("CIB&RC पंजीकरण संख्या");
  });
});

describe("ProductScreen review form", () => {
  const reviewed = aProduct({
    rating: 4,
    numReviews: 13,
    reviews: [{ user: 3, _id: 9, name: "Asha Patil", rating: 4, comment: "Even germination.", createdAt: "2024-08-01T09:00:00Z" }],
  });

  async function review(user: ReturnType<typeof renderApp>["user"]) {
    await user.selectOptions(await screen.findByLabelText("Rating"), "4 - Very Good");
    await user.type(screen.getByLabelText("Comment"), "Even germination.");
    await user.click(screen.getByRole("button", { name: "Submit" }));
  }

  it("offers signed-in users the rating scale and a comment instead of the sign-in prompt", async () => {
    renderProduct(aProduct(), { auth: signedIn() });
    expect(await screen.findByRole("heading", { name: "Write a Review" })).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "sign in" })).not.toBeInTheDocument();
    const options = Array.from((screen.getByLabelText("Rating") as HTMLSelectElement).options).map((o) => o.text);
    expect(options).toEqual(["Select...", "1 - Poor", "2 - Fair", "3 - Good", "4 - Very Good", "5 - Excellent"]);
  });

  it("submits the review: 'Review Submitted', the product reloaded, and 'You reviewed this product' instead of the form", async () => {
    let posted = false;
    const calls = fakeApi((call) => {
      if (call.method === "POST") {
        posted = true;
        return { status: 201, body: { detail: "Review added" } };
      }
      return { body: posted ? reviewed : aProduct() };
    });
    const { user } = renderProduct(aProduct(), { auth: signedIn() });
    await review(user);
    // The form says it at once; once the product has reloaded, the reviews say it in its place
    // (another element: the first may be gone by the time an assertion would look at it).
    await screen.findByText("Review Submitted");
    expect(calls[0]).toMatchObject({
      method: "POST",
      path: "/api/products/7/reviews/",
      body: { rating: 4, comment: "Even germination." },
      authorization: "Bearer access-1",
    });
    expect(await screen.findByText("13 reviews")).toBeInTheDocument();
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(["POST /api/products/7/reviews/", "GET /api/products/7/"]);
    expect(screen.getByText("You reviewed this product")).toBeInTheDocument();
    expect(screen.getByText("Review Submitted")).toBeInTheDocument();
    expect(screen.queryByLabelText("Rating")).not.toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "Write a Review" })).not.toBeInTheDocument();
  });

  it("resets the form after a review the reloaded product does not show yet", async () => {
    let posted = false;
    fakeApi((call) => {
      if (call.method === "POST") {
        posted = true;
        return { status: 201, body: { detail: "Review added" } };
      }
      return { body: aProduct({ numReviews: posted ? 13 : 12 }) };
    });
    const { user } = renderProduct(aProduct(), { auth: signedIn() });
    await review(user);
    expect(await screen.findByText("Review Submitted")).toBeInTheDocument();
    expect(await screen.findByText("13 reviews")).toBeInTheDocument();
    expect(screen.getByLabelText("Rating")).toHaveValue("");
    expect(screen.getByLabelText("Comment")).toHaveValue("");
  });

  it("says 'You reviewed this product' to a customer whose review is listed, and only to them", async () => {
    const mine = { _id: 4, user: 3, name: "Asha Patil", rating: 5, comment: "Good.", createdAt: "2024-07-15T08:30:00Z" };
    const { unmount } = renderProduct(aProduct({ reviews: [mine] }), { auth: signedIn() });
    expect(await screen.findByText("You reviewed this product")).toBeInTheDocument();
    expect(screen.queryByLabelText("Comment")).not.toBeInTheDocument();
    unmount();
    const ravi = aUser({ id: 8, _id: 8, pk: 8, first_name: "Ravi", last_name: "Kumar", name: "Ravi Kumar" });
    renderProduct(aProduct({ reviews: [mine] }), { auth: signedIn(ravi) });
    expect(await screen.findByLabelText("Comment")).toBeInTheDocument();
    expect(screen.queryByText("You reviewed this product")).not.toBeInTheDocument();
  });

  it("knows the customer's review by their user id, not by its name (two customers may share one)", async () => {
    const sameName = { _id: 5, user: 9, name: "Asha Patil", rating: 3, comment: "", createdAt: "2024-07-15T08:30:00Z" };
    renderProduct(aProduct({ reviews: [sameName] }), { auth: signedIn() });
    expect(await screen.findByLabelText("Comment")).toBeInTheDocument();
    cleanup();
    const theirs = { ...sameName, name: "kisan.mitra", user: 3 };
    renderProduct(aProduct({ reviews: [theirs] }), { auth: signedIn() });
    expect(await screen.findByText("You reviewed this product")).toBeInTheDocument();
  });

  it("limits the comment, and counts its characters only once it nears the limit", async () => {
    const { user } = renderProduct(aProduct(), { auth: signedIn() });
    const comment = await screen.findByLabelText("Comment");
    expect(comment).toHaveAttribute("maxlength", "2000");
    await user.type(comment, "Even germination.");
    expect(screen.queryByText(/\/ 2,000/)).not.toBeInTheDocument();
    expect(comment).not.toHaveAccessibleDescription();
    await user.paste("x".repeat(1600));
    expect(screen.getByText("1,617 / 2,000")).toBeInTheDocument();
    expect(comment).toHaveAccessibleDescription("Up to 2,000 characters");
  });

  it("shows why a review was refused", async () => {
    fakeApi(() => ({ status: 409, body: anErrorBody("already_reviewed", "Product already reviewed") }));
    const { user } = renderProduct(aProduct(), { auth: signedIn() });
    await review(user);
    expect(await screen.findByText("Product already reviewed")).toBeInTheDocument();
    expect(screen.queryByText("Review Submitted")).not.toBeInTheDocument();
  });

  it("asks to sign in again when the session has ended", async () => {
    const expired = anErrorBody("token_not_valid", "Given token not valid for any token type");
    // The review meets an expired access token, and the refresh token is refused too; signing
    // out empties the API cache, so the settings and the product are read again.
    fakeApi((call) =>
      call.method === "POST" ? { status: 401, body: expired } : { body: call.path === "/api/config" ? DEFAULT_CONFIG : aProduct() },
    );
    const { user, store } = renderProduct(aProduct(), { auth: signedIn() });
    await review(user);
    await vi.waitFor(() => expect(store.getState().auth.message).toBe("Refresh token fail"));
    expect(await screen.findByRole("link", { name: "sign in" })).toHaveAttribute("href", "/login?redirect=/product/7");
  });
});

describe("ProductScreen for a product that is not there", () => {
  function renderAt(url: string) {
    return renderApp(<ProductScreen />, { url, path: "/product/:id" });
  }

  it.each(["abc", "0", "12abc", "99999999999"])("says /product/%s names no product, without asking the catalogue", async (id) => {
    const calls = fakeApi(() => ({ status: 400, body: anErrorBody("field_invalid", "id: A valid integer is required.") }));
    renderAt(`/product/${id}`);
    expect(await screen.findByRole("heading", { level: 1, name: "Product not found" })).toBeInTheDocument();
    expect(screen.getByText("We could not find this product. It may have been removed, or the link is wrong.")).toBeInTheDocument();
    expect(screen.queryByText("Please check what you entered and try again.")).not.toBeInTheDocument();
    expect(calls.filter((call) => call.path.startsWith("/api/products/"))).toEqual([]);
  });

  it("says a product the catalogue does not have was not found", async () => {
    fakeApi(() => ({ status: 404, body: anErrorBody("product_not_found", "No Product matches the given query.") }));
    renderAt("/product/424242");
    expect(await screen.findByRole("heading", { level: 1, name: "Product not found" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Go Back" })).toHaveAttribute("href", "/");
  });

  it("says it in Hindi", async () => {
    await setLanguage("hi");
    renderAt("/product/abc");
    expect(await screen.findByRole("heading", { level: 1, name: "उत्पाद नहीं मिला" })).toBeInTheDocument();
    expect(screen.getByText("हमें यह उत्पाद नहीं मिला। हो सकता है इसे हटा दिया गया हो, या लिंक गलत हो।")).toBeInTheDocument();
  });

  it("still says why another failure happened", async () => {
    fakeApi(() => ({ status: 500, body: anErrorBody("server_error", "Internal Server Error") }));
    renderAt("/product/7");
    expect(await screen.findByText("A server error occurred. Please try again in a moment.")).toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "Product not found" })).not.toBeInTheDocument();
  });
});

describe("ProductScreen crops", () => {
  const cotton = { slug: "cotton", name: "Cotton", nameHi: "कपास" };
  const paddy = { slug: "paddy", name: "Paddy", nameHi: "धान" };
  const whitefly = { slug: "whitefly", name: "Whitefly", nameHi: "सफ़ेद मक्खी", kind: "pest" as const };
  const jassid = { slug: "jassid", name: "Jassid", nameHi: "हरा तेला", kind: "pest" as const };
  const pesticide = aProduct({
    name: "Imidacloprid 17.8 SL",
    label: aLabel({ kind: "pesticide", cibrcNumber: "CIR-12345/2020" }),
    crops: [cotton, paddy],
    problems: [{ crop: cotton, problem: whitefly }],
    labelClaims: [
      { crop: cotton, problem: whitefly },
      { crop: cotton, problem: jassid },
    ],
  });

  it("links to the crops it serves and the problems it treats, and shows a pesticide's label claim", async () => {
    renderProduct(pesticide);
    const crops = within(await screen.findByRole("region", { name: "For crops" }));
    expect(crops.getByRole("link", { name: "Cotton" })).toHaveAttribute("href", "/crop/cotton");
    expect(crops.getByRole("link", { name: "Paddy" })).toHaveAttribute("href", "/crop/paddy");
    expect(crops.getByRole("heading", { name: "Treats" })).toBeInTheDocument();
    expect(crops.getByRole("link", { name: "Whitefly on Cotton" })).toHaveAttribute("href", "/crop/cotton/whitefly");
    const claim = within(screen.getByRole("region", { name: "Label claim (CIB&RC)" }));
    expect(claim.getAllByRole("listitem").map((item) => item.textContent)).toEqual(["Whitefly on Cotton", "Jassid on Cotton"]);
  });

  it("shows them in Hindi", async () => {
    await setLanguage("hi");
    renderProduct(pesticide);
    const crops = within(await screen.findByRole("region", { name: "इन फ़सलों के लिए" }));
    expect(crops.getByRole("link", { name: "कपास पर सफ़ेद मक्खी" })).toHaveAttribute("href", "/crop/cotton/whitefly");
    const claim = within(screen.getByRole("region", { name: "लेबल क्लेम (CIB&RC)" }));
    expect(claim.getByText("कपास पर हरा तेला")).toBeInTheDocument();
  });

  it("shows neither for a product linked to no crop, and no claim but a pesticide's", async () => {
    renderProduct(aProduct({ labelClaims: [{ crop: cotton, problem: whitefly }] }));
    await screen.findByRole("heading", { level: 1, name: "Hybrid paddy seeds 10 kg" });
    expect(screen.queryByRole("region", { name: "For crops" })).not.toBeInTheDocument();
    expect(screen.queryByRole("region", { name: "Label claim (CIB&RC)" })).not.toBeInTheDocument();
  });
});
