import { randomBytes } from "node:crypto";
import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";

/**
 * Where media files live (Vendure's AssetStorageStrategy): the local directory today, another
 * store (S3, a CDN's origin) tomorrow, behind the same three calls. Names are flat file names the
 * server chose (`neem-oil-1a2b3c4d.webp`); they are served under IMAGE_BASE_URL.
 */
export interface MediaStorage {
  put(name: string, data: Buffer): Promise<void>;
  /** Removes the file; a missing file is not an error. */
  remove(name: string): Promise<void>;
}

/**
 * Files the shop keeps to itself (customers' return photos): never served under /media/, read back
 * only by a route that checks who asks (PRIVATE_MEDIA_DIR, default DATA_DIR/private-media).
 */
export interface PrivateStorage extends MediaStorage {
  /** The file's bytes, or null when there is none. */
  get(name: string): Promise<Buffer | null>;
}

/** A server-chosen media name: letters, digits, dashes and one extension; nothing else reaches the disk. */
const SAFE_NAME = /^[a-z0-9][a-z0-9-]{0,120}\.[a-z0-9]{1,5}$/;

export function assertSafeName(name: string): string {
  if (!SAFE_NAME.test(name)) throw new Error(`unsafe media name: ${JSON.stringify(name)}`);
  return name;
}

/**
 * Media in a directory (MEDIA_DIR, default DATA_DIR/media), served by the static plugin; or private
 * files in one that is not (PRIVATE_MEDIA_DIR). Several machines may mount one shared directory: a
 * rename within it is atomic there too.
 */
export class LocalMediaStorage implements PrivateStorage {
  constructor(readonly dir: string) {}

  async put(name: string, data: Buffer): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    // Write beside, then rename: a reader never sees half a file. The partial file's name is random,
    // not the pid: processes on other machines sharing the directory may have the same pid.
    const target = path.join(this.dir, assertSafeName(name));
    const partial = `${target}.${randomBytes(6).toString("hex")}.part`;
    await writeFile(partial, data);
    await rename(partial, target);
  }

  async remove(name: string): Promise<void> {
    await rm(path.join(this.dir, assertSafeName(name)), { force: true });
  }

  async get(name: string): Promise<Buffer | null> {
    try {
      return await readFile(path.join(this.dir, assertSafeName(name)));
    } catch (error) {
      if ((error as { code?: string }).code === "ENOENT") return null;
      throw error;
    }
  }
}
