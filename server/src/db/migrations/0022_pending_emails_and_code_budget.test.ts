import type { Kysely } from "kysely";
import { describe, expect, it } from "vitest";
import { createTestDatabase } from "../../testing/test-app.ts";
import { migrateToLatest } from "../migrate.ts";
import * as m0022 from "./0022_pending_emails_and_code_budget.ts";

// biome-ignore lint/suspicious/noExplicitAny: the schema before the migration is not the app's
type AnyDb = Kysely<any>;

const at = "2026-01-02T00:00:00.000Z";

describe("migration 0022: pending e-mail addresses and the sign-in code budget", () => {
  it("moves an unverified address of an account with a number to pending, keeps every other, and goes back down", async () => {
    const { db: typed, close } = await createTestDatabase({ migrate: false });
    const db = typed as AnyDb;
    try {
      await migrateToLatest(db, "0021_add_label_hindi");
      const user = (values: object) =>
        db
          .insertInto("users")
          .values({ created_at: at, ...values })
          .returning("id")
          .executeTakeFirstOrThrow();
      const squatter = await user({ email: "victim@example.in", email_verified: false, phone: "+919812300001" });
      const verified = await user({ email: "verified@example.in", email_verified: true, phone: "+919812300002" });
      const registered = await user({ email: "registered@example.in", email_verified: false });
      const phoneOnly = await user({ email: null, phone: "+919812300003" });
      const row = (id: number) => db.selectFrom("users").select(["email", "pending_email"]).where("id", "=", id).executeTakeFirstOrThrow();

      await migrateToLatest(db, "0022_pending_emails_and_code_budget");
      expect(await row(squatter.id)).toEqual({ email: null, pending_email: "victim@example.in" });
      expect(await row(verified.id)).toEqual({ email: "verified@example.in", pending_email: null });
      expect(await row(registered.id)).toEqual({ email: "registered@example.in", pending_email: null });
      expect(await row(phoneOnly.id)).toEqual({ email: null, pending_email: null });
      // The address is free for its owner; pending addresses are not unique.
      const owner = await user({ email: "victim@example.in", email_verified: true });
      await db.updateTable("users").set({ pending_email: "victim@example.in" }).where("id", "=", phoneOnly.id).execute();

      // The budget's windows: one row each, counted by a conditional upsert.
      await db.insertInto("otp_budget").values({ window_key: "h:2026-01-02T10", sent: 1 }).execute();
      await expect(db.insertInto("otp_budget").values({ window_key: "h:2026-01-02T10" }).execute()).rejects.toThrow();
      expect(await db.selectFrom("otp_budget").selectAll().execute()).toEqual([{ window_key: "h:2026-01-02T10", sent: 1 }]);

      // Down: a pending address goes back where nobody holds it; here the owner does, so it is dropped.
      await db.deleteFrom("users").where("id", "=", owner.id).execute();
      await m0022.down(db);
      const emails = await db.selectFrom("users").select(["id", "email"]).orderBy("id").execute();
      expect(emails).toEqual([
        { id: squatter.id, email: "victim@example.in" },
        { id: verified.id, email: "verified@example.in" },
        { id: registered.id, email: "registered@example.in" },
        { id: phoneOnly.id, email: null },
      ]);
      await expect(db.selectFrom("otp_budget").selectAll().execute()).rejects.toThrow();
      await migrateToLatest(db);
    } finally {
      await close();
    }
  });
});
