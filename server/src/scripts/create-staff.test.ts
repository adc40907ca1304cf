import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "../db/database.ts";
import { verifyPassword } from "../lib/passwords.ts";
import { runScript } from "../testing/scripts.ts";

const dataDir = mkdtempSync(path.join(tmpdir(), "kb-create-staff-"));
const script = path.resolve(import.meta.dirname, "create-staff.ts");
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** Runs the command as a user would (its own process, SQLite in a temporary DATA_DIR). */
function run(args: string[], stdin = "") {
  return runScript(script, args, { DATA_DIR: dataDir }, stdin);
}

async function userRow(email: string) {
  const { db } = openDatabase({ url: path.join(dataDir, "shop.db") });
  try {
    return await db.selectFrom("users").selectAll().where("email", "=", email).executeTakeFirst();
  } finally {
    await db.destroy();
  }
}

describe("npm run create-staff", () => {
  it("creates a verified staff account with the password from --password", async () => {
    const res = await run(["--email", "Head.Office@Krishi.test", "--password", "Godown-Keys-2024", "--first-name", "Vimala"]);
    expect(res.stderr).toBe("");
    expect(res.code).toBe(0);
    expect(res.stdout).toContain("Created the staff account head.office@krishi.test.");
    const row = await userRow("head.office@krishi.test");
    expect(row).toMatchObject({ first_name: "Vimala" });
    expect(Boolean(row?.is_staff)).toBe(true);
    expect(Boolean(row?.email_verified)).toBe(true);
    expect(await verifyPassword("Godown-Keys-2024", row?.password_hash)).toBe(true);
  });

  it("reads the password from standard input when it is not a terminal", async () => {
    const res = await run(["--email", "piped@krishi.test"], "Piped-Password-Line-1\nignored second line\n");
    expect(res.code).toBe(0);
    expect(await verifyPassword("Piped-Password-Line-1", (await userRow("piped@krishi.test"))?.password_hash)).toBe(true);
  });

  it("promotes an existing account, keeping its password", async () => {
    await run(["--email", "promote.me@krishi.test", "--password", "Original-Password-5"]);
    const { db } = openDatabase({ url: path.join(dataDir, "shop.db") });
    await db.updateTable("users").set({ is_staff: false }).where("email", "=", "promote.me@krishi.test").execute();
    await db.destroy();
    const res = await run(["--email", "promote.me@krishi.test"]);
    expect(res.code).toBe(0);
    expect(res.stdout).toContain("promote.me@krishi.test is now staff.");
    const row = await userRow("promote.me@krishi.test");
    expect(Boolean(row?.is_staff)).toBe(true);
    expect(await verifyPassword("Original-Password-5", row?.password_hash)).toBe(true);
  });

  it.each([
    [["--email", "weak@krishi.test", "--password", "12345"], "This password is too short."],
    [["--email", "not-an-address", "--password", "Fine-Password-123"], "A valid --email is required."],
    [["--password", "Fine-Password-123"], "A valid --email is required."],
    [["--email", "x@krishi.test", "--unknown"], "Unknown option '--unknown'"],
  ])("refuses %o", async (args, message) => {
    const res = await run(args);
    expect(res.code).toBe(1);
    expect(res.stderr).toContain(message);
  });
});
