import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import type { TSchema } from "typebox";
import { acceptsBrotli, brotliBody } from "../../lib/response-cache.ts";
import { CategoryListBody, ProductBody, ProductListBody } from "../catalog/answers.ts";
import type { AnswerSerializers, RenderedAnswer, StorefrontPages } from "./pages.ts";

export interface StorefrontRoutesOptions {
  pages: StorefrontPages;
}

/**
 * The public pages, rendered on the server: `/` (the list, with its query) and `/product/{id}`,
 * in English or, at ?lang=hi, Hindi. Every other screen is the client-side app's (the shell).
 */
export const storefrontRoutes: FastifyPluginAsync<StorefrontRoutesOptions> = async (app, { pages }) => {
  app.get("/", { schema: { hide: true } }, async (request, reply) =>
    sendPage(request, reply, await pages.home(searchOf(request), serializers(reply))),
  );

  app.get<{ Params: { id: string } }>("/product/:id", { schema: { hide: true } }, async (request, reply) =>
    sendPage(request, reply, await pages.product(request.params.id, searchOf(request), serializers(reply))),
  );
};

/** The not-found page for an address no screen has (the static files' not-found handler calls it). */
export async function sendNotFoundPage(pages: StorefrontPages, request: FastifyRequest, reply: FastifyReply) {
  const language = searchOf(request).get("lang") === "hi" ? "hi" : "en";
  return sendPage(request, reply, await pages.notFound(language, serializers(reply)));
}

function searchOf(request: FastifyRequest): URLSearchParams {
  return new URL(request.url, "http://shop.invalid").searchParams;
}

function serializers(reply: FastifyReply): AnswerSerializers {
  const by = (schema: TSchema) => (data: unknown) =>
    reply.serializeInput(data as Record<string, unknown>, schema as Record<string, unknown>);
  return { list: by(ProductListBody), product: by(ProductBody), categories: by(CategoryListBody) };
}

/**
 * A rendered page: revalidated on every visit (no-cache), 304 when the browser has it, Brotli
 * when accepted. `Vary: Accept-Encoding` only: the page is the same for everyone (a shopper's
 * cart and name fill in after it loads).
 */
function sendPage(request: FastifyRequest, reply: FastifyReply, { status, answer }: RenderedAnswer) {
  reply
    .status(status)
    .headers(answer.headers)
    .header("Cache-Control", "no-cache")
    .header("Vary", "Accept-Encoding")
    .type("text/html; charset=utf-8");
  if (status === 200 && request.headers["if-none-match"] === answer.headers.ETag) return reply.status(304).send();
  const compressed = acceptsBrotli(request.headers["accept-encoding"]) ? brotliBody(answer) : null;
  return compressed ? reply.header("Content-Encoding", "br").send(compressed) : reply.send(answer.body);
}
