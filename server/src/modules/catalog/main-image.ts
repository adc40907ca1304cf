import { CARD_IMAGE_SIZES, IMAGE_WIDTHS, imageSrcSet, imageUrl, PRODUCT_IMAGE_SIZES } from "@krishi/contract";
import type { MainImage, ShellPage } from "../../lib/static.ts";
import type { CatalogService } from "./service.ts";

/**
 * The main image of the shop's two landing screens, for the page shell's preload hint: the first
 * product card of the unfiltered list (newest first, as the home screen asks), or a product page's
 * first image. Addresses and sizes are the contract's, which the web's <img> tags use too.
 */
export function mainImageOf(catalog: CatalogService, imageBaseUrl: string): (page: ShellPage) => Promise<MainImage | null> {
  return async (page) => {
    const product = "productId" in page ? await catalog.getProduct(page.productId) : (await catalog.listProducts({ page: 1 })).products[0];
    const path = product?.images[0]?.image;
    const href = imageUrl(path, imageBaseUrl);
    if (!href) return null;
    const srcset = imageSrcSet(path, imageBaseUrl, IMAGE_WIDTHS);
    return { href, srcset, sizes: "productId" in page ? PRODUCT_IMAGE_SIZES : CARD_IMAGE_SIZES };
  };
}
