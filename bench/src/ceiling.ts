// The throughput ceiling: bare Fastify sending the same JSON bodies from memory.
import { readFileSync } from "node:fs";
import Fastify from "fastify";

const [file, port] = process.argv.slice(2) as [string, string];
const bodies = JSON.parse(readFileSync(file, "utf8")) as Record<string, string>;
const app = Fastify({ logger: false });
app.get("/hello", async () => ({ hello: "world" }));
for (const [route, body] of Object.entries(bodies)) {
  app.get(route, (_request, reply) => {
    reply.type("application/json; charset=utf-8").send(body);
  });
}
await app.listen({ port: Number(port), host: "127.0.0.1" });
process.send?.("ready");
