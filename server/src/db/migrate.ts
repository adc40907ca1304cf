import { type Kysely, type Migration, Migrator } from "kysely";
import * as m0001 from "./migrations/0001_create_catalog.ts";

/** Every migration, in order. Imported statically so a bundled or compiled server still has them. */
const migrations: Record<string, Migration> = {
  "0001_create_catalog": m0001,
};

// biome-ignore lint/suspicious/noExplicitAny: the migrator works on any schema
export async function migrateToLatest(db: Kysely<any>): Promise<void> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === "Error");
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ""} failed: ${String(error)}`, { cause: error });
  }
}
