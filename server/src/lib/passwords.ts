import { randomBytes, scrypt, timingSafeEqual } from "node:crypto";
import { COMMON_PASSWORDS } from "./common-passwords.ts";
import { type FieldProblem, problem } from "./errors.ts";

/**
 * Password hashing with scrypt (node:crypto) and the server-side password rules,
 * with Django's messages.
 *
 * A hash is stored as `scrypt$N$r$p$salt$key` (base64url), so the cost can be raised later
 * without breaking existing hashes: verification always uses the parameters stored with it.
 */
export interface ScryptParams {
  /** CPU/memory cost, a power of two. */
  N: number;
  r: number;
  p: number;
}

/**
 * OWASP's scrypt minimum: 2^17 × 8 × 128 bytes = 128 MiB and roughly 300 ms per hash on a small
 * server. Hashes made with less are rehashed at the next sign-in.
 */
export const DEFAULT_SCRYPT: ScryptParams = { N: 2 ** 17, r: 8, p: 1 };
const KEY_BYTES = 32;
const SALT_BYTES = 16;

function derive(password: string, salt: Buffer, { N, r, p }: ScryptParams): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize("NFKC"), salt, KEY_BYTES, { N, r, p, maxmem: 256 * N * r + 1024 * 1024 }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

export async function hashPassword(password: string, params: ScryptParams = DEFAULT_SCRYPT): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, params);
  return ["scrypt", params.N, params.r, params.p, salt.toString("base64url"), key.toString("base64url")].join("$");
}

interface ParsedHash {
  params: ScryptParams;
  salt: Buffer;
  key: Buffer;
}

function parseHash(encoded: string): ParsedHash | null {
  const [scheme, n, r, p, salt, key, ...rest] = encoded.split("$");
  if (scheme !== "scrypt" || rest.length > 0 || !salt || !key) return null;
  const params = { N: Number(n), r: Number(r), p: Number(p) };
  const sane =
    Number.isInteger(params.N) &&
    params.N > 1 &&
    params.N <= 2 ** 20 &&
    (params.N & (params.N - 1)) === 0 &&
    Number.isInteger(params.r) &&
    params.r >= 1 &&
    params.r <= 32 &&
    Number.isInteger(params.p) &&
    params.p >= 1 &&
    params.p <= 16;
  if (!sane) return null;
  return { params, salt: Buffer.from(salt, "base64url"), key: Buffer.from(key, "base64url") };
}

/** A well-formed hash of nothing anyone knows: checked when there is no real one, so timing says nothing. */
const DECOY = { salt: randomBytes(SALT_BYTES), key: randomBytes(KEY_BYTES) };

/**
 * True when `password` matches `encoded`. A missing or malformed hash (a Google-only account, an
 * unknown e-mail) costs the same time as a real check at `cost` and answers false.
 */
export async function verifyPassword(
  password: string,
  encoded: string | null | undefined,
  cost: ScryptParams = DEFAULT_SCRYPT,
): Promise<boolean> {
  const parsed = (encoded && parseHash(encoded)) || null;
  const { params, salt, key } = parsed ?? { ...DECOY, params: cost };
  const candidate = await derive(password, salt, params);
  const same = candidate.length === key.length && timingSafeEqual(candidate, key);
  return parsed !== null && same;
}

/** Whether a hash was made with less than `target` costs (so it should be made again at sign-in). */
export function needsRehash(encoded: string | null, target: ScryptParams = DEFAULT_SCRYPT): boolean {
  const parsed = encoded ? parseHash(encoded) : null;
  if (!parsed) return false;
  const { N, r, p } = parsed.params;
  return N < target.N || r < target.r || p < target.p;
}

/** What the similarity rule compares the password with, as Django's UserAttributeSimilarityValidator. */
export interface PasswordOwner {
  email?: string | null;
  first_name?: string | null;
  last_name?: string | null;
}

export const MIN_PASSWORD_LENGTH = 8;
const MAX_SIMILARITY = 0.7;
const ATTRIBUTE_NAMES: [keyof PasswordOwner & string, string][] = [
  ["first_name", "first name"],
  ["last_name", "last name"],
  ["email", "email address"],
];

/**
 * The password rules, in the order and words of Django's default validators. Answers every
 * problem found (empty when the password is acceptable).
 */
export function passwordProblems(password: string, owner: PasswordOwner = {}): FieldProblem[] {
  const problems: FieldProblem[] = [];
  const similar = similarAttribute(password, owner);
  if (similar) problems.push(problem("password_too_similar", `The password is too similar to the ${similar[1]}.`, { to: similar[0] }));
  if ([...password].length < MIN_PASSWORD_LENGTH) {
    const message = `This password is too short. It must contain at least ${MIN_PASSWORD_LENGTH} characters.`;
    problems.push(problem("password_too_short", message, { min: MIN_PASSWORD_LENGTH }));
  }
  if (COMMON_PASSWORDS.has(password.toLowerCase().trim())) problems.push(problem("password_too_common", "This password is too common."));
  if (/^\p{Nd}+$/u.test(password)) problems.push(problem("password_entirely_numeric", "This password is entirely numeric."));
  return problems;
}

/** The attribute a password is too like, and its name in the message. */
function similarAttribute(password: string, owner: PasswordOwner): [string, string] | null {
  const lowered = password.toLowerCase();
  for (const [attribute, verboseName] of ATTRIBUTE_NAMES) {
    const value = owner[attribute];
    if (!value) continue;
    const valueLower = value.toLowerCase();
    for (const part of [...valueLower.split(/[^\p{L}\p{N}_]+/u), valueLower]) {
      if (exceedsMaximumLengthRatio(lowered, part)) continue;
      if (quickRatio(lowered, part) >= MAX_SIMILARITY) return [attribute, verboseName];
    }
  }
  return null;
}

/** Django skips parts so much shorter than the password that they cannot make it guessable. */
function exceedsMaximumLengthRatio(password: string, part: string): boolean {
  const passwordLength = [...password].length;
  const partLength = [...part].length;
  return passwordLength >= 10 * partLength && partLength < (MAX_SIMILARITY / 2) * passwordLength;
}

/** Python's difflib.SequenceMatcher.quick_ratio(): shared characters as a share of both lengths. */
function quickRatio(a: string, b: string): number {
  const available = new Map<string, number>();
  for (const ch of b) available.set(ch, (available.get(ch) ?? 0) + 1);
  let matches = 0;
  for (const ch of a) {
    const left = available.get(ch) ?? 0;
    if (left > 0) matches++;
    available.set(ch, left - 1);
  }
  const total = [...a].length + [...b].length;
  return total === 0 ? 1 : (2 * matches) / total;
}
