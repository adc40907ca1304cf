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

/** The API reference page runs inline scripts and styles of its own. */
const DOCS_CSP =
  "default-src 'self'; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self' data:; frame-ancestors 'none'";

/** The groups of the API reference, in the order it lists them. */
const TAGS = [
  { name: "catalogue", description: "Products, categories and reviews: what shoppers browse and search." },
  { name: "auth", description: "Sign-in, registration, tokens and passwords (dj-rest-auth compatible), under /api/users/dj-rest-auth/." },
  { name: "users", description: "The signed-in user's profile; staff: every user." },
  { name: "addresses", description: "The signed-in customer's saved shipping addresses (only their own)." },
  { name: "orders", description: "Placing, reading and cancelling orders; staff: packing, shipping, delivery and refunds; GST invoices." },
  { name: "payments", description: "Razorpay: opening and confirming a payment, the webhook, and the sandbox used without keys." },
  {
    name: "pincodes",
    description: "India PIN codes: where a PIN is and whether the shop delivers there; staff: the serviceability table.",
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
    transform: ({ schema, url }) => ({ schema: documented(schema), url }),
  });
  await app.register(async (docs) => {
    docs.addHook("onSend", async (_request, reply, payload) => {
      reply.header("Content-Security-Policy", DOCS_CSP);
      return payload;
    });
    await docs.register(scalar, { routePrefix: "/api/docs" });
  });
}

/**
 * A route's schema as documented: public unless it names a security scheme, each tag once, the
 * components of its body and answers referred to.
 */
function documented(schema: FastifySchema = {}): FastifySchema {
  return {
    ...schema,
    security: schema.security ?? [],
    ...(schema.tags ? { tags: [...new Set(schema.tags)] } : {}),
    ...(schema.body ? { body: withRefs(schema.body) } : {}),
    ...(schema.response ? { response: withRefs(schema.response) } : {}),
  };
}
