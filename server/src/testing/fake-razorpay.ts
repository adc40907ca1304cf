import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface RecordedRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  body: unknown;
}

type Behaviour = "ok" | "reject" | "hang" | "garbage";

/**
 * A local stand-in for Razorpay's Orders API on 127.0.0.1, for testing the real gateway client:
 * it records requests and can accept, reject (400 with Razorpay's error shape), hang or answer
 * something that is not JSON.
 */
export class FakeRazorpay {
  readonly requests: RecordedRequest[] = [];
  behaviour: Behaviour = "ok";
  #server: Server | null = null;
  #next = 1;

  async start(): Promise<string> {
    this.#server = createServer((req, res) => void this.#handle(req, res));
    await new Promise<void>((resolve) => this.#server?.listen(0, "127.0.0.1", resolve));
    return `http://127.0.0.1:${(this.#server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    this.#server?.closeAllConnections();
    await new Promise<void>((resolve) => this.#server?.close(() => resolve()));
  }

  async #handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString("utf8");
    const body = text ? (JSON.parse(text) as Record<string, unknown>) : null;
    this.requests.push({ method: req.method ?? "", path: req.url ?? "", authorization: req.headers.authorization, body });

    if (this.behaviour === "hang") return; // never answers
    if (this.behaviour === "garbage") {
      res.writeHead(200, { "content-type": "text/html" }).end("<html>maintenance</html>");
      return;
    }
    if (this.behaviour === "reject") {
      res
        .writeHead(400, { "content-type": "application/json" })
        .end(JSON.stringify({ error: { code: "BAD_REQUEST_ERROR", description: "The amount must be atleast INR 1.00", field: "amount" } }));
      return;
    }
    if (req.method === "POST" && req.url === "/v1/orders") {
      const order = {
        id: `order_fake${this.#next++}`,
        entity: "order",
        amount: body?.amount,
        currency: body?.currency,
        receipt: body?.receipt,
        status: "created",
      };
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(order));
      return;
    }
    res
      .writeHead(404, { "content-type": "application/json" })
      .end(JSON.stringify({ error: { code: "NOT_FOUND", description: "not found" } }));
  }
}
