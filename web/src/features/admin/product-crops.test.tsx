import type { Product, StaffCrops } from "@krishi/contract";
import { screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { aLabel, anErrorBody, aProduct, aStaffUser, signedIn } from "../../testing/factories.ts";
import { type FakeAnswer, type FakeCall, fakeApi } from "../../testing/fake-api.ts";
import { renderApp } from "../../testing/render-app.tsx";
import { ProductEditScreen } from "./product-edit-screen.tsx";

const problem = (slug: string, name: string, nameHi: string) => ({
  slug,
  kind: "pest" as const,
  name,
  nameHi,
  symptoms: "",
  symptomsHi: "",
  image: "",
  aliases: [],
});
const crop = (slug: string, name: string, nameHi: string, problems: string[]) => ({
  slug,
  name,
  nameHi,
  image: "",
  seasons: ["kharif" as const],
  stages: [],
  aliases: [],
  position: 0,
  problems: problems.map((p) => ({ problem: p, stage: "" })),
});
const CROPS: StaffCrops = {
  crops: [crop("cotton", "Cotton", "कपास", ["whitefly", "pink-bollworm"]), crop("paddy", "Paddy", "धान", ["stem-borer"])],
  problems: [
    problem("whitefly", "Whitefly", "सफ़ेद मक्खी"),
    problem("pink-bollworm", "Pink bollworm", "गुलाबी सुंडी"),
    problem("stem-borer", "Stem borer", "तना छेदक"),
  ],
};
const ref = (slug: string) => {
  const found = [...CROPS.crops, ...CROPS.problems].find((thing) => thing.slug === slug);
  if (!found) throw new Error(slug);
  return { slug, name: found.name, nameHi: found.nameHi };
};
const pair = (cropSlug: string, problemSlug: string) => ({ crop: ref(cropSlug), problem: { ...ref(problemSlug), kind: "pest" as const } });

/** A pesticide for cotton, its label claim naming cotton's whitefly. */
const acetamiprid = aProduct({
  name: "Acetamiprid 20% SP 100 g",
  category: { id: 4, name: "Pesticides", nameHi: "कीटनाशक" },
  label: aLabel({ kind: "pesticide", cibrcNumber: "CIR-12345/2020" }),
  crops: [ref("cotton")],
  problems: [],
  labelClaims: [pair("cotton", "whitefly")],
});

function renderEdit(product: Product, update: (call: FakeCall) => FakeAnswer = () => ({ body: product })) {
  const calls = fakeApi((call) => {
    if (call.path === "/api/products/category/") return { body: [product.category] };
    if (call.path === "/api/staff/crops/") return { body: CROPS };
    if (call.method === "GET") return { body: product };
    return update(call);
  });
  const rendered = renderApp(<ProductEditScreen />, {
    url: "/admin/product/7/edit",
    path: "/admin/product/:id/edit",
    preloadedState: { auth: signedIn(aStaffUser()) },
  });
  return { ...rendered, calls };
}

const group = (name: string, inside: HTMLElement = document.body) => within(within(inside).getByRole("group", { name }));

describe("the product form's crops, problems and label claim", () => {
  it("sends the crops ticked, the problems ticked under them and a pesticide's label claim", async () => {
    const { calls, user, location } = renderEdit(acetamiprid);
    const crops = await screen.findByRole("group", { name: "Crops and problems" });
    expect(within(crops).getByLabelText("Cotton")).toBeChecked();
    expect(within(crops).getByLabelText("Paddy")).not.toBeChecked();
    await user.click(group("Problems it treats on Cotton", crops).getByLabelText("Whitefly"));
    await user.click(within(crops).getByLabelText("Paddy"));
    await user.click(group("Problems it treats on Paddy", crops).getByLabelText("Stem borer"));
    const claim = screen.getByRole("group", { name: "Its label claim (CIB&RC)" });
    expect(group("Cotton", claim).getByLabelText("Whitefly")).toBeChecked();
    await user.click(group("Paddy", claim).getByLabelText("Stem borer"));
    await user.click(screen.getByRole("button", { name: "Update" }));
    await vi.waitFor(() => expect(location().pathname).toBe("/admin/productlist"));
    expect(calls.find((call) => call.method === "PUT")?.body).toMatchObject({
      crops: ["cotton", "paddy"],
      problems: [
        { crop: "cotton", problem: "whitefly" },
        { crop: "paddy", problem: "stem-borer" },
      ],
      labelClaims: [
        { crop: "cotton", problem: "whitefly" },
        { crop: "paddy", problem: "stem-borer" },
      ],
    });
  });

  it("shows a pair off the label claim refused under that pair, and stays on the form", async () => {
    const params = { crop: "cotton", problem: "pink-bollworm" };
    const detail = "Acetamiprid's label claim does not name pink bollworm on cotton.";
    const { calls, user, location } = renderEdit(acetamiprid, () => ({
      status: 400,
      body: anErrorBody("label_claim_missing", detail, { problems: [{ code: "label_claim_missing", message: detail, params }] }, params),
    }));
    const crops = await screen.findByRole("group", { name: "Crops and problems" });
    const bollworm = group("Problems it treats on Cotton", crops).getByLabelText("Pink bollworm");
    await user.click(bollworm);
    await user.click(screen.getByRole("button", { name: "Update" }));
    await vi.waitFor(() => expect(bollworm).toHaveAttribute("aria-invalid", "true"));
    expect(bollworm).toHaveAccessibleDescription(
      "The label claim does not name pink-bollworm on cotton: a pesticide may be recommended only for what its label claim names.",
    );
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    expect(calls.find((call) => call.method === "PUT")?.body).toMatchObject({
      problems: [{ crop: "cotton", problem: "pink-bollworm" }],
      labelClaims: [{ crop: "cotton", problem: "whitefly" }],
    });
    expect(location().pathname).toBe("/admin/product/7/edit");
  });

  it("gives other goods no label claim, and a crop unticked takes its problems with it", async () => {
    const seed = aProduct({ crops: [ref("cotton"), ref("paddy")], problems: [pair("cotton", "whitefly"), pair("paddy", "stem-borer")] });
    const { calls, user, location } = renderEdit(seed);
    const crops = await screen.findByRole("group", { name: "Crops and problems" });
    expect(screen.queryByRole("group", { name: "Its label claim (CIB&RC)" })).not.toBeInTheDocument();
    await user.click(within(crops).getByLabelText("Cotton"));
    expect(within(crops).queryByRole("group", { name: "Problems it treats on Cotton" })).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Update" }));
    await vi.waitFor(() => expect(location().pathname).toBe("/admin/productlist"));
    expect(calls.find((call) => call.method === "PUT")?.body).toMatchObject({
      crops: ["paddy"],
      problems: [{ crop: "paddy", problem: "stem-borer" }],
      labelClaims: [],
    });
  });

  it("keeps the product's crops as they are when the crops cannot be read", async () => {
    const calls = fakeApi((call) => {
      if (call.path === "/api/products/category/") return { body: [] };
      if (call.path === "/api/staff/crops/") return { status: 500, body: anErrorBody("server_error", "Boom.") };
      if (call.method === "GET") return { body: acetamiprid };
      return { body: acetamiprid };
    });
    const { user, location } = renderApp(<ProductEditScreen />, {
      url: "/admin/product/7/edit",
      path: "/admin/product/:id/edit",
      preloadedState: { auth: signedIn(aStaffUser()) },
    });
    await screen.findByLabelText("Name");
    await vi.waitFor(() => expect(calls.some((call) => call.path === "/api/staff/crops/")).toBe(true));
    await user.click(screen.getByRole("button", { name: "Update" }));
    await vi.waitFor(() => expect(location().pathname).toBe("/admin/productlist"));
    const body = calls.find((call) => call.method === "PUT")?.body as Record<string, unknown>;
    expect(Object.keys(body)).not.toContain("crops");
    expect(Object.keys(body)).not.toContain("labelClaims");
  });
});
