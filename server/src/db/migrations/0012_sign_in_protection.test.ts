import { describe, expect, it } from "vitest";
import { makeAccount } from "../../testing/accounts.ts";
import { createTestDatabase } from "../../testing/test-app.ts";

/** The tables of the per-account sign-in limit, on either database. */
describe("migration 0012: sign-in protection", () => {
  it("keeps one row per user, kind and hash, refuses other kinds, and goes with its user", async () => {
    const { db, close } = await createTestDatabase();
    try {
      const user = await makeAccount(db);
      expect(user.sign_in_alert_at).toBeNull();
      const at = "2026-01-02T00:00:00.000Z";
      const place = { user_id: user.id, kind: "ip" as const, value_hash: "a".repeat(64), last_success_at: at };
      await db.insertInto("recognised_sign_ins").values(place).execute();
      await expect(db.insertInto("recognised_sign_ins").values(place).execute()).rejects.toThrow();
      const otherKind = { ...place, kind: "cookie" } as unknown as typeof place;
      await expect(db.insertInto("recognised_sign_ins").values(otherKind).execute()).rejects.toThrow();
      await db
        .insertInto("recognised_sign_ins")
        .values({ ...place, kind: "device" })
        .execute();

      await db.deleteFrom("users").where("id", "=", user.id).execute();
      expect(await db.selectFrom("recognised_sign_ins").selectAll().execute()).toEqual([]);
    } finally {
      await close();
    }
  });
});
