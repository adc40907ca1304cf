import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

/**
 * A real SMTP server on 127.0.0.1 (smtp-server) that keeps what it receives, for tests of the
 * mail the shop sends: pass `mailbox.url` as SMTP_URL.
 */
export interface ReceivedMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  raw: string;
}

export class TestMailbox {
  readonly messages: ReceivedMail[] = [];
  readonly #waiters = new Set<() => void>();

  private constructor(
    private readonly server: SMTPServer,
    readonly url: string,
  ) {}

  static async start(): Promise<TestMailbox> {
    let mailbox: TestMailbox | undefined;
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS", "AUTH"],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on("data", (chunk: Buffer) => chunks.push(chunk));
        stream.on("end", () => {
          const raw = Buffer.concat(chunks).toString("utf8");
          mailbox?.receive({
            ...parseMessage(raw),
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
            to: session.envelope.rcptTo.map((r) => r.address),
            raw,
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.server.address() as AddressInfo;
    mailbox = new TestMailbox(server, `smtp://127.0.0.1:${port}`);
    return mailbox;
  }

  /** The first message (already received or arriving within the time-out) that matches. */
  async waitFor(match: (mail: ReceivedMail) => boolean, timeoutMs = 15_000): Promise<ReceivedMail> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.messages.find(match);
      if (found) return found;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error("no matching e-mail arrived");
      await new Promise<void>((resolve) => {
        const wake = () => {
          clearTimeout(timer);
          this.#waiters.delete(wake);
          resolve();
        };
        const timer = setTimeout(wake, left);
        this.#waiters.add(wake);
      });
    }
  }

  /** Messages to one address. */
  to(address: string): ReceivedMail[] {
    return this.messages.filter((m) => m.to.includes(address));
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private receive(mail: ReceivedMail): void {
    this.messages.push(mail);
    for (const wake of [...this.#waiters]) wake();
  }
}

/** Enough MIME for nodemailer's messages: headers, multipart/alternative, quoted-printable or base64. */
function parseMessage(raw: string): Pick<ReceivedMail, "subject" | "text" | "html"> {
  const { headers, body } = splitPart(raw);
  const result = { subject: decodeWords(headers.get("subject") ?? ""), text: "", html: "" };
  for (const part of leaves(headers, body)) {
    const type = (part.headers.get("content-type") ?? "text/plain").toLowerCase();
    const content = decodeBody(part.body, part.headers.get("content-transfer-encoding") ?? "7bit");
    if (type.startsWith("text/html")) result.html = content;
    else if (type.startsWith("text/plain")) result.text = content;
  }
  return result;
}

interface Part {
  headers: Map<string, string>;
  body: string;
}

function splitPart(raw: string): Part {
  const end = raw.indexOf("\r\n\r\n");
  const head = end < 0 ? raw : raw.slice(0, end);
  const body = end < 0 ? "" : raw.slice(end + 4);
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r\n[ \t]+/g, " ").split("\r\n")) {
    const colon = line.indexOf(":");
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function leaves(headers: Map<string, string>, body: string): Part[] {
  const boundary = /boundary="?([^";]+)"?/i.exec(headers.get("content-type") ?? "")?.[1];
  if (!boundary) return [{ headers, body }];
  return body
    .split(`--${boundary}`)
    .slice(1)
    .filter((chunk) => !chunk.startsWith("--"))
    .flatMap((chunk) => {
      const part = splitPart(chunk.replace(/^\r\n/, ""));
      return leaves(part.headers, part.body);
    });
}

function decodeBody(body: string, encoding: string): string {
  switch (encoding.toLowerCase()) {
    case "base64":
      return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
    case "quoted-printable":
      return quotedPrintable(body.replace(/=\r?\n/g, "")).toString("utf8");
    default:
      return body;
  }
}

function quotedPrintable(text: string): Buffer {
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const hex = text.slice(i + 1, i + 3);
    if (text[i] === "=" && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(text[i] as string));
    }
  }
  return Buffer.from(bytes);
}

/**
 * RFC 2047 encoded words. A long subject comes as several, folded: the space between two of them
 * is not part of the text, and one character's bytes may be split across them.
 */
function decodeWords(text: string): string {
  return text.replace(/=\?utf-8\?[bq]\?[^?]*\?=(?:\s*=\?utf-8\?[bq]\?[^?]*\?=)*/gi, (run) => {
    const bytes = [...run.matchAll(/=\?utf-8\?([bq])\?([^?]*)\?=/gi)].map(([, kind, data = ""]) =>
      kind?.toLowerCase() === "b" ? Buffer.from(data, "base64") : quotedPrintable(data.replace(/_/g, " ")),
    );
    return Buffer.concat(bytes).toString("utf8");
  });
}
