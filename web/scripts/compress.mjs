// Precompresses a built site: writes <file>.br (brotli, quality 11) and <file>.gz (gzip, level 9)
// next to every text asset over 1 KB, so the server can send them without compressing per request.
// Usage: node scripts/compress.mjs <dir>
import { readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const TEXT = new Set([".js", ".css", ".html", ".svg", ".json"]);
const MIN_BYTES = 1024;

const dir = process.argv[2];
if (!dir) {
  console.error("usage: node scripts/compress.mjs <dir>");
  process.exit(2);
}

let count = 0;
for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile() || !TEXT.has(path.extname(entry.name))) continue;
  const file = path.join(entry.parentPath, entry.name);
  const data = await readFile(file);
  if (data.length <= MIN_BYTES) continue;
  const br = brotliCompressSync(data, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 11,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
    },
  });
  await writeFile(`${file}.br`, br);
  await writeFile(`${file}.gz`, gzipSync(data, { level: 9 }));
  count += 1;
}
console.log(`compress: ${count} file(s) in ${dir}`);
