import type { Product, ProductImages } from "@krishi/contract";
import type { Transaction } from "kysely";
import type { Db } from "../../db/database.ts";
import type { Database } from "../../db/schema.ts";
import type { Clock } from "../../lib/clock.ts";
import { badRequest, conflict, fieldError, notFound, problem } from "../../lib/errors.ts";
import { ImageRejected, removeImage, storeImage, verifyUpload } from "../../lib/images.ts";
import type { MediaStorage } from "../../lib/storage.ts";
import * as repo from "./repository.ts";
import { imageJson } from "./serialize.ts";
import { type CatalogService, PRODUCT_NOT_FOUND } from "./service.ts";

/** What staff set on a product; `category` is an existing category's id or a (new) name. */
export interface ProductInput {
  name: string;
  brand: string;
  category: number | string;
  description: string;
  /** The Hindi name and description; undefined: kept as they are. */
  nameHi?: string | undefined;
  descriptionHi?: string | undefined;
  pricePaise: number;
  countInStock: number;
  /** The stock the staff's form showed (see ProductUpdateBody.stockSeen). */
  stockSeen?: number | undefined;
  /** The HSN code (4, 6 or 8 digits, or "") and GST rate in percent; undefined: kept as they are. */
  hsnCode?: string | undefined;
  gstRate?: number | undefined;
}

export const STOCK_MOVED = "The stock changed while you were editing (some was sold or restocked). Check the count and save again.";

/** The sample a new product starts as (the spec's flow: create, then edit). */
export const SAMPLE_PRODUCT = { name: "Sample name", brand: "Sample brand", category: "Sample category", description: "" };

export const IMAGE_NOT_FOUND = "No Image matches the given query.";

/**
 * The staff's writes to the catalogue: products, their images and categories. Every write clears
 * the catalogue's answer cache at once; image files no longer shown by a product or an order line
 * are removed from storage after the database has committed.
 */
export class CatalogAdmin {
  constructor(
    private readonly db: Db,
    private readonly catalog: CatalogService,
    private readonly media: MediaStorage,
    private readonly clock: Clock,
  ) {}

  async createSample(): Promise<Product> {
    const at = this.clock().toISOString();
    const id = await this.db.transaction().execute(async (trx) => {
      const category = await repo.categoryNamed(trx, SAMPLE_PRODUCT.category);
      return repo.insertProduct(
        trx,
        { ...SAMPLE_PRODUCT, category, nameHi: "", descriptionHi: "", pricePaise: 0, countInStock: 0, hsnCode: "", gstRate: 0 },
        at,
      );
    });
    this.catalog.invalidate();
    return this.catalog.getProduct(id);
  }

  async update(id: number, input: ProductInput): Promise<Product> {
    if (!input.name.trim()) throw fieldError("field_invalid", "name", problem("blank", "This field may not be blank."));
    await this.db.transaction().execute(async (trx) => {
      const current = await repo.lockProduct(trx, id);
      if (!current) throw notFound("product_not_found", PRODUCT_NOT_FOUND);
      const category = await this.#category(trx, input.category);
      let countInStock = input.countInStock;
      if (input.stockSeen !== undefined && current.count_in_stock !== input.stockSeen) {
        // Sold (or restocked) since the form was loaded: never write the stale count back.
        if (input.countInStock !== input.stockSeen) throw conflict("stock_moved", STOCK_MOVED);
        countInStock = current.count_in_stock;
      }
      await repo.updateProduct(
        trx,
        id,
        {
          name: input.name,
          brand: input.brand,
          category,
          description: input.description,
          nameHi: input.nameHi ?? current.name_hi,
          descriptionHi: input.descriptionHi ?? current.description_hi,
          pricePaise: input.pricePaise,
          countInStock,
          hsnCode: input.hsnCode ?? current.hsn_code,
          gstRate: input.gstRate ?? Number(current.gst_rate),
        },
        this.clock().toISOString(),
      );
    });
    this.catalog.invalidate();
    return this.catalog.getProduct(id);
  }

  async remove(id: number): Promise<void> {
    const paths = await this.db.transaction().execute(async (trx) => {
      const images = await repo.findImages(trx, [id]);
      if (!(await repo.deleteProduct(trx, id))) throw notFound("product_not_found", PRODUCT_NOT_FOUND);
      return images.map((image) => image.path);
    });
    this.catalog.invalidate();
    await this.#removeUnreferenced(paths);
  }

  /** Verifies the upload by decoding it, stores it as WebP variants, appends it to the product. */
  async addImage(productId: number, upload: Buffer): Promise<ProductImages> {
    const product = await repo.findProduct(this.db, productId);
    if (!product) throw notFound("product_not_found", PRODUCT_NOT_FOUND);
    try {
      await verifyUpload(upload);
    } catch (error) {
      if (error instanceof ImageRejected)
        throw badRequest("image_rejected", error.message, { image: [problem(error.code, error.message)] });
      throw error;
    }
    const path = await storeImage(upload, this.media, product.name);
    try {
      await this.db.transaction().execute(async (trx) => {
        if (!(await repo.lockProduct(trx, productId))) throw notFound("product_not_found", PRODUCT_NOT_FOUND);
        await repo.insertImage(trx, productId, path);
      });
    } catch (error) {
      await removeImage(path, this.media);
      throw error;
    }
    this.catalog.invalidate();
    return this.images(productId);
  }

  async removeImage(imageId: number): Promise<ProductImages> {
    const image = await this.db.transaction().execute(async (trx) => {
      const row = await repo.findImage(trx, imageId);
      if (!row) throw notFound("image_not_found", IMAGE_NOT_FOUND);
      await repo.deleteImage(trx, imageId);
      return row;
    });
    this.catalog.invalidate();
    await this.#removeUnreferenced([image.path]);
    return this.images(image.product_id);
  }

  /** Puts the product's images in the given order; the list must name each of them once. */
  async reorderImages(productId: number, order: readonly number[]): Promise<ProductImages> {
    await this.db.transaction().execute(async (trx) => {
      if (!(await repo.lockProduct(trx, productId))) throw notFound("product_not_found", PRODUCT_NOT_FOUND);
      const current = (await repo.findImages(trx, [productId])).map((image) => image.id);
      const same = order.length === current.length && new Set(order).size === order.length && order.every((id) => current.includes(id));
      if (!same) {
        const detail = "List every image of this product exactly once.";
        throw badRequest("image_order_invalid", detail, { images: [problem("image_order_invalid", detail)] });
      }
      for (const [position, id] of order.entries()) await repo.setImagePosition(trx, id, position);
    });
    this.catalog.invalidate();
    return this.images(productId);
  }

  async images(productId: number): Promise<ProductImages> {
    return { product: productId, images: (await repo.findImages(this.db, [productId])).map(imageJson) };
  }

  async #category(trx: Transaction<Database>, category: number | string) {
    // A form sends the id as text: digits alone name an id, never a new category.
    if (typeof category === "number" || /^\d{1,9}$/.test(category.trim())) {
      const id = Number(category);
      const row = await repo.findCategory(trx, id);
      if (!row)
        throw badRequest(
          "category_not_found",
          `category: No category with id ${id}.`,
          { category: [problem("category_not_found", `No category with id ${id}.`, { category: id })] },
          { category: id },
        );
      return row;
    }
    const name = category.trim();
    if (!name) throw fieldError("field_invalid", "category", problem("blank", "This field may not be blank."));
    return repo.categoryNamed(trx, name);
  }

  /** Removes the files of images that no product and no order line shows any more. */
  async #removeUnreferenced(paths: readonly string[]): Promise<void> {
    const kept = await repo.pathsInOrders(this.db, paths);
    await Promise.all(paths.filter((path) => !kept.has(path)).map((path) => removeImage(path, this.media)));
  }
}
