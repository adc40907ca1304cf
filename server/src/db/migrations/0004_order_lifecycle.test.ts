import { describe, expect, it } from "vitest";
import { openDatabase } from "../database.ts";
import { migrateToLatest } from "../migrate.ts";

/** Orders placed before the lifecycle release keep their history and get a payment window. */
describe("migration 0004: the order lifecycle", () => {
  it("renames created to pending_payment, gives unpaid orders a window and writes their timeline", async () => {
    const { db } = openDatabase({ url: ":memory:" });
    try {
      await migrateToLatest(db, "0003_create_orders");
      const user = await db
        .insertInto("users")
        .values({
          email: "old@example.in",
          password_hash: null,
          first_name: "Old",
          last_name: "Order",
          is_staff: false,
          is_active: true,
          email_verified: true,
          google_sub: null,
          created_at: "2026-01-01T00:00:00.000Z",
          last_login: null,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      const base = {
        user_id: user.id,
        customer_first_name: "Old",
        customer_last_name: "Order",
        customer_email: "old@example.in",
        ship_label: "Farm",
        ship_address: "Survey 42",
        ship_city: "Nashik",
        ship_state: "",
        ship_postal_code: "422001",
        ship_landmark: "",
        ship_country: "India",
        payment_method: "RazorPay",
        items_paise: 100_00,
        shipping_paise: 10_00,
        tax_paise: 8_20,
        total_paise: 118_20,
        created_at: "2026-01-02T00:00:00.000Z",
        updated_at: "2026-01-02T00:00:00.000Z",
      };
      // biome-ignore lint/suspicious/noExplicitAny: rows of the schema before this migration
      const old = db as any;
      const unpaid = await old
        .insertInto("orders")
        .values({ ...base, status: "created" })
        .returning("id")
        .executeTakeFirstOrThrow();
      const delivered = await old
        .insertInto("orders")
        .values({
          ...base,
          status: "delivered",
          is_paid: true,
          paid_at: "2026-01-02T01:00:00.000Z",
          is_delivered: true,
          delivered_at: "2026-01-05T00:00:00.000Z",
        })
        .returning("id")
        .executeTakeFirstOrThrow();

      const before = Date.now();
      await migrateToLatest(db);
      const rows = await db.selectFrom("orders").select(["id", "status", "payment_due_at"]).orderBy("id").execute();
      expect(rows.map((r) => r.status)).toEqual(["pending_payment", "delivered"]);
      expect(new Date(rows[0]?.payment_due_at as string).getTime()).toBeGreaterThanOrEqual(before + 30 * 60_000 - 1000);
      expect(rows[1]?.payment_due_at).toBeNull();
      const events = await db.selectFrom("order_events").select(["order_id", "from_status", "to_status", "event"]).orderBy("id").execute();
      expect(events.filter((e) => e.order_id === unpaid.id).map((e) => e.event)).toEqual(["place"]);
      expect(events.filter((e) => e.order_id === delivered.id).map((e) => [e.from_status, e.to_status])).toEqual([
        [null, "pending_payment"],
        ["pending_payment", "paid"],
        ["paid", "delivered"],
      ]);
    } finally {
      await db.destroy();
    }
  });
});
