import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { addressIn, LANGUAGE_COOKIE, LANGUAGE_PARAM, type PageLanguage } from "@krishi/contract";
import { CartFormBody } from "@krishi/contract/schemas";
import type { FastifyReply, FastifyRequest } from "fastify";
import { readCookie } from "../../lib/cookies.ts";
import { HttpError } from "../../lib/errors.ts";
import { type CachedAnswer, sendBody } from "../../lib/response-cache.ts";
import { acceptForms } from "../../lib/validation.ts";
import { cartRefusal, keepCartCookie, shopperOf } from "../cart/routes.ts";
import type { CartService } from "../cart/service.ts";
import { ruleJson, type ShippingService } from "../shipping/service.ts";
import type { StorefrontPages } from "./pages.ts";
import { serializers } from "./routes.ts";

export interface CartPageRoutesOptions {
  pages: StorefrontPages;
  cart: CartService;
  shipping: ShippingService;
  /** The shop's public address (SITE_URL): a form posted from another origin is refused. */
  siteUrl: string;
}

/**
 * The cart without the app: the product page's Add to Cart form posts to POST /cart/add, which
 * puts the pack in the visitor's cart (the quantity chosen: posting it twice on a slow link does
 * not double it) and answers 303 See Other to GET /cart, the visitor's cart rendered on the
 * server with its prices and the way on to checkout. Both are the visitor's own: never cached.
 * Once the app runs, it adds in place and shows /cart itself.
 */
export const cartPageRoutes: FastifyPluginAsyncTypebox<CartPageRoutesOptions> = async (app, { pages, cart, shipping, siteUrl }) => {
  await acceptForms(app);
  const shopOrigin = new URL(siteUrl).origin;

  app.post("/cart/add", { schema: { hide: true, body: CartFormBody } }, async (request, reply) => {
    if (!sameOrigin(request, shopOrigin)) throw new HttpError(403, "permission_denied", "A form of another site cannot fill this cart.");
    const { product, pack, qty = 1, lang = "en" } = request.body;
    const change = await cart.set(shopperOf(request), { product, ...(pack === undefined ? {} : { variant: pack }), qty });
    let target = "/cart";
    if (change.ok) keepCartCookie(request, reply, change.newGuestKey);
    else target = `/cart?refused=${cartRefusal(change.failure).code}`;
    return reply.status(303).header("Location", addressIn(lang, target)).header("Cache-Control", "private, no-store").send();
  });

  app.get("/cart", { schema: { hide: true } }, async (request, reply) => {
    const language = languageOf(request);
    const [answer, rules] = await Promise.all([cart.read(shopperOf(request)), shipping.rules()]);
    const refused = new URL(request.url, "http://shop.invalid").searchParams.get("refused");
    const notice = refused && /^[a-z_]{1,40}$/.test(refused) ? { notice: refused } : {};
    const url = addressIn(language, refused ? `/cart?refused=${refused}` : "/cart");
    const { status, answer: page } = await pages.cart(
      url,
      language,
      { cart: answer, shippingRules: rules.map(ruleJson), ...notice },
      serializers(reply),
    );
    return sendPrivatePage(request, reply, status, page);
  });
};

/**
 * Whether a form post comes from the shop's own pages: its Origin names this shop, or, where the
 * browser sends none or "null" (the shop's pages send no referrer, so Chromium posts their forms
 * with Origin: null), its Sec-Fetch-Site says same-origin. A client that sends neither is no
 * browser of a third site.
 */
function sameOrigin(request: FastifyRequest, shopOrigin: string): boolean {
  const origin = request.headers.origin;
  if (origin !== undefined && origin !== "null") return origin === shopOrigin || origin === `${request.protocol}://${request.host}`;
  const site = request.headers["sec-fetch-site"];
  if (site !== undefined) return site === "same-origin" || site === "none";
  return origin === undefined;
}

/** The cart page's language: the address's, else the shopper's language cookie. */
function languageOf(request: FastifyRequest): PageLanguage {
  const named = new URL(request.url, "http://shop.invalid").searchParams.get(LANGUAGE_PARAM);
  if (named === "hi" || named === "en") return named;
  return readCookie(request, LANGUAGE_COOKIE) === "hi" ? "hi" : "en";
}

/** The visitor's own page: never stored, compressed as the public pages are (it is the first tap's answer on a slow link). */
function sendPrivatePage(request: FastifyRequest, reply: FastifyReply, status: number, page: CachedAnswer) {
  reply.status(status).headers(page.headers).header("Cache-Control", "private, no-store").header("Vary", "Accept-Encoding");
  return sendBody(request, reply.type("text/html; charset=utf-8"), page);
}
