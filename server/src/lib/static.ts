import { existsSync, mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import { isSpaRoute } from "@krishi/contract";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { errorBody } from "./errors.ts";

export interface StaticOptions {
  webDistDir: string;
  mediaDir: string;
  /**
   * The server-rendered public pages: "/" and /product/{id} have routes of their own, and an
   * address no screen has gets the rendered not-found page. Without them (the web app's server
   * entry not built) every screen gets the shell.
   */
  pages?: { notFound(request: FastifyRequest, reply: FastifyReply): Promise<unknown> };
}

const YEAR = 365 * 24 * 60 * 60;

/**
 * Serves the built SPA (hashed assets cached for a year, precompressed .br/.gz), media under
 * /media/, and index.html for every screen route of the spec (history fallback). Other paths get
 * the SPA's not-found page with status 404; unknown API paths get a JSON 404.
 */
export async function registerStatic(app: FastifyInstance, { webDistDir, mediaDir, pages }: StaticOptions): Promise<void> {
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

  const sendShell = (reply: FastifyReply, status: number) =>
    reply.status(status).header("Cache-Control", "no-cache").type("text/html; charset=utf-8").send(indexHtml);
  // The static plugin refuses a directory listing for "/", so the home screen gets its own route.
  if (indexHtml && !pages) app.get("/", { schema: { hide: true } }, (_request, reply) => sendShell(reply, 200));

  app.setNotFoundHandler((request, reply) => {
    const { pathname } = new URL(request.url, "http://shop.invalid");
    const wantsPage = (request.method === "GET" || request.method === "HEAD") && !isApiPath(pathname);
    if (wantsPage && indexHtml) {
      if (isSpaRoute(pathname)) return sendShell(reply, 200);
      return pages ? pages.notFound(request, reply) : sendShell(reply, 404);
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
