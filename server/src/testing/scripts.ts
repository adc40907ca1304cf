import { spawn } from "node:child_process";

export interface ScriptRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs a command-line script as a person would: its own process (through tsx), SQLite in the
 * DATA_DIR given in `env` (never the PostgreSQL of the test run), quiet logs unless `env` asks.
 */
export function runScript(script: string, args: string[], env: Record<string, string>, stdin = ""): Promise<ScriptRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", script, ...args], {
      env: { ...process.env, NODE_ENV: "test", DATABASE_URL: "", LOG_LEVEL: "silent", ...env },
      stdio: ["pipe", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => {
      stdout += chunk;
    });
    child.stderr.on("data", (chunk) => {
      stderr += chunk;
    });
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(stdin);
  });
}
