import { existsSync } from "node:fs";
import path from "node:path";
import { type Config, ConfigError, loadConfig } from "../config.ts";

/** Ends a command-line script with a message for the person who ran it. */
export function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

/**
 * The configuration a command-line script runs with, as the server's: the repository's .env (when
 * there is one), then the environment. A wrong value ends the script, naming the variable.
 */
export function scriptConfig(): Config {
  const envFile = path.resolve(import.meta.dirname, "../../../.env");
  if (existsSync(envFile)) process.loadEnvFile(envFile);
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
}
