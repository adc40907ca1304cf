import { createHash } from "node:crypto";
import { brotliCompressSync, constants } from "node:zlib";

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
const brotli = new WeakMap<CachedAnswer, Buffer>();

/**
 * The answer's body compressed with Brotli (quality 5), made once per cached answer and kept
 * with it; null for small answers. The product list is ~20 KB raw and ~6 KB compressed, on the
 * first page's critical path; compressing per request instead would tax every hit.
 */
export function brotliBody(answer: CachedAnswer): Buffer | null {
  if (answer.body.length < COMPRESS_FROM) return null;
  let compressed = brotli.get(answer);
  if (!compressed) {
    compressed = brotliCompressSync(answer.body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } });
    brotli.set(answer, compressed);
  }
  return compressed;
}

/** Whether an Accept-Encoding header takes Brotli (and not with q=0). */
export function acceptsBrotli(accepted: string | string[] | undefined): boolean {
  return typeof accepted === "string" && /(^|[\s,])br(\s*;\s*q=(0?\.\d*[1-9]|1(\.0*)?))?\s*(,|$)/.test(accepted);
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
