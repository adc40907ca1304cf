import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";

/** Saved addresses; every query is scoped to the owner, so another user's id is simply not found. */

export interface AddressFields {
  label: string;
  address: string;
  city: string;
  state: string;
  postal_code: string;
  landmark: string;
  country: string;
  /** 10 digits, or "". */
  phone: string;
}

const columns = ["id", "label", "address", "city", "state", "postal_code", "landmark", "country", "phone"] as const;

export function findAddresses(db: Kysely<Database>, userId: number) {
  return db.selectFrom("addresses").select(columns).where("user_id", "=", userId).orderBy("id").execute();
}

export function findAddress(db: Kysely<Database>, userId: number, id: number) {
  return db.selectFrom("addresses").select(columns).where("user_id", "=", userId).where("id", "=", id).executeTakeFirst();
}

export type AddressRecord = NonNullable<Awaited<ReturnType<typeof findAddress>>>;

export async function insertAddress(db: Kysely<Database>, userId: number, fields: AddressFields): Promise<number> {
  const row = await db
    .insertInto("addresses")
    .values({ ...fields, user_id: userId, created_at: new Date().toISOString() })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateAddress(db: Kysely<Database>, userId: number, id: number, fields: AddressFields): Promise<boolean> {
  const result = await db.updateTable("addresses").set(fields).where("user_id", "=", userId).where("id", "=", id).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function deleteAddress(db: Kysely<Database>, userId: number, id: number): Promise<boolean> {
  const result = await db.deleteFrom("addresses").where("user_id", "=", userId).where("id", "=", id).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}
