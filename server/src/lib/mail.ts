import { randomBytes } from "node:crypto";
import { mkdir, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import type { FastifyBaseLogger } from "fastify";
import nodemailer, { type Transporter } from "nodemailer";

/**
 * Outgoing e-mail, as a policy passed to buildApp (docs/design.md, "Ports"). With SMTP_URL the shop
 * sends through that server (nodemailer); without it every message is written to DATA_DIR/outbox/
 * as JSON (text, html and the links found in it) and, in development only, its links are logged, so
 * the demo and the browser tests work offline.
 */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): Promise<void>;
}

type Log = Pick<FastifyBaseLogger, "info">;

export interface MailConfig {
  smtpUrl: string | null;
  mailFrom: string;
  dataDir: string;
  env: "development" | "production" | "test";
}

export function createMailer(config: MailConfig, log: Log): Mailer {
  return config.smtpUrl
    ? new SmtpMailer(config.smtpUrl, config.mailFrom)
    : new OutboxMailer(outboxDir(config.dataDir), config.mailFrom, log, { logLinks: config.env === "development" });
}

export function outboxDir(dataDir: string): string {
  return path.join(dataDir, "outbox");
}

let outboxSequence = 0;

/**
 * Writes one outbox record (mail, or a text message) as its own JSON file and answers its path.
 * Names sort by time (the counter and random suffix keep them unique within a millisecond); the
 * file appears under its .json name only once complete, so a reader polling the directory (tests,
 * Playwright) never parses half a message.
 */
export async function writeOutboxFile(dir: string, date: Date, record: object): Promise<string> {
  await mkdir(dir, { recursive: true });
  const sequence = String(++outboxSequence % 1_000_000).padStart(6, "0");
  const name = `${date.toISOString().replace(/[:.]/g, "-")}-${sequence}-${randomBytes(3).toString("hex")}`;
  const file = path.join(dir, `${name}.json`);
  const partial = path.join(dir, `.${name}.partial`);
  await writeFile(partial, `${JSON.stringify(record, null, 2)}\n`, { mode: 0o600 });
  await rename(partial, file);
  return file;
}

/** The http(s) links of a text, in order. */
export function linksIn(text: string): string[] {
  return text.match(/https?:\/\/[^\s<>"]+/g) ?? [];
}

export class SmtpMailer implements Mailer {
  readonly #transport: Transporter;

  constructor(
    url: string,
    private readonly from: string,
  ) {
    this.#transport = nodemailer.createTransport({
      url,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    });
  }

  async send(message: MailMessage): Promise<void> {
    await this.#transport.sendMail({ from: this.from, ...message });
  }

  async close(): Promise<void> {
    this.#transport.close();
  }
}

export interface OutboxMessage extends MailMessage {
  from: string;
  date: string;
  links: string[];
}

export class OutboxMailer implements Mailer {
  constructor(
    readonly dir: string,
    private readonly from: string,
    private readonly log: Log,
    /** Mail links hold secrets (sign-in, password reset): logged in development only. */
    private readonly options: { logLinks: boolean } = { logLinks: false },
  ) {}

  async send(message: MailMessage): Promise<void> {
    const date = new Date();
    const links = linksIn(message.text);
    const record: OutboxMessage = { from: this.from, date: date.toISOString(), links, ...message };
    const file = await writeOutboxFile(this.dir, date, record);
    const logged = this.options.logLinks ? { links } : { links: links.length };
    this.log.info({ to: message.to, subject: message.subject, ...logged, file }, "e-mail written to the outbox (no SMTP_URL)");
  }

  async close(): Promise<void> {}
}
