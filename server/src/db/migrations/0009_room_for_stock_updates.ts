import { type Kysely, sql } from "kysely";
import { dialectOf } from "../dialect.ts";

/**
 * PostgreSQL: a fifth of each page of products is left free, so that a row's next version fits
 * beside it. Every order takes stock with an UPDATE of `count_in_stock`, a column no index
 * holds: with room on the page it is a HOT update, which writes no index entry. Without it (a
 * page filled by a bulk load), the new version goes to another page and into every one of the
 * table's eleven indexes, the three GIN indexes of the search among them: ~7 ms a unit of stock
 * at 100 000 products instead of ~0.6 ms, with the product's row locked throughout. Pages written
 * from now on get the room; full pages gain it as their rows move or are vacuumed away (a
 * rewrite would lock the table). SQLite updates a row in place: nothing changes there.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and do not use the app's types
export async function up(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) !== "postgres") return;
  await sql`alter table products set (fillfactor = 80)`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) !== "postgres") return;
  await sql`alter table products reset (fillfactor)`.execute(db);
}
