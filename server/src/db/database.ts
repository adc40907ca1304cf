import { mkdirSync } from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import {
  type CompiledQuery,
  Kysely,
  type KyselyPlugin,
  OperationNodeTransformer,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  PostgresDialect,
  PrimitiveValueListNode,
  type QueryResult,
  type RootOperationNode,
  type SqliteDatabase,
  SqliteDialect,
  type UnknownRow,
  ValueNode,
} from "kysely";
import pg from "pg";
import type { DialectName } from "./dialect.ts";
import type { Database } from "./schema.ts";

export type Db = Kysely<Database>;

export interface DatabaseHandle {
  db: Db;
  dialect: DialectName;
  /** PostgreSQL's connection settings (a LISTEN needs a connection of its own, outside the pool). */
  pgConfig?: pg.ClientConfig;
  /**
   * PostgreSQL: opens every connection of the pool and runs `statements` (simple protocol, no
   * parameters) on each, and on each connection opened later before its first query. A new server
   * process loads a table's cache entries, a text-search configuration or an extension's library
   * on the first query that needs them (~10–15 ms each): without this, the first searches after a
   * start, or on a replaced connection, pay for it. The connections are kept open (the pool's
   * `min`). Nothing to do on SQLite.
   */
  warmConnections(statements: string): Promise<void>;
}

export interface DatabaseOptions {
  /** postgres://… for PostgreSQL; otherwise the SQLite file path, or ":memory:". */
  url: string;
  /** PostgreSQL pool size. */
  poolSize?: number;
  /** Told once of each pooled PostgreSQL connection that is lost, idle or in use (default: ignored; the pool reconnects). */
  onPoolError?: (error: Error) => void;
}

/**
 * A compiled statement with its parameters written in as literals ($1 → '…'), to be run as text
 * among others (warmConnections). Only for statements the app builds from its own constants: a
 * shopper's text is always sent as a parameter.
 */
export function inlined({ sql, parameters }: CompiledQuery): string {
  return sql.replace(/\$(\d+)/g, (_, n: string) => {
    const value = parameters[Number(n) - 1];
    if (typeof value === "number" || typeof value === "boolean") return String(value);
    if (typeof value === "string") return `'${value.replaceAll("'", "''")}'`;
    throw new Error(`cannot write parameter $${n} (${typeof value}) as a literal`);
  });
}

export function openDatabase({ url, poolSize = 10, onPoolError }: DatabaseOptions): DatabaseHandle {
  if (/^postgres(ql)?:\/\//.test(url)) {
    // NUMERIC and BIGINT arrive as strings by default; counts in this schema fit in a JS number.
    pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number.parseInt(value, 10));
    let warmUp: string | undefined;
    /** The statements each connection has run. */
    const warmed = new WeakMap<pg.ClientBase, string>();
    const warm = async (client: pg.ClientBase) => {
      if (warmUp === undefined || warmed.get(client) === warmUp) return;
      const statements = warmUp;
      await client.query(statements);
      warmed.set(client, statements);
    };
    const pool = new pg.Pool({
      Client: reportingLoss(onPoolError),
      connectionString: url,
      max: poolSize,
      // Warm connections are kept: a closed one would be opened cold again.
      min: poolSize,
      // A connection opened later is warmed before its first query; a warm-up that fails (the
      // statements are known to run: warmConnections ran them) costs nothing but the warmth.
      onConnect: (client) => warm(client).catch(() => {}),
      // A request waits at most this long for a connection, and a statement runs at most this long.
      connectionTimeoutMillis: 5_000,
      statement_timeout: 15_000,
      // No JIT: the shop's statements are short, and PostgreSQL compiles any it costs above
      // jit_above_cost (a search looking up each match's words: ~11 ms to compile a 1 ms
      // statement, ~70 ms more to load LLVM on a connection's first).
      options: "-c jit=off",
    });
    // The pool passes on an idle connection's error, which its connection has already reported.
    pool.on("error", () => {});
    return {
      db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }),
      dialect: "postgres",
      pgConfig: { connectionString: url, connectionTimeoutMillis: 5_000 },
      async warmConnections(statements) {
        warmUp = statements;
        // All at once, so each is a connection of its own; a statement that fails is thrown.
        const clients = await Promise.all(Array.from({ length: poolSize }, () => pool.connect()));
        try {
          await Promise.all(clients.map(warm));
        } finally {
          for (const client of clients) client.release();
        }
      },
    };
  }
  if (url !== ":memory:") mkdirSync(path.dirname(url), { recursive: true });
  const sqlite = new SQLite(url);
  sqlite.pragma("journal_mode = WAL");
  // FULL: a commit is on disk before it is acknowledged, so a power cut cannot lose a recorded
  // payment or order (NORMAL in WAL mode may lose the last commits; it never corrupts).
  sqlite.pragma("synchronous = FULL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({ database: withStatementCache(sqlite) }),
    plugins: [new SqliteBooleanPlugin()],
  });
  return { db, dialect: "sqlite", warmConnections: async () => {} };
}

/**
 * pg's client whose loss never ends the process. A connection the server drops (restart,
 * failover, pg_terminate_backend) emits 'error', and pg-pool listens only while the connection is
 * idle: one lost while a request holds it (between a transaction's statements, or as its query's
 * answer ends) would be an uncaught error. The statement that uses it fails instead, and the pool
 * discards it when it comes back.
 */
function reportingLoss(report: ((error: Error) => void) | undefined): typeof pg.Client {
  return class extends pg.Client {
    constructor(config?: string | pg.ClientConfig) {
      super(config);
      let reported = false;
      this.on("error", (err) => {
        if (!reported) report?.(err);
        reported = true;
      });
    }

    // Whatever stops a connection from opening (refused, a database not accepting connections,
    // authentication, too many clients) is the database being unavailable, not a bug.
    // biome-ignore lint/suspicious/noExplicitAny: pg's two overloads (a callback, or a promise)
    override connect(...args: any[]): any {
      const callback = args[0] as ((err: Error | null, client?: pg.Client) => void) | undefined;
      if (!callback) return super.connect().catch((err: Error) => Promise.reject(markConnectionFailure(err)));
      return super.connect((err: Error | null, client?: pg.Client) => callback(err && markConnectionFailure(err), client));
    }
  };
}

const connectionFailures = new WeakSet<object>();

function markConnectionFailure(error: Error): Error {
  if (typeof error === "object" && error !== null) connectionFailures.add(error);
  return error;
}

/** Whether an error is a connection that could not be opened (see reportingLoss). */
export function isConnectionFailure(error: unknown): boolean {
  return typeof error === "object" && error !== null && connectionFailures.has(error);
}

/** Prepared statements kept at most (least recently used dropped first): every query of the shop, a few times over. */
const STATEMENTS_KEPT = 1_000;

/**
 * better-sqlite3 whose prepared statements are kept by their SQL text. Kysely prepares every
 * query anew, which costs about a third of a catalogue read. A statement is reused only once
 * its run is over: Kysely runs it to the end (all/run) before the next query, on the one
 * connection, and streams nothing here.
 */
function withStatementCache(sqlite: SQLite.Database): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(text: string) {
      let statement = statements.get(text);
      if (statement) statements.delete(text);
      else statement = sqlite.prepare(text);
      statements.set(text, statement);
      if (statements.size > STATEMENTS_KEPT) statements.delete(statements.keys().next().value as string);
      return statement;
    },
  };
}

/** better-sqlite3 binds no booleans: write them as 1 and 0, as SQLite itself stores them. */
class SqliteBooleanPlugin implements KyselyPlugin {
  readonly #transformer = new BooleanToInteger();

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return this.#transformer.transformNode(args.node);
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }
}

class BooleanToInteger extends OperationNodeTransformer {
  protected override transformValue(node: ValueNode): ValueNode {
    return typeof node.value === "boolean" ? ValueNode.create(node.value ? 1 : 0) : super.transformValue(node);
  }

  protected override transformPrimitiveValueList(node: PrimitiveValueListNode): PrimitiveValueListNode {
    return PrimitiveValueListNode.create(node.values.map((v) => (typeof v === "boolean" ? (v ? 1 : 0) : v)));
  }
}
