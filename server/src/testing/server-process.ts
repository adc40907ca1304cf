import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:net";
import path from "node:path";

const serverDir = path.resolve(import.meta.dirname, "../..");

/** A free TCP port on 127.0.0.1 (the OS picks; closed again at once). */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const address = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  if (address === null || typeof address === "string") throw new Error("no port");
  return address.port;
}

/**
 * The shop's server as a real process (src/main.ts through tsx, as `npm run dev` starts it), for
 * tests of what only separate processes show: several instances sharing one database.
 */
export class ServerProcess {
  #output = "";

  private constructor(
    readonly url: string,
    private readonly child: ChildProcess,
  ) {
    const keep = (chunk: Buffer) => {
      this.#output = (this.#output + chunk.toString("utf8")).slice(-20_000);
    };
    child.stdout?.on("data", keep);
    child.stderr?.on("data", keep);
  }

  /** Starts a server with this environment (PORT is chosen here) and answers once /readyz answers 200. */
  static async start(env: Record<string, string>, timeoutMs = 90_000): Promise<ServerProcess> {
    const port = await freePort();
    const child = spawn(process.execPath, ["--import", "tsx", "src/main.ts"], {
      cwd: serverDir,
      env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", ...env, PORT: String(port), HOST: "127.0.0.1" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    const server = new ServerProcess(`http://127.0.0.1:${port}`, child);
    await server.#ready(timeoutMs);
    return server;
  }

  /** What the process wrote (the last 20 000 characters), for failure messages. */
  get output(): string {
    return this.#output;
  }

  fetch(pathname: string, init?: RequestInit): Promise<Response> {
    return fetch(`${this.url}${pathname}`, init);
  }

  /**
   * SIGTERM, and waits for the exit (the server finishes its requests and closes its
   * connections); answers the exit code.
   */
  async stop(): Promise<number | null> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return this.child.exitCode;
    const exited = new Promise<number | null>((resolve) => this.child.once("exit", (code) => resolve(code)));
    this.child.kill("SIGTERM");
    return exited;
  }

  /** SIGKILL, as a crash or a power cut ends a process: nothing of it runs after. Answers once it has exited. */
  async kill(): Promise<void> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    const exited = new Promise((resolve) => this.child.once("exit", resolve));
    this.child.kill("SIGKILL");
    await exited;
  }

  async #ready(timeoutMs: number): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (this.child.exitCode !== null) throw new Error(`the server exited (${this.child.exitCode}):\n${this.#output}`);
      try {
        if ((await this.fetch("/readyz")).ok) return;
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await this.stop();
    throw new Error(`the server did not become ready in ${timeoutMs} ms:\n${this.#output}`);
  }
}
