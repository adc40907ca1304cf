import type { Category, PageLanguage, Product, ProductSummary, ProductVariant, PublicConfig } from "@krishi/contract";
import { pageTitle } from "../base/page-title.tsx";
import { LANGUAGE_PARAM, localized, t } from "../i18n/index.ts";
import { imageUrl, imageVariant } from "../lib/image-url.ts";
import { formatPrice } from "../lib/price.ts";

/**
 * The head of a server-rendered page, as crawlers and link previews (WhatsApp, Facebook, X,
 * Google) read it: they run no JavaScript, so everything they show comes from here.
 */
export interface PageHead {
  /** The heading the title is made of ("Urea 45 kg", "Latest Products"). */
  title: string;
  description: string;
  /** The page's own address, path and query ("/product/12?lang=hi"). */
  url: string;
  language: PageLanguage;
  siteUrl: string;
  config: PublicConfig;
  product?: Product;
  /** A list page's products, in the order shown, when it lists a category or a search: its preview shows the first one's picture. */
  listed?: readonly ProductSummary[];
  /** The pack the address names (?pack=), when it is not the default: its price and stock are the page's. */
  pack?: ProductVariant;
  /** The page's own picture (a crop's: a path joined to imageBaseUrl, or a full address), before any listed product's. */
  image?: string;
  /** The way to the page from the shop's home (schema.org BreadcrumbList), the page last: names and paths. */
  breadcrumbs?: readonly Step[];
  /** What the page lists, in order (schema.org ItemList): names and paths. */
  itemList?: readonly Step[];
  /** The not-found page: kept out of search indexes. */
  notFound?: boolean;
}

/** A page named in structured data: its name and its path (its address in the page's language is made here). */
export interface Step {
  name: string;
  path: string;
}

export const SITE_NAME = "Krishi Bazaar";
/** Search engines show about this much of a description. */
const DESCRIPTION_LENGTH = 160;
/** A preview image wide enough for WhatsApp's large card (it wants at least 300 px). */
const PREVIEW_WIDTH = 640;

/** A link preview's picture: an absolute address, with its size and type when known. */
interface PreviewImage {
  url: string;
  alt: string;
  width?: number;
  height?: number;
  type?: string;
}

/** The shop's own icon (web/public/icons, the app manifest's): the picture of a page that has none of its own. */
const SHOP_ICON = { path: "/icons/icon-512.png", width: 512, height: 512, type: "image/png" };

export function headTags(head: PageHead): string {
  const { language, siteUrl, product } = head;
  const canonical = absolute(siteUrl, head.url);
  const tags = [element("title", pageTitle(head.title)), meta("description", head.description)];
  if (head.notFound) tags.push(meta("robots", "noindex"));
  if (!head.notFound) tags.push(link("canonical", canonical), ...alternates(siteUrl, head.url));
  const image = head.notFound ? undefined : previewImage(head);
  tags.push(
    property("og:site_name", SITE_NAME),
    property("og:type", product ? "product" : "website"),
    property("og:title", head.title),
    property("og:description", head.description),
    property("og:url", canonical),
    property("og:locale", language === "hi" ? "hi_IN" : "en_IN"),
    property("og:locale:alternate", language === "hi" ? "en_IN" : "hi_IN"),
  );
  if (image) {
    tags.push(property("og:image", image.url));
    if (image.type) tags.push(property("og:image:type", image.type));
    if (image.width && image.height)
      tags.push(property("og:image:width", String(image.width)), property("og:image:height", String(image.height)));
    tags.push(property("og:image:alt", image.alt));
  }
  if (product) {
    const price = head.pack?.price ?? product.price;
    tags.push(property("product:price:amount", price), property("product:price:currency", "INR"));
    tags.push(property("og:price:amount", price), property("og:price:currency", "INR"));
  }
  tags.push(
    // The shop's square icon is a small card's picture; a product's photo a large card's.
    meta("twitter:card", image && !image.width ? "summary_large_image" : "summary"),
    meta("twitter:title", head.title),
    meta("twitter:description", head.description),
  );
  if (image) tags.push(meta("twitter:image", image.url), meta("twitter:image:alt", image.alt));
  if (product && !head.notFound) {
    tags.push(jsonLd(productData(product, head, canonical)), jsonLd(breadcrumbList(productSteps(product), head)));
  }
  if (!head.notFound && head.breadcrumbs) tags.push(jsonLd(breadcrumbList(head.breadcrumbs, head)));
  if (!head.notFound && head.itemList) tags.push(jsonLd(itemList(head.itemList, head)));
  return tags.join("");
}

/** A line for a product's description: its name (with the pack named), price and the first sentence of its text. */
export function productDescription(product: Product, pack?: ProductVariant): string {
  const name = localized(product.name, product.nameHi);
  const text = localized(product.description, product.descriptionHi).split(/\n/)[0]?.trim() ?? "";
  const named = pack ? `${name} (${pack.label})` : name;
  return clip(`${named}: ${formatPrice(pack?.price ?? product.price)}. ${text}`.trim());
}

/** A list page's description: its heading, how many products, and the shop's line. */
export function listDescription(heading: string, total: number): string {
  const count = t("{count, plural, one {# product} other {# products}}", { count: total });
  return clip(`${heading}: ${count}. ${t("Seeds, fertilisers and tools delivered to your farm")}`);
}

export function clip(text: string): string {
  const flat = text.replace(/\s+/g, " ");
  return flat.length <= DESCRIPTION_LENGTH ? flat : `${flat.slice(0, DESCRIPTION_LENGTH - 1).trimEnd()}…`;
}

/** schema.org Product: what Google shows of a product in its results (price, stock, stars). */
function productData(product: Product, head: PageHead, url: string) {
  const name = localized(product.name, product.nameHi);
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    name,
    description: localized(product.description, product.descriptionHi) || name,
    image: productImages(product, head.config, head.siteUrl),
    sku: String(product._id),
    ...(product.brand ? { brand: { "@type": "Brand", name: product.brand } } : {}),
    category: product.category.name,
    offers: head.pack ? packOffer(head.pack, url) : productOffers(product, url),
    ...(product.numReviews > 0
      ? {
          aggregateRating: {
            "@type": "AggregateRating",
            ratingValue: Math.round(product.rating * 10) / 10,
            reviewCount: product.numReviews,
            bestRating: 5,
            worstRating: 1,
          },
        }
      : {}),
  };
}

/** The offer of the pack the address names: its price and its own stock. */
function packOffer(pack: ProductVariant, url: string) {
  return {
    "@type": "Offer",
    price: pack.price,
    ...(pack.sku ? { sku: pack.sku } : {}),
    url,
    priceCurrency: "INR",
    availability: pack.countInStock > 0 ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
    itemCondition: "https://schema.org/NewCondition",
  };
}

/**
 * The product's offer: one Offer at its price, or, when its packs sell at different prices, an
 * AggregateOffer from the lowest to the highest. In stock while any pack is.
 */
function productOffers(product: Product, url: string) {
  const packs = product.variants;
  const inStock = packs.length > 0 ? packs.some((pack) => pack.countInStock > 0) : product.countInStock > 0;
  const common = {
    url,
    priceCurrency: "INR",
    availability: inStock ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
    itemCondition: "https://schema.org/NewCondition",
  };
  const prices = [...new Set(packs.map((pack) => pack.price))].sort((a, b) => Number(a) - Number(b));
  if (prices.length < 2) return { "@type": "Offer", price: product.price, ...common };
  return { "@type": "AggregateOffer", lowPrice: prices[0], highPrice: prices.at(-1), offerCount: packs.length, ...common };
}

/** Shop › category › product. */
function productSteps(product: Product): Step[] {
  const category: Category = product.category;
  return [
    { name: SITE_NAME, path: "/" },
    { name: localized(category.name, category.nameHi), path: `/?${new URLSearchParams({ keyword: category.name })}` },
    { name: localized(product.name, product.nameHi), path: `/product/${product._id}` },
  ];
}

/** A page's address in the page's language, absolute. */
function inLanguage(path: string, head: PageHead): string {
  return absolute(head.siteUrl, withLanguage(path, head.language));
}

/** schema.org BreadcrumbList: each step an address in the page's language. */
function breadcrumbList(steps: readonly Step[], head: PageHead) {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: steps.map((step, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: step.name,
      item: inLanguage(step.path, head),
    })),
  };
}

/** schema.org ItemList: what the page lists, in its order, each with its address in the page's language. */
function itemList(items: readonly Step[], head: PageHead) {
  return {
    "@context": "https://schema.org",
    "@type": "ItemList",
    numberOfItems: items.length,
    itemListElement: items.map((item, index) => ({
      "@type": "ListItem",
      position: index + 1,
      url: inLanguage(item.path, head),
      name: item.name,
    })),
  };
}

/**
 * What a shared link of the page shows: a product's first picture; on a category's or a search's
 * list, the first listed product's that has one; else (the home page, a list without pictures) the
 * shop's icon. Always an absolute address of a file the shop serves.
 */
function previewImage(head: PageHead): PreviewImage {
  const { product, config, siteUrl } = head;
  const own = head.image
    ? (imageVariant(head.image, config.imageBaseUrl, config.imageWidths, PREVIEW_WIDTH) ?? imageUrl(head.image, config.imageBaseUrl))
    : undefined;
  if (own) return { url: absolute(siteUrl, own), alt: head.title, ...(own.endsWith(".webp") ? { type: "image/webp" } : {}) };
  const shown = product ? [product] : (head.listed ?? []);
  for (const item of shown) {
    const url = productImages(item, config, siteUrl)[0];
    if (url) return { url, alt: localized(item.name, item.nameHi), ...(url.endsWith(".webp") ? { type: "image/webp" } : {}) };
  }
  const { path, ...size } = SHOP_ICON;
  return { url: absolute(siteUrl, path), alt: SITE_NAME, ...size };
}

/** Absolute addresses of the product's images, at a width link previews show well. */
function productImages(product: Pick<ProductSummary, "images">, config: PublicConfig, siteUrl: string): string[] {
  return product.images
    .map(
      (image) =>
        imageVariant(image.image, config.imageBaseUrl, config.imageWidths, PREVIEW_WIDTH) ?? imageUrl(image.image, config.imageBaseUrl),
    )
    .filter((url): url is string => Boolean(url))
    .map((url) => absolute(siteUrl, url));
}

/** The page in each language, and English for everyone else (hreflang). */
function alternates(siteUrl: string, url: string): string[] {
  const english = absolute(siteUrl, withLanguage(url, "en"));
  return [alternate("en", english), alternate("hi", absolute(siteUrl, withLanguage(url, "hi"))), alternate("x-default", english)];
}

/** The address in a language: English has no language parameter, another language its ?lang=. */
export function withLanguage(url: string, language: PageLanguage): string {
  const address = new URL(url, "http://shop.invalid");
  if (language === "en") address.searchParams.delete(LANGUAGE_PARAM);
  else address.searchParams.set(LANGUAGE_PARAM, language);
  return `${address.pathname}${address.search}`;
}

function absolute(siteUrl: string, url: string): string {
  return new URL(url, `${siteUrl.replace(/\/+$/, "")}/`).href;
}

function alternate(language: string, href: string): string {
  return `<link rel="alternate" hreflang="${language}" href="${escapeHtml(href)}">`;
}

function link(rel: string, href: string): string {
  return `<link rel="${rel}" href="${escapeHtml(href)}">`;
}

function meta(name: string, content: string): string {
  return `<meta name="${name}" content="${escapeHtml(content)}">`;
}

function property(name: string, content: string): string {
  return `<meta property="${name}" content="${escapeHtml(content)}">`;
}

function element(name: string, text: string): string {
  return `<${name}>${escapeHtml(text)}</${name}>`;
}

/** JSON-LD in a data block: `<` escaped, so no text of a product can close the script element. */
function jsonLd(data: unknown): string {
  return `<script type="application/ld+json">${scriptJson(data)}</script>`;
}

/** JSON safe inside a script element: nothing in it can end the element or start a comment. */
export function scriptJson(data: unknown): string {
  return JSON.stringify(data)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
