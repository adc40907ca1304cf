/**
 * Every screen route of the spec's route table. The server answers these paths with the SPA's
 * index.html (status 200); any other non-API path gets the SPA's not-found page with status 404.
 */
export const SPA_ROUTES = [
  "/",
  "/product/:id",
  "/crops",
  "/crop/:crop",
  "/crop/:crop/:problem",
  "/cart/:id?",
  "/login",
  "/register",
  "/profile",
  "/shipping",
  "/payment",
  "/placeorder",
  "/order/:id",
  "/admin",
  "/admin/userlist",
  "/admin/user/:id/edit",
  "/admin/productlist",
  "/admin/product/:id/edit",
  "/admin/orderlist",
  "/admin/catalogue",
  "/admin/promotions",
  "/admin/crops",
  "/old_login",
  "/old_signup/",
  "/signup/",
  "/reset/password/",
  "/reset/password/confirm/:uid/:token",
  "/dj-rest-auth/registration/account-confirm-email/:key/",
  "/change/password/",
] as const;

/** A matcher for SPA_ROUTES: trailing slashes optional, `:name` one segment, `:name?` optional. */
export function isSpaRoute(pathname: string): boolean {
  return SPA_ROUTE_PATTERNS.some((pattern) => pattern.test(pathname));
}

const SPA_ROUTE_PATTERNS = SPA_ROUTES.map((route) => {
  const body = route
    .replace(/\/$/, "")
    .split("/")
    .map((segment) => {
      if (segment.endsWith("?")) return "(?:/[^/]+)?";
      if (segment.startsWith(":")) return "/[^/]+";
      return segment ? `/${segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}` : "";
    })
    .join("");
  return new RegExp(`^${body}/?$`);
});

/** The largest id a row has (the API's `Id`). */
const MAX_ID = 2_147_483_647;

/**
 * Whether a product address's `{id}` can name a product: an id as the shop writes it (digits, no
 * leading zero, within the API's range). Anything else names none: the product screen and the
 * server's page say "Product not found" without asking the catalogue.
 */
export function isProductId(id: string): boolean {
  return /^[1-9]\d{0,9}$/.test(id) && Number(id) <= MAX_ID;
}
