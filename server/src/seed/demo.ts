import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../db/database.ts";
import { storeImage } from "../lib/images.ts";
import type { MediaStorage } from "../lib/storage.ts";
import { provisionAccount } from "../modules/accounts/provision.ts";
import { searchColumns } from "../modules/catalog/search-index.ts";
import { insert as insertPromotion, type PromotionValues } from "../modules/promotions/repository.ts";
import { productArtwork } from "./artwork.ts";
import { DEMO_CATEGORIES, DEMO_COMMENTS, DEMO_PRODUCTS, DEMO_REVIEWERS } from "./catalogue.ts";
import { DEMO_CROPS } from "./crops.ts";
import { linkDemoProduct, seedCrops } from "./demo-crops.ts";

export interface SeedOptions {
  /** Where the drawn product images go. */
  media: MediaStorage;
  log?: Pick<FastifyBaseLogger, "info">;
  /** Tests can skip drawing images. */
  images?: boolean;
  /** The demo staff and customer accounts (known passwords: never in production). Default true. */
  accounts?: boolean;
}

/** Sign-in accounts of the demo, verified, with published passwords (README). */
export const DEMO_ACCOUNTS = [
  { email: "staff@krishibazaar.in", password: "KrishiStaff#2024", firstName: "Kiran", lastName: "Joshi", staff: true },
  { email: "customer@krishibazaar.in", password: "KrishiCustomer#2024", firstName: "Asha", lastName: "Patel", staff: false },
] as const;

/** The demo's coupon: 10 % off seeds, at most ₹500 an order, once per customer. */
export const DEMO_COUPON: PromotionValues = {
  code: "KHARIF10",
  description: "Kharif sowing: 10 % off seeds",
  description_hi: "खरीफ़ बुवाई: बीजों पर 10 % छूट",
  kind: "percent_off",
  target: "lines",
  percent: 10,
  amount_paise: 0,
  tiers: "[]",
  min_items: 0,
  min_amount_paise: 0,
  max_discount_paise: 500_00,
  starts_at: null,
  ends_at: null,
  first_order_only: false,
  per_customer_limit: 1,
  usage_limit: null,
  categories: JSON.stringify(["Seeds"]),
  product_ids: "[]",
  variant_ids: "[]",
};

/** Creates the demo accounts that are missing (an existing one, and its password, is left alone). */
export async function seedDemoAccounts(db: Db): Promise<string[]> {
  const created: string[] = [];
  for (const account of DEMO_ACCOUNTS) {
    const existing = await db.selectFrom("users").select("id").where("email", "=", account.email).executeTakeFirst();
    if (existing) continue;
    await provisionAccount(db, account);
    created.push(account.email);
  }
  return created;
}

/**
 * Fills an empty shop with the demo catalogue: categories, products (stock levels including 0,
 * several images, one product with 12, packs, labels), reviewers and their reviews. Does nothing when any
 * product exists. Answers what it created, or null. Also creates the demo accounts that are
 * missing, unless told not to.
 */
export async function seedDemo(db: Db, { media, log, images = true, accounts = true }: SeedOptions) {
  if (accounts) {
    const created = await seedDemoAccounts(db);
    if (created.length > 0) log?.info({ accounts: created }, "created the demo accounts");
  }
  const existing = await db.selectFrom("products").select("id").limit(1).executeTakeFirst();
  if (existing) return null;
  log?.info("seeding the demo catalogue (first start) …");

  // Draw the artwork before the transaction (the write itself stays short), a few images at a
  // time so both cores are busy.
  const paths = new Map<number, string[]>();
  const cropImages = new Map<string, string>();
  if (images) {
    const jobs = DEMO_PRODUCTS.flatMap((product, index) => {
      const category = DEMO_CATEGORIES.find((c) => c.name === product.category);
      const art = {
        name: product.name,
        brand: product.brand,
        colour: category?.colour ?? "#5b8c2a",
        icon: product.art ?? category?.icon ?? "seed",
        views: product.images,
      };
      return Array.from({ length: product.images }, (_, view) => ({
        index,
        view,
        svg: () => productArtwork({ ...art, view }),
        name: product.name,
      }));
    });
    // Each crop's tile, drawn as the products' pictures are.
    jobs.push(
      ...DEMO_CROPS.map((crop) => ({
        index: -1,
        view: 0,
        crop: crop.slug,
        svg: () => productArtwork({ name: crop.name, brand: "", colour: crop.colour, icon: crop.art, views: 1, view: 0 }),
        name: crop.name,
      })),
    );
    const drawn = new Map<string, string>();
    let next = 0;
    const worker = async () => {
      for (let job = jobs[next++]; job; job = jobs[next++])
        drawn.set("crop" in job ? `crop/${job.crop}` : `${job.index}/${job.view}`, await storeImage(job.svg(), media, job.name));
    };
    await Promise.all(Array.from({ length: 4 }, worker));
    for (const crop of DEMO_CROPS) cropImages.set(crop.slug, drawn.get(`crop/${crop.slug}`) as string);
    for (const [index, product] of DEMO_PRODUCTS.entries()) {
      paths.set(
        index,
        Array.from({ length: product.images }, (_, view) => drawn.get(`${index}/${view}`) as string),
      );
    }
  }

  const start = Date.UTC(2024, 0, 1);
  const at = (i: number) => new Date(start + i * 3_600_000 * 7).toISOString();
  let reviewCount = 0;

  await db.transaction().execute(async (trx) => {
    const categoryIds = new Map<string, number>();
    for (const category of DEMO_CATEGORIES) {
      const row = await trx
        .insertInto("categories")
        .values({ name: category.name, name_hi: category.nameHi })
        .returning("id")
        .executeTakeFirstOrThrow();
      categoryIds.set(category.name, row.id);
    }

    await seedCrops(trx, cropImages, at(0));

    const reviewerIds: number[] = [];
    for (const [i, reviewer] of DEMO_REVIEWERS.entries()) {
      const row = await trx
        .insertInto("users")
        .values({ ...reviewer, password_hash: null, is_staff: false, is_active: true, email_verified: true, created_at: at(i) })
        .returning("id")
        .executeTakeFirstOrThrow();
      reviewerIds.push(row.id);
    }

    for (const [index, product] of DEMO_PRODUCTS.entries()) {
      const created = at(index + 10);
      const nameHi = product.nameHi ?? "";
      const descriptionHi = product.descriptionHi ?? "";
      const categoryHi = DEMO_CATEGORIES.find((c) => c.name === product.category)?.nameHi ?? "";
      const { label } = product;
      const searchable = { ...product, nameHi, descriptionHi, categoryHi, kind: label.kind };
      const { id } = await trx
        .insertInto("products")
        .values({
          name: product.name,
          brand: product.brand,
          category_id: categoryIds.get(product.category) as number,
          description: product.description,
          name_hi: nameHi,
          description_hi: descriptionHi,
          // The packs' summaries (schema.ts): the lowest price, the total stock.
          price_paise: Math.min(...product.packs.map((pack) => pack.pricePaise)),
          count_in_stock: product.packs.reduce((sum, pack) => sum + pack.stock, 0),
          hsn_code: product.hsnCode,
          gst_rate: product.gstRate,
          label_kind: label.kind,
          manufacturer: label.manufacturer,
          manufacturer_address: label.manufacturerAddress,
          country_of_origin: label.countryOfOrigin,
          generic_name: label.genericName,
          best_before: label.bestBefore,
          customer_care: label.customerCare,
          cibrc_number: label.cibrcNumber,
          seed_variety: label.seedVariety,
          seed_lot: label.seedLot,
          germination_percent: label.germinationPercent,
          seed_test_date: label.seedTestDate,
          fco_grade: label.fcoGrade,
          generic_name_hi: label.genericNameHi,
          country_of_origin_hi: label.countryOfOriginHi,
          best_before_hi: label.bestBeforeHi,
          customer_care_hi: label.customerCareHi,
          ...searchColumns(searchable),
          created_at: created,
          updated_at: created,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      await trx
        .insertInto("product_variants")
        .values(
          product.packs.map((pack, position) => ({
            product_id: id,
            position,
            label: pack.label,
            sku: pack.sku,
            net_quantity: pack.netQuantity,
            unit: pack.unit,
            price_paise: pack.pricePaise,
            mrp_paise: pack.mrpPaise,
            count_in_stock: pack.stock,
            weight_grams: pack.weightGrams,
            created_at: created,
            updated_at: created,
          })),
        )
        .execute();

      await linkDemoProduct(trx, { id, name: product.name, kind: label.kind, searchable });

      const imagePaths = paths.get(index) ?? [];
      if (imagePaths.length > 0) {
        await trx
          .insertInto("product_images")
          .values(imagePaths.map((path, position) => ({ product_id: id, path, position })))
          .execute();
      }

      // Every third product gets reviews; ratings vary so half stars show.
      if (index % 3 !== 0) continue;
      const reviewers = reviewerIds.slice(0, 1 + (index % reviewerIds.length));
      const ratings = reviewers.map((_, r) => 1 + ((index + r * 2) % 5));
      await trx
        .insertInto("reviews")
        .values(
          reviewers.map((userId, r) => {
            const rating = ratings[r] as number;
            const reviewer = DEMO_REVIEWERS[r] as (typeof DEMO_REVIEWERS)[number];
            return {
              product_id: id,
              user_id: userId,
              name: `${reviewer.first_name} ${reviewer.last_name}`,
              rating,
              comment: DEMO_COMMENTS[rating]?.[(index + r) % 2] ?? "",
              created_at: at(index + 20 + r),
            };
          }),
        )
        .execute();
      const average = ratings.reduce((sum, r) => sum + r, 0) / ratings.length;
      await trx.updateTable("products").set({ rating: average, num_reviews: ratings.length }).where("id", "=", id).execute();
      reviewCount += ratings.length;
    }

    // A kharif coupon to try (README): it applies only when a shopper enters it.
    await insertPromotion(trx, DEMO_COUPON, at(0));
  });

  return { categories: DEMO_CATEGORIES.length, products: DEMO_PRODUCTS.length, reviews: reviewCount };
}
