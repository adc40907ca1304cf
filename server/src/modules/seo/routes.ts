import type { FastifyPluginAsync } from "fastify";
import type { EventBus } from "../../lib/events.ts";
import { sendCached } from "../catalog/routes.ts";
import type { CatalogService } from "../catalog/service.ts";
import type { CropsService } from "../crops/service.ts";
import { cropPaths, SeoService } from "./service.ts";

export interface SeoRoutesOptions {
  /** The shop's public address (SITE_URL): crawlers are given absolute URLs. */
  siteUrl: string;
  catalog: Pick<CatalogService, "sitemapEntries">;
  /** The crops, whose pages the sitemap lists. */
  crops: Pick<CropsService, "staffList">;
  /** productsChanged and cropsChanged drop the cached sitemaps. */
  events: Pick<EventBus, "on">;
  /** URLs one sitemap file lists at most (sitemaps.org's limit by default); past that, an index of parts. */
  urlsPerFile?: number;
}

const TEXT = "text/plain; charset=utf-8";
const XML = "application/xml; charset=utf-8";
/** Crawler files, not operations of the API: left out of its document. */
const hidden = { schema: { hide: true } };
/** A part's number as written in its URL: no sign, no leading zero. */
const PART_NUMBER = /^[1-9]\d{0,8}$/;

/** /robots.txt and /sitemap.xml (with /sitemap-{n}.xml parts for a catalogue too big for one file): the home page, the crops' pages, the products. */
export const seoRoutes: FastifyPluginAsync<SeoRoutesOptions> = async (app, { siteUrl, catalog, crops, events, urlsPerFile = 50_000 }) => {
  const seo = new SeoService(catalog, siteUrl, urlsPerFile, undefined, cropPaths(crops));
  events.on("productsChanged", (change) => seo.forget(change));
  events.on("cropsChanged", () => seo.forgetAll());

  app.get("/robots.txt", hidden, async (request, reply) => sendCached(request, reply, seo.robots, TEXT));

  app.get("/sitemap.xml", hidden, async (request, reply) => sendCached(request, reply, await seo.sitemap(), XML));

  app.get<{ Params: { n: string } }>("/sitemap-:n.xml", hidden, async (request, reply) => {
    const { n } = request.params;
    const part = PART_NUMBER.test(n) ? await seo.sitemapPart(Number(n)) : null;
    return part ? sendCached(request, reply, part, XML) : reply.callNotFound();
  });
};
