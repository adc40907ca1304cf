import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { addressIn, type Cart, LANGUAGE_COOKIE, LANGUAGE_PARAM, type PageLanguage } from "@krishi/contract";
import { CartFormBody } from "@krishi/contract/schemas";
import type { FastifyReply, FastifyRequest } from "fastify";
import { readCookie } from "../../lib/cookies.ts";
import { HttpError } from "../../lib/errors.ts";
import { sendBody } from "../../lib/response-cache.ts";
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
 * not double it) and answers with the visitor's cart page itself, rendered on the server with its
 * prices and the way on to checkout, rather than a redirect to it: on a rural link each request
 * costs a farmer over a second. The page shows its own address, /cart (start-app.js replaces the
 * form's in the address bar, so a reload asks for the cart, not the form again); GET /cart/add,
 * the form's address reloaded without scripts, goes to /cart. Both are the visitor's own: never
 * cached. Once the app runs, it adds in place and shows /cart itself.
 */
export const cartPageRoutes: FastifyPluginAsyncTypebox<CartPageRoutesOptions> = async (app, { pages, cart, shipping, siteUrl }) => {
  await acceptForms(app);
  const shopOrigin = new URL(siteUrl).origin;

  /** The cart page of `shopper`, in `language`, saying that a line could not be added (`refused`, a code) if one was not. */
  async function sendCartPage(request: FastifyRequest, reply: FastifyReply, language: PageLanguage, answer: Cart, refused: string | null) {
    const rules = await shipping.rules();
    const notice = refused && /^[a-z_]{1,40}$/.test(refused) ? { notice: refused } : {};
    const url = addressIn(language, refused ? `/cart?refused=${refused}` : "/cart");
    const { status, answer: page } = await pages.cart(
      url,
      language,
      { cart: answer, shippingRules: rules.map(ruleJson), ...notice },
      serializers(reply),
    );
    reply.status(status).headers(page.headers).header("Cache-Control", "private, no-store").header("Vary", "Accept-Encoding");
    return sendBody(request, reply.type("text/html; charset=utf-8"), page);
  }

  app.post("/cart/add", { schema: { hide: true, body: CartFormBody } }, async (request, reply) => {
    if (!sameOrigin(request, shopOrigin)) throw new HttpError(403, "permission_denied", "A form of another site cannot fill this cart.");
    const { product, pack, qty = 1, lang = "en" } = request.body;
    const change = await cart.set(shopperOf(request), { product, ...(pack === undefined ? {} : { variant: pack }), qty });
    if (!change.ok) return sendCartPage(request, reply, lang, await cart.read(shopperOf(request)), cartRefusal(change.failure).code);
    keepCartCookie(request, reply, change.newGuestKey);
    return sendCartPage(request, reply, lang, change.cart, null);
  });

  app.get("/cart/add", { schema: { hide: true } }, async (request, reply) =>
    reply
      .status(303)
      .header("Location", addressIn(languageOf(request), "/cart"))
      .header("Cache-Control", "private, no-store")
      .send(),
  );

  app.get("/cart", { schema: { hide: true } }, async (request, reply) => {
    const refused = new URL(request.url, "http://shop.invalid").searchParams.get("refused");
    return sendCartPage(request, reply, languageOf(request), await cart.read(shopperOf(request)), refused);
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
