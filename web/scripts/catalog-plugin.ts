import { readFile } from "node:fs/promises";
import { compileMessage } from "@lingui/message-utils/compileMessage";
import type { Plugin } from "vite";

/**
 * Message catalogs compiled at build time, so the browser gets Lingui's compiled form and no ICU
 * parser (about 7 KB gzipped). A catalog is JSON: English source text (ICU MessageFormat) → its
 * translation; `import hi from "./hi/shop.json?catalog"` gives every translation compiled.
 */
export function catalogs(): Plugin {
  return {
    name: "krishi-catalogs",
    enforce: "pre",
    async load(id) {
      const [file, query] = id.split("?", 2);
      if (!file?.endsWith(".json") || query === undefined) return null;
      if (!new URLSearchParams(query).has("catalog")) return null;
      this.addWatchFile(file);
      const messages = JSON.parse(await readFile(file, "utf8")) as Record<string, string>;
      const compiled: Record<string, unknown> = {};
      for (const [source, translation] of Object.entries(messages)) compiled[source] = compileMessage(translation);
      return `export default ${JSON.stringify(compiled)};`;
    },
  };
}
