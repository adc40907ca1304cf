import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { ErrorBody, PublicConfigSchema } from "@krishi/contract/schemas";
import { Type } from "typebox";
import type { Config } from "../../config.ts";
import type { Db } from "../../db/database.ts";
import { publicConfigOf } from "./public-config.ts";

export interface SystemRoutesOptions {
  config: Readonly<Config>;
  db: Db;
}

const Status = Type.Object({ status: Type.String() });

/** Runtime settings for the SPA (one build serves every environment) and the health probes. */
export const systemRoutes: FastifyPluginAsyncTypebox<SystemRoutesOptions> = async (app, { config, db }) => {
  const publicConfig = publicConfigOf(config);

  app.get(
    "/api/config",
    { schema: { operationId: "getConfig", tags: ["system"], summary: "Public runtime settings", response: { 200: PublicConfigSchema } } },
    async (_request, reply) => {
      reply.header("Cache-Control", "no-cache");
      return publicConfig;
    },
  );

  app.get(
    "/healthz",
    { schema: { operationId: "checkHealth", summary: "Liveness probe: the process is up", tags: ["system"], response: { 200: Status } } },
    async () => ({
      status: "ok",
    }),
  );

  app.get(
    "/readyz",
    {
      schema: {
        operationId: "checkReadiness",
        summary: "Readiness probe: the database accepts writes (503 when it does not)",
        tags: ["system"],
        response: { 200: Status, 503: ErrorBody },
      },
    },
    async (request, reply) => {
      try {
        await probeWrite(db);
        return { status: "ready" };
      } catch (err) {
        request.log.error({ err }, "the database cannot be written");
        return reply
          .status(503)
          .send({ detail: "Database not writable.", message: "Database not writable.", code: "database_unavailable" as const });
      }
    },
  );
};

class ProbeDone extends Error {}

/** A write the database must accept (a disk that is full or read-only refuses it), then rolled back. */
async function probeWrite(db: Db): Promise<void> {
  try {
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto("job_leases")
        .values({ name: "readyz-probe", holder: "readyz", lease_until: new Date(0).toISOString() })
        .onConflict((oc) => oc.column("name").doUpdateSet({ holder: "readyz" }))
        .execute();
      throw new ProbeDone();
    });
  } catch (error) {
    if (!(error instanceof ProbeDone)) throw error;
  }
}
