import { type Kysely, sql } from "kysely";
import { dialectOf } from "../dialect.ts";

/**
 * PostgreSQL: how many products have each word of the search index (`search_words.docs`), kept
 * exact by triggers on products, whoever writes them (the catalogue, a bulk loader, a test): a
 * statement's inserted and deleted rows are counted at once (transition tables), an edit of a
 * product's search keys row by row, and a word no product has any more is removed. The search
 * plans with them: a word no product has matches nothing, a word more than a page's worth of
 * products have needs no counting (GIN reads every match of a word to count it: ~9 ms for 18 750
 * at 100 000 products). Words are written in their order, so concurrent writers lock them in
 * the same order. Nothing waits to be indexed on PostgreSQL any more (its tsvectors follow the
 * columns, and now its words too): the partial index of unindexed products goes. SQLite's FTS5
 * index counts fast enough: nothing changes there.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and do not use the app's types
export async function up(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) !== "postgres") return;
  await sql`alter table search_words add column docs integer not null default 0`.execute(db);
  await sql`insert into search_words (word, docs)
    select word, count(*) from products, unnest(tsvector_to_array(search_vector)) as word group by word
    on conflict (word) do update set docs = excluded.docs`.execute(db);
  await sql`delete from search_words where docs = 0`.execute(db);
  await sql`drop index products_unindexed_idx`.execute(db);

  await sql`create function search_words_added() returns trigger language plpgsql as $$
    begin
      insert into search_words (word, docs)
        select word, count(*) from added, unnest(tsvector_to_array(added.search_vector)) as word
        group by word order by word
        on conflict (word) do update set docs = search_words.docs + excluded.docs;
      return null;
    end $$`.execute(db);
  await sql`create function search_words_removed() returns trigger language plpgsql as $$
    begin
      perform 1 from search_words where word in (select unnest(tsvector_to_array(removed.search_vector)) from removed)
        order by word for update;
      update search_words set docs = search_words.docs - gone.n
        from (select word, count(*) as n from removed, unnest(tsvector_to_array(removed.search_vector)) as word group by word) as gone
        where search_words.word = gone.word;
      delete from search_words where docs <= 0
        and word in (select unnest(tsvector_to_array(removed.search_vector)) from removed);
      return null;
    end $$`.execute(db);
  await sql`create function search_words_changed() returns trigger language plpgsql as $$
    begin
      insert into search_words (word, docs)
        select word, sum(n) from (
          select unnest(tsvector_to_array(new.search_vector)) as word, 1 as n
          union all select unnest(tsvector_to_array(old.search_vector)), -1) as words
        group by word having sum(n) <> 0 order by word
        on conflict (word) do update set docs = search_words.docs + excluded.docs;
      delete from search_words where docs <= 0 and word = any (tsvector_to_array(old.search_vector));
      return null;
    end $$`.execute(db);
  await sql`create function search_words_emptied() returns trigger language plpgsql as $$
    begin
      delete from search_words;
      return null;
    end $$`.execute(db);
  await sql`create trigger products_search_words_added after insert on products
    referencing new table as added for each statement execute function search_words_added()`.execute(db);
  await sql`create trigger products_search_words_removed after delete on products
    referencing old table as removed for each statement execute function search_words_removed()`.execute(db);
  // Stock, ratings and prices change often and leave the words alone: only an edit of the keys fires.
  await sql`create trigger products_search_words_changed after update of search_keys, search_name_keys on products
    for each row when (old.search_vector is distinct from new.search_vector) execute function search_words_changed()`.execute(db);
  await sql`create trigger products_search_words_emptied after truncate on products
    for each statement execute function search_words_emptied()`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) !== "postgres") return;
  for (const name of ["added", "removed", "changed", "emptied"]) {
    await sql.raw(`drop trigger products_search_words_${name} on products`).execute(db);
    await sql.raw(`drop function search_words_${name}()`).execute(db);
  }
  await sql`alter table search_words drop column docs`.execute(db);
  await sql`create index products_unindexed_idx on products (id) where not search_indexed`.execute(db);
}
