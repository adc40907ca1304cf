import { screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { setLanguage } from "../../i18n/index.ts";
import { aLabel, anErrorBody, aProduct, aStaffUser, aVariant, signedIn } from "../../testing/factories.ts";
import { type FakeAnswer, type FakeCall, fakeApi } from "../../testing/fake-api.ts";
import { renderApp } from "../../testing/render-app.tsx";
import { ProductEditScreen } from "./product-edit-screen.tsx";

const paddy = aProduct();
const CATEGORIES = [
  { id: 2, name: "Seeds" },
  { id: 3, name: "Fertilisers" },
];

function renderEdit() {
  return renderApp(<ProductEditScreen />, {
    url: "/admin/product/7/edit",
    path: "/admin/product/:id/edit",
    preloadedState: { auth: signedIn(aStaffUser()) },
  });
}

/** The product and the categories are answered; the update gets `update`. */
function fakeProductApi(update: (call: FakeCall) => FakeAnswer = () => ({ body: paddy })) {
  return fakeApi((call) => {
    if (call.path === "/api/products/category/") return { body: CATEGORIES };
    if (call.method === "GET") return { body: paddy };
    return update(call);
  });
}

describe("ProductEditScreen", () => {
  it("shows the product's fields, its category chosen, and a Go Back link", async () => {
    const calls = fakeProductApi();
    renderEdit();
    expect(await screen.findByLabelText("Name")).toHaveValue("Hybrid paddy seeds 10 kg");
    expect(screen.getByRole("heading", { level: 1, name: "Edit Product" })).toBeInTheDocument();
    expect(screen.getByLabelText("Price")).toHaveValue(1249.5);
    expect(screen.getByLabelText("Brand")).toHaveValue("Kisan Gold");
    expect(screen.getByLabelText("Count In Stock")).toHaveValue(5);
    expect(screen.getByLabelText("Description")).toHaveValue("High-yield paddy for kharif sowing.");
    expect(await screen.findByRole("option", { name: "Fertilisers" })).toBeInTheDocument();
    expect(screen.getByLabelText("Category")).toHaveValue("2");
    expect(screen.getByRole("link", { name: "Go Back" })).toHaveAttribute("href", "/admin/productlist");
    expect(calls[0]).toMatchObject({ method: "GET", path: "/api/products/7/" });
  });

  it("sends an existing category by id, and goes back to the product list", async () => {
    const calls = fakeProductApi();
    const { user, location } = renderEdit();
    const name = await screen.findByLabelText("Name");
    await user.clear(name);
    await user.type(name, "Hybrid paddy seeds 25 kg");
    await user.clear(screen.getByLabelText("Price"));
    await user.type(screen.getByLabelText("Price"), "2999.00");
    await user.clear(screen.getByLabelText("Count In Stock"));
    await user.type(screen.getByLabelText("Count In Stock"), "12");
    await user.selectOptions(screen.getByLabelText("Category"), await screen.findByRole("option", { name: "Fertilisers" }));
    await user.click(screen.getByRole("button", { name: "Update" }));
    await vi.waitFor(() => expect(location().pathname).toBe("/admin/productlist"));
    expect(calls.find((call) => call.method === "PUT")).toMatchObject({
      path: "/api/products/update/7/",
      authorization: "Bearer access-1",
      body: {
        _id: 7,
        name: "Hybrid paddy seeds 25 kg",
        price: "2999.00",
        brand: "Kisan Gold",
        countInStock: 12,
        stockSeen: 5,
        category: 3,
        description: "High-yield paddy for kharif sowing.",
      },
    });
  });

  it("sends a new category by its name", async () => {
    const calls = fakeProductApi();
    const { user, location } = renderEdit();
    await user.selectOptions(await screen.findByLabelText("Category"), "New category…");
    await user.type(await screen.findByLabelText("New category name"), "Bio-fertilisers");
    await user.click(screen.getByRole("button", { name: "Update" }));
    await vi.waitFor(() => expect(location().pathname).toBe("/admin/productlist"));
    expect(calls.find((call) => call.method === "PUT")?.body).toMatchObject({ category: "Bio-fertilisers" });
  });

  it("shows a field's messages under that field and stays on the form", async () => {
    const text = "Enter a valid amount with at most two decimals.";
    fakeProductApi(() => ({
      status: 400,
      body: anErrorBody("price_invalid", `price: ${text}`, { price: [{ code: "amount_invalid", message: text }] }),
    }));
    const { user, location } = renderEdit();
    await user.click(await screen.findByRole("button", { name: "Update" }));
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(screen.getByLabelText("Price")).toHaveAttribute("aria-invalid", "true");
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    expect(location().pathname).toBe("/admin/product/7/edit");
  });

  it("says so in plain words when the product cannot be found", async () => {
    const detail = "No Product matches the given query.";
    fakeApi((call) =>
      call.path === "/api/products/category/" ? { body: CATEGORIES } : { status: 404, body: anErrorBody("product_not_found", detail) },
    );
    renderEdit();
    expect(await screen.findByRole("alert")).toHaveTextContent("We could not find this product. It may no longer be sold.");
  });

  it("edits the Hindi name and description, and sends them", async () => {
    const calls = fakeApi((call) => {
      if (call.path === "/api/products/category/") return { body: CATEGORIES };
      if (call.method === "GET") return { body: { ...paddy, nameHi: "हाइब्रिड धान बीज", descriptionHi: "" } };
      return { body: paddy };
    });
    const { user, location } = renderEdit();
    const nameHi = await screen.findByLabelText("Name in Hindi");
    expect(nameHi).toHaveValue("हाइब्रिड धान बीज");
    expect(nameHi).toHaveAttribute("lang", "hi");
    await user.clear(nameHi);
    await user.type(nameHi, "हाइब्रिड धान बीज 10 किलो ");
    await user.type(screen.getByLabelText("Details in Hindi"), "खरीफ़ बुवाई के लिए अधिक उपज वाला धान।");
    await user.click(screen.getByRole("button", { name: "Update" }));
    await vi.waitFor(() => expect(location().pathname).toBe("/admin/productlist"));
    expect(calls.find((call) => call.method === "PUT")?.body).toMatchObject({
      name: "Hybrid paddy seeds 10 kg",
      nameHi: "हाइब्रिड धान बीज 10 किलो",
      description: "High-yield paddy for kharif sowing.",
      descriptionHi: "खरीफ़ बुवाई के लिए अधिक उपज वाला धान।",
    });
  });

  it("limits the fields as the server does, and counts a field's characters once it nears its limit", async () => {
    fakeProductApi();
    const { user } = renderEdit();
    const name = await screen.findByLabelText("Name");
    expect(name).toHaveAttribute("maxlength", "200");
    expect(screen.getByLabelText("Description")).toHaveAttribute("maxlength", "10000");
    expect(name).not.toHaveAccessibleDescription();
    expect(screen.queryByText(/\d+ \/ [\d,]+$/)).not.toBeInTheDocument();
    await user.type(name, ` ${"x".repeat(135)}`);
    expect(screen.getByText("160 / 200")).toBeInTheDocument();
    expect(name).toHaveAccessibleDescription("Up to 200 characters");
  });

  it("shows the form in Hindi", async () => {
    fakeProductApi();
    await setLanguage("hi");
    renderEdit();
    expect(await screen.findByRole("heading", { level: 1, name: "उत्पाद बदलें" })).toBeInTheDocument();
    expect(await screen.findByLabelText("हिन्दी में नाम")).toBeInTheDocument();
    expect(screen.getByLabelText("क़ीमत")).toHaveValue(1249.5);
    expect(screen.getByRole("button", { name: "अपडेट करें" })).toBeInTheDocument();
  });

  it("shows the HSN code and the GST rate, and sends them changed", async () => {
    const calls = fakeProductApi();
    const { user, location } = renderEdit();
    const hsn = await screen.findByLabelText("HSN code");
    expect(hsn).toHaveValue("10061010");
    expect(hsn).toHaveAccessibleDescription("4, 6 or 8 digits, for GST invoices.");
    const rate = screen.getByLabelText("GST rate");
    expect(rate).toHaveValue("0");
    expect(Array.from((rate as HTMLSelectElement).options, (option) => option.text)).toEqual(["0%", "5%", "12%", "18%", "28%"]);
    await user.clear(hsn);
    await user.type(hsn, " 1006 ");
    await user.selectOptions(rate, "5%");
    await user.click(screen.getByRole("button", { name: "Update" }));
    await vi.waitFor(() => expect(location().pathname).toBe("/admin/productlist"));
    expect(calls.find((call) => call.method === "PUT")?.body).toMatchObject({ hsnCode: "1006", gstRate: 5 });
  });

  it("sends an empty HSN code as none", async () => {
    const calls = fakeProductApi();
    const { user, location } = renderEdit();
    await user.clear(await screen.findByLabelText("HSN code"));
    await user.click(screen.getByRole("button", { name: "Update" }));
    await vi.waitFor(() => expect(location().pathname).toBe("/admin/productlist"));
    expect(calls.find((call) => call.method === "PUT")?.body).toMatchObject({ hsnCode: "", gstRate: 0 });
  });

  it.each(["12345", "1006101", "10061010 9", "HSN1"])("refuses the HSN code %j before sending, on the field", async (typed) => {
    const calls = fakeProductApi();
    const { user, location } = renderEdit();
    const hsn = await screen.findByLabelText("HSN code");
    await user.clear(hsn);
    await user.type(hsn, typed);
    await user.click(screen.getByRole("button", { name: "Update" }));
    expect(await screen.findByText("Enter an HSN code of 4, 6 or 8 digits, or leave it empty.")).toBeInTheDocument();
    expect(hsn).toHaveAttribute("aria-invalid", "true");
    await expect.poll(() => document.activeElement).toBe(hsn);
    expect(calls.some((call) => call.method === "PUT")).toBe(false);
    expect(location().pathname).toBe("/admin/product/7/edit");

    // Mended, the form sends.
    await user.clear(hsn);
    await user.type(hsn, "100610");
    await user.click(screen.getByRole("button", { name: "Update" }));
    await vi.waitFor(() => expect(location().pathname).toBe("/admin/productlist"));
  });

  it("shows the server's messages for the HSN code and the GST rate under them", async () => {
    fakeProductApi(() => ({
      status: 400,
      body: anErrorBody("tax_fields_invalid", "hsnCode: Enter an HSN code of 4, 6 or 8 digits (or leave it empty).", {
        hsnCode: [{ code: "hsn_invalid", message: "Enter an HSN code of 4, 6 or 8 digits (or leave it empty)." }],
        gstRate: [{ code: "gst_rate_invalid", message: "Choose a GST rate of 0, 5, 12, 18 or 28 percent." }],
      }),
    }));
    const { user } = renderEdit();
    await user.click(await screen.findByRole("button", { name: "Update" }));
    expect(await screen.findByText("Enter an HSN code of 4, 6 or 8 digits, or leave it empty.")).toBeInTheDocument();
    expect(screen.getByLabelText("HSN code")).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByLabelText("GST rate")).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByLabelText("GST rate")).toHaveAccessibleDescription("Choose a GST rate from the list.");
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });

  it("shows a GST rate the list does not have, and leaves it as it is unless changed", async () => {
    const calls = fakeApi((call) => {
      if (call.path === "/api/products/category/") return { body: CATEGORIES };
      if (call.method === "GET") return { body: { ...paddy, gstRate: 3 } };
      return { body: paddy };
    });
    const { user, location } = renderEdit();
    expect(await screen.findByLabelText("GST rate")).toHaveValue("3");
    await user.click(screen.getByRole("button", { name: "Update" }));
    await vi.waitFor(() => expect(location().pathname).toBe("/admin/productlist"));
    expect(calls.find((call) => call.method === "PUT")?.body).not.toHaveProperty("gstRate");
  });

  it("names the GST fields in Hindi", async () => {
    fakeProductApi();
    await setLanguage("hi");
    renderEdit();
    expect(await screen.findByLabelText("HSN कोड")).toHaveValue("10061010");
    expect(screen.getByLabelText("GST दर")).toHaveDisplayValue("0 प्रतिशत");
  });
});

/** Urea in a 45 kg bag (the default) and a 5 kg pack. */
const urea = aProduct({
  name: "Urea",
  variants: [
    aVariant({
      id: 11,
      label: "45 kg",
      sku: "UREA-45",
      netQuantity: 45,
      price: "266.50",
      mrp: "266.50",
      countInStock: 8,
      weightGrams: 45_200,
    }),
    aVariant({ id: 12, label: "5 kg", sku: "UREA-5", netQuantity: 5, price: "40.00", mrp: "45.00", countInStock: 30, weightGrams: 5_100 }),
  ],
});

function renderUrea(update: (call: FakeCall) => FakeAnswer = () => ({ body: urea })) {
  const calls = fakeApi((call) => {
    if (call.path === "/api/products/category/") return { body: CATEGORIES };
    if (call.method === "GET") return { body: urea };
    return update(call);
  });
  return { ...renderEdit(), calls };
}

/** A pack's part of the form, by its legend. */
function pack(name: string | RegExp): HTMLElement {
  return screen.getByRole("group", { name });
}

describe("ProductEditScreen packs", () => {
  it("edits, adds, moves and removes packs (after asking), and sends them in order with the stock each was loaded with", async () => {
    const { user, calls, location } = renderUrea();
    const bag = await screen.findByRole("group", { name: "45 kg (default)" });
    expect(within(bag).getByLabelText("Price")).toHaveValue(266.5);
    expect(within(bag).getByLabelText("Count In Stock")).toHaveValue(8);
    expect(within(pack("5 kg")).getByLabelText("MRP")).toHaveValue(45);

    await user.clear(within(bag).getByLabelText("Count In Stock"));
    await user.type(within(bag).getByLabelText("Count In Stock"), "20");
    await user.click(screen.getByRole("button", { name: "Add a pack" }));
    const added = pack("Pack 3");
    await user.type(within(added).getByLabelText("Pack label"), "1 kg");
    const one = pack("1 kg");
    await user.type(within(one).getByLabelText("Net quantity"), "1");
    await user.type(within(one).getByLabelText("Price"), "9.50");
    await user.type(within(one).getByLabelText("Shipping weight (g)"), "1050");
    await user.click(screen.getByRole("button", { name: "Move up: 1 kg" }));
    await user.click(screen.getByRole("button", { name: "Move up: 1 kg" }));
    expect(screen.getByRole("group", { name: "1 kg (default)" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Move up: 1 kg" })).toBeDisabled();

    await user.click(screen.getByRole("button", { name: "Remove 5 kg" }));
    expect(screen.getByRole("alert")).toHaveTextContent("Remove 5 kg? Past orders keep its label.");
    await user.click(screen.getByRole("button", { name: "Keep it" }));
    expect(pack("5 kg")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Remove 5 kg" }));
    await user.click(screen.getByRole("button", { name: "Remove pack" }));
    expect(screen.queryByRole("group", { name: "5 kg" })).toBeNull();

    await user.click(screen.getByRole("button", { name: "Update" }));
    await vi.waitFor(() => expect(location().pathname).toBe("/admin/productlist"));
    expect(calls.find((call) => call.method === "PUT")?.body).toMatchObject({
      price: "9.50",
      countInStock: 0,
      variants: [
        { label: "1 kg", sku: "", netQuantity: 1, unit: "kg", price: "9.50", mrp: "9.50", countInStock: 0, weightGrams: 1050 },
        {
          id: 11,
          label: "45 kg",
          sku: "UREA-45",
          netQuantity: 45,
          unit: "kg",
          price: "266.50",
          mrp: "266.50",
          countInStock: 20,
          stockSeen: 8,
          weightGrams: 45_200,
        },
      ],
    });
    const sent = calls.find((call) => call.method === "PUT")?.body as { variants: object[] };
    expect(sent.variants[0]).not.toHaveProperty("id");
  });

  it("shows the server's messages under the pack's field, not above the form", async () => {
    const { user } = renderUrea(() => ({
      status: 400,
      body: anErrorBody("field_invalid", "variants.1.mrp: The price cannot be above the MRP.", {
        "variants.1.mrp": [{ code: "mrp_below_price", message: "The price cannot be above the MRP." }],
      }),
    }));
    await user.click(await screen.findByRole("button", { name: "Update" }));
    const mrp = within(pack("5 kg")).getByLabelText("MRP");
    await vi.waitFor(() => expect(mrp).toHaveAttribute("aria-invalid", "true"));
    expect(mrp).toHaveAccessibleDescription(expect.stringContaining("The price cannot be above the MRP."));
    expect(within(pack("45 kg (default)")).getByLabelText("MRP")).not.toHaveAttribute("aria-invalid");
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });

  it("cannot remove the only pack", async () => {
    fakeProductApi();
    renderEdit();
    expect(await screen.findByRole("button", { name: "Remove 10 kg" })).toBeDisabled();
  });
});

describe("ProductEditScreen label", () => {
  it("shows the fields of the kind chosen, sends the label, and shows the server's refusal of a pesticide without its number", async () => {
    const { user, calls } = renderUrea(() => ({
      status: 400,
      body: anErrorBody("field_invalid", "label.cibrcNumber: A pesticide needs its CIB&RC registration number.", {
        "label.cibrcNumber": [{ code: "cibrc_number_required", message: "A pesticide needs its CIB&RC registration number." }],
      }),
    }));
    const kind = await screen.findByLabelText("Kind of goods");
    expect(kind).toHaveValue("general");
    expect(screen.queryByLabelText("CIB&RC registration number")).toBeNull();
    await user.selectOptions(kind, "Seed");
    expect(screen.getByLabelText("Variety")).toBeInTheDocument();
    expect(screen.getByLabelText("Germination (%)")).toBeInTheDocument();
    await user.selectOptions(kind, "Pesticide");
    expect(screen.queryByLabelText("Variety")).toBeNull();
    await user.type(screen.getByLabelText("Manufacturer or packer"), " Bayer CropScience ");
    await user.type(screen.getByLabelText("Country of origin"), "India");
    await user.click(screen.getByRole("button", { name: "Update" }));

    const number = await screen.findByLabelText("CIB&RC registration number");
    await vi.waitFor(() => expect(number).toHaveAttribute("aria-invalid", "true"));
    expect(number).toHaveAccessibleDescription(expect.stringContaining("A pesticide needs its CIB&RC registration number."));
    expect(calls.find((call) => call.method === "PUT")?.body).toMatchObject({
      label: { ...aLabel(), kind: "pesticide", manufacturer: "Bayer CropScience", countryOfOrigin: "India", germinationPercent: null },
    });
  });

  it("takes the label's words in Hindi beside the English ones, and sends them trimmed", async () => {
    const { user, calls, location } = renderUrea();
    const generic = await screen.findByLabelText("Generic name in Hindi");
    expect(generic).toHaveAttribute("lang", "hi");
    await user.type(generic, " यूरिया (46% नाइट्रोजन) ");
    await user.type(screen.getByLabelText("Country of origin in Hindi"), "भारत");
    await user.type(screen.getByLabelText("Best before in Hindi"), "निर्माण से 24 महीने");
    await user.type(screen.getByLabelText("Customer care in Hindi"), "कृषि बाज़ार ग्राहक सेवा");
    await user.click(screen.getByRole("button", { name: "Update" }));
    await vi.waitFor(() => expect(location().pathname).toBe("/admin/productlist"));
    expect(calls.find((call) => call.method === "PUT")?.body).toMatchObject({
      label: {
        genericNameHi: "यूरिया (46% नाइट्रोजन)",
        countryOfOriginHi: "भारत",
        bestBeforeHi: "निर्माण से 24 महीने",
        customerCareHi: "कृषि बाज़ार ग्राहक सेवा",
      },
    });
  });

  it("sends a seed's germination as a number and its test date", async () => {
    const { user, calls, location } = renderUrea();
    await user.selectOptions(await screen.findByLabelText("Kind of goods"), "Seed");
    await user.type(screen.getByLabelText("Germination (%)"), "85");
    await user.type(screen.getByLabelText("Date of test"), "2026-09-14");
    await user.click(screen.getByRole("button", { name: "Update" }));
    await vi.waitFor(() => expect(location().pathname).toBe("/admin/productlist"));
    expect(calls.find((call) => call.method === "PUT")?.body).toMatchObject({
      label: { kind: "seed", germinationPercent: 85, seedTestDate: "2026-09-14" },
    });
  });
});
