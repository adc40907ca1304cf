import { createHash } from "node:crypto";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import type { FastifyReply, FastifyRequest } from "fastify";

/**
 * A small in-process cache of serialized answers, for the hot read paths of the catalogue.
 *
 * - Entries live `ttlMs` at most: with several server processes on one PostgreSQL database, a
 *   change made through another process shows within that time. Writes call clear(), or
 *   dropTagged() for a change that only some answers show, and show at once.
 * - At most `maxEntries` (oldest dropped first), so odd query strings cannot grow memory.
 * - Concurrent misses for one key share one computation; a failed computation is not kept.
 */
export interface CachedAnswer {
  body: string;
  headers: Record<string, string>;
  /** What the answer shows, for dropTagged() (e.g. "product:12"): a change to one of them makes it stale. */
  tags?: ReadonlySet<string>;
}

/** Answers smaller than this go as they are: compressing them saves less than it costs. */
const COMPRESS_FROM = 1024;

/** The content codings a cached answer may go in, in the order chosen when a client takes several. */
const CODINGS = {
  // Brotli at quality 5: the product list is ~20 KB raw and ~6 KB this way.
  br: (body: string) => brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }),
  // For clients without Brotli (older browsers, proxies that strip it, tools): a little larger.
  gzip: (body: string) => gzipSync(body, { level: 6 }),
} as const;
export type ContentCoding = keyof typeof CODINGS;

const compressed = { br: new WeakMap<CachedAnswer, Buffer>(), gzip: new WeakMap<CachedAnswer, Buffer>() };

/**
 * The answer's body as a client sending `acceptEncoding` should get it: Brotli when it takes
 * Brotli, else gzip when it takes gzip, else null (send `answer.body` as it is), and null for
 * small answers. Each coding is made once per cached answer and kept with it, on the first
 * request that wants it: compressing per request instead would tax every hit. The answer's route
 * sends `Vary: Accept-Encoding`.
 */
export function encodedBody(
  answer: CachedAnswer,
  acceptEncoding: string | string[] | undefined,
): { encoding: ContentCoding; body: Buffer } | null {
  if (answer.body.length < COMPRESS_FROM || typeof acceptEncoding !== "string") return null;
  const encoding = chosenCoding(acceptEncoding);
  if (!encoding) return null;
  let body = compressed[encoding].get(answer);
  if (!body) {
    body = CODINGS[encoding](answer.body);
    compressed[encoding].set(answer, body);
  }
  return { encoding, body };
}

/** Sends a cached answer's body, compressed as the request accepts (encodedBody); the caller has set the other headers. */
export function sendBody(request: FastifyRequest, reply: FastifyReply, answer: CachedAnswer): FastifyReply {
  const encoded = encodedBody(answer, request.headers["accept-encoding"]);
  return encoded ? reply.header("Content-Encoding", encoded.encoding).send(encoded.body) : reply.send(answer.body);
}

/** The last header chosen for, and what: nearly every client of one shop sends the same header. */
let lastChoice: { acceptEncoding: string; coding: ContentCoding | null } = { acceptEncoding: "", coding: null };

/** Brotli if `acceptEncoding` takes it (q > 0), else gzip if it takes that, else null. */
function chosenCoding(acceptEncoding: string): ContentCoding | null {
  if (acceptEncoding !== lastChoice.acceptEncoding) {
    const coding = (["br", "gzip"] as const).find((c) => weight(acceptEncoding, c) > 0) ?? null;
    lastChoice = { acceptEncoding, coding };
  }
  return lastChoice.coding;
}

/**
 * The weight (q) an Accept-Encoding header gives a coding (RFC 9110 §12.5.3): its own entry's,
 * else "*"'s, else 0; an entry without q is 1, one whose q is no number from 0 to 1 is 0 (refused).
 * "x-gzip" is gzip.
 */
export function weight(acceptEncoding: string, coding: ContentCoding): number {
  let any = 0;
  for (const entry of acceptEncoding.toLowerCase().split(",")) {
    const [name = "", ...params] = entry.split(";").map((part) => part.trim());
    const q = params.find((param) => /^q\s*=/.test(param));
    const value = q === undefined ? 1 : Number(q.slice(q.indexOf("=") + 1).trim());
    const w = Number.isFinite(value) && value >= 0 && value <= 1 ? value : 0;
    if (name === coding || (coding === "gzip" && name === "x-gzip")) return w;
    if (name === "*") any = w;
  }
  return any;
}

/** A strong validator for a serialized body, computed once per cache fill. */
export function etagOf(body: string): string {
  return `"${createHash("sha1").update(body).digest("base64url").slice(0, 22)}"`;
}

interface Entry {
  expires: number;
  value: Promise<CachedAnswer>;
  /** The answer, once computed. */
  answer?: CachedAnswer;
}

export class ResponseCache {
  readonly #entries = new Map<string, Entry>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries: number,
    private readonly now: () => number = Date.now,
  ) {}

  get(key: string, compute: () => Promise<CachedAnswer>): Promise<CachedAnswer> {
    const at = this.now();
    const hit = this.#entries.get(key);
    if (hit && hit.expires > at) return hit.value;
    if (hit) this.#entries.delete(key);

    const value = compute();
    const entry: Entry = { expires: at + this.ttlMs, value };
    this.#entries.set(key, entry);
    value.then(
      (answer) => {
        entry.answer = answer;
      },
      () => {
        if (this.#entries.get(key) === entry) this.#entries.delete(key);
      },
    );
    if (this.#entries.size > this.maxEntries) {
      const oldest = this.#entries.keys().next().value;
      if (oldest !== undefined) this.#entries.delete(oldest);
    }
    return value;
  }

  clear(): void {
    this.#entries.clear();
  }

  /**
   * Drops the answers tagged with any of `tags`, and those still being computed (they may have
   * read the data before the change). The next request for them computes them again.
   */
  dropTagged(tags: readonly string[]): void {
    for (const [key, entry] of this.#entries) {
      if (!entry.answer || tags.some((tag) => entry.answer?.tags?.has(tag))) this.#entries.delete(key);
    }
  }

  get size(): number {
    return this.#entries.size;
  }
}
