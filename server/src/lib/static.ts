import { existsSync, mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import { isSpaRoute } from "@krishi/contract";
import type { FastifyInstance, FastifyReply } from "fastify";
import { errorBody } from "./errors.ts";

/** A screen's main image (its largest paint), named in the page's preload hints. */
export interface MainImage {
  href: string;
  srcset: string | undefined;
  sizes: string;
}

/** The screen whose main image to hint: the bare home list, or a product page. */
export type ShellPage = { home: true } | { productId: number };

export interface StaticOptions {
  webDistDir: string;
  mediaDir: string;
  /** The main image of a screen, or null; the shell is sent without the hint if this fails. */
  mainImage?: (page: ShellPage) => Promise<MainImage | null>;
}

const YEAR = 365 * 24 * 60 * 60;

/**
 * Serves the built SPA (hashed assets cached for a year, precompressed .br/.gz), media under
 * /media/, and index.html for every screen route of the spec (history fallback). Other paths get
 * the SPA's not-found page with status 404; unknown API paths get a JSON 404.
 */
export async function registerStatic(app: FastifyInstance, { webDistDir, mediaDir, mainImage }: StaticOptions): Promise<void> {
  mkdirSync(mediaDir, { recursive: true });
  await app.register(fastifyStatic, {
    root: mediaDir,
    prefix: "/media/",
    decorateReply: false,
    index: false,
    // Media file names carry a unique id, so a file never changes under its name.
    immutable: true,
    maxAge: YEAR * 1000,
    // With IMAGE_BASE_URL naming a CDN, the shop's pages show images the CDN fetched from here:
    // helmet's same-origin policy would have the browser block them. Media are public anyway.
    setHeaders(reply) {
      reply.header("Cross-Origin-Resource-Policy", "cross-origin");
    },
  });

  const indexFile = path.join(webDistDir, "index.html");
  const hasSpa = existsSync(indexFile);
  if (hasSpa) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      prefix: "/",
      index: false,
      wildcard: true,
      preCompressed: true,
      cacheControl: false,
      setHeaders(reply, filePath) {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header("Cache-Control", hashed ? `public, max-age=${YEAR}, immutable` : "no-cache");
      },
    });
  }
  // Read once: the SPA shell is small and served for every screen route.
  const indexHtml = hasSpa ? readFileSync(indexFile) : null;

  /**
   * The shell, with preload hints for the screen's first API answers and its main image, so they
   * load while the script does (the main image is the page's largest paint: waiting for the script
   * and the answer before asking for it would put the two one after the other).
   */
  const sendShell = async (reply: FastifyReply, status: number, preload: string[] = [], page?: ShellPage) => {
    const links = preload.map((url) => `<${url}>; rel=preload; as=fetch; crossorigin=anonymous`);
    const image = page && mainImage ? await mainImage(page).catch(() => null) : null;
    if (image) {
      const srcset = image.srcset ? `; imagesrcset="${image.srcset}"; imagesizes="${image.sizes}"` : "";
      links.push(`<${image.href}>; rel=preload; as=image${srcset}; fetchpriority=high`);
    }
    if (links.length > 0) reply.header("Link", links.join(", "));
    return reply.status(status).header("Cache-Control", "no-cache").type("text/html; charset=utf-8").send(indexHtml);
  };
  // The static plugin refuses a directory listing for "/", so the home screen gets its own route.
  if (indexHtml) {
    app.get("/", { schema: { hide: true } }, (request, reply) => {
      // The bare home page is the usual landing: start its data while the script loads.
      const bare = !request.url.includes("?");
      if (!bare) return sendShell(reply, 200);
      return sendShell(reply, 200, ["/api/config", "/api/products", "/api/products/category/"], { home: true });
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const { pathname } = new URL(request.url, "http://shop.invalid");
    const wantsPage = (request.method === "GET" || request.method === "HEAD") && !isApiPath(pathname);
    if (wantsPage && indexHtml) {
      const product = /^\/product\/(\d{1,9})\/?$/.exec(pathname)?.[1];
      const preload = product ? ["/api/config", `/api/products/${product}/`, "/api/products/category/"] : [];
      return sendShell(reply, isSpaRoute(pathname) ? 200 : 404, preload, product ? { productId: Number(product) } : undefined);
    }
    if (wantsPage && isSpaRoute(pathname)) {
      return reply.status(503).type("text/plain; charset=utf-8").send("The web app is not built yet: run `npm run build` and restart.");
    }
    return reply.status(404).send(errorBody("not_found", "Not found."));
  });
}

/**
 * The origin media are served from when IMAGE_BASE_URL names a CDN ("https://cdn.example.in"), or
 * null when they come from this server: the page's Content-Security-Policy must allow it for images.
 */
export function mediaOrigin(imageBaseUrl: string): string | null {
  return /^https?:\/\//.test(imageBaseUrl) ? new URL(imageBaseUrl).origin : null;
}

function isApiPath(pathname: string): boolean {
  return /^\/(api|media|healthz|readyz)(\/|$)/.test(pathname);
}
