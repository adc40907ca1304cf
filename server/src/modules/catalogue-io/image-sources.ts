import { lookup } from "node:dns/promises";
import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import { setImmediate as turn } from "node:timers/promises";
import type { ImportProblem } from "@krishi/contract";
import { unzipSync } from "fflate";
import ipaddr from "ipaddr.js";
import { ImageRejected, verifyUpload } from "../../lib/images.ts";
import type { ImageSource } from "./plan.ts";

/** How the server fetches a picture an import names by address. */
export interface FetchRules {
  /** Hosts that may be private, or served over plain http (tests, an intranet). */
  allowedHosts: readonly string[];
  timeoutMs: number;
  maxBytes: number;
}

/** A picture's bytes, checked to be an image the shop takes; or the problem found. */
export type LoadedImage = { ok: true; data: Buffer } | { ok: false; code: ImportProblem["code"]; params: ImportProblem["params"] };

const refused = (code: ImportProblem["code"], params: ImportProblem["params"]): LoadedImage => ({ ok: false, code, params });

/**
 * The pictures of an import, from the ZIP sent with its sheet or fetched from their addresses,
 * each read once however many products name it, and checked by decoding it (as an upload is).
 */
export class ImageLoader {
  readonly #loaded = new Map<string, Promise<LoadedImage>>();

  constructor(
    private readonly zip: Uint8Array | undefined,
    private readonly rules: FetchRules,
  ) {}

  load(source: Exclude<ImageSource, { kind: "own" }>): Promise<LoadedImage> {
    const key = `${source.kind}:${source.kind === "zip" ? source.name : source.url}`;
    let loading = this.#loaded.get(key);
    if (!loading) {
      loading = (source.kind === "zip" ? this.#fromZip(source.name) : fetchImage(source.url, this.rules)).then(checked);
      this.#loaded.set(key, loading);
    }
    return loading;
  }

  async #fromZip(name: string): Promise<LoadedImage> {
    await turn();
    if (!this.zip) return refused("image_not_in_zip", { name });
    let found: Uint8Array | undefined;
    try {
      // Only the file asked for is inflated, and only if its size fits: a ZIP bomb inflates nothing.
      const files = unzipSync(this.zip, { filter: (file) => file.name === name && file.originalSize <= this.rules.maxBytes });
      found = files[name];
    } catch {
      return refused("import_unreadable", {});
    }
    return found ? { ok: true, data: Buffer.from(found) } : refused("image_not_in_zip", { name });
  }
}

/** A picture's bytes decoded as an upload's are: a file that is not an image the shop takes is refused with the upload's code. */
async function checked(loaded: LoadedImage): Promise<LoadedImage> {
  if (!loaded.ok) return loaded;
  try {
    await verifyUpload(loaded.data);
    return loaded;
  } catch (error) {
    if (error instanceof ImageRejected) return refused(error.code, {});
    throw error;
  }
}

/** Whether an address is on the public internet (not private, loopback, link-local, carrier NAT, multicast, reserved …). */
export function isPublicAddress(address: string): boolean {
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === "ipv6" && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  return parsed.range() === "unicast";
}

/**
 * Fetches a picture: https only (or http from an allowed host), from a host whose every address
 * is public (an allowed host may be private), connecting to the address checked (a second DNS
 * answer cannot point it elsewhere), no redirect followed, within the time and size limits.
 */
export async function fetchImage(address: string, rules: FetchRules): Promise<LoadedImage> {
  const refuse = () => refused("image_address_refused", { address });
  const failed = () => refused("image_fetch_failed", { address });
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return refuse();
  }
  const host = url.hostname.replace(/^\[|\]$/g, "").toLowerCase();
  const allowed = rules.allowedHosts.includes(host);
  if (url.username || url.password) return refuse();
  if (!(url.protocol === "https:" || (allowed && url.protocol === "http:"))) return refuse();
  let addresses: { address: string; family: number }[];
  try {
    addresses = ipaddr.isValid(host) ? [{ address: host, family: host.includes(":") ? 6 : 4 }] : await lookup(host, { all: true });
  } catch {
    return failed();
  }
  if (addresses.length === 0) return failed();
  if (!allowed && !addresses.every((entry) => isPublicAddress(entry.address))) return refuse();
  const [chosen] = addresses as [{ address: string; family: number }];
  const pinned: LookupFunction = (_hostname, options, callback) => {
    if ((options as { all?: boolean }).all) (callback as (error: null, list: typeof addresses) => void)(null, [chosen]);
    else callback(null, chosen.address, chosen.family);
  };
  const client = url.protocol === "https:" ? https : http;
  return new Promise<LoadedImage>((resolve) => {
    const request = client.get(url, { lookup: pinned, timeout: rules.timeoutMs, headers: { accept: "image/*" } }, (response) => {
      const length = Number(response.headers["content-length"] ?? 0);
      if (response.statusCode !== 200 || length > rules.maxBytes) {
        response.resume();
        resolve(failed());
        return;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      response.on("data", (chunk: Buffer) => {
        size += chunk.length;
        if (size > rules.maxBytes) {
          request.destroy();
          resolve(failed());
        } else chunks.push(chunk);
      });
      response.on("end", () => resolve({ ok: true, data: Buffer.concat(chunks) }));
      response.on("error", () => resolve(failed()));
    });
    // The whole fetch, not only a silent socket, is held to the time limit.
    const deadline = setTimeout(() => request.destroy(new Error("timed out")), rules.timeoutMs);
    request.on("close", () => clearTimeout(deadline));
    request.on("timeout", () => request.destroy(new Error("timed out")));
    request.on("error", () => resolve(failed()));
  });
}
