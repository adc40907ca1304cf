import type { CatalogueImport } from "@krishi/contract";
import type { LightMyRequestResponse } from "fastify";
import { expect } from "vitest";
import type { TestApp } from "./test-app.ts";

/**
 * The import an upload (or apply) answered, once finished: a 200 is, a 202 is polled until its
 * status is done or failed (a loaded machine may take longer than the answer waits).
 */
export async function finished(t: TestApp, res: LightMyRequestResponse, staff: Record<string, string>): Promise<CatalogueImport> {
  expect([200, 202], res.body).toContain(res.statusCode);
  let now = res.json() as CatalogueImport;
  await expect
    .poll(
      async () => {
        if (now.status !== "done" && now.status !== "failed")
          now = (await t.app.inject({ url: `/api/staff/catalogue/imports/${now.id}/`, headers: staff })).json();
        return now.status;
      },
      { timeout: 60_000, interval: 100 },
    )
    .toMatch(/^(done|failed)$/);
  return now;
}
