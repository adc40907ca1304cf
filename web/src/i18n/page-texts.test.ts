import path from "node:path/posix";
import { describe, expect, it } from "vitest";
import { CART_AREAS } from "../app/router.tsx";
import { type Area, PAGE_AREAS } from "./index.ts";

/**
 * A public page in Hindi loads only its areas' catalogs before it hydrates (PAGE_AREAS, and the
 * cart's CART_AREAS): a text of its code kept in another area would show in English on the
 * phone, and differ from the server's render. The code of a page is what its modules import
 * (import … from, export … from; not import(), which loads later), read from the sources.
 */

const sources = import.meta.glob<string>(["../**/*.{ts,tsx}", "!../**/*.test.{ts,tsx}", "!../testing/**"], {
  query: "?raw",
  import: "default",
  eager: true,
});
/** Module (src/…) → its source. */
const code = new Map(Object.entries(sources).map(([key, source]) => [path.join("src/i18n", key), source]));
const catalogs = import.meta.glob<Record<string, string>>("./hi/*.json", { import: "default", eager: true });
/** Message → its area. */
const areaOf = new Map(
  Object.entries(catalogs).flatMap(([file, catalog]) => Object.keys(catalog).map((id) => [id, path.basename(file, ".json") as Area])),
);

/** The app's modules a module imports, at once or through others, itself included. */
function importedBy(roots: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const next = [...roots];
  for (let module = next.pop(); module !== undefined; module = next.pop()) {
    if (seen.has(module)) continue;
    const source = code.get(module);
    if (source === undefined) throw new Error(`no source for ${module}`);
    seen.add(module);
    for (const [, spec] of source.matchAll(/^\s*(?:import|export)\s+(?!type\b)(?:[^'"]*?\sfrom\s+)?["']([^"']+)["']/gm)) {
      const imported = path.join(path.dirname(module), spec as string);
      if (spec?.startsWith(".") && code.has(imported)) next.push(imported);
    }
  }
  return seen;
}

/** "module: message (area)" for every text of `modules` in none of `areas`. */
function textsOutside(modules: Iterable<string>, areas: readonly Area[]): string[] {
  const outside = [...modules].flatMap((module) =>
    [...(code.get(module) ?? "").matchAll(/\bt\(\s*("(?:[^"\\]|\\.)*")/g)]
      .map((match) => JSON.parse(match[1] as string) as string)
      .filter((id) => !areas.includes(areaOf.get(id) as Area))
      .map((id) => `${module}: ${id} (${areaOf.get(id) ?? "in no catalog"})`),
  );
  return [...new Set(outside)];
}

/**
 * The public pages' code: the app's entry, and what the server names in their heads (the product
 * screen, the list's pages, the footer, entry-server.tsx) or the layout loads on them (an alert,
 * the scroll restoration, a signed-in shopper's menus).
 */
const PAGE_MODULES = [
  "src/main.tsx",
  "src/features/catalog/product-screen.tsx",
  "src/features/catalog/crop-screens.tsx",
  "src/components/paginate.tsx",
  "src/app/footer.tsx",
  "src/app/alert-area.tsx",
  "src/app/scroll-restoration.ts",
  "src/app/user-menus.tsx",
];

describe("the public pages' texts", () => {
  it("are found by following the pages' imports", () => {
    const modules = importedBy(PAGE_MODULES);
    expect(modules).toContain("src/app/header.tsx");
    expect(modules).toContain("src/features/catalog/pack-chooser.tsx");
    expect(modules).not.toContain("src/features/admin/dashboard-screen.tsx");
  });

  it("are all in the public pages' areas", () => {
    expect(textsOutside(importedBy(PAGE_MODULES), PAGE_AREAS)).toEqual([]);
  });

  it("of the cart page are in those and the cart's", () => {
    expect(textsOutside(importedBy(["src/features/cart/cart-screen.tsx"]), [...PAGE_AREAS, ...CART_AREAS])).toEqual([]);
  });
});
