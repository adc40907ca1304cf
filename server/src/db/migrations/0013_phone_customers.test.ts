import { type Kysely, sql } from "kysely";
import { describe, expect, it } from "vitest";
import { createTestDatabase } from "../../testing/test-app.ts";
import { dialectOf } from "../dialect.ts";
import { migrateToLatest } from "../migrate.ts";
import * as m0013 from "./0013_phone_customers.ts";

// biome-ignore lint/suspicious/noExplicitAny: the schema before the migration is not the app's
type AnyDb = Kysely<any>;

const at = "2026-01-02T00:00:00.000Z";

/** A customer with a session, an address, a review and an order: every kind of row that references a user. */
async function customerWithHistory(db: AnyDb) {
  const user = await db
    .insertInto("users")
    .values({ email: "asha@example.in", first_name: "Asha", last_name: "Patil", created_at: at })
    .returning("id")
    .executeTakeFirstOrThrow();
  await db.insertInto("refresh_tokens").values({ jti: "j1", user_id: user.id, family: "f1", expires_at: at, created_at: at }).execute();
  await db
    .insertInto("addresses")
    .values({
      user_id: user.id,
      label: "Farm",
      address: "Survey 42",
      city: "Nashik",
      postal_code: "422001",
      country: "India",
      created_at: at,
    })
    .execute();
  const category = await db.insertInto("categories").values({ name: "Seeds" }).returning("id").executeTakeFirstOrThrow();
  const product = await db
    .insertInto("products")
    .values({
      name: "Okra seed",
      brand: "KB",
      category_id: category.id,
      price_paise: 12000,
      count_in_stock: 5,
      created_at: at,
      updated_at: at,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await db.insertInto("reviews").values({ product_id: product.id, user_id: user.id, name: "Asha", rating: 5, created_at: at }).execute();
  return user.id as number;
}

const count = async (db: AnyDb, table: string) =>
  Number(
    (
      await db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe("migration 0013: customers with a mobile number and no e-mail address", () => {
  it("lets e-mail be null (SQLite's table rebuilt) without losing a row that references a user, and goes back down", async () => {
    const { db: typed, close } = await createTestDatabase({ migrate: false });
    const db = typed as AnyDb;
    try {
      await migrateToLatest(db, "0012_sign_in_protection");
      const userId = await customerWithHistory(db);
      // A deleted last account must not have its id handed out again (AUTOINCREMENT's counter is kept).
      const gone = await db
        .insertInto("users")
        .values({ email: "gone@example.in", created_at: at })
        .returning("id")
        .executeTakeFirstOrThrow();
      await db.deleteFrom("users").where("id", "=", gone.id).execute();

      await migrateToLatest(db);
      for (const table of ["users", "refresh_tokens", "addresses", "reviews"]) expect(await count(db, table), table).toBe(1);
      expect(await db.selectFrom("reviews").select("user_id").executeTakeFirstOrThrow()).toEqual({ user_id: userId });
      expect(await db.selectFrom("users").select(["email", "phone", "whatsapp_opt_in"]).executeTakeFirstOrThrow()).toMatchObject({
        email: "asha@example.in",
        phone: null,
      });

      const phoneOnly = await db
        .insertInto("users")
        .values({ email: null, phone: "+919876543210", created_at: at })
        .returning("id")
        .executeTakeFirstOrThrow();
      expect(phoneOnly.id).toBeGreaterThan(gone.id);
      // One account per number; any number of accounts without an address.
      await expect(db.insertInto("users").values({ email: null, phone: "+919876543210", created_at: at }).execute()).rejects.toThrow();
      await db.insertInto("users").values({ email: null, phone: "+919876543211", created_at: at }).execute();
      // Still one account per address, and the foreign keys still hold (and cascade).
      await expect(db.insertInto("users").values({ email: "asha@example.in", created_at: at }).execute()).rejects.toThrow();
      await expect(
        db
          .insertInto("addresses")
          .values({ user_id: 9999, label: "x", address: "x", city: "x", postal_code: "1", country: "x", created_at: at })
          .execute(),
      ).rejects.toThrow();
      if (dialectOf(db) === "sqlite") expect((await sql`pragma foreign_keys`.execute(db)).rows).toEqual([{ foreign_keys: 1 }]);

      // Down is refused while an account has no address, and then works, keeping the rows.
      await expect(m0013.down(db)).rejects.toThrow(/2 accounts have no e-mail address/);
      await db.deleteFrom("users").where("email", "is", null).execute();
      await m0013.down(db);
      expect(await count(db, "users")).toBe(1);
      expect(await count(db, "refresh_tokens")).toBe(1);
      await expect(db.insertInto("users").values({ email: null, created_at: at }).execute()).rejects.toThrow();
      await db.deleteFrom("users").where("id", "=", userId).execute();
      expect(await count(db, "addresses")).toBe(0);
    } finally {
      await close();
    }
  });
});
