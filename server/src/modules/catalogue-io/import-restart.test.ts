import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { CatalogueImport } from "@krishi/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_ACCOUNTS } from "../../seed/demo.ts";
import { AUTH } from "../../testing/accounts.ts";
import { multipart } from "../../testing/multipart.ts";
import { ServerProcess } from "../../testing/server-process.ts";
import { createTestDatabase } from "../../testing/test-app.ts";

/**
 * A server that dies in the middle of an import (SIGKILL: a crash, a power cut): nothing of the
 * import was written, and the next server runs it again from its file, once the dead one's lease
 * of the import job has lapsed. The database is the suite's (PostgreSQL when TEST_DATABASE_URL is set).
 */
const ROWS = 6_000;

describe("an import cut short by a crash", () => {
  let dataDir: string;
  let database: Awaited<ReturnType<typeof createTestDatabase>> | undefined;
  let env: Record<string, string>;
  const servers: ServerProcess[] = [];

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), "krishi-import-"));
    database = process.env.TEST_DATABASE_URL ? await createTestDatabase({ migrate: false }) : undefined;
    env = {
      NODE_ENV: "development",
      DATA_DIR: dataDir,
      ...(database?.pgConfig ? { DATABASE_URL: String(database.pgConfig.connectionString) } : {}),
      JWT_SECRET: randomBytes(32).toString("hex"),
      SEED_DEMO: "true",
      RUN_JOBS: "true",
      JOB_LEASE_SECONDS: "2",
      LOG_LEVEL: "warn",
      LOG_FORMAT: "json",
    };
  });
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.kill()));
    await database?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("runs again at the next start, and is written once", async () => {
    const first = await ServerProcess.start(env);
    servers.push(first);
    const staff = DEMO_ACCOUNTS.find((account) => account.staff) as (typeof DEMO_ACCOUNTS)[number];
    const login = await first.fetch(`${AUTH}/login/`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: staff.email, password: staff.password }),
    });
    expect(login.status, first.output).toBe(200);
    const { access } = (await login.json()) as { access: string };
    const headers = { authorization: `Bearer ${access}` };
    const lines = ["name,category,sku,pack_label,price,stock"];
    for (let i = 0; i < ROWS; i++) lines.push(`Restart Product ${i},Restart,RS-${i},1 kg,${100 + (i % 50)},${i % 9}`);
    const { payload, headers: partHeaders } = multipart({}, [
      { field: "file", filename: "big.csv", contentType: "text/csv", data: Buffer.from(lines.join("\n")) },
    ]);
    // Sent without waiting for its answer (it waits for the import): the server is killed while the import runs.
    const sending = first
      .fetch("/api/staff/catalogue/import/", { method: "POST", headers: { ...headers, ...partHeaders }, body: payload })
      .catch(() => null);
    // PostgreSQL answers while the import writes; on SQLite the write holds the one connection, so it dies while checking.
    const cutAt = database ? ["writing"] : ["checking", "writing"];
    let running: CatalogueImport | undefined;
    await expect
      .poll(
        async () => {
          [running] = (await (await first.fetch("/api/staff/catalogue/imports/", { headers })).json()) as CatalogueImport[];
          return running !== undefined && cutAt.includes(running.status) && running.rowsDone > 0;
        },
        { timeout: 60_000, interval: 50 },
      )
      .toBe(true);
    await first.kill();
    await sending;
    const id = (running as CatalogueImport).id;

    const second = await ServerProcess.start(env);
    servers.push(second);
    let now: CatalogueImport | undefined;
    await expect
      .poll(
        async () => {
          now = (await (await second.fetch(`/api/staff/catalogue/imports/${id}/`, { headers })).json()) as CatalogueImport;
          return now.status;
        },
        { timeout: 120_000, interval: 500 },
      )
      .toBe("done");
    expect(now?.report).toMatchObject({ created: ROWS, applied: true, errors: [] });
    const listed = await second.fetch("/api/products/?category=Restart&page_size=1");
    expect(listed.headers.get("x-total-count"), second.output).toBe(String(ROWS));
  }, 240_000);
});
