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
});
