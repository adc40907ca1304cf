import type { FastifyBaseLogger } from "fastify";
import type { Insertable, Kysely } from "kysely";
import type { Db } from "../db/database.ts";
import type { Database, MailQueueTable } from "../db/schema.ts";
import type { Clock } from "./clock.ts";
import type { Mailer, MailMessage } from "./mail.ts";
import type { MessageKind, Messenger, TextMessage } from "./messenger.ts";

/** A mail to queue; `key` names its cause, so the same cause never queues it twice. */
export interface QueuedMail extends MailMessage {
  key: string;
}

/** A text message to queue (SMS or WhatsApp); `key` as for mail. */
export interface QueuedMessage extends TextMessage {
  key: string;
}

/** What sends the queue's rows: mail, and text messages when the shop has a messenger. */
export interface Senders {
  mail: Mailer;
  messages?: Messenger | undefined;
}

/** A text message's template as the queue stores it (payload). */
interface MessagePayload {
  kind: MessageKind;
  language: TextMessage["language"];
  params: string[];
}

export interface MailQueueOptions {
  /** Sending attempts before a mail is given up as failed. */
  maxAttempts?: number;
  /** How long a worker owns a mail it is sending; after that another may try. */
  leaseMs?: number;
  batchSize?: number;
}

export interface DrainResult {
  sent: number;
  retrying: number;
  failed: number;
}

/**
 * Customer mail — and text messages (SMS, WhatsApp), rows of the same table with their channel —
 * as a table: written by enqueue() in the transaction that causes it, so
 * a rollback queues nothing and a commit loses nothing; drain() sends what is due, one claim per
 * mail (a conditional UPDATE), retrying with back-off. A crash after sending and before marking
 * can repeat one mail: the only case, and bounded by the lease.
 */
export class MailQueue {
  readonly #maxAttempts: number;
  readonly #leaseMs: number;
  readonly #batchSize: number;

  constructor(
    private readonly db: Db,
    private readonly senders: Senders,
    private readonly clock: Clock,
    private readonly log: Pick<FastifyBaseLogger, "warn" | "error">,
    options: MailQueueOptions = {},
  ) {
    this.#maxAttempts = options.maxAttempts ?? 8;
    // Longer than the SMTP client's worst case (10 s connect + 10 s greeting + 30 s socket).
    this.#leaseMs = options.leaseMs ?? 120_000;
    this.#batchSize = options.batchSize ?? 20;
  }

  /** Queues a mail inside the caller's transaction; answers false when its key was queued before. */
  enqueue(trx: Kysely<Database>, mail: QueuedMail): Promise<boolean> {
    return this.#insert(trx, mail.key, { to_address: mail.to, subject: mail.subject, text_body: mail.text, html_body: mail.html });
  }

  /** Queues a text message inside the caller's transaction; answers false when its key was queued before. */
  enqueueMessage(trx: Kysely<Database>, message: QueuedMessage): Promise<boolean> {
    const payload: MessagePayload = { kind: message.kind, language: message.language, params: message.params };
    return this.#insert(trx, message.key, {
      channel: message.channel,
      to_address: message.to,
      subject: message.kind,
      text_body: message.text,
      html_body: "",
      payload: JSON.stringify(payload),
    });
  }

  async #insert(
    trx: Kysely<Database>,
    key: string,
    row: Pick<Insertable<MailQueueTable>, "to_address" | "subject" | "text_body" | "html_body" | "channel" | "payload">,
  ): Promise<boolean> {
    const now = this.clock().toISOString();
    const result = await trx
      .insertInto("mail_queue")
      .values({ ...row, dedupe_key: key, status: "queued", next_attempt_at: now, created_at: now })
      .onConflict((oc) => oc.column("dedupe_key").doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
  }

  /** Sends every mail that is due, once each, even with several workers draining at once. */
  async drain(): Promise<DrainResult> {
    return this.#drain(null);
  }

  /**
   * Sends the one row queued under `key` now, if it is due (a sign-in code, an account mail: the
   * person is waiting for it); the others wait for the worker's drain.
   */
  sendNow(key: string): Promise<DrainResult> {
    return this.#drain(key);
  }

  async #drain(key: string | null): Promise<DrainResult> {
    const result: DrainResult = { sent: 0, retrying: 0, failed: 0 };
    const now = this.clock();
    let query = this.db.selectFrom("mail_queue").select("id");
    if (key !== null) query = query.where("dedupe_key", "=", key);
    const due = await query
      .where("status", "=", "queued")
      .where("next_attempt_at", "<=", now.toISOString())
      .where((eb) => eb.or([eb("locked_until", "is", null), eb("locked_until", "<=", now.toISOString())]))
      .orderBy("id")
      .limit(this.#batchSize)
      .execute();
    for (const { id } of due) {
      const mail = await this.#claim(id);
      if (!mail) continue;
      // The outcome is written only while this worker still holds the mail (its lease unchanged).
      const held = () =>
        this.db.updateTable("mail_queue").where("id", "=", id).where("status", "=", "queued").where("locked_until", "=", mail.leaseUntil);
      try {
        await this.#send(mail);
      } catch (error) {
        const attempts = Number(mail.attempts);
        const giveUp = attempts >= this.#maxAttempts;
        const retryAt = new Date(this.clock().getTime() + Math.min(3_600_000, 30_000 * 2 ** (attempts - 1)));
        await held()
          .set({
            status: giveUp ? "failed" : "queued",
            next_attempt_at: retryAt.toISOString(),
            locked_until: null,
            last_error: String((error as Error)?.message ?? error).slice(0, 500),
          })
          .execute();
        this.log[giveUp ? "error" : "warn"](
          { err: error, mailId: id, attempts },
          giveUp ? "gave up sending a mail" : "a mail could not be sent; will retry",
        );
        if (giveUp) result.failed++;
        else result.retrying++;
        continue;
      }
      const marked = await held().set({ status: "sent", sent_at: this.clock().toISOString(), locked_until: null }).executeTakeFirst();
      if (Number(marked.numUpdatedRows) !== 1) this.log.warn({ mailId: id }, "a mail was sent after its lease ran out");
      result.sent++;
    }
    return result;
  }

  /** Takes a mail for this worker (attempt counted, lease from now), or null when another worker has it. */
  async #claim(id: number) {
    const now = this.clock();
    const leaseUntil = new Date(now.getTime() + this.#leaseMs).toISOString();
    const claimed = await this.db
      .updateTable("mail_queue")
      .set((eb) => ({ locked_until: leaseUntil, attempts: eb("attempts", "+", 1) }))
      .where("id", "=", id)
      .where("status", "=", "queued")
      .where((eb) => eb.or([eb("locked_until", "is", null), eb("locked_until", "<=", now.toISOString())]))
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) return null;
    const mail = await this.db
      .selectFrom("mail_queue")
      .select(["to_address", "subject", "text_body", "html_body", "attempts", "channel", "payload"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    return { ...mail, leaseUntil };
  }

  /** One row out: by mail, or as a text message on its channel (a shop without a messenger keeps retrying, logged). */
  async #send(row: { to_address: string; subject: string; text_body: string; html_body: string; channel: string; payload: string | null }) {
    if (row.channel === "email") {
      await this.senders.mail.send({ to: row.to_address, subject: row.subject, text: row.text_body, html: row.html_body });
      return;
    }
    const messenger = this.senders.messages;
    if (!messenger) throw new Error(`no messenger to send ${row.channel} messages`);
    const { kind, language, params } = JSON.parse(row.payload ?? "{}") as MessagePayload;
    await messenger.send({
      channel: row.channel as TextMessage["channel"],
      to: row.to_address,
      kind,
      language,
      params,
      text: row.text_body,
    });
  }
}
