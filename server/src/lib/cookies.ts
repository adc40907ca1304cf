import type { FastifyReply, FastifyRequest } from "fastify";

/** The little of cookies the API needs (no cookie plugin): read one from the request, set one on the answer. */

/** The value of cookie `name` in the request's Cookie header, or null. */
export function readCookie(request: FastifyRequest, name: string): string | null {
  for (const pair of (request.headers.cookie ?? "").split(";")) {
    const eq = pair.indexOf("=");
    if (eq > 0 && pair.slice(0, eq).trim() === name) {
      const value = pair.slice(eq + 1).trim();
      try {
        return decodeURIComponent(value.startsWith('"') && value.endsWith('"') ? value.slice(1, -1) : value);
      } catch {
        return null;
      }
    }
  }
  return null;
}

export interface CookieOptions {
  path: string;
  maxAgeSeconds: number;
  /** A cookie the web app reads itself (the shopper's language): not HttpOnly. Default: false. */
  readableByScripts?: boolean;
}

/**
 * Sets an HttpOnly (unless readableByScripts), SameSite=Lax cookie on the answer, Secure when the
 * request came over HTTPS (behind a proxy: as TRUST_PROXY lets Fastify see it). `value` must be
 * cookie-safe (no ; , or spaces).
 */
export function setCookie(request: FastifyRequest, reply: FastifyReply, name: string, value: string, options: CookieOptions): void {
  const parts = [`${name}=${value}`, `Path=${options.path}`, `Max-Age=${options.maxAgeSeconds}`, "SameSite=Lax"];
  if (!options.readableByScripts) parts.splice(3, 0, "HttpOnly");
  if (request.protocol === "https") parts.push("Secure");
  reply.header("Set-Cookie", parts.join("; "));
}
