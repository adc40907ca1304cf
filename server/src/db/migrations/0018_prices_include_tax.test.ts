import type { Kysely } from "kysely";
import { describe, expect, it } from "vitest";
import { createTestDatabase } from "../../testing/test-app.ts";
import { migrateToLatest } from "../migrate.ts";
import * as m0018 from "./0018_prices_include_tax.ts";

// biome-ignore lint/suspicious/noExplicitAny: the schema around the migration is not the app's
type AnyDb = Kysely<any>;

const at = "2026-01-02T00:00:00.000Z";

async function columnsOfOrders(db: AnyDb): Promise<string[]> {
  const tables = await db.introspection.getTables();
  return tables.find((t) => t.name === "orders")?.columns.map((c) => c.name) ?? [];
}

/**
 * Orders placed before prices could include GST keep GST added on top; the column goes again on
 * the way down. Run from the newest schema (this migration undone and redone), so the migrations of
 * other work numbered around it need not be named. On SQLite, and on PostgreSQL when
 * TEST_DATABASE_URL names one.
 */
describe("migration 0018: prices that include tax", () => {
  it("marks the orders placed before as GST added on top, lets a new order say its prices included it, and goes back down", async () => {
    const { db: typed, close } = await createTestDatabase({ migrate: false });
    const db = typed as AnyDb;
    try {
      await migrateToLatest(db);
      await m0018.down(db);
      expect(await columnsOfOrders(db)).not.toContain("prices_include_tax");
      const order = {
        user_id: null,
        customer_first_name: "Old",
        customer_last_name: "Order",
        customer_email: "old@example.in",
        ship_label: "Farm",
        ship_address: "Survey 42",
        ship_city: "Nashik",
        ship_state: "Maharashtra",
        ship_postal_code: "422001",
        ship_landmark: "",
        ship_country: "India",
        payment_method: "RazorPay",
        items_paise: 266_50,
        shipping_paise: 0,
        tax_paise: 13_32,
        total_paise: 279_82,
        tax_mode: "gst",
        status: "paid",
        created_at: at,
        updated_at: at,
      };
      const before = await db.insertInto("orders").values(order).returning("id").executeTakeFirstOrThrow();

      await m0018.up(db);
      const read = async (id: number) =>
        Boolean(
          (await db.selectFrom("orders").select("prices_include_tax").where("id", "=", id).executeTakeFirstOrThrow()).prices_include_tax,
        );
      expect(await read(before.id)).toBe(false);
      const after = await db
        .insertInto("orders")
        .values({ ...order, tax_paise: 12_69, total_paise: 266_50, prices_include_tax: true })
        .returning("id")
        .executeTakeFirstOrThrow();
      expect(await read(after.id)).toBe(true);

      await m0018.down(db);
      expect(await columnsOfOrders(db)).not.toContain("prices_include_tax");
      expect(await db.selectFrom("orders").select("total_paise").orderBy("id").execute()).toHaveLength(2);
    } finally {
      await close();
    }
  });
});
