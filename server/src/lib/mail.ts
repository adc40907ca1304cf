import { randomBytes } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import type { FastifyBaseLogger } from "fastify";
import nodemailer, { type Transporter } from "nodemailer";

/**
 * Outgoing e-mail, as a policy passed to buildApp (CONVENTIONS). With SMTP_URL the shop sends
 * through that server (nodemailer); without it every message is written to DATA_DIR/outbox/ as
 * JSON (text, html and the links found in it) and, in development only, its links are logged, so
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
  #sequence = 0;

  constructor(
    readonly dir: string,
    private readonly from: string,
    private readonly log: Log,
    /** Mail links hold secrets (sign-in, password reset): logged in development only. */
    private readonly options: { logLinks: boolean } = { logLinks: false },
  ) {}

  async send(message: MailMessage): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    const date = new Date().toISOString();
    const links = linksIn(message.text);
    const record: OutboxMessage = { from: this.from, date, links, ...message };
    // Sortable by time; the counter and random suffix keep names unique within a millisecond.
    const name = `${date.replace(/[:.]/g, "-")}-${String(++this.#sequence).padStart(4, "0")}-${randomBytes(3).toString("hex")}.json`;
    const file = path.join(this.dir, name);
    await writeFile(file, `${JSON.stringify(record, null, 2)}\n`, { mode: 0o600 });
    const logged = this.options.logLinks ? { links } : { links: links.length };
    this.log.info({ to: message.to, subject: message.subject, ...logged, file }, "e-mail written to the outbox (no SMTP_URL)");
  }

  async close(): Promise<void> {}
}
