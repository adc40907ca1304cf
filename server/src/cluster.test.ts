import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { get } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { openDatabase } from "./db/database.ts";
import { migrateToLatest } from "./db/migrate.ts";
import { authHeaders } from "./testing/accounts.ts";
import { makeProduct, makeUser } from "./testing/factories.ts";
import { ServerProcess } from "./testing/server-process.ts";

/**
 * WEB_CONCURRENCY=2 on SQLite: one machine's cluster. The workers share the port (the primary
 * hands them connections in turn) and each keeps its own catalogue cache, so an edit served by one
 * must reach the other through the primary.
 */
// SQLite of its own: the PostgreSQL run of the suite (TEST_DATABASE_URL) has nothing to add here.
describe.skipIf(process.env.TEST_DATABASE_URL)("WEB_CONCURRENCY=2 on SQLite", () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "krishi-cluster-"));
  const jwtSecret = randomBytes(32).toString("hex");
  const database = openDatabase({ url: path.join(dataDir, "shop.db") });
  let server: ServerProcess;
  let product: Awaited<ReturnType<typeof makeProduct>>;
  let staff: { authorization: string };

  beforeAll(async () => {
    await migrateToLatest(database.db);
    product = await makeProduct(database.db, { name: "Drip kit", pricePaise: 1_000_00, stock: 5 });
    const user = await makeUser(database.db, { is_staff: true });
    staff = await authHeaders({ config: { jwtSecret }, database }, user.id);
    server = await ServerProcess.start({
      NODE_ENV: "development",
      DATA_DIR: dataDir,
      JWT_SECRET: jwtSecret,
      SEED_DEMO: "false",
      WEB_CONCURRENCY: "2",
      LOG_LEVEL: "info",
      LOG_FORMAT: "json",
    });
    // Ready once both workers listen (the first may answer /readyz before the second starts).
    await vi.waitFor(() => expect(server.output).toContain("(2 server processes)"), { timeout: 60_000, interval: 50 });
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
    await database.db.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** The product's price, asked on a new connection each time, so the primary hands it to the next worker. */
  const price = () =>
    new Promise<string>((resolve, reject) => {
      get(`${server.url}/api/products/${product.id}/`, { agent: false }, (res) => {
        let body = "";
        res.on("data", (chunk) => {
          body += chunk;
        });
        res.on("end", () => resolve((JSON.parse(body) as { price: string }).price));
      }).on("error", reject);
    });

  it("shows an edit on every worker within a second", async () => {
    // Both workers answer (and cache) the product before the edit.
    for (let i = 0; i < 4; i++) expect(await price()).toBe("1000.00");

    const edit = await server.fetch(`/api/products/update/${product.id}/`, {
      method: "PUT",
      headers: { ...staff, "content-type": "application/json" },
      body: JSON.stringify({
        name: "Drip kit",
        brand: "Test Brand",
        category: product.category.id,
        description: "Kit",
        price: "1200.00",
        countInStock: 5,
      }),
    });
    expect(edit.status, await edit.clone().text()).toBe(200);
    const edited = Date.now();

    // Four answers in a row with the new price: both workers have dropped their copy.
    let inARow = 0;
    while (inARow < 4 && Date.now() - edited < 1_000) inARow = (await price()) === "1200.00" ? inARow + 1 : 0;
    expect(inARow, "a worker still served the old price").toBe(4);
  });

  it("stops cleanly on SIGTERM, workers first", async () => {
    expect(await server.stop()).toBe(0);
  });
});
