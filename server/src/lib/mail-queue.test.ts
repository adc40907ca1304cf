import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { Db } from "../db/database.ts";
import { TestMailbox } from "../testing/smtp.ts";
import { createTestDatabase } from "../testing/test-app.ts";
import type { Clock } from "./clock.ts";
import { type Mailer, type MailMessage, SmtpMailer } from "./mail.ts";
import { MailQueue, type MailQueueOptions, type QueuedMail } from "./mail-queue.ts";

/** A mailer that keeps what it sends and refuses the next `failures` messages, as a busy server would. */
class RecordingMailer implements Mailer {
  readonly sent: MailMessage[] = [];
  attempts = 0;

  constructor(
    public failures = 0,
    /** Runs at the start of every send (a slow server, another worker meanwhile, …). */
    private readonly during?: (message: MailMessage) => Promise<void>,
  ) {}

  async send(message: MailMessage): Promise<void> {
    this.attempts++;
    await this.during?.(message);
    // A real transport answers later, never in the same tick: let other work interleave.
    await new Promise((resolve) => setImmediate(resolve));
    if (this.failures > 0) {
      this.failures--;
      throw new Error("421 4.3.2 Service not available, try again later");
    }
    this.sent.push(message);
  }

  async close(): Promise<void> {}
}

/** A clock that stands still until the test moves it. */
function manualClock(start = "2025-06-01T10:00:00.000Z"): { clock: Clock; advance(ms: number): void } {
  let now = new Date(start);
  return {
    clock: () => now,
    advance(ms) {
      now = new Date(now.getTime() + ms);
    },
  };
}

function recordingLog() {
  const warnings: unknown[] = [];
  const errors: unknown[] = [];
  return {
    warnings,
    errors,
    warn: (...args: unknown[]) => void warnings.push(args),
    error: (...args: unknown[]) => void errors.push(args),
  };
}

let db: Db;
let closeDb: () => Promise<void>;
let time: ReturnType<typeof manualClock>;
let log: ReturnType<typeof recordingLog>;

beforeAll(async () => {
  const database = await createTestDatabase();
  db = database.db;
  closeDb = database.close;
});
afterAll(() => closeDb());
beforeEach(async () => {
  await db.deleteFrom("mail_queue").execute();
  time = manualClock();
  log = recordingLog();
});

const newQueue = (mailer: Mailer, options: MailQueueOptions = {}) => new MailQueue(db, { mail: mailer }, time.clock, log, options);

let sequence = 0;
function aMail(key = `test-mail:${++sequence}`): QueuedMail {
  const n = ++sequence;
  return { key, to: `farmer${n}@example.in`, subject: `Your order #${n}`, text: `Order ${n} text`, html: `<p>Order ${n}</p>` };
}

const enqueue = (queue: MailQueue, mail: QueuedMail) => db.transaction().execute((trx) => queue.enqueue(trx, mail));
const rowsOf = (key: string) => db.selectFrom("mail_queue").selectAll().where("dedupe_key", "=", key).execute();
const rowOf = (key: string) => db.selectFrom("mail_queue").selectAll().where("dedupe_key", "=", key).executeTakeFirstOrThrow();
/** Timestamps are text on SQLite and Date on PostgreSQL: compare them as milliseconds. */
const ms = (value: Date | string | null) => (value === null ? null : new Date(value).getTime());
const now = () => time.clock().getTime();
const content = ({ to, subject, text, html }: QueuedMail): MailMessage => ({ to, subject, text, html });

describe("enqueue", () => {
  it("queues a mail once per key: a second enqueue with the same key is ignored and one mail goes out", async () => {
    const mailer = new RecordingMailer();
    const queue = newQueue(mailer);
    const first = aMail("order-event:1");

    expect(await enqueue(queue, first)).toBe(true);
    expect(await enqueue(queue, { ...first, subject: "Another subject for the same cause" })).toBe(false);

    const rows = await rowsOf(first.key);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ subject: first.subject, status: "queued", attempts: 0, sent_at: null });

    expect(await queue.drain()).toEqual({ sent: 1, retrying: 0, failed: 0 });
    expect(await queue.drain()).toEqual({ sent: 0, retrying: 0, failed: 0 });
    expect(mailer.sent).toEqual([content(first)]);
    const row = await rowOf(first.key);
    expect(row).toMatchObject({ status: "sent", attempts: 1, locked_until: null });
    expect(ms(row.sent_at)).toBe(now());
  });

  it("sends the one row of a key now (someone waits for it), leaving the rest to the worker", async () => {
    const mailer = new RecordingMailer();
    const queue = newQueue(mailer);
    const earlier = aMail();
    const urgent = aMail("account:urgent");
    await enqueue(queue, earlier);
    await enqueue(queue, urgent);

    expect(await queue.sendNow(urgent.key)).toEqual({ sent: 1, retrying: 0, failed: 0 });
    expect(mailer.sent).toEqual([content(urgent)]);
    expect(await queue.sendNow(urgent.key)).toEqual({ sent: 0, retrying: 0, failed: 0 });
    expect((await rowOf(earlier.key)).status).toBe("queued");
  });

  it("queues nothing when the transaction that enqueued rolls back", async () => {
    const mailer = new RecordingMailer();
    const queue = newQueue(mailer);
    const mail = aMail();

    await expect(
      db.transaction().execute(async (trx) => {
        expect(await queue.enqueue(trx, mail)).toBe(true);
        throw new Error("the order could not be placed");
      }),
    ).rejects.toThrow("the order could not be placed");

    expect(await rowsOf(mail.key)).toEqual([]);
    expect(await queue.drain()).toEqual({ sent: 0, retrying: 0, failed: 0 });
    expect(mailer.attempts).toBe(0);
    // The key was never taken: its cause can still queue it.
    expect(await enqueue(queue, mail)).toBe(true);
  });
});

describe("drain: retries", () => {
  it("keeps a mail the mailer refused queued, its attempt counted and a retry set 30 s ahead", async () => {
    const mailer = new RecordingMailer(1);
    const queue = newQueue(mailer);
    const mail = aMail();
    await enqueue(queue, mail);

    expect(await queue.drain()).toEqual({ sent: 0, retrying: 1, failed: 0 });

    const row = await rowOf(mail.key);
    expect(row).toMatchObject({ status: "queued", attempts: 1, locked_until: null, sent_at: null });
    expect(row.last_error).toContain("421 4.3.2 Service not available");
    expect(ms(row.next_attempt_at)).toBe(now() + 30_000);
    expect(mailer.sent).toEqual([]);
    expect(log.warnings).toHaveLength(1);
    // Not due yet: draining again does not try it.
    expect(await queue.drain()).toEqual({ sent: 0, retrying: 0, failed: 0 });
    expect(mailer.attempts).toBe(1);
  });

  it("sends the mail once the clock passes its retry time, and not a moment before", async () => {
    const mailer = new RecordingMailer(1);
    const queue = newQueue(mailer);
    const mail = aMail();
    await enqueue(queue, mail);
    await queue.drain();

    time.advance(29_999);
    expect(await queue.drain()).toEqual({ sent: 0, retrying: 0, failed: 0 });
    expect(mailer.attempts).toBe(1);

    time.advance(1);
    expect(await queue.drain()).toEqual({ sent: 1, retrying: 0, failed: 0 });
    expect(mailer.sent).toEqual([content(mail)]);
    expect(await rowOf(mail.key)).toMatchObject({ status: "sent", attempts: 2, locked_until: null });
  });

  it("backs off 30 s · 2^(attempts − 1), at most an hour", async () => {
    const mailer = new RecordingMailer(Number.POSITIVE_INFINITY);
    const queue = newQueue(mailer, { maxAttempts: 10 });
    const mail = aMail();
    await enqueue(queue, mail);

    const delays: number[] = [];
    for (let attempt = 1; attempt <= 9; attempt++) {
      expect(await queue.drain()).toEqual({ sent: 0, retrying: 1, failed: 0 });
      const row = await rowOf(mail.key);
      expect(row.attempts).toBe(attempt);
      const delay = (ms(row.next_attempt_at) as number) - now();
      delays.push(delay / 1000);
      time.advance(delay);
    }
    expect(delays).toEqual([30, 60, 120, 240, 480, 960, 1920, 3600, 3600]);
  });

  it("gives a mail up as failed after maxAttempts and never tries it again", async () => {
    const mailer = new RecordingMailer(Number.POSITIVE_INFINITY);
    const queue = newQueue(mailer, { maxAttempts: 3 });
    const mail = aMail();
    await enqueue(queue, mail);

    expect(await queue.drain()).toEqual({ sent: 0, retrying: 1, failed: 0 });
    time.advance(30_000);
    expect(await queue.drain()).toEqual({ sent: 0, retrying: 1, failed: 0 });
    time.advance(60_000);
    expect(await queue.drain()).toEqual({ sent: 0, retrying: 0, failed: 1 });

    const row = await rowOf(mail.key);
    expect(row).toMatchObject({ status: "failed", attempts: 3, locked_until: null, sent_at: null });
    expect(log.errors).toHaveLength(1);

    // Even a day later, and with a mailer that would now succeed.
    mailer.failures = 0;
    time.advance(24 * 3_600_000);
    expect(await queue.drain()).toEqual({ sent: 0, retrying: 0, failed: 0 });
    expect(mailer.attempts).toBe(3);
    expect(mailer.sent).toEqual([]);
  });
});

describe("drain: several workers", () => {
  it("sends each mail exactly once when two workers drain at the same time", async () => {
    const mailer = new RecordingMailer();
    const mails = Array.from({ length: 8 }, () => aMail());
    for (const mail of mails) await enqueue(newQueue(mailer), mail);

    // Two processes: two queues on the same database, one SMTP server.
    const [a, b] = await Promise.all([newQueue(mailer).drain(), newQueue(mailer).drain()]);

    expect(a.sent + b.sent).toBe(mails.length);
    expect(a.retrying + b.retrying + a.failed + b.failed).toBe(0);
    expect(mailer.sent.map((m) => m.subject).sort()).toEqual(mails.map((m) => m.subject).sort());
    const rows = await db.selectFrom("mail_queue").select(["status", "attempts"]).execute();
    // A lost claim is not an attempt.
    expect(rows).toEqual(mails.map(() => ({ status: "sent", attempts: 1 })));
  });

  it("does not send a mail claimed by a worker that crashed until that worker's lease has expired", async () => {
    const mailer = new RecordingMailer();
    const queue = newQueue(mailer, { leaseMs: 60_000 });
    const mail = aMail();
    await enqueue(queue, mail);
    // What a claim writes, by a worker that then died mid-send.
    await db
      .updateTable("mail_queue")
      .set({ locked_until: new Date(now() + 60_000).toISOString(), attempts: 1 })
      .where("dedupe_key", "=", mail.key)
      .execute();

    expect(await queue.drain()).toEqual({ sent: 0, retrying: 0, failed: 0 });
    time.advance(59_999);
    expect(await queue.drain()).toEqual({ sent: 0, retrying: 0, failed: 0 });
    expect(mailer.attempts).toBe(0);

    time.advance(1);
    expect(await queue.drain()).toEqual({ sent: 1, retrying: 0, failed: 0 });
    expect(mailer.sent).toEqual([content(mail)]);
    expect(await rowOf(mail.key)).toMatchObject({ status: "sent", attempts: 2, locked_until: null });
  });

  // A mail claimed late in a slow batch gets a whole lease from its claim, not from the start of drain().
  it("keeps a full lease on a mail claimed late in a slow batch, so no other worker sends it too", async () => {
    const other = new RecordingMailer();
    const otherWorker = newQueue(other, { leaseMs: 10_000 });
    let otherDrained = false;
    // Each send takes 6 s (less than the 10 s lease); while the second is on its way, a second worker drains.
    const slow = new RecordingMailer(0, async () => {
      time.advance(6_000);
      if (slow.attempts === 2) {
        await otherWorker.drain();
        otherDrained = true;
      }
    });
    const mails = [aMail(), aMail()];
    for (const mail of mails) await enqueue(otherWorker, mail);

    expect(await newQueue(slow, { leaseMs: 10_000 }).drain()).toEqual({ sent: 2, retrying: 0, failed: 0 });

    expect(otherDrained).toBe(true);
    expect(other.sent).toEqual([]);
    expect([...slow.sent, ...other.sent]).toEqual(mails.map(content));
  });

  // A worker whose lease ran out writes nothing back: the mail another worker sent stays sent.
  it("does not put a mail another worker has sent back in the queue when a late send fails", async () => {
    let release: (error: Error) => void = () => {};
    const stuck = new RecordingMailer(0, () => new Promise<void>((_resolve, reject) => (release = reject)));
    const other = new RecordingMailer();
    const mail = aMail();
    const stuckWorker = newQueue(stuck, { leaseMs: 60_000 });
    await enqueue(stuckWorker, mail);

    const stuckDrain = stuckWorker.drain();
    await vi.waitFor(() => expect(stuck.attempts).toBe(1));
    time.advance(60_000);
    expect(await newQueue(other).drain()).toEqual({ sent: 1, retrying: 0, failed: 0 });
    release(new Error("socket timed out"));
    await stuckDrain;

    expect(await rowOf(mail.key)).toMatchObject({ status: "sent" });
    time.advance(3_600_000);
    await newQueue(other).drain();
    expect(other.sent).toEqual([content(mail)]);
  });
});

describe("drain through SMTP", () => {
  let mailbox: TestMailbox;
  beforeAll(async () => {
    mailbox = await TestMailbox.start();
  });
  afterAll(() => mailbox.stop());

  it("delivers a queued mail to a real SMTP server, once", async () => {
    const smtp = new SmtpMailer(mailbox.url, "Krishi Bazaar <orders@krishi.test>");
    const queue = newQueue(smtp);
    const mail = {
      ...aMail(),
      text: "Your order is on its way.\nTrack it: https://track.example/AWB123",
      html: "<p>Your order is on its way.</p>",
    };
    try {
      await enqueue(queue, mail);
      expect(await queue.drain()).toEqual({ sent: 1, retrying: 0, failed: 0 });
      expect(await queue.drain()).toEqual({ sent: 0, retrying: 0, failed: 0 });
    } finally {
      await smtp.close();
    }

    const received = await mailbox.waitFor((m) => m.subject === mail.subject);
    expect(received).toMatchObject({ from: "orders@krishi.test", to: [mail.to], subject: mail.subject });
    // SMTP carries lines ending in CRLF.
    expect(received.text.replace(/\r\n/g, "\n").trim()).toBe(mail.text);
    expect(received.html.trim()).toBe(mail.html);
    expect(mailbox.to(mail.to)).toHaveLength(1);
    expect(await rowOf(mail.key)).toMatchObject({ status: "sent", attempts: 1 });
  });

  it("keeps a mail queued while the SMTP server cannot be reached and delivers it when it can", async () => {
    const down = await TestMailbox.start();
    await down.stop();
    const unreachable = new SmtpMailer(down.url, "orders@krishi.test");
    const mail = aMail();
    try {
      await enqueue(newQueue(unreachable), mail);
      expect(await newQueue(unreachable).drain()).toEqual({ sent: 0, retrying: 1, failed: 0 });
    } finally {
      await unreachable.close();
    }
    const row = await rowOf(mail.key);
    expect(row).toMatchObject({ status: "queued", attempts: 1, sent_at: null });
    expect(row.last_error).toMatch(/ECONNREFUSED|connect/i);
    expect(down.messages).toEqual([]);

    time.advance(30_000);
    const smtp = new SmtpMailer(mailbox.url, "orders@krishi.test");
    try {
      expect(await newQueue(smtp).drain()).toEqual({ sent: 1, retrying: 0, failed: 0 });
    } finally {
      await smtp.close();
    }
    expect((await mailbox.waitFor((m) => m.subject === mail.subject)).to).toEqual([mail.to]);
    expect(await rowOf(mail.key)).toMatchObject({ status: "sent", attempts: 2 });
  });
});
