import type { CropPage, Product, ProductSummary, StaffCrop } from "@krishi/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authHeaders } from "../../testing/accounts.ts";
import { makeCategory, makeProduct, makeUser } from "../../testing/factories.ts";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";

/**
 * Crops and problems: staff's crops and problems and their refusals, a product's crops, problems
 * and label claim (a pesticide only on its claim), the public answers (best first, 404s, cache
 * drops) and search by a crop's and problem's words. On SQLite, and on PostgreSQL when
 * TEST_DATABASE_URL names one.
 */

let t: TestApp;
let staff: Record<string, string>;
let category: { id: number; name: string };

type Json = Record<string, unknown>;

const get = (url: string) => t.app.inject({ url });
const send = (method: "POST" | "PUT" | "DELETE", url: string, payload?: Json, headers = staff) =>
  t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

const problemBody = (slug: string, name: string, more: Json = {}): Json => ({
  slug,
  kind: "pest",
  name,
  nameHi: "",
  symptoms: `${name} on the leaves.`,
  symptomsHi: "",
  ...more,
});

const STAGES = [
  { slug: "vegetative", name: "Vegetative", nameHi: "वानस्पतिक" },
  { slug: "flowering", name: "Flowering", nameHi: "फूल" },
];

const cropBody = (slug: string, name: string, more: Json = {}): Json => ({
  slug,
  name,
  nameHi: "",
  seasons: ["kharif"],
  stages: STAGES,
  problems: [],
  ...more,
});

async function created(method: "POST" | "PUT", url: string, payload: Json) {
  const res = await send(method, url, payload);
  expect(res.statusCode, res.body).toBe(method === "POST" ? 201 : 200);
  return res.json();
}

/** The product form's fields, with its label and links. */
const form = (name: string, more: Json = {}): Json => ({
  name,
  price: "100.00",
  brand: "Kisan",
  countInStock: 5,
  category: category.id,
  description: "",
  ...more,
});
const editProduct = (id: number, payload: Json) => send("PUT", `/api/products/update/${id}/`, payload);
const IMIDACLOPRID = { kind: "pesticide", cibrcNumber: "CIR-12345/2019-Imidacloprid" };

beforeAll(async () => {
  t = await createTestApp();
  staff = await authHeaders(t, (await makeUser(t.database.db, { is_staff: true })).id);
  category = await makeCategory(t.database.db, "Crop care");
  await created("POST", "/api/staff/problems/", problemBody("whitefly", "Whitefly", { nameHi: "सफ़ेद मक्खी", aliases: ["safed makhi"] }));
  await created("POST", "/api/staff/problems/", problemBody("pink-bollworm", "Pink Bollworm", { nameHi: "गुलाबी सुंडी" }));
  await created("POST", "/api/staff/problems/", problemBody("stem-borer", "Stem Borer", { nameHi: "तना छेदक" }));
  await created("POST", "/api/staff/problems/", problemBody("rust", "Rust", { kind: "disease", nameHi: "गेरुआ", aliases: ["ratua"] }));
  await created(
    "POST",
    "/api/staff/problems/",
    problemBody("early-blight", "Early Blight", { kind: "disease", nameHi: "अगेती झुलसा", aliases: ["jhulsa"] }),
  );
  await created(
    "POST",
    "/api/staff/crops/",
    cropBody("cotton", "Cotton", {
      nameHi: "कपास",
      aliases: ["kapas"],
      position: 1,
      problems: [
        { problem: "pink-bollworm", stage: "flowering" },
        { problem: "whitefly", stage: "vegetative" },
      ],
    }),
  );
  await created(
    "POST",
    "/api/staff/crops/",
    cropBody("paddy", "Paddy", { nameHi: "धान", aliases: ["dhan", "rice"], position: 2, problems: [{ problem: "stem-borer" }] }),
  );
  await created(
    "POST",
    "/api/staff/crops/",
    cropBody("wheat", "Wheat", {
      nameHi: "गेहूं",
      aliases: ["gehu", "gehun"],
      seasons: ["rabi"],
      position: 3,
      problems: [{ problem: "rust" }],
    }),
  );
  await created(
    "POST",
    "/api/staff/crops/",
    cropBody("tomato", "Tomato", {
      nameHi: "टमाटर",
      aliases: ["tamatar"],
      seasons: ["rabi", "zaid"],
      position: 4,
      problems: [{ problem: "early-blight" }, { problem: "whitefly" }],
    }),
  );
});
afterAll(() => t.close());

describe("the public crops", () => {
  it("lists every crop in the shop's order with its seasons", async () => {
    const res = await get("/api/crops/");
    expect(res.statusCode).toBe(200);
    expect(res.json().crops).toEqual([
      { slug: "cotton", name: "Cotton", nameHi: "कपास", image: "", seasons: ["kharif"] },
      { slug: "paddy", name: "Paddy", nameHi: "धान", image: "", seasons: ["kharif"] },
      { slug: "wheat", name: "Wheat", nameHi: "गेहूं", image: "", seasons: ["rabi"] },
      { slug: "tomato", name: "Tomato", nameHi: "टमाटर", image: "", seasons: ["rabi", "zaid"] },
    ]);
  });

  it("answers a crop's page with its problems in the order of its stages, and 404 for a crop that is not there", async () => {
    const res = await get("/api/crops/cotton/");
    expect(res.statusCode, res.body).toBe(200);
    const page: CropPage = res.json();
    expect(page.crop).toMatchObject({ slug: "cotton", aliases: ["kapas"], stages: STAGES });
    expect(page.problems.map((p) => [p.slug, p.stage])).toEqual([
      ["whitefly", "vegetative"],
      ["pink-bollworm", "flowering"],
    ]);
    expect(page.problems[0]).toMatchObject({ name: "Whitefly", nameHi: "सफ़ेद मक्खी", aliases: ["safed makhi"], kind: "pest" });
    const missing = await get("/api/crops/coconut/");
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: "crop_not_found" });
  });

  it("answers a crop's problem's page, and 404 for a problem that is not there or not the crop's", async () => {
    const res = await get("/api/crops/cotton/problems/whitefly/");
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      crop: { slug: "cotton", name: "Cotton" },
      problem: { slug: "whitefly", stage: "vegetative", symptoms: "Whitefly on the leaves." },
      products: [],
    });
    for (const url of ["/api/crops/cotton/problems/locust/", "/api/crops/cotton/problems/rust/"]) {
      const refused = await get(url);
      expect(refused.statusCode, url).toBe(404);
      expect(refused.json()).toMatchObject({ code: "problem_not_found" });
    }
    expect((await get("/api/crops/coconut/problems/whitefly/")).json()).toMatchObject({ code: "crop_not_found" });
  });

  it("answers 404, not 500, for an address no crop or problem can have (a NUL, which PostgreSQL refuses)", async () => {
    for (const url of ["/api/crops/cot%00ton/", "/api/crops/cotton/problems/white%00fly/", "/api/crops/%E0%A4%95/"]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
    }
    expect((await send("DELETE", "/api/staff/crops/cot%00ton/")).json()).toMatchObject({ code: "crop_not_found" });
    expect((await send("PUT", "/api/staff/problems/white%00fly/", problemBody("whitefly", "Whitefly"))).statusCode).toBe(404);
  });
});

describe("staff's crops and problems", () => {
  it("lists the crops with their problems and stages, and every problem", async () => {
    const res = await get("/api/staff/crops/");
    expect(res.statusCode).toBe(401);
    const list = await t.app.inject({ url: "/api/staff/crops/", headers: staff });
    expect(list.statusCode).toBe(200);
    const cotton = list.json().crops.find((crop: StaffCrop) => crop.slug === "cotton");
    expect(cotton).toMatchObject({
      position: 1,
      aliases: ["kapas"],
      problems: [
        { problem: "whitefly", stage: "vegetative" },
        { problem: "pink-bollworm", stage: "flowering" },
      ],
    });
    expect(list.json().problems.map((p: { slug: string }) => p.slug)).toEqual(
      expect.arrayContaining(["whitefly", "pink-bollworm", "stem-borer", "rust", "early-blight"]),
    );
  });

  it("refuses a crop's fields one by one with their codes", async () => {
    const cases: [Json, string, string][] = [
      [cropBody("Bad Slug", "Bad"), "slug", "slug_invalid"],
      [cropBody("cotton", "Cotton again"), "slug", "crop_slug_taken"],
      [cropBody("okra", "Okra", { problems: [{ problem: "locust" }] }), "problems.0.problem", "problem_unknown"],
      [cropBody("okra", "Okra", { problems: [{ problem: "whitefly", stage: "harvest" }] }), "problems.0.stage", "stage_unknown"],
      [cropBody("okra", "Okra", { stages: [{ slug: "Seed Bed", name: "Seed bed", nameHi: "" }] }), "stages.0.slug", "slug_invalid"],
    ];
    for (const [body, field, code] of cases) {
      const res = await send("POST", "/api/staff/crops/", body);
      expect(res.statusCode, `${field} ${code}`).toBe(400);
      expect(res.json()).toMatchObject({ code: "crop_invalid" });
      expect(res.json().field_errors[field], res.body).toEqual([expect.objectContaining({ code })]);
    }
    // A crop's address may not be moved onto another's either.
    const moved = await send("PUT", "/api/staff/crops/tomato/", cropBody("paddy", "Tomato"));
    expect(moved.json().field_errors.slug).toEqual([{ code: "crop_slug_taken" }]);
    expect((await get("/api/crops/okra/")).statusCode).toBe(404);
  });

  it("refuses a problem's taken or bad address, and answers 404 for crops and problems that are not there", async () => {
    const taken = await send("POST", "/api/staff/problems/", problemBody("whitefly", "Whitefly"));
    expect(taken.statusCode).toBe(400);
    expect(taken.json()).toMatchObject({ code: "crop_invalid", field_errors: { slug: [{ code: "problem_slug_taken" }] } });
    const bad = await send("POST", "/api/staff/problems/", problemBody("-x", "X"));
    expect(bad.json()).toMatchObject({ code: "crop_invalid", field_errors: { slug: [{ code: "slug_invalid" }] } });
    expect((await send("PUT", "/api/staff/problems/locust/", problemBody("locust", "Locust"))).statusCode).toBe(404);
    expect((await send("DELETE", "/api/staff/problems/locust/")).json()).toMatchObject({ code: "problem_not_found" });
    expect((await send("PUT", "/api/staff/crops/coconut/", cropBody("coconut", "Coconut"))).statusCode).toBe(404);
    expect((await send("DELETE", "/api/staff/crops/coconut/")).json()).toMatchObject({ code: "crop_not_found" });
  });

  it("creates, renames (a new address) and removes a crop and a problem", async () => {
    await created("POST", "/api/staff/problems/", problemBody("fruit-borer", "Fruit Borer"));
    const okra = await created(
      "POST",
      "/api/staff/crops/",
      cropBody("bhindi", "Bhindi", { problems: [{ problem: "fruit-borer", stage: "" }] }),
    );
    expect(okra).toMatchObject({ slug: "bhindi", problems: [{ problem: "fruit-borer", stage: "" }] });
    const renamed = await created("PUT", "/api/staff/crops/bhindi/", cropBody("okra", "Okra", { nameHi: "भिंडी", aliases: ["bhindi"] }));
    expect(renamed).toMatchObject({ slug: "okra", name: "Okra", problems: [] });
    expect((await get("/api/crops/bhindi/")).statusCode).toBe(404);
    expect((await get("/api/crops/okra/")).json().crop).toMatchObject({ name: "Okra", nameHi: "भिंडी" });
    const problem = await created("PUT", "/api/staff/problems/fruit-borer/", problemBody("shoot-and-fruit-borer", "Shoot and Fruit Borer"));
    expect(problem).toMatchObject({ slug: "shoot-and-fruit-borer", name: "Shoot and Fruit Borer" });
    expect((await send("DELETE", "/api/staff/problems/shoot-and-fruit-borer/")).statusCode).toBe(200);
    expect((await send("DELETE", "/api/staff/crops/okra/")).statusCode).toBe(200);
    expect((await get("/api/crops/")).json().crops.map((crop: { slug: string }) => crop.slug)).not.toContain("okra");
  });
});

describe("a product's crops, problems and label claim", () => {
  it("refuses a pesticide linked to a pair its label claim does not name, naming the pair, and takes one on its claim", async () => {
    const product = await makeProduct(t.database.db, { name: "Imidacloprid 17.8 SL", categoryId: category.id });
    const offClaim = await editProduct(
      product.id,
      form("Imidacloprid 17.8 SL", {
        label: IMIDACLOPRID,
        labelClaims: [{ crop: "paddy", problem: "stem-borer" }],
        problems: [{ crop: "cotton", problem: "whitefly" }],
      }),
    );
    expect(offClaim.statusCode, offClaim.body).toBe(400);
    expect(offClaim.json()).toMatchObject({
      code: "label_claim_missing",
      params: { crop: "cotton", problem: "whitefly" },
      detail: "Imidacloprid 17.8 SL's label claim does not name whitefly on cotton.",
    });
    // Rolled back whole: the label and the claim were not written either.
    const before: Product = (await get(`/api/products/${product.id}/`)).json();
    expect(before).toMatchObject({ label: { kind: "general" }, crops: [], problems: [], labelClaims: [] });

    const onClaim = await editProduct(
      product.id,
      form("Imidacloprid 17.8 SL", {
        label: IMIDACLOPRID,
        labelClaims: [
          { crop: "cotton", problem: "whitefly" },
          { crop: "paddy", problem: "stem-borer" },
        ],
        problems: [{ crop: "cotton", problem: "whitefly" }],
      }),
    );
    expect(onClaim.statusCode, onClaim.body).toBe(200);
    expect(onClaim.json()).toMatchObject({
      crops: [{ slug: "cotton", name: "Cotton", nameHi: "कपास" }],
      problems: [{ crop: { slug: "cotton" }, problem: { slug: "whitefly", name: "Whitefly", nameHi: "सफ़ेद मक्खी", kind: "pest" } }],
      labelClaims: [
        { crop: { slug: "cotton" }, problem: { slug: "whitefly" } },
        { crop: { slug: "paddy" }, problem: { slug: "stem-borer" } },
      ],
    });
    // A claim taken away while the link stays is refused too; the links are kept when the form leaves them out.
    const narrowed = await editProduct(
      product.id,
      form("Imidacloprid 17.8 SL", { labelClaims: [{ crop: "paddy", problem: "stem-borer" }] }),
    );
    expect(narrowed.statusCode).toBe(400);
    expect(narrowed.json()).toMatchObject({ code: "label_claim_missing", params: { crop: "cotton", problem: "whitefly" } });
    const kept = await editProduct(product.id, form("Imidacloprid 17.8 SL", { price: "120.00" }));
    expect(kept.json().problems).toHaveLength(1);
  });

  it("refuses a product turned pesticide while it is linked off its claim", async () => {
    const product = await makeProduct(t.database.db, { name: "Neem Oil", categoryId: category.id });
    expect((await editProduct(product.id, form("Neem Oil", { problems: [{ crop: "tomato", problem: "whitefly" }] }))).statusCode).toBe(200);
    const turned = await editProduct(product.id, form("Neem Oil", { label: { kind: "pesticide", cibrcNumber: "CIR-1/2020-Neem" } }));
    expect(turned.statusCode).toBe(400);
    expect(turned.json()).toMatchObject({ code: "label_claim_missing", params: { crop: "tomato", problem: "whitefly" } });
  });

  it("links a seed, a fertiliser and a general product freely to a crop's problems, adding their crops", async () => {
    for (const kind of ["seed", "fertiliser", "general"]) {
      const product = await makeProduct(t.database.db, { name: `A ${kind}`, categoryId: category.id });
      const res = await editProduct(
        product.id,
        form(`A ${kind}`, { label: { kind }, crops: ["wheat"], problems: [{ crop: "paddy", problem: "stem-borer" }] }),
      );
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().crops.map((crop: { slug: string }) => crop.slug)).toEqual(["paddy", "wheat"]);
    }
  });

  it("refuses unknown crops and problems, and a pair that is not one of the crop's problems", async () => {
    const product = await makeProduct(t.database.db, { name: "Sprayer", categoryId: category.id });
    const cases: [Json, string, string, Json][] = [
      [{ crops: ["coconut"] }, "crops", "crop_unknown", { value: "coconut" }],
      [{ problems: [{ crop: "cotton", problem: "locust" }] }, "problems", "problem_unknown", { value: "locust" }],
      [{ problems: [{ crop: "coconut", problem: "whitefly" }] }, "problems", "crop_unknown", { value: "coconut" }],
      [{ problems: [{ crop: "cotton", problem: "rust" }] }, "problems", "crop_problem_unknown", { crop: "cotton", problem: "rust" }],
      [{ labelClaims: [{ crop: "cotton", problem: "locust" }] }, "labelClaims", "problem_unknown", { value: "locust" }],
    ];
    for (const [links, field, code, params] of cases) {
      const res = await editProduct(product.id, form("Sprayer", links));
      expect(res.statusCode, code).toBe(400);
      expect(res.json().field_errors[field], res.body).toEqual([{ code, params }]);
    }
    // A claim may name a pair the crop does not list (the registration's words, not the shop's).
    const claim = await editProduct(product.id, form("Sprayer", { labelClaims: [{ crop: "cotton", problem: "rust" }] }));
    expect(claim.statusCode, claim.body).toBe(200);
  });
});

/** A product linked by the product form (as staff link it), with its reviews' rating. */
async function linked(name: string, links: Json, more: { stock?: number; rating?: number; numReviews?: number } = {}) {
  const product = await makeProduct(t.database.db, { name, categoryId: category.id, stock: more.stock ?? 5 });
  const res = await editProduct(product.id, form(name, { countInStock: more.stock ?? 5, ...links }));
  expect(res.statusCode, res.body).toBe(200);
  if (more.rating !== undefined) {
    await t.database.db
      .updateTable("products")
      .set({ rating: more.rating, num_reviews: more.numReviews ?? 1 })
      .where("id", "=", product.id)
      .execute();
    t.app.services.catalog.invalidate([product.id]);
  }
  return product.id;
}

const names = (products: ProductSummary[]) => products.map((product) => product.name);

describe("the products of a crop's and a problem's pages", () => {
  it("lists a crop's products best first: in stock, then rating, then reviews, then name", async () => {
    await created("POST", "/api/staff/crops/", cropBody("chilli", "Chilli", { problems: [{ problem: "whitefly" }] }));
    await linked("Chilli Seeds B", { crops: ["chilli"] }, { rating: 4, numReviews: 3 });
    await linked("Chilli Seeds A", { crops: ["chilli"] }, { rating: 4, numReviews: 3 });
    await linked("Chilli Spray", { problems: [{ crop: "chilli", problem: "whitefly" }] }, { rating: 4.5, numReviews: 1 });
    await linked("Chilli Gold", { crops: ["chilli"] }, { rating: 4, numReviews: 9 });
    await linked("Chilli Best but sold out", { crops: ["chilli"] }, { stock: 0, rating: 5, numReviews: 20 });
    const page: CropPage = (await get("/api/crops/chilli/")).json();
    expect(names(page.products)).toEqual(["Chilli Spray", "Chilli Gold", "Chilli Seeds A", "Chilli Seeds B", "Chilli Best but sold out"]);
    const problem = (await get("/api/crops/chilli/problems/whitefly/")).json();
    expect(names(problem.products)).toEqual(["Chilli Spray"]);
    // The lists carry no links; the product's page does.
    expect(problem.products[0]).not.toHaveProperty("crops");
  });

  it("shows a product in two crops on both crops' pages", async () => {
    await linked("Micronutrient Mix", { crops: ["wheat", "tomato"] });
    expect(names((await get("/api/crops/wheat/")).json().products)).toContain("Micronutrient Mix");
    expect(names((await get("/api/crops/tomato/")).json().products)).toContain("Micronutrient Mix");
    expect(names((await get("/api/crops/paddy/")).json().products)).not.toContain("Micronutrient Mix");
  });

  it("takes a deleted problem off its crops' pages, the products' links and label claims, and its page answers 404", async () => {
    await created("POST", "/api/staff/problems/", problemBody("thrips", "Thrips", { aliases: ["churda"] }));
    await created(
      "PUT",
      "/api/staff/crops/chilli/",
      cropBody("chilli", "Chilli", { problems: [{ problem: "whitefly" }, { problem: "thrips" }] }),
    );
    const id = await linked("Fipronil 5 SC", {
      label: { kind: "pesticide", cibrcNumber: "CIR-2/2019-Fipronil" },
      labelClaims: [{ crop: "chilli", problem: "thrips" }],
      problems: [{ crop: "chilli", problem: "thrips" }],
    });
    expect((await get("/api/crops/chilli/problems/thrips/")).json().products.map((p: ProductSummary) => p._id)).toEqual([id]);
    expect((await get("/api/products?keyword=churda")).json().map((p: ProductSummary) => p._id)).toEqual([id]);

    expect((await send("DELETE", "/api/staff/problems/thrips/")).statusCode).toBe(200);
    expect((await get("/api/crops/chilli/problems/thrips/")).statusCode).toBe(404);
    expect((await get("/api/crops/chilli/")).json().problems.map((p: { slug: string }) => p.slug)).toEqual(["whitefly"]);
    const product: Product = (await get(`/api/products/${id}/`)).json();
    expect(product).toMatchObject({ problems: [], labelClaims: [], crops: [{ slug: "chilli" }] });
    // Its words left the product's search text with it.
    expect((await get("/api/products?keyword=churda")).json()).toEqual([]);
    const rows = await t.database.db.selectFrom("label_claims").select("product_id").where("product_id", "=", id).execute();
    expect(rows).toEqual([]);
  });

  it("shows a product's new price on its crop's page at once, and a crop's new name", async () => {
    const id = await linked("Paddy Booster", { crops: ["paddy"] });
    expect((await get("/api/crops/paddy/")).json().products.find((p: ProductSummary) => p._id === id).price).toBe("100.00");
    await editProduct(id, form("Paddy Booster", { price: "150.00" }));
    expect((await get("/api/crops/paddy/")).json().products.find((p: ProductSummary) => p._id === id).price).toBe("150.00");

    expect((await get("/api/crops/")).json().crops.find((c: { slug: string }) => c.slug === "paddy").name).toBe("Paddy");
    await created(
      "PUT",
      "/api/staff/crops/paddy/",
      cropBody("paddy", "Paddy (Rice)", {
        nameHi: "धान",
        aliases: ["dhan", "rice", "chawal"],
        position: 2,
        problems: [{ problem: "stem-borer" }],
      }),
    );
    expect((await get("/api/crops/")).json().crops.find((c: { slug: string }) => c.slug === "paddy").name).toBe("Paddy (Rice)");
    expect((await get("/api/crops/paddy/")).json().crop.name).toBe("Paddy (Rice)");
    expect((await get(`/api/products/${id}/`)).json().crops).toEqual([{ slug: "paddy", name: "Paddy (Rice)", nameHi: "धान" }]);
    // The new alias is in the product's search text.
    expect((await get("/api/products?keyword=chawal")).json().map((p: ProductSummary) => p._id)).toContain(id);
  });
});

describe("removing", () => {
  it("takes a removed crop off its products, their claims and search words; its pages answer 404", async () => {
    await created("POST", "/api/staff/crops/", cropBody("sorghum", "Sorghum", { aliases: ["jowar"], problems: [{ problem: "whitefly" }] }));
    const id = await linked("Millet Guard", {
      crops: ["wheat"],
      problems: [{ crop: "sorghum", problem: "whitefly" }],
      labelClaims: [{ crop: "sorghum", problem: "whitefly" }],
    });
    expect((await get("/api/products?keyword=jowar")).json().map((p: ProductSummary) => p._id)).toEqual([id]);
    expect((await send("DELETE", "/api/staff/crops/sorghum/")).statusCode).toBe(200);
    expect((await get("/api/crops/sorghum/")).statusCode).toBe(404);
    expect((await get("/api/crops/sorghum/problems/whitefly/")).json()).toMatchObject({ code: "crop_not_found" });
    expect((await get(`/api/products/${id}/`)).json()).toMatchObject({ crops: [{ slug: "wheat" }], problems: [], labelClaims: [] });
    expect((await get("/api/products?keyword=jowar")).json()).toEqual([]);
  });

  it("takes a removed product off its crop's page", async () => {
    const id = await linked("Wheat Tonic", { crops: ["wheat"] });
    const ids = async () => (await get("/api/crops/wheat/")).json().products.map((p: ProductSummary) => p._id);
    expect(await ids()).toContain(id);
    expect((await send("DELETE", `/api/products/delete/${id}/`)).statusCode).toBe(200);
    expect(await ids()).not.toContain(id);
  });

  it("answers 304 to a client that has the crop's page already", async () => {
    const first = await get("/api/crops/wheat/");
    const again = await t.app.inject({ url: "/api/crops/wheat/", headers: { "if-none-match": String(first.headers.etag) } });
    expect(again.statusCode).toBe(304);
  });
});

describe("writes at once", () => {
  it("writes products' links and a change of their crop's words at the same time without a deadlock", async () => {
    await created("POST", "/api/staff/problems/", problemBody("aphid", "Aphid", { aliases: ["mahu"] }));
    const body = (aliases: string[]) =>
      cropBody("barley", "Barley", { aliases, seasons: ["rabi"], problems: [{ problem: "aphid" }, { problem: "rust" }] });
    await created("POST", "/api/staff/crops/", body(["jau"]));
    const ids = await Promise.all(
      [1, 2, 3, 4].map((n) => linked(`Barley Care ${n}`, { problems: [{ crop: "barley", problem: "aphid" }] })),
    );
    const answers = await Promise.all([
      ...ids.map((id, n) =>
        editProduct(id, form(`Barley Care ${n + 1}`, { problems: [{ crop: "barley", problem: n % 2 ? "aphid" : "rust" }] })),
      ),
      send("PUT", "/api/staff/crops/barley/", body(["jau", "yava"])),
      send("PUT", "/api/staff/problems/aphid/", problemBody("aphid", "Aphid", { aliases: ["mahu", "chepa"] })),
    ]);
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    // Every product's search text has the crop's new alias, whichever write came last.
    const found = (await get("/api/products?keyword=yava")).json().map((p: ProductSummary) => p._id);
    expect(found.sort()).toEqual([...ids].sort());
  });
});

describe("search by crop and problem", () => {
  it("finds a product linked to whitefly on cotton by 'kapas safed makhi' through its own words", async () => {
    const id = await linked("Acetamiprid 20 SP", {
      label: { kind: "pesticide", cibrcNumber: "CIR-3/2019-Acetamiprid" },
      labelClaims: [{ crop: "cotton", problem: "whitefly" }],
      problems: [{ crop: "cotton", problem: "whitefly" }],
    });
    for (const keyword of ["kapas safed makhi", "cotton whitefly", "कपास सफ़ेद मक्खी"]) {
      const found = (await get(`/api/products?keyword=${encodeURIComponent(keyword)}`)).json();
      expect(
        found.map((p: ProductSummary) => p._id),
        keyword,
      ).toContain(id);
    }
  });

  it("offers the crop and problem pages a search names, a problem's page first", async () => {
    const find = async (keyword: string) => {
      const res = await get(`/api/crops/find/?keyword=${encodeURIComponent(keyword)}`);
      expect(res.statusCode).toBe(200);
      return res
        .json()
        .pages.map((page: { crop: { slug: string }; problem: { slug: string } | null }) =>
          page.problem ? `${page.crop.slug}/${page.problem.slug}` : page.crop.slug,
        );
    };
    expect(await find("kapas safed makhi")).toEqual(["cotton/whitefly", "cotton"]);
    expect(await find("cotton whitefly")).toEqual(["cotton/whitefly", "cotton"]);
    expect(await find("धान तना छेदक")).toEqual(["paddy/stem-borer", "paddy"]);
    expect(await find("gehu ratua")).toEqual(["wheat/rust", "wheat"]);
    expect(await find("tamatar jhulsa")).toEqual(["tomato/early-blight", "tomato"]);
    expect(await find("kapas")).toEqual(["cotton"]);
    // A problem alone: its page on each crop it troubles.
    expect(await find("safed makhi")).toEqual(expect.arrayContaining(["cotton/whitefly", "tomato/whitefly"]));
    expect(await find("urea")).toEqual([]);
  });

  it("finds a crop by its new alias once staff add it", async () => {
    await created(
      "PUT",
      "/api/staff/crops/tomato/",
      cropBody("tomato", "Tomato", {
        nameHi: "टमाटर",
        aliases: ["tamatar", "tamata"],
        seasons: ["rabi", "zaid"],
        position: 4,
        problems: [{ problem: "early-blight" }, { problem: "whitefly" }],
      }),
    );
    const res = await get("/api/crops/find/?keyword=tamata");
    expect(res.json().pages[0]).toMatchObject({ crop: { slug: "tomato" }, problem: null });
  });
});
