import type { FastifyInstance } from "fastify";
import { expect } from "vitest";

/** A browser as the cart sees it: its guest cart cookie (once the shop gave one) and, signed in, its bearer token. */
export class CartBrowser {
  cookie: string | null = null;

  constructor(
    private readonly app: FastifyInstance,
    public auth: Record<string, string> = {},
  ) {}

  headers(): Record<string, string> {
    return { ...this.auth, ...(this.cookie ? { cookie: `kb_cart=${this.cookie}` } : {}) };
  }

  /** A request with the browser's cookie and token; a cart cookie in the answer is kept (or dropped). */
  async send(method: "GET" | "POST" | "PUT", url: string, payload?: Record<string, unknown>) {
    const res = await this.app.inject({ method, url, headers: this.headers(), ...(payload ? { payload } : {}) });
    const set = [res.headers["set-cookie"] ?? []].flat().find((cookie) => cookie.startsWith("kb_cart="));
    if (set) this.cookie = /^kb_cart=([^;]*)/.exec(set)?.[1] || null;
    return res;
  }

  add(product: number, qty: number, variant?: number) {
    return this.send("POST", "/api/cart/lines/", { product, qty, ...(variant ? { variant } : {}) });
  }

  set(product: number, qty: number, variant?: number) {
    return this.send("PUT", "/api/cart/lines/", { product, qty, ...(variant ? { variant } : {}) });
  }

  /** The cart's lines as product, pack and quantity (fails the test unless 200). */
  async lines() {
    const res = await this.send("GET", "/api/cart/");
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { lines: { product: number; variant: number; qty: number }[] }).lines.map(({ product, variant, qty }) => ({
      product,
      variant,
      qty,
    }));
  }
}
