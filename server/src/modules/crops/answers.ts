import { CropListBody, CropMatchesBody, CropPageBody, ProblemPageBody } from "@krishi/contract/schemas";
import type { CachedAnswer } from "../../lib/response-cache.ts";
import { valueOr } from "../../lib/result.ts";
import { cachedAnswer, type Serialize } from "../catalog/answers.ts";
import { IN_STOCK_TAG, productTag } from "../catalog/service.ts";
// biome-ignore lint/style/noRestrictedImports: these are the routes' (and the server-rendered pages') answers, so they answer a refusal
import { cropRefusal } from "./failures.ts";
import type { CropsService } from "./service.ts";

/**
 * The crops' cached answers (serialized JSON with its ETag and tags), shared by the API's routes
 * (routes.ts) and the server-rendered pages (storefront/pages.ts): a page shows exactly what the
 * API answers, from one cache (CropsService.cache). Each takes `serialize`, which turns the data
 * into JSON by the answer's schema (the route's reply.serialize, or one made from the schemas
 * exported here). A crop or problem that is not there is thrown as its 404 (HttpError,
 * `crop_not_found` / `problem_not_found`).
 *
 * A crop's or problem's page carries the tags of the products it shows and IN_STOCK_TAG (its
 * order puts those in stock first): a product's change drops it (productsChanged); a crop's or
 * problem's change drops every answer (cropsChanged).
 */

export { CropListBody, CropMatchesBody, CropPageBody, ProblemPageBody };

const productTags = (products: readonly { _id: number }[]) => [IN_STOCK_TAG, ...products.map((product) => productTag(product._id))];

/** GET /api/crops/: every crop, in the shop's order. */
export function cropListAnswer(crops: CropsService, serialize: Serialize): Promise<CachedAnswer> {
  return crops.cache.get("crops", async () => cachedAnswer(serialize(await crops.list()), {}, []));
}

/** GET /api/crops/{slug}/: the crop, its problems by stage, the products that serve it, best first. */
export function cropPageAnswer(crops: CropsService, slug: string, serialize: Serialize): Promise<CachedAnswer> {
  return crops.cache.get(`crop ${slug}`, async () => {
    const page = valueOr(await crops.page(slug), cropRefusal);
    return cachedAnswer(serialize(page), {}, productTags(page.products));
  });
}

/** GET /api/crops/{slug}/problems/{problem}/: the problem on that crop, and the products for it, best first. */
export function problemPageAnswer(crops: CropsService, slug: string, problem: string, serialize: Serialize): Promise<CachedAnswer> {
  return crops.cache.get(`problem ${slug} ${problem}`, async () => {
    const page = valueOr(await crops.problemPage(slug, problem), cropRefusal);
    return cachedAnswer(serialize(page), {}, productTags(page.products));
  });
}

/**
 * GET /api/crops/find/?keyword=: the crop and problem pages a search's words name, a problem's
 * first. Not kept: the finder answers from memory, and every search's words would push the pages
 * out of the cache.
 */
export async function cropMatchesAnswer(crops: CropsService, keyword: string, serialize: Serialize): Promise<CachedAnswer> {
  return cachedAnswer(serialize(await crops.find(keyword)), {}, []);
}
