import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createMailer, outboxDir } from "./mail.ts";

/** The outbox writer (no SMTP_URL): links hold secrets, so they reach the log in development only. */
describe("the outbox mailer", () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  async function send(env: "development" | "production" | "test") {
    const dataDir = mkdtempSync(path.join(tmpdir(), "kb-mail-"));
    dirs.push(dataDir);
    const logged: unknown[] = [];
    const mailer = createMailer(
      { smtpUrl: null, mailFrom: "shop@example.in", dataDir, env },
      { info: (entry: unknown) => logged.push(entry) },
    );
    const link = "https://shop.example.in/reset/password/confirm/MQ/secret-token";
    await mailer.send({ to: "asha@example.in", subject: "Reset", text: `Open ${link}`, html: `<a href="${link}">reset</a>` });
    const [file] = readdirSync(outboxDir(dataDir));
    const written = JSON.parse(readFileSync(path.join(outboxDir(dataDir), file as string), "utf8"));
    return { logged: JSON.stringify(logged), written, link };
  }

  it("logs the links of a mail in development", async () => {
    const { logged, link } = await send("development");
    expect(logged).toContain(link);
  });

  it.each(["production", "test"] as const)("never logs them in %s, and still writes the mail", async (env) => {
    const { logged, written, link } = await send(env);
    expect(logged).not.toContain("secret-token");
    expect(logged).toContain("asha@example.in");
    expect(written.links).toEqual([link]);
  });
});
