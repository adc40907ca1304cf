import path from "node:path";
import type { Plugin } from "vite";

/**
 * Writes `.vite/modules.json` beside Vite's manifest: for every file the build wrote as a chunk,
 * the app's own modules in it (paths from web/, such as "src/features/admin/admin-api.ts" or
 * "../contract/src/money.ts"; packages left out), and for every stylesheet the app's stylesheets
 * it holds. The manifest names a chunk by its entry module only; this says what code a file holds,
 * which a test reads to know that no public page names a file with the code of the staff, account
 * or order screens (server/src/modules/storefront/public-code.test.ts).
 */
export function chunkModules(): Plugin {
  let root = "";
  return {
    name: "krishi-chunk-modules",
    apply: "build",
    configResolved(config) {
      root = config.root;
    },
    generateBundle(_options, bundle) {
      const own = (id: string) => !id.startsWith("\0") && !id.includes("/node_modules/");
      const named = (id: string) => path.relative(root, id).split(path.sep).join("/");
      const files: Record<string, string[]> = {};
      const add = (file: string, modules: string[]) => {
        files[file] = [...new Set([...(files[file] ?? []), ...modules])].sort();
      };
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== "chunk") continue;
        const modules = chunk.moduleIds.filter(own).map(named);
        add(chunk.fileName, modules);
        const sheets = modules.filter((id) => id.endsWith(".css"));
        for (const css of chunk.viteMetadata?.importedCss ?? []) add(css, sheets);
      }
      this.emitFile({ type: "asset", fileName: ".vite/modules.json", source: `${JSON.stringify(files, null, 1)}\n` });
    },
  };
}
