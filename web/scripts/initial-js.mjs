// Reports the JavaScript the first page loads: the scripts and modulepreloads of index.html,
// gzipped (level 9). Budget: ≤ 120 KB for /.
// Usage: node scripts/initial-js.mjs [dist] [budgetKB]
import { readFile } from "node:fs/promises";
import path from "node:path";
import { gzipSync } from "node:zlib";

const dist = process.argv[2] ?? "dist";
const budget = Number(process.argv[3] ?? 120) * 1024;
const html = await readFile(path.join(dist, "index.html"), "utf8");
const files = new Set();
for (const [tag] of html.matchAll(/<(?:script|link)\b[^>]*>/g)) {
  const isScript = tag.startsWith("<script") && /type="module"/.test(tag);
  const isPreload = tag.startsWith("<link") && /rel="modulepreload"/.test(tag);
  const src = /(?:src|href)="([^"]+\.js)"/.exec(tag)?.[1];
  if ((isScript || isPreload) && src) files.add(src);
}
let total = 0;
for (const file of files) {
  const data = await readFile(path.join(dist, file.replace(/^\//, "")));
  const gz = gzipSync(data, { level: 9 }).length;
  total += gz;
  console.log(`${(gz / 1024).toFixed(1).padStart(7)} KB  ${file}`);
}
console.log(`${(total / 1024).toFixed(1).padStart(7)} KB  initial JavaScript for / (gzip -9), budget ${budget / 1024} KB`);
if (total > budget) process.exitCode = 1;
