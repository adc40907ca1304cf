// The public pages' stylesheet: the rules of the built stylesheets that the code of the
// server-rendered pages (the entry's chunk and the screens the server names for them, with their
// imports) can use, written to dist-ssr/public-css.json as a list of rules, each with the classes
// an element must have for it to apply. The server inlines in each page the rules its markup can
// use (server/src/modules/storefront/page-style.ts), so the page paints with the HTML alone; the
// whole stylesheet comes when the app starts.
// Usage: node scripts/public-css.mjs <dist> <dist-ssr>
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import postcss from "postcss";
import { PurgeCSS } from "purgecss";

const [dist, distSsr] = process.argv.slice(2);
if (!dist || !distSsr) {
  console.error("usage: node scripts/public-css.mjs <dist> <dist-ssr>");
  process.exit(2);
}

/**
 * Classes that react-bootstrap writes from a prop (`btn-${variant}`, `col-md-${span}`) rather than
 * as one string the built code holds; the test that every class of a rendered page is styled
 * (server/src/modules/storefront/public-css.test.ts) names any this list misses.
 */
const BUILT_FROM_PROPS = [/^btn-(primary|accent|outline-light|outline-primary|outline-secondary)$/, /^col-md-6$/];

const manifest = JSON.parse(await readFile(path.join(dist, ".vite", "manifest.json"), "utf8"));
const { PUBLIC_MODULES } = await import(pathToFileURL(path.resolve(distSsr, "entry-server.js")).href);

const scripts = new Set();
const stylesheets = new Set();
const visit = (key) => {
  const chunk = manifest[key];
  if (!chunk || scripts.has(chunk.file)) return;
  scripts.add(chunk.file);
  for (const file of chunk.css ?? []) stylesheets.add(file);
  for (const imported of chunk.imports ?? []) visit(imported);
};
visit("index.html");
for (const module of PUBLIC_MODULES) visit(module);

const content = await Promise.all(
  [...scripts].map(async (file) => ({ raw: await readFile(path.join(dist, file), "utf8"), extension: "js" })),
);
// A class made in a template, `alert-${variant}` or `delivery-check__result--${state}`, leaves its
// start in the code: every class that starts so is kept.
const starts = new Set(
  content.flatMap(({ raw }) => [...raw.matchAll(/[`"' ]([a-z][a-z0-9]*(?:[-_]+[a-z0-9]+)*(?:-|__|--))\$\{/g)].map((m) => m[1])),
);
const css = await Promise.all([...stylesheets].map(async (file) => ({ raw: await readFile(path.join(dist, file), "utf8") })));
const purged = await new PurgeCSS().purge({
  content,
  css,
  keyframes: true,
  fontFace: true,
  // Custom properties no kept rule reads (most of Bootstrap's :root) go too.
  variables: true,
  safelist: { standard: [...BUILT_FROM_PROPS, ...[...starts].map((start) => new RegExp(`^${start}`))] },
});
const text = purged.map((sheet) => sheet.css).join("\n");
const rules = ruleList(postcss.parse(text));
await writeFile(path.join(distSsr, "public-css.json"), JSON.stringify({ rules }));
console.log(
  `public-css: ${text.length} bytes from ${stylesheets.size} stylesheet(s) and ${scripts.size} script(s); classes kept by their start: ${[...starts].join(" ")}`,
);

/**
 * The stylesheet as rules in order: each with the at-rules around it (`@media …`), the class sets
 * of its selectors (it applies to a page holding every class of any one of them; none: to every
 * page) and its text. Keyframes and font faces go to every page.
 */
function ruleList(root) {
  const rules = [];
  const walk = (container, at) => {
    for (const node of container.nodes ?? []) {
      if (node.type === "rule") rules.push({ at, any: classSets(node.selectors), css: node.toString() });
      else if (node.type === "atrule" && (node.name === "media" || node.name === "supports")) {
        walk(node, [...at, `@${node.name} ${node.params}`]);
      } else if (node.type === "atrule") rules.push({ at, any: [], css: node.toString() });
    }
  };
  walk(root, []);
  return rules;
}

/** Each selector's classes (those in :not(…) and the like left out: they need not be there); [] when one has none. */
function classSets(selectors) {
  const sets = selectors.map((selector) => [
    ...new Set([...selector.replace(/:[\w-]+\([^)]*\)/g, "").matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)].map((m) => m[1])),
  ]);
  return sets.some((set) => set.length === 0) ? [] : sets;
}
