import helmet from "@fastify/helmet";
import swagger from "@fastify/swagger";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import scalar from "@scalar/fastify-api-reference";
import Fastify, { type FastifyInstance } from "fastify";
import type { Config } from "./config.ts";
import type { DatabaseHandle } from "./db/database.ts";
import { installErrorHandler } from "./lib/errors.ts";
import { registerStatic } from "./lib/static.ts";
import { catalogRoutes } from "./modules/catalog/routes.ts";
import { CatalogService } from "./modules/catalog/service.ts";
import { systemRoutes } from "./modules/system/routes.ts";

export interface AppDeps {
  database: DatabaseHandle;
}

/** The services behind the routes, reachable as app.services (tests and scripts use them). */
export interface Services {
  catalog: CatalogService;
}

declare module "fastify" {
  interface FastifyInstance {
    services: Services;
  }
}

/** Content-Security-Policy of the shop: only its own scripts, styles, images and API. */
const SHOP_CSP = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'"],
  imgSrc: ["'self'", "data:", "blob:"],
  fontSrc: ["'self'", "data:"],
  connectSrc: ["'self'"],
  frameSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
};

/** The API reference page runs inline scripts and styles of its own. */
const DOCS_CSP =
  "default-src 'self'; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self' data:; frame-ancestors 'none'";

/** Builds the whole application without listening: main.ts listens, tests use app.inject(). */
export async function buildApp(config: Readonly<Config>, deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: config.logLevel, redact: ["req.headers.authorization", "req.headers.cookie"] },
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 500 },
    bodyLimit: 1024 * 1024,
    trustProxy: config.env === "production",
    ajv: { customOptions: { removeAdditional: true, coerceTypes: true, allErrors: true } },
  }).withTypeProvider<TypeBoxTypeProvider>();

  installErrorHandler(app);
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: SHOP_CSP },
    crossOriginEmbedderPolicy: false,
  });

  await app.register(swagger, {
    openapi: {
      info: { title: "Krishi Bazaar API", version: "1.0.0", description: "Online shop for agricultural products" },
      components: { securitySchemes: { bearer: { type: "http", scheme: "bearer", bearerFormat: "JWT" } } },
    },
  });
  await app.register(async (docs) => {
    docs.addHook("onSend", async (_request, reply, payload) => {
      reply.header("Content-Security-Policy", DOCS_CSP);
      return payload;
    });
    await docs.register(scalar, { routePrefix: "/api/docs" });
  });

  const { db } = deps.database;
  const services: Services = { catalog: new CatalogService(db) };
  app.decorate("services", services);

  await app.register(systemRoutes, { config, db });
  await app.register(catalogRoutes, { prefix: "/api", catalog: services.catalog });

  await registerStatic(app, { webDistDir: config.webDistDir, mediaDir: config.mediaDir });
  return app;
}
