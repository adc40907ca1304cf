import type { FastifyInstance } from "fastify";
import helmet, { type HelmetOptions } from "helmet";

declare module "fastify" {
  interface FastifyContextConfig {
    /** false: the route's answers set what they need themselves (the hot cached JSON answers). */
    securityHeaders?: false;
  }
}

/**
 * Helmet's security headers (Content-Security-Policy, X-Frame-Options, HSTS, …) on every answer,
 * from one middleware built at start. @fastify/helmet builds Helmet's middleware again for every
 * request, parsing the policy each time: as much work as sending a cached page. A page that carries
 * a policy of its own (a server-rendered page's, allowing its inlined stylesheet) replaces this one.
 */
export function installSecurityHeaders(app: FastifyInstance, options: Readonly<HelmetOptions>): void {
  const apply = helmet(options);
  app.addHook("onRequest", (request, reply, done) => {
    if (request.routeOptions.config.securityHeaders === false) return done();
    apply(request.raw, reply.raw, (err) => done(err as Error | undefined));
  });
}
