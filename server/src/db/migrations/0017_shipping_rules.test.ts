import { describe, expect, it } from "vitest";
import { createTestDatabase } from "../../testing/test-app.ts";
import * as m0017 from "./0017_shipping_rules.ts";

const at = "2026-01-02T00:00:00.000Z";
const rule = { zone: "4110", min_grams: 0, max_grams: 5_000, charge_paise: 40_00, free_above_paise: null, created_at: at };

/** The shipping rules' table, on either database. */
describe("migration 0017: shipping rules", () => {
  it("keeps rules with an open or closed slab, refuses a slab that is empty or negative and a negative charge, and goes back down", async () => {
    const { db, close } = await createTestDatabase();
    try {
      const { id } = await db.insertInto("shipping_rules").values(rule).returning("id").executeTakeFirstOrThrow();
      await db
        .insertInto("shipping_rules")
        .values({ min_grams: 5_000, max_grams: null, charge_paise: 150_00, free_above_paise: 2_000_00, created_at: at })
        .execute();
      const rows = await db.selectFrom("shipping_rules").selectAll().orderBy("id").execute();
      expect(rows.map((row) => [row.zone, row.min_grams, row.max_grams, Number(row.charge_paise), row.free_above_paise])).toEqual([
        ["4110", 0, 5_000, 40_00, null],
        ["", 5_000, null, 150_00, expect.anything()],
      ]);
      expect(Number(rows[1]?.free_above_paise)).toBe(2_000_00);
      expect(rows[0]?.id).toBe(id);

      for (const bad of [
        { min_grams: -1 },
        { max_grams: 0 },
        { min_grams: 5_000, max_grams: 5_000 },
        { charge_paise: -1 },
        { free_above_paise: -1 },
        { zone: "4110011" },
      ]) {
        await expect(
          db
            .insertInto("shipping_rules")
            .values({ ...rule, ...bad })
            .execute(),
          JSON.stringify(bad),
        ).rejects.toThrow();
      }

      await m0017.down(db);
      await expect(db.selectFrom("shipping_rules").selectAll().execute()).rejects.toThrow();
      await m0017.up(db);
      expect(await db.selectFrom("shipping_rules").selectAll().execute()).toEqual([]);
    } finally {
      await close();
    }
  });
});
