import { LANGUAGE_COOKIE, LANGUAGE_PARAM, type PageLanguage } from "@krishi/contract";
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import type { TSchema } from "typebox";
import { readCookie, setCookie } from "../../lib/cookies.ts";
import { sendBody } from "../../lib/response-cache.ts";
import { CategoryListBody, ProductBody, ProductListBody } from "../catalog/answers.ts";
import { CropListBody, CropMatchesBody, CropPageBody, ProblemPageBody } from "../crops/answers.ts";
import type { AnswerSerializers, RenderedAnswer, StorefrontPages } from "./pages.ts";

export interface StorefrontRoutesOptions {
  pages: StorefrontPages;
}

/**
 * The public pages, rendered on the server: `/` (the list, with its query), `/product/{id}`,
 * `/crops`, `/crop/{slug}` and `/crop/{slug}/{problem}`, in English or, at ?lang=hi, Hindi, as the shopper's language cookie asks (see inLanguage).
 * Every other screen is the client-side app's (the shell).
 */
export const storefrontRoutes: FastifyPluginAsync<StorefrontRoutesOptions> = async (app, { pages }) => {
  app.get("/", { schema: { hide: true } }, async (request, reply) =>
    inLanguage(request, reply, () => pages.home(searchOf(request), serializers(reply))),
  );

  app.get<{ Params: { id: string } }>("/product/:id", { schema: { hide: true } }, async (request, reply) =>
    inLanguage(request, reply, () => pages.product(request.params.id, searchOf(request), serializers(reply))),
  );

  app.get("/crops", { schema: { hide: true } }, async (request, reply) =>
    inLanguage(request, reply, () => pages.crops(searchOf(request), serializers(reply))),
  );

  app.get<{ Params: { slug: string } }>("/crop/:slug", { schema: { hide: true } }, async (request, reply) =>
    inLanguage(request, reply, () => pages.crop(request.params.slug, undefined, searchOf(request), serializers(reply))),
  );

  app.get<{ Params: { slug: string; problem: string } }>("/crop/:slug/:problem", { schema: { hide: true } }, async (request, reply) =>
    inLanguage(request, reply, () => pages.crop(request.params.slug, request.params.problem, searchOf(request), serializers(reply))),
  );
};

/** The not-found page for an address no screen has (the static files' not-found handler calls it). */
export async function sendNotFoundPage(pages: StorefrontPages, request: FastifyRequest, reply: FastifyReply) {
  return inLanguage(request, reply, (language) => pages.notFound(language, serializers(reply)));
}

/** How long the shopper's language is remembered. */
const LANGUAGE_COOKIE_SECONDS = 365 * 24 * 60 * 60;

/**
 * Answers a public page in the shopper's language. The address says it: ?lang=hi is the Hindi
 * page; the English page names no language. The `lang` cookie remembers the shopper's choice:
 * - ?lang=hi is remembered, and answered with the Hindi page;
 * - ?lang=en is remembered, and redirected to the English address (the header's switch links to it);
 * - an address without a language (a reload, a link typed or shared in English) is redirected to
 *   its ?lang=hi address for a shopper whose cookie says Hindi, else answered with the English page.
 * Only those answers without a language depend on the cookie (`Vary: Cookie`); the pages
 * themselves stay the same for everyone and are cached per address and language.
 */
async function inLanguage(request: FastifyRequest, reply: FastifyReply, page: (language: PageLanguage) => Promise<RenderedAnswer>) {
  const address = new URL(request.url, "http://shop.invalid");
  const named = address.searchParams.get(LANGUAGE_PARAM);
  const remembered = readCookie(request, LANGUAGE_COOKIE);
  if (named === "hi" || named === "en") {
    if (remembered !== named) {
      setCookie(request, reply, LANGUAGE_COOKIE, named, { path: "/", maxAgeSeconds: LANGUAGE_COOKIE_SECONDS, readableByScripts: true });
    }
    if (named === "hi") return sendPage(request, reply, await page("hi"), { varyByCookie: false });
    address.searchParams.delete(LANGUAGE_PARAM);
    return redirect(reply, address, { varyByCookie: false });
  }
  if (remembered === "hi") {
    address.searchParams.set(LANGUAGE_PARAM, "hi");
    return redirect(reply, address, { varyByCookie: true });
  }
  return sendPage(request, reply, await page("en"), { varyByCookie: true });
}

/** A redirect to the same page at another address of the shop, for this visitor only (it follows their cookie, or sets it). */
function redirect(reply: FastifyReply, address: URL, { varyByCookie }: { varyByCookie: boolean }) {
  // Leading slashes collapsed: "/.//host" is a path here, and would be another site in Location.
  const location = address.pathname.replace(/^\/+/, "/") + address.search;
  reply.status(302).header("Location", location).header("Cache-Control", "private, no-store");
  if (varyByCookie) reply.header("Vary", "Cookie");
  return reply.send();
}

function searchOf(request: FastifyRequest): URLSearchParams {
  return new URL(request.url, "http://shop.invalid").searchParams;
}

export function serializers(reply: FastifyReply): AnswerSerializers {
  const by = (schema: TSchema) => (data: unknown) =>
    reply.serializeInput(data as Record<string, unknown>, schema as Record<string, unknown>);
  return {
    list: by(ProductListBody),
    product: by(ProductBody),
    categories: by(CategoryListBody),
    crops: by(CropListBody),
    crop: by(CropPageBody),
    problem: by(ProblemPageBody),
    cropMatches: by(CropMatchesBody),
  };
}

/**
 * A rendered page: revalidated on every visit (no-cache), 304 when the browser has it, Brotli
 * or gzip when accepted. It is the same for everyone (a shopper's cart and name fill in after it loads):
 * `Vary: Accept-Encoding`, and `Cookie` for the address without a language, whose answer is this
 * page or, with the cookie, a redirect. An answer that sets the language cookie is the visitor's own.
 */
function sendPage(
  request: FastifyRequest,
  reply: FastifyReply,
  { status, answer }: RenderedAnswer,
  { varyByCookie }: { varyByCookie: boolean },
) {
  reply
    .status(status)
    .headers(answer.headers)
    .header("Cache-Control", reply.hasHeader("Set-Cookie") ? "private, no-cache" : "no-cache")
    .header("Vary", varyByCookie ? "Accept-Encoding, Cookie" : "Accept-Encoding")
    .type("text/html; charset=utf-8");
  if (status === 200 && request.headers["if-none-match"] === answer.headers.ETag) return reply.status(304).send();
  return sendBody(request, reply, answer);
}
