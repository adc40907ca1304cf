import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Mailer, MailMessage } from "../../lib/mail.ts";
import { AUTH, RELAXED_LIMITS, testClock } from "../../testing/accounts.ts";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";

/** A mail server that is down for the next `failures` sends. */
class FlakyMailer implements Mailer {
  readonly sent: MailMessage[] = [];
  failures = 0;

  async send(message: MailMessage): Promise<void> {
    if (this.failures > 0) {
      this.failures--;
      throw new Error("connect ECONNREFUSED 127.0.0.1:25");
    }
    this.sent.push(message);
  }

  async close(): Promise<void> {}
}

const mailer = new FlakyMailer();
const time = testClock();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, {}, { mailer, clock: time.clock, rateLimit: { limits: RELAXED_LIMITS } });
});
afterAll(() => t.close());

describe("account mail when the mail server is down", () => {
  it("keeps the verification mail queued, not sent, and sends it when the server is back", async () => {
    mailer.failures = 1;
    const email = "kisan.queue@example.in";
    const res = await t.app.inject({
      method: "POST",
      url: `${AUTH}/registration/`,
      payload: { email, password1: "Bajra-Harvest-2024!", password2: "Bajra-Harvest-2024!" },
    });
    expect(res.statusCode).toBe(201);
    await t.app.services.accounts.drain();
    const row = async () =>
      t.database.db.selectFrom("mail_queue").select(["status", "attempts"]).where("to_address", "=", email).executeTakeFirstOrThrow();
    expect(await row()).toEqual({ status: "queued", attempts: 1 });
    expect(mailer.sent.filter((m) => m.to === email)).toHaveLength(0);

    time.advance(31_000);
    await t.app.services.mailQueue.drain();
    expect(await row()).toMatchObject({ status: "sent", attempts: 2 });
    expect(mailer.sent.filter((m) => m.to === email).map((m) => m.subject)).toEqual(["Confirm your e-mail address for Krishi Bazaar"]);
  });
});
