import { describe, expect, it } from "vitest";
import * as repo from "../../modules/pincodes/repository.ts";
import { createTestDatabase } from "../../testing/test-app.ts";
import { migrateToLatest } from "../migrate.ts";

describe("migration 0011: the serviceability table in versions", () => {
  it("keeps an uploaded table in force, and a shop without one without one", async () => {
    for (const before of [[], [{ prefix: "4110", delivery_days: 2, cod: true }]]) {
      const { db, close } = await createTestDatabase({ migrate: false });
      try {
        await migrateToLatest(db, "0010_search_postings");
        // biome-ignore lint/suspicious/noExplicitAny: the table as it was before this migration
        if (before.length > 0) await (db as any).insertInto("serviceable_pins").values(before).execute();
        await migrateToLatest(db);
        expect(await repo.hasAnyRow(db)).toBe(before.length > 0);
        expect(await repo.findAll(db)).toEqual(
          before.map((row) => ({ prefix: row.prefix, deliveryDays: row.delivery_days, cod: row.cod })),
        );
        expect(await repo.findPrefixesOf(db, "411001")).toHaveLength(before.length);
        // The next upload gets a version of its own, after the one in force.
        expect(await repo.newVersion(db)).toBe(2);
      } finally {
        await close();
      }
    }
  });
});
