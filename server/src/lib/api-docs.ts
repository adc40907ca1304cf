import swagger from "@fastify/swagger";
import {
  AddressSchema,
  CategorySchema,
  CreditNoteSchema,
  DetailSchema,
  ErrorBody,
  ImageSchema,
  LoginInfoSchema,
  OrderEventSchema,
  OrderItemSchema,
  OrderSchema,
  OrderStatusSchema,
  PincodeSchema,
  ProductSchema,
  ProductSummarySchema,
  PublicConfigSchema,
  RefundSchema,
  ReviewSchema,
  SavedAddressSchema,
  ShipmentSchema,
  TaxBreakupSchema,
  TokenPairSchema,
  UserSchema,
} from "@krishi/contract/schemas";
import scalar from "@scalar/fastify-api-reference";
import type { FastifyInstance, FastifySchema } from "fastify";
import { type TSchema, Type } from "typebox";

declare module "fastify" {
  interface FastifyContextConfig {
    /** OpenAPI only: the fields of a multipart/form-data body the route reads itself (no body schema validates it). */
    multipartBody?: TSchema;
    /** OpenAPI only: the body may be left out (the route takes none as `{}`). */
    optionalBody?: boolean;
  }
}

/** The API reference page runs inline scripts and styles of its own. */
const DOCS_CSP =
  "default-src 'self'; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self' data:; frame-ancestors 'none'";

/** The groups of the API reference, in the order it lists them. */
const TAGS = [
  { name: "catalogue", description: "Products, categories and reviews: what shoppers browse and search." },
  { name: "auth", description: "Sign-in, registration, tokens and passwords (dj-rest-auth compatible), under /api/users/dj-rest-auth/." },
  { name: "users", description: "The signed-in user's profile; staff: every user." },
  { name: "addresses", description: "The signed-in customer's saved shipping addresses (only their own)." },
  {
    name: "cart",
    description: "The shopper's cart: a guest's kept by an HttpOnly cookie, a customer's by the account; merged at sign-in.",
  },
  {
    name: "alerts",
    description: "Notify me: one SMS when a pack out of stock is back (a signed-in customer with a verified mobile number).",
  },
  { name: "orders", description: "Placing, reading and cancelling orders; staff: packing, shipping, delivery and refunds; GST invoices." },
  {
    name: "returns",
    description: "Returns: a customer asks to send delivered items back; staff approve, reject or receive them (refunding the lines).",
  },
  { name: "payments", description: "Razorpay: opening and confirming a payment, the webhook, and the sandbox used without keys." },
  {
    name: "pincodes",
    description: "India PIN codes: where a PIN is and whether the shop delivers there; staff: the serviceability table.",
  },
  { name: "shipping", description: "Shipping rules by weight slab and delivery zone; staff: editing them, one by one or as CSV." },
  {
    name: "promotions",
    description:
      "Staff: offers (applied by themselves) and coupons, their uses and the discounts they gave; a shopper's coupon is the cart's.",
  },
  {
    name: "crops",
    description:
      "Crops and the problems that trouble them (pests, diseases, weeds, deficiencies) and the products for each, best first; staff: editing them.",
  },
  {
    name: "vocabulary",
    description: "Staff: the search vocabulary, groups of words (English, Hindi, as farmers type them) that find one another's products.",
  },
  { name: "staff", description: "The back office: every operation here needs a staff account's bearer token." },
  { name: "system", description: "Runtime settings for the web app and the health probes." },
];

/**
 * The shapes the document names once, in components/schemas: wherever a route's body or answer
 * (or another of these) uses one of these very schema objects, the document refers to it by $ref.
 * Only the document changes: the routes validate and serialize with their schemas as declared.
 */
const COMPONENTS = {
  Error: ErrorBody,
  Detail: DetailSchema,
  Category: CategorySchema,
  Image: ImageSchema,
  Review: ReviewSchema,
  ProductSummary: ProductSummarySchema,
  Product: ProductSchema,
  SavedAddress: SavedAddressSchema,
  User: UserSchema,
  TokenPair: TokenPairSchema,
  LoginInfo: LoginInfoSchema,
  Address: AddressSchema,
  OrderItem: OrderItemSchema,
  TaxBreakup: TaxBreakupSchema,
  CreditNote: CreditNoteSchema,
  OrderStatus: OrderStatusSchema,
  OrderEvent: OrderEventSchema,
  Shipment: ShipmentSchema,
  Refund: RefundSchema,
  Order: OrderSchema,
  PublicConfig: PublicConfigSchema,
  Pincode: PincodeSchema,
};
const componentNames = new Map<unknown, string>(Object.entries(COMPONENTS).map(([name, schema]) => [schema, name]));

/** A copy of a schema with each component in it (but `self`) replaced by its $ref. */
function withRefs<T>(node: T, self?: unknown): T {
  if (Array.isArray(node)) return node.map((item) => withRefs(item)) as T;
  if (node === null || typeof node !== "object") return node;
  const name = node === self ? undefined : componentNames.get(node);
  if (name) return { $ref: `#/components/schemas/${name}` } as T;
  return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, withRefs(value)])) as T;
}

/**
 * The OpenAPI document at /api/docs/openapi.json (generated from the route schemas) and the API
 * reference page at /api/docs/. An operation that declares no security is public (`security: []`);
 * the guarded ones declare the bearer scheme (the staff scope does it for its routes).
 */
export async function registerApiDocs(app: FastifyInstance, { siteUrl }: { siteUrl: string }): Promise<void> {
  const optionalBodies = new Set<string>();
  await app.register(swagger, {
    openapi: {
      info: { title: "Krishi Bazaar API", version: "1.0.0", description: "Online shop for agricultural products" },
      servers: [{ url: siteUrl, description: "This shop (SITE_URL)" }],
      tags: TAGS,
      components: {
        securitySchemes: { bearer: { type: "http", scheme: "bearer", bearerFormat: "JWT" } },
        schemas: Object.fromEntries(Object.entries(COMPONENTS).map(([name, schema]) => [name, withRefs(schema, schema)])),
      },
    },
    transform: ({ schema, url, route }) => {
      const { multipartBody, optionalBody } = (route.config ?? {}) as { multipartBody?: TSchema; optionalBody?: boolean };
      if (optionalBody && schema?.operationId) optionalBodies.add(schema.operationId);
      return { schema: documented(multipartBody ? { ...schema, body: multipartBody } : schema), url };
    },
    // @fastify/swagger marks every body required.
    transformObject: (document) => {
      if (!("openapiObject" in document)) return document.swaggerObject;
      const { openapiObject } = document;
      for (const operation of Object.values(openapiObject.paths ?? {}).flatMap((item) => Object.values(item ?? {}))) {
        const { operationId, requestBody } = operation as { operationId?: string; requestBody?: { required?: boolean } };
        if (requestBody && operationId && optionalBodies.has(operationId)) requestBody.required = false;
      }
      return openapiObject;
    },
  });
  await app.register(async (docs) => {
    docs.addHook("onSend", async (_request, reply, payload) => {
      reply.header("Content-Security-Policy", DOCS_CSP);
      return payload;
    });
    await docs.register(scalar, { routePrefix: "/api/docs" });
  });
}

/** Operations that answer without the database (every other one answers 503 while it is unavailable). */
const WITHOUT_DATABASE = new Set(["checkHealth", "getConfig"]);

const retryAfter = { "Retry-After": Type.Integer({ description: "Seconds to wait before trying again" }) };
const errorAnswer = (description: string, headers?: typeof retryAfter) => ({
  description,
  ...(headers ? { headers } : {}),
  content: { "application/json": { schema: ErrorBody } },
});

/** What each error status means, for every operation that can answer it (the API's error format, lib/errors.ts). */
const ERROR_ANSWERS: Record<number, ReturnType<typeof errorAnswer>> = {
  400: errorAnswer(
    "Bad input: `detail` says what, with a list of messages per field (`non_field_errors` where none applies); a body that cannot be read (not JSON, a multipart body malformed or cut short) is `body_invalid`",
  ),
  401: errorAnswer(
    "No bearer token, or one that is not valid (or expired); WWW-Authenticate: Bearer. Checked first: a request without a valid token gets this whatever its path and body hold",
  ),
  403: errorAnswer("Not allowed: the token's user may not do this (staff only, or not their own)"),
  404: errorAnswer("Not found (also another user's order or address: their existence is not revealed)"),
  409: errorAnswer("Conflict with the current state (stock, price changed, the order's state, a duplicate)"),
  413: errorAnswer("The body is too large"),
  415: errorAnswer(
    "The body's Content-Type is not one this operation takes (its request body lists them); checked before the body is read",
  ),
  429: errorAnswer("Too many attempts", retryAfter),
  500: errorAnswer("A server error (the answer holds no internals)"),
  502: errorAnswer("The payment provider (Razorpay) failed or could not be reached"),
  503: errorAnswer("The database is unavailable", retryAfter),
};

/**
 * A route's schema as documented: public unless it names a security scheme, each tag once, the
 * components of its body and answers referred to, and the error answers it can give beside the
 * ones it declares — 400 for input it checks, 413 and 415 for a body, 401 for a bearer token,
 * 403 for staff, 503 for the database, 500 for all — each described.
 */
function documented(schema: FastifySchema = {}): FastifySchema {
  const security = schema.security ?? [];
  const declared = (schema.response ?? {}) as Record<string, unknown>;
  const implied = [
    ...(schema.body || schema.querystring || schema.params ? [400] : []),
    ...(schema.body ? [413, 415] : []),
    ...(security.some((scheme) => "bearer" in scheme) ? [401] : []),
    ...(schema.tags?.includes("staff") ? [403] : []),
    500,
    ...(schema.operationId && WITHOUT_DATABASE.has(schema.operationId) ? [] : [503]),
  ];
  const response: Record<string, unknown> = { ...declared };
  for (const status of new Set([...Object.keys(declared).map(Number), ...implied])) {
    const answer = declared[status];
    if ((answer === undefined || answer === ErrorBody) && ERROR_ANSWERS[status]) response[status] = ERROR_ANSWERS[status];
  }
  return {
    ...schema,
    security,
    ...(schema.tags ? { tags: [...new Set(schema.tags)] } : {}),
    ...(schema.body ? { body: withRefs(schema.body) } : {}),
    response: withRefs(response),
  };
}
