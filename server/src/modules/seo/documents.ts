/**
 * The texts crawlers read: robots.txt and sitemaps (sitemaps.org 0.9, with hreflang alternates as
 * search engines read them). Pure functions of the shop's public address and what it lists.
 */

/**
 * Path prefixes crawlers are kept out of: the API and every screen of the web app but the home
 * page and product pages (a cart, checkout, an order, an account, staff screens, sign-in, sign-up,
 * password and e-mail confirmation pages). No trailing slash where the screen also answers
 * without one.
 */
export const PRIVATE_PATHS = [
  "/api/",
  "/admin",
  "/cart",
  "/shipping",
  "/payment",
  "/placeorder",
  "/order/",
  "/profile",
  "/login",
  "/register",
  "/old_login",
  "/old_signup",
  "/signup",
  "/reset/password",
  "/change/password",
  "/dj-rest-auth/",
] as const;

/**
 * Everything not disallowed may be crawled. No "Allow: /" line: crawlers that take the first
 * matching rule rather than the longest would let it open every path.
 */
export function robotsTxt(siteUrl: string): string {
  const rules = PRIVATE_PATHS.map((path) => `Disallow: ${path}`);
  return ["User-agent: *", ...rules, "", `Sitemap: ${siteUrl}/sitemap.xml`, ""].join("\n");
}

/** A page of the shop a sitemap lists: its path ("/", "/product/12") and when it last changed. */
export interface SitemapPage {
  path: string;
  /** W3C datetime (ISO 8601); absent when not known. */
  lastmod?: string;
}

/** Each page is listed in English (no lang parameter) and in Hindi (?lang=hi): two URLs. */
export const URLS_PER_PAGE = 2;

const URLSET_OPEN = '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">';
const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>';

/**
 * A sitemap of these pages. Each language version is a <url> of its own naming every version
 * (itself included) as an alternate, English also as x-default: search engines take the
 * alternates only when each version confirms the others.
 */
export function urlsetXml(siteUrl: string, pages: readonly SitemapPage[]): string {
  const lines = [XML_DECLARATION, URLSET_OPEN];
  for (const page of pages) {
    const english = `${siteUrl}${page.path}`;
    const hindi = `${english}?lang=hi`;
    const lastmod = page.lastmod ? `<lastmod>${escapeXml(page.lastmod)}</lastmod>` : "";
    const links = [alternate("en", english), alternate("hi", hindi), alternate("x-default", english)].join("");
    for (const loc of [english, hindi]) lines.push(`<url><loc>${escapeXml(loc)}</loc>${lastmod}${links}</url>`);
  }
  lines.push("</urlset>", "");
  return lines.join("\n");
}

/** A sitemap index naming the parts /sitemap-1.xml … /sitemap-{parts}.xml. */
export function sitemapIndexXml(siteUrl: string, parts: number): string {
  const lines = [XML_DECLARATION, '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">'];
  for (let n = 1; n <= parts; n++) lines.push(`<sitemap><loc>${escapeXml(`${siteUrl}/sitemap-${n}.xml`)}</loc></sitemap>`);
  lines.push("</sitemapindex>", "");
  return lines.join("\n");
}

function alternate(hreflang: string, href: string): string {
  return `<xhtml:link rel="alternate" hreflang="${hreflang}" href="${escapeXml(href)}"/>`;
}

const XML_ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" };

/** Text or an attribute value as XML (sitemaps.org asks for these five escaped in URLs). */
export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => XML_ENTITIES[char] ?? char);
}
