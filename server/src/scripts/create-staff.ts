import { parseArgs } from "node:util";
import { openDatabase } from "../db/database.ts";
import { migrateToLatest } from "../db/migrate.ts";
import { passwordProblems } from "../lib/passwords.ts";
import { provisionAccount } from "../modules/accounts/provision.ts";
import { normaliseEmail } from "../modules/accounts/service.ts";
import { fail, scriptConfig } from "./script-config.ts";

const USAGE = "Usage: npm run create-staff -- --email <address> [--password <password>] [--first-name <name>] [--last-name <name>]";

/** Reads a line from the terminal without echoing it. */
function promptHidden(question: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const input = process.stdin;
    process.stdout.write(question);
    input.setRawMode(true);
    input.setEncoding("utf8");
    input.resume();
    let value = "";
    const finish = () => {
      input.setRawMode(false);
      input.pause();
      input.off("data", onData);
      process.stdout.write("\n");
    };
    const onData = (chunk: string) => {
      for (const ch of chunk) {
        if (ch === "\r" || ch === "\n") {
          finish();
          resolve(value);
          return;
        }
        if (ch === "\u0003" || ch === "\u0004") {
          finish();
          reject(new Error("cancelled"));
          return;
        }
        if (ch === "\u007f" || ch === "\b") value = [...value].slice(0, -1).join("");
        else value += ch;
      }
    };
    input.on("data", onData);
  });
}

async function readPasswordFromStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return (Buffer.concat(chunks).toString("utf8").split(/\r?\n/)[0] ?? "").trimEnd();
}

async function askPassword(): Promise<string> {
  if (!process.stdin.isTTY) return readPasswordFromStdin();
  const first = await promptHidden("Password: ");
  const second = await promptHidden("Password (again): ");
  if (first !== second) fail("The two passwords differ.");
  return first;
}

async function main(): Promise<void> {
  let args: ReturnType<typeof parse>;
  try {
    args = parse();
  } catch (error) {
    fail(`${(error as Error).message}\n${USAGE}`);
  }
  const email = args.email ? normaliseEmail(args.email) : "";
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) fail(`A valid --email is required.\n${USAGE}`);

  const config = scriptConfig();

  const database = openDatabase({ url: config.databaseUrl ?? config.sqliteFile });
  try {
    await migrateToLatest(database.db);
    const existing = await database.db.selectFrom("users").select("id").where("email", "=", email).executeTakeFirst();
    let password = args.password;
    if (password === undefined && !existing) password = await askPassword();
    if (password !== undefined) {
      const problems = passwordProblems(password, { email, first_name: args["first-name"], last_name: args["last-name"] });
      if (problems.length > 0) fail(problems.map((p) => p.message).join("\n"));
    }
    const { created } = await provisionAccount(database.db, {
      email,
      password,
      firstName: args["first-name"],
      lastName: args["last-name"],
      staff: true,
    });
    console.log(
      created ? `Created the staff account ${email}.` : `${email} is now staff${password === undefined ? "" : ", with the new password"}.`,
    );
  } finally {
    await database.db.destroy();
  }
}

function parse() {
  return parseArgs({
    options: {
      email: { type: "string" },
      password: { type: "string" },
      "first-name": { type: "string" },
      "last-name": { type: "string" },
    },
    strict: true,
  }).values;
}

main().catch((error: unknown) => fail(error instanceof Error ? error.message : String(error)));
