import type { DialectName } from "../../db/dialect.ts";
import type { SearchBackend } from "./search-backend.ts";
import { postgresSearch } from "./search-postgres.ts";
import { sqliteSearch } from "./search-sqlite.ts";

const BACKENDS: Record<DialectName, SearchBackend> = { sqlite: sqliteSearch, postgres: postgresSearch };

/** The search backend of a database (DatabaseHandle.dialect): the app's composition picks it once and hands it down. */
export const searchBackendFor = (dialect: DialectName): SearchBackend => BACKENDS[dialect];
