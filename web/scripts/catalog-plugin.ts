import { readFile } from "node:fs/promises";
import { compileMessage } from "@lingui/message-utils/compileMessage";
import type { Plugin } from "vite";

/**
 * Message catalogs compiled at build time, so the browser gets Lingui's compiled form and no ICU
 * parser (about 7 KB gzipped). A catalog is JSON: English source text (ICU MessageFormat) → its
 * translation.
 * - `import hi from "./hi/shop.json?catalog"`: every translation, compiled.
 * - `import en from "./hi/shop.json?catalog=source"`: the English messages that need formatting
 *   (placeholders, plurals), compiled from their ids; plain English texts are their own id.
 */
export function catalogs(): Plugin {
  return {
    name: "krishi-catalogs",
    enforce: "pre",
    async load(id) {
      const [file, query] = id.split("?", 2);
      if (!file?.endsWith(".json") || query === undefined) return null;
      const mode = new URLSearchParams(query).get("catalog");
      if (mode === null) return null;
      this.addWatchFile(file);
      const messages = JSON.parse(await readFile(file, "utf8")) as Record<string, string>;
      const compiled: Record<string, unknown> = {};
      for (const [source, translation] of Object.entries(messages)) {
        if (mode === "source") {
          const message = compileMessage(source);
          if (!isPlain(message)) compiled[source] = message;
        } else {
          compiled[source] = compileMessage(translation);
        }
      }
      return `export default ${JSON.stringify(compiled)};`;
    },
  };
}

function isPlain(message: unknown): boolean {
  return typeof message === "string" || (Array.isArray(message) && message.length === 1 && typeof message[0] === "string");
}
