// Runs the browser journeys in Debian's Chromium against the real built server on a fresh
// temporary database. Without Chromium it says so plainly and skips (npm test stays usable).
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
if (!existsSync(chromium)) {
  console.log(`SKIPPED browser journeys: no Chromium at ${chromium} (install it with: apt-get install -y chromium)`);
  process.exit(process.env.CI ? 1 : 0);
}

const dataDir = mkdtempSync(path.join(tmpdir(), "kb-e2e-"));
const result = spawnSync("npx", ["playwright", "test", ...process.argv.slice(2)], {
  stdio: "inherit",
  env: { ...process.env, CHROMIUM_PATH: chromium, E2E_DATA_DIR: dataDir },
});
rmSync(dataDir, { recursive: true, force: true });
process.exit(result.status ?? 1);
