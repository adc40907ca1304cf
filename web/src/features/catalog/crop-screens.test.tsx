import type { Crop, CropPage, ProblemPage } from "@krishi/contract";
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { setLanguage } from "../../i18n/index.ts";
import { aLabel, aProduct, aVariant } from "../../testing/factories.ts";
import { fakeApi } from "../../testing/fake-api.ts";
import { renderApp } from "../../testing/render-app.tsx";
import { CropScreen, CropsScreen, ProblemScreen } from "./crop-screens.tsx";
import { cropsApi } from "./crops-api.ts";

const COTTON: Crop = { slug: "cotton", name: "Cotton", nameHi: "कपास", image: "images/cotton.webp", seasons: ["kharif"] };
const WHEAT: Crop = { slug: "wheat", name: "Wheat", nameHi: "गेहूँ", image: "", seasons: ["rabi"] };
const ONION: Crop = { slug: "onion", name: "Onion", nameHi: "प्याज़", image: "", seasons: ["kharif", "rabi"] };

const WHITEFLY = {
  slug: "whitefly",
  kind: "pest" as const,
  name: "Whitefly",
  nameHi: "सफ़ेद मक्खी",
  symptoms: "Tiny white flies under the leaves.\nLeaves curl and turn yellow.",
  symptomsHi: "पत्तियों के नीचे छोटी सफ़ेद मक्खियाँ।\nपत्तियाँ मुड़कर पीली पड़ती हैं।",
  image: "",
  aliases: ["safed makhi"],
};

const COTTON_PAGE: CropPage = {
  crop: {
    ...COTTON,
    stages: [
      { slug: "seedling", name: "Seedling", nameHi: "अंकुर" },
      { slug: "boll-formation", name: "Boll formation", nameHi: "टिंडे बनना" },
    ],
    aliases: ["kapas"],
  },
  problems: [
    { ...WHITEFLY, stage: "seedling" },
    { ...WHITEFLY, slug: "pink-bollworm", name: "Pink bollworm", nameHi: "गुलाबी सुंडी", stage: "boll-formation" },
    { ...WHITEFLY, slug: "zinc-deficiency", kind: "deficiency", name: "Zinc deficiency", nameHi: "जिंक की कमी", stage: "" },
  ],
  products: [aProduct({ _id: 21, name: "Cotton seeds BG-II 450 g", nameHi: "कपास के बीज BG-II 450 ग्राम", price: "864.00" })],
};

const imidacloprid = aProduct({
  _id: 31,
  name: "Imidacloprid 17.8 SL",
  nameHi: "इमिडाक्लोप्रिड 17.8 SL",
  label: aLabel({ kind: "pesticide" }),
  variants: [aVariant({ id: 90, label: "100 ml", price: "180.00" }), aVariant({ id: 91, label: "250 ml", price: "420.00" })],
});
const neem = aProduct({ _id: 32, name: "Neem oil 1 l", variants: [aVariant({ id: 95, label: "1 l", price: "350.00", countInStock: 0 })] });
const WHITEFLY_PAGE: ProblemPage = { crop: COTTON, problem: { ...WHITEFLY, stage: "seedling" }, products: [imidacloprid, neem] };

function renderCrops(ui: React.ReactElement, url: string, path: string, seed: (store: ReturnType<typeof renderApp>["store"]) => void) {
  return renderApp(ui, { url, path, seed });
}

describe("the crops page", () => {
  it("groups the crops by season, a crop of two seasons in each, each tile linking to its page", async () => {
    renderCrops(<CropsScreen />, "/crops", "/crops", (store) =>
      store.dispatch(
        cropsApi.util.upsertQueryEntries([{ endpointName: "getCrops", arg: undefined, value: { crops: [COTTON, WHEAT, ONION] } }]),
      ),
    );
    expect(await screen.findByRole("heading", { level: 1, name: "Shop by crop" })).toBeInTheDocument();
    const kharif = within(screen.getByRole("region", { name: "Kharif (monsoon)" }));
    expect(kharif.getAllByRole("link").map((link) => link.textContent)).toEqual(["Cotton", "Onion"]);
    expect(kharif.getByRole("link", { name: "Cotton" })).toHaveAttribute("href", "/crop/cotton");
    const rabi = within(screen.getByRole("region", { name: "Rabi (winter)" }));
    expect(rabi.getAllByRole("link").map((link) => link.textContent)).toEqual(["Wheat", "Onion"]);
    // No crop is sown in zaid here: no empty season.
    expect(screen.queryByRole("region", { name: "Zaid (summer)" })).not.toBeInTheDocument();
  });

  it("speaks Hindi: the seasons and the crops' Hindi names", async () => {
    await setLanguage("hi");
    renderCrops(<CropsScreen />, "/crops?lang=hi", "/crops", (store) =>
      store.dispatch(cropsApi.util.upsertQueryEntries([{ endpointName: "getCrops", arg: undefined, value: { crops: [COTTON, WHEAT] } }])),
    );
    expect(await screen.findByRole("heading", { level: 1, name: "फ़सल के अनुसार ख़रीदें" })).toBeInTheDocument();
    expect(within(screen.getByRole("region", { name: "ख़रीफ़ (बरसात)" })).getByRole("link", { name: "कपास" })).toHaveAttribute(
      "href",
      "/crop/cotton",
    );
    expect(within(screen.getByRole("region", { name: "रबी (सर्दी)" })).getByRole("link", { name: "गेहूँ" })).toBeInTheDocument();
  });
});

describe("a crop's page", () => {
  function renderCotton(url = "/crop/cotton") {
    return renderCrops(<CropScreen />, url, "/crop/:crop", (store) =>
      store.dispatch(cropsApi.util.upsertQueryEntries([{ endpointName: "getCrop", arg: "cotton", value: COTTON_PAGE }])),
    );
  }

  it("shows the crop, its problems by growth stage with links to their pages, then its seeds and inputs", async () => {
    renderCotton();
    expect(await screen.findByRole("heading", { level: 1, name: "Cotton" })).toBeInTheDocument();
    const problems = within(screen.getByRole("region", { name: "Problems of Cotton" }));
    expect(problems.getAllByRole("heading", { level: 3 }).map((heading) => heading.textContent)).toEqual([
      "Seedling",
      "Boll formation",
      "At any stage",
    ]);
    expect(problems.getByRole("link", { name: "Whitefly" })).toHaveAttribute("href", "/crop/cotton/whitefly");
    expect(problems.getByRole("link", { name: "Pink bollworm" })).toHaveAttribute("href", "/crop/cotton/pink-bollworm");
    expect(problems.getByRole("link", { name: "Zinc deficiency" })).toHaveAttribute("href", "/crop/cotton/zinc-deficiency");
    const inputs = within(screen.getByRole("region", { name: "Seeds and inputs for Cotton" }));
    expect(inputs.getByRole("link", { name: "Cotton seeds BG-II 450 g" })).toHaveAttribute("href", "/product/21");
    expect(inputs.getByText("₹864.00")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "All crops" })).toHaveAttribute("href", "/crops");
  });

  it("remembers the crop on this phone, for the home page's row", async () => {
    renderCotton();
    await screen.findByRole("heading", { level: 1, name: "Cotton" });
    expect(localStorage.getItem("kb:crop")).toBe("cotton");
  });

  it("speaks Hindi: the crop's, its stages', its problems' and its products' Hindi names", async () => {
    await setLanguage("hi");
    renderCotton("/crop/cotton?lang=hi");
    expect(await screen.findByRole("heading", { level: 1, name: "कपास" })).toBeInTheDocument();
    const problems = within(screen.getByRole("region", { name: "कपास की समस्याएँ" }));
    expect(problems.getByRole("heading", { name: "टिंडे बनना" })).toBeInTheDocument();
    expect(problems.getByRole("link", { name: "सफ़ेद मक्खी" })).toHaveAttribute("href", "/crop/cotton/whitefly");
    const inputs = within(screen.getByRole("region", { name: "कपास के लिए बीज और सामग्री" }));
    expect(inputs.getByRole("link", { name: "कपास के बीज BG-II 450 ग्राम" })).toBeInTheDocument();
  });

  it("says the page is not found for a crop the shop does not have, and remembers nothing", async () => {
    fakeApi(() => ({ status: 404, body: { detail: "Crop not found.", code: "crop_not_found" } }));
    renderApp(<CropScreen />, { url: "/crop/mango", path: "/crop/:crop" });
    expect(await screen.findByRole("heading", { level: 1, name: "Page not found" })).toBeInTheDocument();
    expect(localStorage.getItem("kb:crop")).toBe(null);
  });
});

describe("a crop's problem's page", () => {
  function renderWhitefly(url = "/crop/cotton/whitefly") {
    return renderCrops(<ProblemScreen />, url, "/crop/:crop/:problem", (store) =>
      store.dispatch(
        cropsApi.util.upsertQueryEntries([
          { endpointName: "getProblem", arg: { crop: "cotton", problem: "whitefly" }, value: WHITEFLY_PAGE },
        ]),
      ),
    );
  }

  it("shows the symptoms, then the products for it in the order given, each with its default pack and price", async () => {
    renderWhitefly();
    expect(await screen.findByRole("heading", { level: 1, name: "Whitefly on Cotton" })).toBeInTheDocument();
    const symptoms = within(screen.getByRole("region", { name: "Signs to look for" }));
    expect(symptoms.getByText("Tiny white flies under the leaves.")).toBeInTheDocument();
    expect(symptoms.getByText("Leaves curl and turn yellow.")).toBeInTheDocument();
    const products = within(screen.getByRole("region", { name: "Products for Whitefly" }));
    const items = products.getAllByRole("listitem");
    expect(items).toHaveLength(2);
    const first = within(items[0] as HTMLElement);
    expect(first.getByRole("link", { name: "Imidacloprid 17.8 SL" })).toHaveAttribute("href", "/product/31");
    expect(first.getByText("100 ml")).toBeInTheDocument();
    expect(first.getByText("₹180.00")).toBeInTheDocument();
    expect(first.getByText("A pesticide is recommended only for the crops and pests its label claim names.")).toBeInTheDocument();
    const second = within(items[1] as HTMLElement);
    expect(second.getByRole("link", { name: "Neem oil 1 l" })).toHaveAttribute("href", "/product/32");
    expect(second.getByText("Out of Stock")).toBeInTheDocument();
    // Only a pesticide carries the note.
    expect(second.queryByText(/label claim/)).not.toBeInTheDocument();
    const trail = within(screen.getByRole("navigation", { name: "Breadcrumb" }));
    expect(trail.getByRole("link", { name: "Cotton" })).toHaveAttribute("href", "/crop/cotton");
  });

  it("remembers the crop on this phone", async () => {
    renderWhitefly();
    await screen.findByRole("heading", { level: 1, name: "Whitefly on Cotton" });
    expect(localStorage.getItem("kb:crop")).toBe("cotton");
  });

  it("speaks Hindi: the problem's name and symptoms, and the note", async () => {
    await setLanguage("hi");
    renderWhitefly("/crop/cotton/whitefly?lang=hi");
    expect(await screen.findByRole("heading", { level: 1, name: "कपास पर सफ़ेद मक्खी" })).toBeInTheDocument();
    expect(screen.getByText("पत्तियों के नीचे छोटी सफ़ेद मक्खियाँ।")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "इमिडाक्लोप्रिड 17.8 SL" })).toHaveAttribute("href", "/product/31");
    expect(screen.getByText("कीटनाशक की सिफ़ारिश केवल उन्हीं फ़सलों और कीटों के लिए की जाती है जिनका नाम उसके लेबल क्लेम में है।")).toBeInTheDocument();
  });

  it("says the page is not found for a problem that is not the crop's", async () => {
    const calls = fakeApi(() => ({ status: 404, body: { detail: "Problem not found.", code: "problem_not_found" } }));
    renderApp(<ProblemScreen />, { url: "/crop/wheat/whitefly", path: "/crop/:crop/:problem" });
    expect(await screen.findByRole("heading", { level: 1, name: "Page not found" })).toBeInTheDocument();
    expect(calls.map((call) => call.path)).toContain("/api/crops/wheat/problems/whitefly/");
  });
});
