import { type Kysely, sql } from "kysely";
import { dialectOf } from "../dialect.ts";

/**
 * PostgreSQL: the search's words as postings, one row per word of a product, in a B-tree ordered
 * by word, then field (0: anywhere in the product, 1: in its name), then product:
 * `search_postings`. Each word's products are then a range of the index, read in id order from
 * the index alone (the visibility map lets an index-only scan skip the table), and two words'
 * ranges are merged side by side — what SQLite's FTS5 does with its doclists. The GIN indexes of
 * the tsvectors cannot do that: they answer a bitmap in page order, so the newest matches, or
 * the first 1 000 of a count, cost a visit to the table's page of every match (a two-word count
 * at 100 000 products: 16–60 ms against ~2–5 ms from postings). The GIN indexes stay: they tell
 * at once that two frequent words share no product, where their postings would be read to the
 * end (see planSearch).
 *
 * Kept exact by triggers on products, whoever writes them, as search_words are (migration 0008):
 * a statement's inserted and deleted rows at once (transition tables), an edit of a product's
 * search keys row by row. SQLite's FTS5 index is its postings: nothing changes there.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and do not use the app's types
export async function up(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) !== "postgres") return;
  // Byte order ("C"), as search_words: a prefix's words are a range of the primary key.
  await sql`create table search_postings (
      word text collate "C" not null,
      field smallint not null,
      product_id integer not null,
      primary key (word, field, product_id))`.execute(db);
  await sql`insert into search_postings (word, field, product_id)
    select word, 0, id from products, unnest(tsvector_to_array(search_vector)) as word
    union all
    select word, 1, id from products, unnest(tsvector_to_array(search_name_vector)) as word
    order by 1, 2, 3`.execute(db);

  await sql`create function search_postings_added() returns trigger language plpgsql as $$
    begin
      insert into search_postings (word, field, product_id)
        select word, 0, id from added, unnest(tsvector_to_array(added.search_vector)) as word
        union all
        select word, 1, id from added, unnest(tsvector_to_array(added.search_name_vector)) as word;
      return null;
    end $$`.execute(db);
  await sql`create function search_postings_removed() returns trigger language plpgsql as $$
    begin
      delete from search_postings p using (
          select word, 0 as field, id from removed, unnest(tsvector_to_array(removed.search_vector)) as word
          union all
          select word, 1, id from removed, unnest(tsvector_to_array(removed.search_name_vector)) as word) as gone
        where p.word = gone.word and p.field = gone.field and p.product_id = gone.id;
      return null;
    end $$`.execute(db);
  // An edit: the product's old postings out, its new ones in (the primary key finds each by word).
  await sql`create function search_postings_changed() returns trigger language plpgsql as $$
    begin
      delete from search_postings p using (
          select word, 0 as field from unnest(tsvector_to_array(old.search_vector)) as word
          union all
          select word, 1 from unnest(tsvector_to_array(old.search_name_vector)) as word) as gone
        where p.word = gone.word and p.field = gone.field and p.product_id = old.id;
      insert into search_postings (word, field, product_id)
        select word, 0, new.id from unnest(tsvector_to_array(new.search_vector)) as word
        union all
        select word, 1, new.id from unnest(tsvector_to_array(new.search_name_vector)) as word;
      return null;
    end $$`.execute(db);
  await sql`create function search_postings_emptied() returns trigger language plpgsql as $$
    begin
      truncate search_postings;
      return null;
    end $$`.execute(db);
  await sql`create trigger products_search_postings_added after insert on products
    referencing new table as added for each statement execute function search_postings_added()`.execute(db);
  await sql`create trigger products_search_postings_removed after delete on products
    referencing old table as removed for each statement execute function search_postings_removed()`.execute(db);
  await sql`create trigger products_search_postings_changed after update of search_keys, search_name_keys on products
    for each row when (old.search_vector is distinct from new.search_vector or old.search_name_vector is distinct from new.search_name_vector)
    execute function search_postings_changed()`.execute(db);
  await sql`create trigger products_search_postings_emptied after truncate on products
    for each statement execute function search_postings_emptied()`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) !== "postgres") return;
  for (const name of ["added", "removed", "changed", "emptied"]) {
    await sql.raw(`drop trigger products_search_postings_${name} on products`).execute(db);
    await sql.raw(`drop function search_postings_${name}()`).execute(db);
  }
  await sql`drop table search_postings`.execute(db);
}
