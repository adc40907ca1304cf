import { type Kysely, type Migration, Migrator } from "kysely";
import * as m0001 from "./migrations/0001_create_catalog.ts";
import * as m0002 from "./migrations/0002_create_accounts.ts";
import * as m0003 from "./migrations/0003_create_orders.ts";
import * as m0004 from "./migrations/0004_order_lifecycle.ts";
import * as m0005 from "./migrations/0005_add_hindi.ts";
import * as m0006 from "./migrations/0006_selling_in_india.ts";
import * as m0007 from "./migrations/0007_full_text_search.ts";
import * as m0008 from "./migrations/0008_search_word_counts.ts";
import * as m0009 from "./migrations/0009_room_for_stock_updates.ts";
import * as m0010 from "./migrations/0010_search_postings.ts";
import * as m0011 from "./migrations/0011_version_serviceability.ts";
import * as m0012 from "./migrations/0012_sign_in_protection.ts";
import * as m0013 from "./migrations/0013_phone_customers.ts";
import * as m0014 from "./migrations/0014_returns.ts";
import * as m0015 from "./migrations/0015_product_packs.ts";
import * as m0016 from "./migrations/0016_product_labels.ts";
import * as m0017 from "./migrations/0017_shipping_rules.ts";
import * as m0018 from "./migrations/0018_prices_include_tax.ts";
import * as m0019 from "./migrations/0019_search_vocabulary.ts";
import * as m0020 from "./migrations/0020_create_carts.ts";
import * as m0021 from "./migrations/0021_add_label_hindi.ts";
import * as m0022 from "./migrations/0022_pending_emails_and_code_budget.ts";
import * as m0023 from "./migrations/0023_catalogue_imports.ts";
import * as m0024 from "./migrations/0024_add_promotions.ts";
import * as m0025 from "./migrations/0025_stock_alerts_and_offers.ts";
import * as m0026 from "./migrations/0026_add_crops.ts";

/** Every migration, in order. Imported statically so a bundled or compiled server still has them. */
const migrations: Record<string, Migration> = {
  "0001_create_catalog": m0001,
  "0002_create_accounts": m0002,
  "0003_create_orders": m0003,
  "0004_order_lifecycle": m0004,
  "0005_add_hindi": m0005,
  "0006_selling_in_india": m0006,
  "0007_full_text_search": m0007,
  "0008_search_word_counts": m0008,
  "0009_room_for_stock_updates": m0009,
  "0010_search_postings": m0010,
  "0011_version_serviceability": m0011,
  "0012_sign_in_protection": m0012,
  "0013_phone_customers": m0013,
  "0014_returns": m0014,
  "0015_product_packs": m0015,
  "0016_product_labels": m0016,
  "0017_shipping_rules": m0017,
  "0018_prices_include_tax": m0018,
  "0019_search_vocabulary": m0019,
  "0020_create_carts": m0020,
  "0021_add_label_hindi": m0021,
  "0022_pending_emails_and_code_budget": m0022,
  "0023_catalogue_imports": m0023,
  "0024_add_promotions": m0024,
  "0025_stock_alerts_and_offers": m0025,
  "0026_add_crops": m0026,
};

/**
 * Migrates to the newest migration, or up to and including `target` (tests of a migration start
 * from the schema before it). Data steps that need the application's code (e.g. the catalogue's
 * `indexUnsearchableProducts` after 0005) run after it, at start-up: migrations stay frozen in time.
 */
// biome-ignore lint/suspicious/noExplicitAny: the migrator works on any schema
export async function migrateToLatest(db: Kysely<any>, target?: string): Promise<void> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error, results } = target ? await migrator.migrateTo(target) : await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === "Error");
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ""} failed: ${String(error)}`, { cause: error });
  }
}
