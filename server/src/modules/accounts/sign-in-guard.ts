import { createHmac, randomBytes } from "node:crypto";
import type { Db } from "../../db/database.ts";
import type { Clock } from "../../lib/clock.ts";
import type { FailureLimit } from "../../lib/rate-limit.ts";
import * as repo from "./repository.ts";

/**
 * The per-account sign-in limit (OWASP's authentication cheat sheet: count failed attempts per
 * account; its "device cookies"), built so that nobody can lock an owner out with it:
 *
 * - only FAILED sign-ins count (a wrong password, or an address without an account: both are
 *   counted alike, so the limit tells nothing about which addresses have accounts);
 * - past the limit, a sign-in from an IP address or a device that signed in to the account
 *   successfully in the last 30 days has its password checked as usual; from anywhere else it
 *   waits out the window (at most 15 minutes, see lib/rate-limit.ts), right password or wrong;
 * - a device is the random id of an HttpOnly cookie, set at each successful sign-in; IPs and
 *   devices are stored only as HMACs under a key of the server's secret (an IPv4 address's bare
 *   hash is found by trying them all), each place forgotten 30 days after its last sign-in;
 * - the owner is mailed when the limit is reached, at most once in 24 hours (a conditional
 *   update of users.sign_in_alert_at decides, so several server processes send one mail).
 */
export const RECOGNITION_MS = 30 * 24 * 3600_000;
export const ALERT_INTERVAL_MS = 24 * 3600_000;

/** Where a sign-in comes from: the client's IP and the device cookie it sent (if any). */
export interface SignInSource {
  ip: string;
  device?: string | null | undefined;
}

/** A device id: 128 random bits, hex. */
const DEVICE_ID = /^[0-9a-f]{32}$/;

export class SignInGuard {
  constructor(private readonly deps: { db: Db; clock: Clock; failures: FailureLimit; placeKey: Uint8Array }) {}

  /**
   * Before the password is checked: the seconds to wait when the account's limit is reached and
   * the source is not one the account signed in from lately, else null.
   */
  async refusal(email: string, userId: number | undefined, source: SignInSource): Promise<number | null> {
    const state = await this.deps.failures.peek(email);
    if (!state.reached) return null;
    if (userId !== undefined && (await this.recognises(userId, source))) return null;
    return state.retryAfterSeconds;
  }

  /** Whether the account signed in successfully from this IP or device in the last 30 days. */
  recognises(userId: number, source: SignInSource): Promise<boolean> {
    const since = new Date(this.#now() - RECOGNITION_MS).toISOString();
    return repo.isRecognisedSignIn(this.deps.db, userId, this.#places(userId, source), since);
  }

  /**
   * Whether the account signed in successfully from this device in the last 30 days: its cookie's
   * random id, which a stranger cannot guess (an IP, which many people share, is not enough).
   */
  recognisesDevice(userId: number, source: SignInSource): Promise<boolean> {
    const devices = this.#places(userId, source).filter((place) => place.kind === "device");
    if (devices.length === 0) return Promise.resolve(false);
    const since = new Date(this.#now() - RECOGNITION_MS).toISOString();
    return repo.isRecognisedSignIn(this.deps.db, userId, devices, since);
  }

  /** Counts a failed sign-in to `email`; answers whether the limit is now reached. */
  async failed(email: string): Promise<boolean> {
    return (await this.deps.failures.fail(email)).reached;
  }

  /**
   * Remembers the IP and device of a successful sign-in (a new device id when the client sent none
   * or a malformed one); answers the device id for the cookie.
   */
  async succeeded(userId: number, source: SignInSource): Promise<string> {
    const device = source.device && DEVICE_ID.test(source.device) ? source.device : randomBytes(16).toString("hex");
    const now = this.#now();
    await repo.recordSignIn(
      this.deps.db,
      userId,
      this.#places(userId, { ip: source.ip, device }),
      new Date(now).toISOString(),
      new Date(now - RECOGNITION_MS).toISOString(),
    );
    return device;
  }

  /** Whether this process is the one to mail the owner now (the first alert in 24 hours). */
  claimAlert(userId: number): Promise<boolean> {
    const now = this.#now();
    return repo.claimSignInAlert(this.deps.db, userId, new Date(now).toISOString(), new Date(now - ALERT_INTERVAL_MS).toISOString());
  }

  #now(): number {
    return this.deps.clock().getTime();
  }

  /** The stored forms of a source: HMAC-SHA-256 of user id, kind and value, so equal values of two users differ. */
  #places(userId: number, source: SignInSource): repo.SignInPlace[] {
    const hash = (kind: string, value: string) =>
      createHmac("sha256", this.deps.placeKey).update(`${userId}\n${kind}\n${value}`).digest("hex");
    const found: repo.SignInPlace[] = [{ kind: "ip", hash: hash("ip", source.ip) }];
    if (source.device && DEVICE_ID.test(source.device)) found.push({ kind: "device", hash: hash("device", source.device) });
    return found;
  }
}
