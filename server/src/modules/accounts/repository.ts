import type { Language } from "@krishi/contract";
import { type Insertable, type Kysely, type Selectable, sql, type Transaction } from "kysely";
import { containsPattern } from "../../db/like.ts";
import type { Database, NewUser, PhoneCodesTable, UserRow } from "../../db/schema.ts";

/** The only place with the accounts module's SQL. Rows stay snake_case here. */

type Db = Kysely<Database>;
type Trx = Transaction<Database>;

export function findUserById(db: Db, id: number): Promise<UserRow | undefined> {
  return db.selectFrom("users").selectAll().where("id", "=", id).executeTakeFirst();
}

/** A user who has an e-mail address (every account but one made with a mobile number alone). */
export type UserWithEmail = UserRow & { email: string };

export const hasEmail = (user: UserRow): user is UserWithEmail => user.email !== null;

/** By e-mail, which is stored lower-case: pass it lower-cased. */
export async function findUserByEmail(db: Db, email: string): Promise<UserWithEmail | undefined> {
  const row = await db.selectFrom("users").selectAll().where("email", "=", email).executeTakeFirst();
  return row && hasEmail(row) ? row : undefined;
}

/** By verified mobile number (E.164). */
export function findUserByPhone(db: Db, phone: string): Promise<UserRow | undefined> {
  return db.selectFrom("users").selectAll().where("phone", "=", phone).executeTakeFirst();
}

export function findUserByGoogleSub(db: Db, sub: string): Promise<UserRow | undefined> {
  return db.selectFrom("users").selectAll().where("google_sub", "=", sub).executeTakeFirst();
}

/** How to reach a user with notices: the language, the verified number and the WhatsApp opt-in. */
export interface NoticeContact {
  language: Language;
  phone: string | null;
  whatsapp: boolean;
}

/** A user's notice contact; English and no number for no user (an order kept after its user was deleted). */
export async function findNoticeContact(db: Db, id: number | null): Promise<NoticeContact> {
  const row =
    id === null
      ? undefined
      : await db.selectFrom("users").select(["language", "phone", "whatsapp_opt_in"]).where("id", "=", id).executeTakeFirst();
  return { language: row?.language ?? "en", phone: row?.phone ?? null, whatsapp: Boolean(row?.whatsapp_opt_in) };
}

/** A customer who agreed to marketing messages, with how to reach them (a verified number). */
export interface OfferContact extends NoticeContact {
  id: number;
  phone: string;
}

/** Of these users, the active ones with a verified number who opted in to offers. */
export async function findOfferContacts(db: Db, ids: readonly number[]): Promise<OfferContact[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom("users")
    .select(["id", "language", "phone", "whatsapp_opt_in"])
    .where("id", "in", ids)
    .where("offers_opt_in", "=", true)
    .where("is_active", "=", true)
    .where("phone", "is not", null)
    .execute();
  return rows.map((row) => ({ id: row.id, language: row.language, phone: row.phone as string, whatsapp: Boolean(row.whatsapp_opt_in) }));
}

export function insertUser(db: Db, user: NewUser): Promise<UserRow> {
  return db.insertInto("users").values(user).returningAll().executeTakeFirstOrThrow();
}

export type UserPatch = Partial<
  Pick<
    NewUser,
    | "first_name"
    | "last_name"
    | "email"
    | "password_hash"
    | "email_verified"
    | "is_staff"
    | "is_active"
    | "google_sub"
    | "last_login"
    | "language"
    | "phone"
    | "whatsapp_opt_in"
    | "offers_opt_in"
    | "pending_email"
  >
>;

export async function updateUser(db: Db, id: number, patch: UserPatch): Promise<UserRow | undefined> {
  return db.updateTable("users").set(patch).where("id", "=", id).returningAll().executeTakeFirst();
}

// ── Addresses that count only once verified ─────────────────────────────────────────────────────

/**
 * Drops every claim on `email` that its verification (or a registration) overrides, except
 * `keepId`'s: an account that holds it unverified loses it (and is deleted when that address was
 * all it had: never signed in, no number, no Google), and others waiting to verify it stop waiting.
 */
export async function dropUnverifiedClaims(db: Db, email: string, keepId: number | null): Promise<void> {
  const notKept = keepId === null ? [] : [keepId];
  await db
    .deleteFrom("users")
    .where("email", "=", email)
    .where("email_verified", "=", false)
    .where("phone", "is", null)
    .where("google_sub", "is", null)
    .where("last_login", "is", null)
    .$if(keepId !== null, (q) => q.where("id", "not in", notKept))
    .execute();
  await db
    .updateTable("users")
    .set({ email: null })
    .where("email", "=", email)
    .where("email_verified", "=", false)
    .$if(keepId !== null, (q) => q.where("id", "not in", notKept))
    .execute();
  await db
    .updateTable("users")
    .set({ pending_email: null })
    .where("pending_email", "=", email)
    .$if(keepId !== null, (q) => q.where("id", "not in", notKept))
    .execute();
}

/** Moves the account's pending address into `email`, verified: undefined when it waits for another address now. */
export function claimPendingEmail(db: Db, id: number, email: string): Promise<UserRow | undefined> {
  return db
    .updateTable("users")
    .set({ email, email_verified: true, pending_email: null })
    .where("id", "=", id)
    .where("pending_email", "=", email)
    .where("email", "is", null)
    .returningAll()
    .executeTakeFirst();
}

/** Marks the account's own address verified, if it still has that address: undefined otherwise. */
export function markEmailVerified(db: Db, id: number, email: string): Promise<UserRow | undefined> {
  return db
    .updateTable("users")
    .set({ email_verified: true })
    .where("id", "=", id)
    .where("email", "=", email)
    .returningAll()
    .executeTakeFirst();
}

/**
 * Sets a new password only if the current one is still `expected`, and marks the address
 * verified (the reset link came through it; links go only to addresses that count, see
 * AccountsService). Answers false when the password changed meanwhile.
 */
export async function replacePassword(db: Db, id: number, expected: string | null, passwordHash: string): Promise<boolean> {
  const result = await db
    .updateTable("users")
    .set({ password_hash: passwordHash, email_verified: true })
    .where("id", "=", id)
    .where("password_hash", expected === null ? "is" : "=", expected)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** A stronger hash of the same password, written only over the hash it replaces. */
export async function replacePasswordHash(db: Db, id: number, expected: string | null, passwordHash: string): Promise<void> {
  await db
    .updateTable("users")
    .set({ password_hash: passwordHash })
    .where("id", "=", id)
    .where("password_hash", expected === null ? "is" : "=", expected)
    .execute();
}

export interface NewRefreshToken {
  jti: string;
  userId: number;
  family: string;
  expiresAt: string;
  createdAt: string;
}

export async function insertRefreshToken(db: Db, token: NewRefreshToken): Promise<void> {
  await db
    .insertInto("refresh_tokens")
    .values({
      jti: token.jti,
      user_id: token.userId,
      family: token.family,
      expires_at: token.expiresAt,
      created_at: token.createdAt,
    })
    .execute();
}

export function findRefreshToken(db: Db, jti: string) {
  return db
    .selectFrom("refresh_tokens")
    .select(["jti", "user_id", "family", "revoked_at", "replaced_by", "expires_at"])
    .where("jti", "=", jti)
    .executeTakeFirst();
}

/**
 * Marks a live token used, naming its successor. Answers false when it was already revoked or
 * rotated — also when a concurrent request rotated it first: the row update is the arbiter.
 */
export async function rotateRefreshToken(trx: Trx, jti: string, successor: string, at: string): Promise<boolean> {
  const result = await trx
    .updateTable("refresh_tokens")
    .set({ revoked_at: at, replaced_by: successor })
    .where("jti", "=", jti)
    .where("revoked_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function revokeFamily(db: Db, family: string, at: string): Promise<void> {
  await db.updateTable("refresh_tokens").set({ revoked_at: at }).where("family", "=", family).where("revoked_at", "is", null).execute();
}

/** Whether a session (refresh-token family) has a token that is neither revoked nor expired. */
export async function isFamilyLive(db: Db, family: string, now: string): Promise<boolean> {
  const row = await db
    .selectFrom("refresh_tokens")
    .select("jti")
    .where("family", "=", family)
    .where("revoked_at", "is", null)
    .where("expires_at", ">", now)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export async function revokeUserTokens(db: Db, userId: number, at: string): Promise<void> {
  await db.updateTable("refresh_tokens").set({ revoked_at: at }).where("user_id", "=", userId).where("revoked_at", "is", null).execute();
}

/** Expired rows prove nothing any more (an expired JWT is refused by its signature check). */
export async function deleteExpiredTokens(db: Db, userId: number, now: string): Promise<void> {
  await db.deleteFrom("refresh_tokens").where("user_id", "=", userId).where("expires_at", "<", now).execute();
}

export interface SignInPlace {
  kind: "ip" | "device";
  hash: string;
}

/** Whether the user signed in successfully from one of `places` at or after `since`. */
export async function isRecognisedSignIn(db: Db, userId: number, places: SignInPlace[], since: string): Promise<boolean> {
  if (places.length === 0) return false;
  const row = await db
    .selectFrom("recognised_sign_ins")
    .select("user_id")
    .where("user_id", "=", userId)
    .where((eb) => eb.or(places.map((place) => eb.and([eb("kind", "=", place.kind), eb("value_hash", "=", place.hash)]))))
    .where("last_success_at", ">=", since)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Records a successful sign-in from `places` at `at`, and forgets the user's places last used before `forgetBefore`. */
export async function recordSignIn(db: Db, userId: number, places: SignInPlace[], at: string, forgetBefore: string): Promise<void> {
  await db
    .insertInto("recognised_sign_ins")
    .values(places.map((place) => ({ user_id: userId, kind: place.kind, value_hash: place.hash, last_success_at: at })))
    .onConflict((oc) =>
      oc.columns(["user_id", "kind", "value_hash"]).doUpdateSet((eb) => ({ last_success_at: eb.ref("excluded.last_success_at") })),
    )
    .execute();
  await db.deleteFrom("recognised_sign_ins").where("user_id", "=", userId).where("last_success_at", "<", forgetBefore).execute();
}

/**
 * Claims the day's sign-in alert of a user: sets `sign_in_alert_at` to `at` only if the last alert
 * was before `lastBefore` (or never). The row update is the arbiter between server processes:
 * answers true to exactly one of them.
 */
export async function claimSignInAlert(db: Db, userId: number, at: string, lastBefore: string): Promise<boolean> {
  const result = await db
    .updateTable("users")
    .set({ sign_in_alert_at: at })
    .where("id", "=", userId)
    .where((eb) => eb.or([eb("sign_in_alert_at", "is", null), eb("sign_in_alert_at", "<", lastBefore)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Users whose e-mail or name contains `search` (any case), or all users. */
function usersMatching(db: Db, search: string | undefined) {
  const query = db.selectFrom("users");
  if (!search) return query;
  const pattern = containsPattern(search);
  return query.where(
    sql<boolean>`(email like ${pattern} escape '\\' or phone like ${pattern} escape '\\' or lower(first_name || ' ' || last_name) like ${pattern} escape '\\')`,
  );
}

export function findUsers(db: Db, search: string | undefined, limit: number, offset: number): Promise<UserRow[]> {
  return usersMatching(db, search).selectAll().orderBy("id").limit(limit).offset(offset).execute();
}

export async function countUsers(db: Db, search: string | undefined, staff?: boolean): Promise<number> {
  let query = usersMatching(db, search);
  if (staff !== undefined) query = query.where("is_staff", "=", staff);
  const row = await query.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Deletes a user: sessions and addresses go; orders keep their customer snapshot, reviews their name. */
export async function deleteUser(db: Db, id: number): Promise<boolean> {
  const result = await db.deleteFrom("users").where("id", "=", id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

// ── Sign-in codes of mobile numbers ──────────────────────────────────────────────────────────────

export type PhoneCode = Selectable<PhoneCodesTable>;

export function findPhoneCode(db: Db, phone: string): Promise<PhoneCode | undefined> {
  return db.selectFrom("phone_codes").selectAll().where("phone", "=", phone).executeTakeFirst();
}

/**
 * Writes the number's new code, replacing an older one sent at or before `resendFrom` (one live
 * code per number): false when a code was sent since, so of requests at once only one writes.
 */
export async function savePhoneCode(db: Db, code: Insertable<PhoneCodesTable>, resendFrom: string): Promise<boolean> {
  const row = await db
    .insertInto("phone_codes")
    .values(code)
    .onConflict((oc) =>
      oc
        .column("phone")
        .doUpdateSet({ code_hash: code.code_hash, channel: code.channel, tries: 0, sent_at: code.sent_at, expires_at: code.expires_at })
        .where("phone_codes.sent_at", "<=", resendFrom),
    )
    .returning("phone")
    .executeTakeFirst();
  return row !== undefined;
}

/** Forgets the number's code if it is still `codeHash` (one that was never sent). */
export async function deletePhoneCode(db: Db, phone: string, codeHash: string): Promise<void> {
  await db.deleteFrom("phone_codes").where("phone", "=", phone).where("code_hash", "=", codeHash).execute();
}

/**
 * Counts one try against the number's live code if it is still `codeHash`, atomically: the tries
 * counted so far, or null when there is none to try (none asked, replaced, expired, or out of
 * tries), so concurrent guesses cannot exceed `maxTries` between them.
 */
export async function countCodeTry(db: Db, phone: string, codeHash: string, maxTries: number, now: string): Promise<number | null> {
  const row = await db
    .updateTable("phone_codes")
    .set((eb) => ({ tries: eb("tries", "+", 1) }))
    .where("phone", "=", phone)
    .where("code_hash", "=", codeHash)
    .where("tries", "<", maxTries)
    .where("expires_at", ">", now)
    .returning("tries")
    .executeTakeFirst();
  return row ? Number(row.tries) : null;
}

/** Uses up the number's code if it is still `codeHash`: of two requests with the right code, one wins. */
export async function consumePhoneCode(db: Db, phone: string, codeHash: string): Promise<boolean> {
  const result = await db.deleteFrom("phone_codes").where("phone", "=", phone).where("code_hash", "=", codeHash).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

// ── The shop's budget of sign-in codes ──────────────────────────────────────────────────────────

/** A window of the budget: its key (`h:2026-01-02T10`, `d:2026-01-02`) and the most codes it takes. */
export interface BudgetWindow {
  key: string;
  max: number;
}

/** Codes counted in these windows so far (0 for a window not begun). */
export async function budgetSpent(db: Db, keys: string[]): Promise<Map<string, number>> {
  const rows = await db.selectFrom("otp_budget").select(["window_key", "sent"]).where("window_key", "in", keys).execute();
  return new Map(rows.map((row) => [row.window_key, Number(row.sent)]));
}

/**
 * Counts one code in every window, atomically, if each still has room (a conditional upsert per
 * window, in one transaction): false, counting nothing, when one is full. Concurrent requests
 * cannot pass a budget between them. A new window deletes those older than `forgetBefore`'s.
 */
export async function spendBudget(db: Db, windows: BudgetWindow[], forgetBefore: { hour: string; day: string }): Promise<boolean> {
  const full = new Error("budget spent");
  try {
    await db.transaction().execute(async (trx) => {
      for (const window of windows) {
        const row = await trx
          .insertInto("otp_budget")
          .values({ window_key: window.key, sent: 1 })
          .onConflict((oc) =>
            oc
              .column("window_key")
              .doUpdateSet((eb) => ({ sent: eb("otp_budget.sent", "+", 1) }))
              .where("otp_budget.sent", "<", window.max),
          )
          .returning("sent")
          .executeTakeFirst();
        if (!row) throw full;
        if (Number(row.sent) === 1) {
          await trx
            .deleteFrom("otp_budget")
            .where((eb) =>
              eb.or([
                eb.and([eb("window_key", ">=", "h:"), eb("window_key", "<", forgetBefore.hour)]),
                eb.and([eb("window_key", ">=", "d:"), eb("window_key", "<", forgetBefore.day)]),
              ]),
            )
            .execute();
        }
      }
    });
    return true;
  } catch (error) {
    if (error === full) return false;
    throw error;
  }
}

/** The addresses of the active staff accounts that have verified one: who hears of the shop's alerts by default. */
export function findStaffContacts(db: Db): Promise<Pick<UserRow, "email" | "first_name" | "last_name" | "language">[]> {
  return db
    .selectFrom("users")
    .select(["email", "first_name", "last_name", "language"])
    .where("is_staff", "=", true)
    .where("is_active", "=", true)
    .where("email_verified", "=", true)
    .where("email", "is not", null)
    .orderBy("id")
    .execute();
}
