import { paiseToDecimal, priceOrder } from "@krishi/contract";
import type {
  FromNode,
  Kysely,
  KyselyPlugin,
  OperationNode,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryId,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from "kysely";
import { TableNode } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dialectOf } from "../../db/dialect.ts";
import { authHeaders } from "../../testing/accounts.ts";
import { makeProduct, makeUser } from "../../testing/factories.ts";
import { FARM_ADDRESS } from "../../testing/orders.ts";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";

/**
 * A checkout's database statements, counted (as Saleor counts a request's queries): they may not
 * grow without a reason. BEGIN and COMMIT are not counted.
 */

/**
 * The statements run since the last take() (describeStatement): a statement is counted when its
 * result comes back (a WITH's parts are one statement).
 */
class StatementLog implements KyselyPlugin {
  readonly #built = new WeakMap<QueryId, string>();
  #run: string[] = [];
  transformQuery({ node, queryId }: PluginTransformQueryArgs): RootOperationNode {
    this.#built.set(queryId, describeStatement(node));
    return node;
  }
  async transformResult({ result, queryId }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    this.#run.push(this.#built.get(queryId) ?? "raw");
    return result;
  }
  /**
   * The statements since the last take, but those of the listeners of the order's news, which run
   * after its commit and whenever they get to it (back-in-stock alerts look at the products).
   */
  take(): string[] {
    const run = this.#run.filter((statement) => !statement.endsWith(" stock_alerts"));
    this.#run = [];
    return run;
  }
}

/** A statement as its kind and table ("update products"); a WITH as its first part ("with update products"). */
function describeStatement(node: RootOperationNode): string {
  const cte = node.kind === "SelectQueryNode" ? node.with?.expressions[0]?.expression : undefined;
  const first = (cte ?? node) as Partial<Record<"table" | "into", OperationNode>> & { kind: string; from?: FromNode };
  const target = first.table ?? first.into ?? first.from?.froms[0];
  const table = target && TableNode.is(target) ? target.table.identifier.name : "";
  return `${cte ? "with " : ""}${first.kind.replace("QueryNode", "").toLowerCase()} ${table}`;
}

const log = new StatementLog();
let t: TestApp;
let customer: Record<string, string>;
let urea: { id: number; pricePaise: number };
let seeds: { id: number; pricePaise: number };

beforeAll(async () => {
  t = await createTestApp({}, {}, { plugins: [log] });
  customer = await authHeaders(t, (await makeUser(t.database.db)).id);
  urea = { id: (await makeProduct(t.database.db, { name: "Urea", pricePaise: 266_50, stock: 100 })).id, pricePaise: 266_50 };
  seeds = { id: (await makeProduct(t.database.db, { name: "Seeds", pricePaise: 60_00, stock: 100 })).id, pricePaise: 60_00 };
  // The shipping rules and the PIN's serviceability are read once, then kept: the counts are a checkout's own.
  await place([urea]);
});
afterAll(() => t.close());

async function place(products: { id: number; pricePaise: number }[]): Promise<string[]> {
  log.take();
  const res = await t.app.inject({
    method: "POST",
    url: "/api/orders/add/",
    headers: customer,
    payload: {
      orderItems: products.map((product) => ({ product: product.id, qty: 1 })),
      shippingAddress: FARM_ADDRESS,
      totalPrice: paiseToDecimal(priceOrder(products.map((product) => ({ pricePaise: product.pricePaise, qty: 1 }))).totalPaise),
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return log.take();
}

const stockStatements = (statements: string[]) =>
  statements.filter((statement) => /products|product_variants/.test(statement) && !statement.startsWith("select"));

describe("a checkout's statements", () => {
  // Besides the bearer's refresh token and user, and the PIN's serviceability: the live promotions
  // (a customer's uses and orders only when one asks for them), the lines' products and packs, read
  // before the transaction; the order and its lines; its first event; the packs
  // bought taken out of the customer's cart; the customer's notice settings and the queued mail;
  // the stock of each line; the customer's lock (PostgreSQL) and unpaid orders. The shipping rules
  // are kept in memory.
  it("take a line's stock in one statement on PostgreSQL, two on SQLite (which waits on no round trip between them)", async () => {
    const postgres = dialectOf(t.database.db as unknown as Kysely<unknown>) === "postgres";
    const oneLine = await place([urea]);
    const twoLines = await place([urea, seeds]);
    if (postgres) {
      expect(stockStatements(oneLine)).toEqual(["with update products"]);
      expect(oneLine).toHaveLength(15);
      expect(twoLines).toHaveLength(16);
    } else {
      expect(stockStatements(oneLine)).toEqual(["update products", "update product_variants"]);
      expect(oneLine).toHaveLength(15);
      expect(twoLines).toHaveLength(17);
    }
    expect(oneLine).not.toContain("select shipping_rules");
  });

  // A product's row is locked by its line's UPDATE until the checkout commits: taken last, the
  // locks are held for the checkout's last statements only (the customer's lock and unpaid count),
  // so concurrent checkouts of one product wait the least.
  it("take the stock last, after the order, its event, its cart and its mail are written", async () => {
    const postgres = dialectOf(t.database.db) === "postgres";
    const statements = await place([urea, seeds]);
    const stock = stockStatements(statements);
    const firstStock = statements.indexOf(stock[0] as string);
    expect(statements.slice(firstStock)).toEqual([...stock, ...(postgres ? ["select users"] : []), "select orders"]);
    expect(statements.indexOf("select products")).toBeLessThan(statements.indexOf("insert orders"));
  });
});
