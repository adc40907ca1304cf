import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { LANGUAGES, type Language } from "@krishi/contract";
import { afterAll, afterEach, beforeAll } from "vitest";
import { MESSAGE_KINDS, type MessageKind } from "../lib/messenger.ts";

export interface RecordedMessageRequest {
  method: string;
  path: string;
  headers: IncomingMessage["headers"];
  body: Record<string, unknown> | null;
}

interface Answer {
  status: number;
  body: unknown;
}

/**
 * Local stand-ins on 127.0.0.1 for the text-message providers, for testing the real clients
 * against their shapes: MSG91's Flow API (`authkey` header) and Meta's WhatsApp Cloud API (a
 * bearer token, one phone number id). Each records every request (headers and JSON), refuses a
 * wrong key with 401, and can be told to fail the next requests with 500 (`failNext`) or to answer
 * the next one with a canned answer (`answerNext`).
 *
 *   const msg91 = new FakeMsg91();
 *   const base = await msg91.start(); // MSG91_API_BASE=base, MSG91_AUTH_KEY=msg91.authKey
 */
abstract class FakeProvider {
  readonly requests: RecordedMessageRequest[] = [];
  readonly #canned: Answer[] = [];
  #server: Server | null = null;
  #apiBase = "";

  async start(): Promise<string> {
    this.#server = createServer((req, res) => void this.#handle(req, res));
    // Idle connections stay open longer than fetch keeps them (4 s), so the client always closes
    // first: a server closing first races a request sent on the socket it is closing ("could not
    // be reached"), as a loaded machine showed.
    this.#server.keepAliveTimeout = 60_000;
    await new Promise<void>((resolve) => this.#server?.listen(0, "127.0.0.1", resolve));
    this.#apiBase = `http://127.0.0.1:${(this.#server.address() as AddressInfo).port}`;
    return this.#apiBase;
  }

  /** This fake's address once started. */
  get apiBase(): string {
    return this.#apiBase;
  }

  async stop(): Promise<void> {
    this.#server?.closeAllConnections();
    await new Promise<void>((resolve) => this.#server?.close(() => resolve()));
  }

  /** The next `count` requests (after the key check) are answered 500, as during an outage. */
  failNext(count: number): void {
    for (let i = 0; i < count; i++) this.#canned.push(this.serverError());
  }

  /** The next request (after the key check) gets this answer instead of the usual one. */
  answerNext(status: number, body: unknown): void {
    this.#canned.push({ status, body });
  }

  /** Forgets the recorded requests and pending failures between tests. */
  reset(): void {
    this.requests.length = 0;
    this.#canned.length = 0;
  }

  protected abstract authorised(req: IncomingMessage): boolean;
  protected abstract unauthorised(): Answer;
  protected abstract serverError(): Answer;
  protected abstract answer(method: string, path: string, body: Record<string, unknown> | null): Answer;

  async #handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString("utf8");
    const body = text ? (JSON.parse(text) as Record<string, unknown>) : null;
    const method = req.method ?? "";
    const path = req.url ?? "";
    this.requests.push({ method, path, headers: req.headers, body });
    const { status, body: answer } = !this.authorised(req)
      ? this.unauthorised()
      : (this.#canned.shift() ?? this.answer(method, path, body));
    res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(answer));
  }
}

/** MSG91's Flow API: `POST /api/v5/flow/` with the `authkey` header; errors are `{type: "error", message}`. */
export class FakeMsg91 extends FakeProvider {
  constructor(readonly authKey = "fake-msg91-auth-key") {
    super();
  }

  /** The settings that point the shop at this fake (after start()), every template registered. */
  env(): Record<string, string> {
    const templates = MESSAGE_KINDS.flatMap((kind) =>
      LANGUAGES.map((language) => `${kind}.${language}=${fakeDltTemplateId(kind, language)}`),
    );
    return { MSG91_AUTH_KEY: this.authKey, MSG91_SENDER_ID: "KRSHIB", MSG91_TEMPLATES: templates.join(","), MSG91_API_BASE: this.apiBase };
  }

  /** The recipients of every flow request, in order. */
  get recipients(): Record<string, string>[] {
    return this.requests.flatMap((request) => (request.body?.recipients as Record<string, string>[] | undefined) ?? []);
  }

  protected authorised(req: IncomingMessage): boolean {
    return req.headers.authkey === this.authKey;
  }

  protected unauthorised(): Answer {
    return { status: 401, body: { type: "error", message: "Authentication failure", code: "401" } };
  }

  protected serverError(): Answer {
    return { status: 500, body: { type: "error", message: "Internal server error" } };
  }

  protected answer(method: string, path: string, body: Record<string, unknown> | null): Answer {
    if (method !== "POST" || path !== "/api/v5/flow/") return { status: 404, body: { type: "error", message: "Not found" } };
    // MSG91 answers a request it cannot use with 200 and an error body.
    if (typeof body?.template_id !== "string" || !body.template_id)
      return { status: 200, body: { type: "error", message: "Template ID missing" } };
    const recipients = body.recipients;
    if (!Array.isArray(recipients) || recipients.length === 0 || !recipients.every((r) => /^\d{10,15}$/.test(String(r?.mobiles)))) {
      return { status: 200, body: { type: "error", message: "Mobile number not found or invalid" } };
    }
    return { status: 200, body: { type: "success", message: randomBytes(12).toString("hex") } };
  }
}

/** Meta's Cloud API: `POST /{version}/{phoneNumberId}/messages` with a bearer token; errors are `{error: {message, type, code}}`. */
export class FakeWhatsApp extends FakeProvider {
  constructor(
    readonly token = "fake-whatsapp-token",
    readonly phoneNumberId = "109876543210123",
  ) {
    super();
  }

  /** The settings that point the shop at this fake (after start()). */
  env(): Record<string, string> {
    return { WHATSAPP_TOKEN: this.token, WHATSAPP_PHONE_NUMBER_ID: this.phoneNumberId, WHATSAPP_API_BASE: this.apiBase };
  }

  /** The `template` of every message request, in order. */
  get templates(): Record<string, unknown>[] {
    return this.requests.flatMap((request) => (request.body?.template ? [request.body.template as Record<string, unknown>] : []));
  }

  protected authorised(req: IncomingMessage): boolean {
    return req.headers.authorization === `Bearer ${this.token}`;
  }

  protected unauthorised(): Answer {
    return metaError(401, "Invalid OAuth access token - Cannot parse access token", "OAuthException", 190);
  }

  protected serverError(): Answer {
    return metaError(500, "An unknown error has occurred.", "OAuthException", 1);
  }

  protected answer(method: string, path: string, body: Record<string, unknown> | null): Answer {
    const phoneNumberId = /^\/v\d+\.\d+\/([^/]+)\/messages$/.exec(path)?.[1];
    if (method !== "POST" || !phoneNumberId) return metaError(404, "Unknown path components", "OAuthException", 2500);
    if (phoneNumberId !== this.phoneNumberId) {
      return metaError(400, `Unsupported post request. Object with ID '${phoneNumberId}' does not exist`, "GraphMethodException", 100);
    }
    if (body?.messaging_product !== "whatsapp" || typeof body.to !== "string") {
      return metaError(400, "(#100) The parameter messaging_product is required.", "OAuthException", 100);
    }
    return {
      status: 200,
      body: {
        messaging_product: "whatsapp",
        contacts: [{ input: body.to, wa_id: body.to }],
        messages: [{ id: `wamid.${randomBytes(12).toString("hex")}` }],
      },
    };
  }
}

/** The DLT template id FakeMsg91.env() registers for a kind in a language: 19 digits, like TRAI's. */
export function fakeDltTemplateId(kind: MessageKind, language: Language): string {
  return `1107${String(MESSAGE_KINDS.indexOf(kind)).padStart(13, "0")}${String(LANGUAGES.indexOf(language)).padStart(2, "0")}`;
}

function metaError(status: number, message: string, type: string, code: number): Answer {
  return { status, body: { error: { message, type, code, fbtrace_id: randomBytes(8).toString("hex") } } };
}

/**
 * Both fakes for a test file: started before its tests, their requests forgotten after each, and
 * stopped after all (after the file's own afterAll, which closes the app that sends to them).
 */
export function useFakeMessaging(): { msg91: FakeMsg91; whatsapp: FakeWhatsApp; env(): Record<string, string> } {
  const msg91 = new FakeMsg91();
  const whatsapp = new FakeWhatsApp();
  beforeAll(async () => {
    await msg91.start();
    await whatsapp.start();
  });
  afterEach(() => {
    msg91.reset();
    whatsapp.reset();
  });
  afterAll(async () => {
    await msg91.stop();
    await whatsapp.stop();
  });
  return { msg91, whatsapp, env: () => ({ ...msg91.env(), ...whatsapp.env() }) };
}
