import { vi } from "vitest";

/** A request the app made, as the fake API saw it. */
export interface FakeCall {
  method: string;
  /** Path and query, e.g. "/api/users/dj-rest-auth/login/". */
  path: string;
  body: unknown;
  authorization: string | null;
  /** The Idempotency-Key header, only on requests that send one (refunds). */
  idempotencyKey?: string;
}

export interface FakeAnswer {
  status?: number;
  body?: unknown;
  /** Extra response headers, e.g. X-Total-Count. */
  headers?: Record<string, string>;
  /** A body sent as it is rather than as JSON (a CSV file), its Content-Type in `headers`. */
  raw?: string;
}

/**
 * Answers the app's requests (RTK Query and the session's own) from `answer`, without a server;
 * returns the calls made, in order. Undone after each test (testing/setup.ts).
 */
export function fakeApi(answer: (call: FakeCall) => FakeAnswer | Promise<FakeAnswer>): FakeCall[] {
  const calls: FakeCall[] = [];
  // Node's Request does not resolve "/api/…" against the page as a browser does.
  const NodeRequest = globalThis.Request;
  vi.stubGlobal(
    "Request",
    class extends NodeRequest {
      constructor(input: RequestInfo | URL, init?: RequestInit) {
        super(typeof input === "string" ? new URL(input, window.location.href) : input, init);
      }
    },
  );
  vi.stubGlobal("fetch", async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const text = await request.text();
    const type = request.headers.get("Content-Type");
    const call: FakeCall = {
      method: request.method,
      path: url.pathname + url.search,
      // JSON, unless the request says it sends something else (a CSV file): then its text.
      body: text ? (type && !type.includes("json") ? text : JSON.parse(text)) : undefined,
      authorization: request.headers.get("Authorization"),
    };
    const idempotencyKey = request.headers.get("Idempotency-Key");
    if (idempotencyKey !== null) call.idempotencyKey = idempotencyKey;
    calls.push(call);
    const { status = 200, body, headers, raw } = await answer(call);
    return new Response(raw ?? (body === undefined ? null : JSON.stringify(body)), {
      status,
      headers: { "Content-Type": "application/json", ...headers },
    });
  });
  return calls;
}
