// The shop's event-loop delay as a shopper feels it, in a process of its own (so the bench's own
// work, such as reading an export, does not add to it): GET /healthz, which answers from memory,
// every ~20 ms on one kept-alive connection, each answer timed until its last byte. Started by
// catalogue-import.ts (startProbe); sends back every answer's start (ms since the epoch) and
// duration when told "stop".
import { Agent, get } from "node:http";

const [healthz] = process.argv.slice(2) as [string];
const EVERY_MS = 20;
const agent = new Agent({ keepAlive: true, maxSockets: 1 });
const samples: { at: number; ms: number }[] = [];
let stopping = false;

function ask(): Promise<void> {
  return new Promise((resolve, reject) => {
    const req = get(healthz, { agent }, (res) => {
      res.on("data", () => {});
      res.on("end", () => (res.statusCode === 200 ? resolve() : reject(new Error(`/healthz answered ${res.statusCode}`))));
      res.on("error", reject);
    });
    req.on("error", reject);
  });
}

process.on("message", (message) => {
  if (message === "stop") stopping = true;
});

let ready = false;
while (!stopping) {
  const at = Date.now();
  const started = performance.now();
  await ask();
  const took = performance.now() - started;
  // The first answer opens the connection: not a measure of the shop's loop.
  if (ready) samples.push({ at, ms: took });
  else {
    ready = true;
    process.send?.("ready");
  }
  // Every ~20 ms from the previous start; at once when an answer took longer than that.
  const wait = EVERY_MS - (performance.now() - started);
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
}
agent.destroy();
process.send?.({ samples }, () => process.disconnect());
