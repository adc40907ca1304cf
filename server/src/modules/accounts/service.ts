import {
  addressIn,
  type Language,
  type LoginInfo,
  type NoticePreferences,
  type OtpChannel,
  type OtpVerify,
  type SavedAddress,
  type TokenPair,
  type User,
} from "@krishi/contract";
import type { FastifyBaseLogger } from "fastify";
import type { Kysely } from "kysely";
import type { EmailVerification } from "../../config.ts";
import type { Db } from "../../db/database.ts";
import { isUniqueViolation } from "../../db/dialect.ts";
import type { Database, UserRow } from "../../db/schema.ts";
import type { AuthUser } from "../../lib/auth.ts";
import type { Clock } from "../../lib/clock.ts";
import { type FieldErrors, type FieldProblem, problem } from "../../lib/errors.ts";
import type { MailMessage } from "../../lib/mail.ts";
import { DEFAULT_SCRYPT, hashPassword, needsRehash, passwordProblems, type ScryptParams, verifyPassword } from "../../lib/passwords.ts";
import type { FailureLimit } from "../../lib/rate-limit.ts";
import { fail, ok, Refusal, type Result, refusals, valueOr } from "../../lib/result.ts";
import type { TokenService } from "../../lib/tokens.ts";
import { type GoogleIdentity, type GoogleSignIn, GoogleSignInError } from "./google.ts";
import { decodeUid, encodeUid, type LinkSigner } from "./links.ts";
import { accountExistsMail, addressInUseMail, codeBudgetMail, passwordResetMail, signInAttemptsMail, verificationMail } from "./mails.ts";
import { type BudgetWindowName, type CodeRequestResult, type PhoneCodeFailure, PhoneCodes, type PhoneCodesDeps } from "./phone-sign-in.ts";
import * as repo from "./repository.ts";
import { authUser, userJson } from "./serialize.ts";
import { type SessionFailure, Sessions } from "./sessions.ts";
import { SignInGuard, type SignInSource } from "./sign-in-guard.ts";

/** The texts of dj-rest-auth / allauth / Django that the original client shows (docs/storefront.md, "Messages"). */
export const MESSAGES = {
  duplicateEmail: "A user is already registered with this e-mail address.",
  passwordMismatch: "The two password fields didn't match.",
  badCredentials: "Unable to log in with provided credentials.",
  emailNotVerified: "E-mail is not verified.",
  verificationSent: "Verification e-mail sent.",
  ok: "ok",
  loggedOut: "Successfully logged out.",
  oldPasswordWrong: "Your old password was entered incorrectly. Please enter it again.",
  currentPasswordRequired: "Enter your current password to set a new one.",
  currentPasswordWrong: "Your current password was entered incorrectly. Please enter it again.",
  passwordSaved: "New password has been saved.",
  resetSent: "Password reset e-mail has been sent.",
  resetDone: "Password has been reset with the new password.",
  invalidValue: "Invalid value",
  resetLinkInvalid: "The password reset link is invalid or has expired.",
  blank: "This field may not be blank.",
  notFound: "Not found.",
  googleNotConfigured: "Google sign-in is not configured on this server.",
  googleRejected: "Google did not accept the sign-in code. Please sign in with Google again.",
  googleInvalidToken: "Google sign-in failed: the identity token from Google could not be verified.",
  googleUnavailable: "Google sign-in is unavailable right now. Please try again later.",
  googleNoEmail: "Your Google account did not share an e-mail address.",
  googleEmailUnverified: "Your Google e-mail address is not verified.",
  googleOtherAccount: "This e-mail address is already linked to a different Google account.",
  accountDisabled: "User account is disabled.",
  emailAlreadySet: "This account already has an e-mail address.",
} as const;

export interface AccountsDeps {
  db: Db;
  tokens: TokenService;
  links: LinkSigner;
  /**
   * Sends a mail through the shop's mail queue: written to the queue first, so a mail that cannot
   * be sent now is never lost or reported sent, and the worker retries it.
   */
  sendMail: (message: MailMessage, key?: string) => Promise<void>;
  google: GoogleSignIn;
  clock: Clock;
  siteUrl: string;
  emailVerification: EmailVerification;
  log: Pick<FastifyBaseLogger, "info" | "warn" | "error">;
  /** A user's saved addresses for the user answer; the addresses module plugs in here. */
  addressesOf?: (userId: number) => Promise<SavedAddress[]>;
  /** scrypt costs of new hashes (default DEFAULT_SCRYPT); older, cheaper hashes are redone at sign-in. */
  passwordCost?: ScryptParams;
  /** Failed sign-ins per address across all IPs (the per-account limit; see SignInGuard). */
  signInFailures: FailureLimit;
  /** The key of the stored forms of sign-in IPs and devices (derived from the server's secret). */
  signInPlaceKey: Uint8Array;
  /** Sign-in codes of mobile numbers: their key, countries, channels, limits, budget and sender (see PhoneCodes). */
  phoneCodes: Omit<PhoneCodesDeps, "db" | "clock" | "signIn" | "siteUrl" | "budgetSpent">;
  /** Where the shop's own alerts go (OWNER_EMAIL); none: the active staff accounts' verified addresses. */
  ownerEmails?: readonly string[];
}

/** A code's sign-in: as a password's, or (with a bearer token) the account the number was added to. */
export type PhoneSignInResult = SignInResult | { user: User };

/** A sign-in: login info and the device id for the client's cookie, or the wait of the per-account limit. */
export type SignInResult = { info: LoginInfo; device: string } | { retryAfterSeconds: number };

export interface RegistrationInput {
  email: string;
  password1: string;
  password2: string;
  first_name?: string | undefined;
  last_name?: string | undefined;
  /** The language of the user's e-mails (default English). */
  language?: Language | undefined;
}

export interface PasswordResetInput {
  uid: string;
  token: string;
  new_password1: string;
  new_password2: string;
}

export interface ProfileInput {
  first_name: string;
  last_name: string;
  password?: string | undefined;
  current_password?: string | undefined;
}

export const normaliseEmail = (email: string) => email.trim().toLowerCase();
const USER_NOT_FOUND = fail({ kind: "user-not-found" } as const);
const fullName = (user: Pick<UserRow, "first_name" | "last_name">) => `${user.first_name} ${user.last_name}`.trim();

/** Why an account's request is refused (failures.ts says what each answers). */
export type AccountFailure =
  /** A registration's fields: the address taken (when that may be said) and the password's problems, `email` first. */
  | { kind: "registration-invalid"; fields: FieldErrors }
  /** The two passwords differ: said on `field`. */
  | { kind: "passwords-differ"; field: string }
  /** A new password the rules refuse (passwordProblems), said on `field`. */
  | { kind: "password-weak"; field: string; problems: FieldProblem[] }
  /** A profile update's fields: names, new password, current password (in that order). */
  | { kind: "profile-invalid"; fields: FieldErrors }
  | { kind: "verification-link-invalid" }
  /** Another account has verified the address. */
  | { kind: "email-taken" }
  | { kind: "credentials-invalid" }
  | { kind: "email-not-verified" }
  | { kind: "old-password-wrong" }
  /** A reset link that is not (any more) this account's; `field` names its part. */
  | { kind: "reset-link-invalid"; field: "uid" | "token" }
  | { kind: "account-disabled" }
  /** A staff account signs in with its code and its password. */
  | { kind: "staff-password-required" }
  /** The number is another account's. */
  | { kind: "phone-taken" }
  | { kind: "email-already-set" }
  | { kind: "user-not-found" }
  | { kind: "google-not-configured" }
  | { kind: "google-rejected" }
  | { kind: "google-token-invalid" }
  | { kind: "google-unavailable" }
  | { kind: "google-no-email" }
  | { kind: "google-email-unverified" }
  /** The address's account is linked to another Google identity. */
  | { kind: "google-other-account" }
  | PhoneCodeFailure
  | SessionFailure;

/** A refusal found deep in an account's work (a helper, a transaction): the public method returns its failure. */
const refuse = (failure: AccountFailure) => new Refusal(failure);

/**
 * Registration, e-mail verification, sign-in (password and Google), sessions (refresh token
 * rotation with reuse detection), password change and reset, and the profile. Knows nothing of
 * HTTP: a client's mistake is answered as an AccountFailure.
 */
export class AccountsService {
  readonly #pendingMail = new Set<Promise<void>>();
  readonly #sessions: Sessions;
  readonly #signIn: SignInGuard;
  readonly #codes: PhoneCodes;
  readonly #cost: ScryptParams;
  /** The day whose code-budget alert this process has queued. */
  #budgetAlerted: string | null = null;

  constructor(private readonly deps: AccountsDeps) {
    this.#sessions = new Sessions(deps);
    this.#signIn = new SignInGuard({ db: deps.db, clock: deps.clock, failures: deps.signInFailures, placeKey: deps.signInPlaceKey });
    this.#codes = new PhoneCodes({
      ...deps.phoneCodes,
      db: deps.db,
      clock: deps.clock,
      siteUrl: deps.siteUrl,
      signIn: this.#signIn,
      budgetSpent: (window, day) => this.#background(this.#budgetAlert(window, day)),
    });
    this.#cost = deps.passwordCost ?? DEFAULT_SCRYPT;
  }

  // ── Registration and e-mail verification ────────────────────────────────────────────────────

  /**
   * Answers the detail to show, or login info when no verification is required first.
   * `mail: false` when the address's mail cap is reached: the same answer, no e-mail.
   *
   * With mandatory verification an address that already has an account is answered exactly as a
   * new one (nobody learns which addresses have accounts) and its owner is mailed instead; the
   * account stays as it is. With optional or no verification a new account is signed in at once,
   * so the answer to a taken address cannot look the same: it is refused, as dj-rest-auth does.
   *
   * An address counts for an account only once verified (see #counts): one that an account holds
   * unverified blocks no one, and a registration takes it from that account (repo.dropUnverifiedClaims).
   */
  register(
    input: RegistrationInput,
    { mail = true }: { mail?: boolean } = {},
  ): Promise<Result<{ detail: string } | LoginInfo, AccountFailure>> {
    return refusals(async () => ok(await this.#register(input, mail)));
  }

  async #register(input: RegistrationInput, mail: boolean): Promise<{ detail: string } | LoginInfo> {
    const { db, emailVerification } = this.deps;
    const email = normaliseEmail(input.email);
    const firstName = (input.first_name ?? "").trim();
    const lastName = (input.last_name ?? "").trim();
    const hideTaken = emailVerification === "mandatory";

    const fields: FieldErrors = {};
    const found = await repo.findUserByEmail(db, email);
    const existing = found && this.#counts(found) ? found : undefined;
    if (existing && !hideTaken) fields.email = [problem("email_taken", MESSAGES.duplicateEmail)];
    const problems = passwordProblems(input.password1, { email, first_name: firstName, last_name: lastName });
    if (problems.length > 0) fields.password1 = problems;
    if (Object.keys(fields).length > 0) throw refuse({ kind: "registration-invalid", fields });
    if (input.password1 !== input.password2) throw refuse({ kind: "passwords-differ", field: "non_field_errors" });
    if (existing) return this.#registeredAgain(existing, input.password1, mail);

    let user: repo.UserWithEmail;
    try {
      const passwordHash = await hashPassword(input.password1, this.#cost);
      const row = await db.transaction().execute(async (trx) => {
        await repo.dropUnverifiedClaims(trx, email, null);
        return repo.insertUser(trx, {
          email,
          password_hash: passwordHash,
          first_name: firstName,
          last_name: lastName,
          is_staff: false,
          is_active: true,
          email_verified: false,
          language: input.language ?? "en",
          created_at: this.#now(),
        });
      });
      user = { ...row, email };
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      // Two registrations for one address at once: the UNIQUE constraint decides. The other one
      // mailed its own link when its address does not count yet.
      const winner = hideTaken ? await repo.findUserByEmail(db, email) : undefined;
      if (winner && this.#counts(winner)) return this.#registeredAgain(winner, input.password1, mail);
      if (winner) return { detail: MESSAGES.verificationSent };
      throw refuse({ kind: "registration-invalid", fields: { email: [problem("email_taken", MESSAGES.duplicateEmail)] } });
    }

    if (emailVerification !== "none" && mail) await this.#deliver(this.#verificationMail(user, email));
    if (emailVerification === "mandatory") return { detail: MESSAGES.verificationSent };
    return this.#login(user);
  }

  /**
   * A registration of an address that has an account (mandatory verification): the answer of a
   * new registration, after the same work (a password hashed, a mail queued and sent) so it takes
   * as long; the owner of an active account is told, with the sign-in and password-reset links.
   */
  async #registeredAgain(owner: repo.UserWithEmail, password: string, mail: boolean): Promise<{ detail: string }> {
    await hashPassword(password, this.#cost);
    if (mail && owner.is_active) {
      const { siteUrl } = this.deps;
      await this.#deliver(
        accountExistsMail({
          to: owner.email,
          name: fullName(owner),
          signInUrl: addressIn(owner.language, `${siteUrl}/login`),
          resetUrl: addressIn(owner.language, `${siteUrl}/reset/password/`),
          language: owner.language,
        }),
      );
    }
    return { detail: MESSAGES.verificationSent };
  }

  /**
   * Opens a verification link: the account's address is verified, or its pending address (one
   * added to an account made with a mobile number) becomes its address. Either way every other
   * claim on the address that did not count is dropped; refused (email-taken) when another account has
   * verified it meanwhile (only the mailbox's owner has the link to learn that).
   */
  verifyEmail(key: string): Promise<Result<void, AccountFailure>> {
    return refusals(async () => ok(await this.#verifyEmail(key)));
  }

  async #verifyEmail(key: string): Promise<void> {
    const { db, links } = this.deps;
    const userId = links.verificationKeyUser(key);
    const user = userId === null ? undefined : await repo.findUserById(db, userId);
    const address = user ? (user.email ?? user.pending_email) : null;
    if (!user || address === null || !links.checkVerificationKey(key, { id: user.id, email: address }))
      throw refuse({ kind: "verification-link-invalid" });
    if (user.email !== null && user.email_verified) return;

    const holder = user.email === null ? await repo.findUserByEmail(db, address) : undefined;
    if (holder && this.#counts(holder)) throw refuse({ kind: "email-taken" });
    let row: UserRow | undefined;
    try {
      row = await db.transaction().execute(async (trx) => {
        await repo.dropUnverifiedClaims(trx, address, user.id);
        return user.email === null ? repo.claimPendingEmail(trx, user.id, address) : repo.markEmailVerified(trx, user.id, address);
      });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      throw refuse({ kind: "email-taken" });
    }
    if (!row) throw refuse({ kind: "verification-link-invalid" });
  }

  /** Sends a new link to an unverified account; the same answer whatever the address. */
  async resendVerification(email: string, { mail = true }: { mail?: boolean } = {}): Promise<void> {
    const user = await repo.findUserByEmail(this.deps.db, normaliseEmail(email));
    if (mail && user?.is_active && !user.email_verified) this.#deliverLater(this.#verificationMail(user, user.email));
  }

  /**
   * Whether an account's address counts as its own: once verified, or at once with
   * EMAIL_VERIFICATION=none (which verifies nothing, so trusts the address given at registration).
   * An address that does not count blocks no one, and no reset goes through it.
   */
  #counts(user: Pick<UserRow, "email_verified">): boolean {
    return Boolean(user.email_verified) || this.deps.emailVerification === "none";
  }

  // ── Sessions ────────────────────────────────────────────────────────────────────────────────

  /**
   * Signs in with e-mail and password from `source` (see SignInGuard): login info and the device
   * id to keep in the client's cookie, or the seconds to wait when the account's limit refuses
   * this source — an answer that does not say whether the password was right.
   */
  login(emailInput: string, password: string, source: SignInSource): Promise<Result<SignInResult, AccountFailure>> {
    return refusals(async () => ok(await this.#passwordSignIn(emailInput, password, source)));
  }

  async #passwordSignIn(emailInput: string, password: string, source: SignInSource): Promise<SignInResult> {
    const email = normaliseEmail(emailInput);
    const user = await repo.findUserByEmail(this.deps.db, email);
    const wait = await this.#signIn.refusal(email, user?.id, source);
    if (wait !== null) {
      if (user) this.#alertLater(user);
      return { retryAfterSeconds: wait };
    }
    // Checked even for an unknown address (against a decoy), so timing tells nothing.
    const matches = await verifyPassword(password, user?.password_hash, this.#cost);
    if (!user || !matches || !user.is_active) {
      if ((await this.#signIn.failed(email)) && user) this.#alertLater(user);
      throw refuse({ kind: "credentials-invalid" });
    }
    if (this.deps.emailVerification === "mandatory" && !user.email_verified) throw refuse({ kind: "email-not-verified" });
    if (needsRehash(user.password_hash, this.#cost)) {
      // Only if the hash is still the one just checked (a concurrent change wins).
      await repo.replacePasswordHash(this.deps.db, user.id, user.password_hash, await hashPassword(password, this.#cost));
    }
    const device = await this.#signIn.succeeded(user.id, source);
    return { info: await this.#login(user), device };
  }

  /** Exchanges a live refresh token for a new pair (see Sessions). */
  refresh(refreshToken: string): Promise<Result<TokenPair, AccountFailure>> {
    return this.#sessions.rotate(refreshToken);
  }

  /**
   * Ends the session of the refresh token and that of the access token (the bearer of the
   * request), each when given and valid; never fails. A client that posts no body still signs out.
   */
  async logout(refreshToken: string | undefined, accessToken: string | undefined): Promise<void> {
    await this.#sessions.end(refreshToken);
    await this.#sessions.endOf(accessToken);
  }

  /** Any valid token; a refresh token must also still be live. */
  verifyToken(token: string): Promise<Result<void, AccountFailure>> {
    return this.#sessions.check(token);
  }

  /** For the auth guard. */
  /** Whether an access token's session is still open (see Sessions.isLive). */
  sessionLive(sessionId: string | null): Promise<boolean> {
    return this.#sessions.isLive(sessionId);
  }

  async loadAuthUser(id: number): Promise<AuthUser | null> {
    const row = await repo.findUserById(this.deps.db, id);
    return row ? authUser(row) : null;
  }

  // ── Passwords ───────────────────────────────────────────────────────────────────────────────

  /** Changes the password and revokes every session; answers a fresh pair for this client. */
  changePassword(userId: number, oldPassword: string, password1: string, password2: string): Promise<Result<TokenPair, AccountFailure>> {
    return refusals<TokenPair, AccountFailure>(async () => {
      const user = await this.#user(userId);
      if (!(await verifyPassword(oldPassword, user.password_hash, this.#cost))) return fail({ kind: "old-password-wrong" });
      this.#checkNewPassword(password1, password2, user, "new_password2");
      await repo.updateUser(this.deps.db, user.id, { password_hash: await hashPassword(password1, this.#cost) });
      await this.#sessions.revokeAll(user.id);
      return ok(await this.#sessions.start(user.id));
    });
  }

  /** Mails a reset link to an active account whose address counts; the same answer whatever the address. */
  async requestPasswordReset(email: string, { mail = true }: { mail?: boolean } = {}): Promise<void> {
    const user = await repo.findUserByEmail(this.deps.db, normaliseEmail(email));
    // An address the account never verified gets no link: the reset would hand the account (and
    // whatever its holder attached, a mobile number) to whoever reads the mailbox.
    if (!mail || !user?.is_active || !this.#counts(user)) return;
    const url = addressIn(
      user.language,
      `${this.deps.siteUrl}/reset/password/confirm/${encodeUid(user.id)}/${this.deps.links.resetToken(user)}`,
    );
    this.#deliverLater(passwordResetMail({ to: user.email, name: fullName(user), url, language: user.language }));
  }

  confirmPasswordReset(input: PasswordResetInput): Promise<Result<void, AccountFailure>> {
    return refusals<void, AccountFailure>(async () => {
      const { db, links } = this.deps;
      const userId = decodeUid(input.uid);
      const user = userId === null ? undefined : await repo.findUserById(db, userId);
      if (!user?.is_active || !this.#counts(user)) return fail({ kind: "reset-link-invalid", field: "uid" });
      if (!links.checkResetToken(input.token, user)) return fail({ kind: "reset-link-invalid", field: "token" });
      this.#checkNewPassword(input.new_password1, input.new_password2, user, "new_password2");
      // Only if the password is still the one the token was made for: two uses at once, one wins.
      const changed = await repo.replacePassword(db, user.id, user.password_hash, await hashPassword(input.new_password1, this.#cost));
      if (!changed) return fail({ kind: "reset-link-invalid", field: "token" });
      await this.#sessions.revokeAll(user.id);
      return ok(undefined);
    });
  }

  // ── Mobile numbers ──────────────────────────────────────────────────────────────────────────

  /** Sends a sign-in code to a number (see PhoneCodes): the same answer whether or not it has an account. */
  async requestPhoneCode(
    typed: string,
    channel: OtpChannel,
    language: Language | undefined,
    source: SignInSource,
  ): Promise<Result<CodeRequestResult, AccountFailure>> {
    const phone = this.#codes.read(typed);
    return phone.ok ? ok(await this.#codes.request(phone.value, channel, language, source)) : phone;
  }

  /**
   * Signs in with a number's code: its account, or a new customer account with no e-mail address.
   * A staff account also gives its password (a SIM swap alone must not open the back office),
   * checked under the per-account limit as at the password sign-in. With `signedInUserId` the
   * number is added to that account instead (refused when another account holds it).
   */
  verifyPhoneCode(input: OtpVerify, source: SignInSource, signedInUserId?: number): Promise<Result<PhoneSignInResult, AccountFailure>> {
    return refusals(async () => ok(await this.#codeSignIn(input, source, signedInUserId)));
  }

  async #codeSignIn(input: OtpVerify, source: SignInSource, signedInUserId?: number): Promise<PhoneSignInResult> {
    const { db } = this.deps;
    const phone = valueOr(this.#codes.read(input.phone), refuse);
    const tooMany = valueOr(await this.#codes.check(phone, input.code, source), refuse);
    if (tooMany !== null) return { retryAfterSeconds: tooMany };
    const holder = await repo.findUserByPhone(db, phone);
    if (signedInUserId !== undefined) return { user: await this.#addPhone(signedInUserId, phone, holder, input) };

    if (holder && !holder.is_active) throw refuse({ kind: "account-disabled" });
    if (holder?.is_staff) {
      const wait = await this.#checkStaffPassword(holder, input.password, source);
      if (wait !== null) return { retryAfterSeconds: wait };
    }
    if (!(await this.#codes.consume(phone, input.code))) throw refuse({ kind: "code-expired" });
    // The checkout's opt-in, ticked at sign-in, turns WhatsApp on (turning it off is the profile's).
    const optedIn =
      holder && input.whatsapp && !holder.whatsapp_opt_in ? await repo.updateUser(db, holder.id, { whatsapp_opt_in: true }) : holder;
    const user = optedIn ?? (await this.#phoneCustomer(phone, input));
    const device = await this.#signIn.succeeded(user.id, source);
    return { info: await this.#login(user), device };
  }

  /**
   * An account made with a number alone asks to add an e-mail address: it waits, pending, until
   * the link mailed to it is opened (verifyEmail). The answer is the same whether or not the
   * address has an account; the owner of one that has is told instead of sent a link.
   */
  addEmail(userId: number, emailInput: string): Promise<Result<User, AccountFailure>> {
    return refusals(async () => ok(await this.#addEmail(userId, emailInput)));
  }

  async #addEmail(userId: number, emailInput: string): Promise<User> {
    const { db, siteUrl } = this.deps;
    const user = await this.#user(userId);
    if (user.email !== null) throw refuse({ kind: "email-already-set" });
    const email = normaliseEmail(emailInput);
    const row = (await repo.updateUser(db, userId, { pending_email: email })) ?? user;
    const holder = await repo.findUserByEmail(db, email);
    if (holder && this.#counts(holder)) {
      if (holder.is_active) {
        await this.#deliver(
          addressInUseMail({
            to: holder.email,
            name: fullName(holder),
            signInUrl: addressIn(holder.language, `${siteUrl}/login`),
            resetUrl: addressIn(holder.language, `${siteUrl}/reset/password/`),
            language: holder.language,
          }),
        );
      }
    } else {
      await this.#deliver(this.#verificationMail(row, email));
    }
    return this.#userJson(row);
  }

  /** Order news on WhatsApp as well as SMS, and offers by SMS (opt-ins; what is not given stays); answers the user. */
  async setNoticePreferences(userId: number, { whatsapp, offers }: NoticePreferences): Promise<Result<User, AccountFailure>> {
    const patch: repo.UserPatch = {
      ...(whatsapp === undefined ? {} : { whatsapp_opt_in: whatsapp }),
      ...(offers === undefined ? {} : { offers_opt_in: offers }),
    };
    const row =
      Object.keys(patch).length > 0 ? await repo.updateUser(this.deps.db, userId, patch) : await repo.findUserById(this.deps.db, userId);
    return row ? ok(await this.#userJson(row)) : USER_NOT_FOUND;
  }

  /** Of these users, those who agreed to offers and can be reached by SMS (a cart's reminder). */
  offerContactsOf(db: Kysely<Database>, userIds: readonly number[]): Promise<repo.OfferContact[]> {
    return repo.findOfferContacts(db, userIds);
  }

  /** The number's code proven: it becomes the signed-in account's (replacing an older number). */
  async #addPhone(userId: number, phone: string, holder: UserRow | undefined, input: OtpVerify): Promise<User> {
    if (holder && holder.id !== userId) throw refuse({ kind: "phone-taken" });
    if (!(await this.#codes.consume(phone, input.code))) throw refuse({ kind: "code-expired" });
    let row: UserRow | undefined;
    try {
      row = await repo.updateUser(this.deps.db, userId, {
        phone,
        ...(input.whatsapp === undefined ? {} : { whatsapp_opt_in: input.whatsapp }),
      });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      throw refuse({ kind: "phone-taken" });
    }
    if (!row) throw refuse({ kind: "user-not-found" });
    return this.#userJson(row);
  }

  /** A staff account's password, under the per-account limit; the wait when the limit refuses. */
  async #checkStaffPassword(user: UserRow, password: string | undefined, source: SignInSource): Promise<number | null> {
    if (!password) throw refuse({ kind: "staff-password-required" });
    const key = user.email ?? user.phone ?? String(user.id);
    const wait = await this.#signIn.refusal(key, user.id, source);
    if (wait !== null) return wait;
    if (!(await verifyPassword(password, user.password_hash, this.#cost))) {
      await this.#signIn.failed(key);
      throw refuse({ kind: "credentials-invalid" });
    }
    return null;
  }

  /** A new customer account for a number without one (the same number at once: the UNIQUE index decides). */
  async #phoneCustomer(phone: string, input: OtpVerify): Promise<UserRow> {
    const [first = "", ...rest] = (input.name ?? "").trim().split(/\s+/);
    try {
      return await repo.insertUser(this.deps.db, {
        email: null,
        phone,
        password_hash: null,
        first_name: first.slice(0, 150),
        last_name: rest.join(" ").slice(0, 150),
        is_staff: false,
        is_active: true,
        email_verified: false,
        whatsapp_opt_in: input.whatsapp ?? false,
        language: input.language ?? "en",
        created_at: this.#now(),
      });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      const winner = await repo.findUserByPhone(this.deps.db, phone);
      if (!winner) throw error;
      return winner;
    }
  }

  // ── Google ──────────────────────────────────────────────────────────────────────────────────

  googleLogin(code: string): Promise<Result<LoginInfo, AccountFailure>> {
    return refusals(async () => ok(await this.#googleLogin(code)));
  }

  async #googleLogin(code: string): Promise<LoginInfo> {
    const { google, log } = this.deps;
    if (!google.configured) throw refuse({ kind: "google-not-configured" });
    let identity: GoogleIdentity;
    try {
      identity = await google.identify(code);
    } catch (error) {
      if (!(error instanceof GoogleSignInError)) throw error;
      log.warn({ err: error, cause: error.cause }, `Google sign-in failed: ${error.message}`);
      switch (error.failure) {
        case "not_configured":
          throw refuse({ kind: "google-not-configured" });
        case "rejected":
          throw refuse({ kind: "google-rejected" });
        case "invalid_token":
          throw refuse({ kind: "google-token-invalid" });
        case "unavailable":
          throw refuse({ kind: "google-unavailable" });
      }
    }
    if (!identity.email) throw refuse({ kind: "google-no-email" });
    if (!identity.emailVerified) throw refuse({ kind: "google-email-unverified" });
    const user = await this.#googleUser(identity, normaliseEmail(identity.email));
    if (!user.is_active) throw refuse({ kind: "account-disabled" });
    return this.#login(user);
  }

  /**
   * The account of this Google identity: known by its subject, linked by e-mail, or new. Google
   * vouches for the mailbox, so an account that holds the address without having verified it
   * loses it (repo.dropUnverifiedClaims) and the identity gets an account of its own: linking it would hand the
   * mailbox's owner an account someone else made, with whatever they attached (a mobile number).
   */
  async #googleUser(identity: GoogleIdentity, email: string): Promise<UserRow> {
    const { db } = this.deps;
    const known = await repo.findUserByGoogleSub(db, identity.sub);
    if (known) return known;

    const existing = await repo.findUserByEmail(db, email);
    if (existing && this.#counts(existing)) {
      if (existing.google_sub !== null) throw refuse({ kind: "google-other-account" });
      // Without verification (EMAIL_VERIFICATION=none) a password set on the account was chosen by
      // someone who never proved they own the address: it is dropped, with its sessions.
      const unverified = !existing.email_verified;
      const linked = await repo.updateUser(db, existing.id, {
        google_sub: identity.sub,
        email_verified: true,
        ...(unverified ? { password_hash: null } : {}),
        ...(existing.first_name || existing.last_name ? {} : { first_name: identity.givenName, last_name: identity.familyName }),
      });
      if (unverified) await this.#sessions.revokeAll(existing.id);
      await repo.dropUnverifiedClaims(db, email, existing.id);
      return linked ?? existing;
    }

    try {
      return await db.transaction().execute(async (trx) => {
        await repo.dropUnverifiedClaims(trx, email, null);
        return repo.insertUser(trx, {
          email,
          password_hash: null,
          first_name: identity.givenName.slice(0, 150),
          last_name: identity.familyName.slice(0, 150),
          is_staff: false,
          is_active: true,
          email_verified: true,
          google_sub: identity.sub,
          created_at: this.#now(),
        });
      });
    } catch (error) {
      // The same person signing in twice at once: the other request created the account.
      if (!isUniqueViolation(error)) throw error;
      const winner = await repo.findUserByGoogleSub(db, identity.sub);
      if (!winner) throw refuse({ kind: "google-other-account" });
      return winner;
    }
  }

  // ── Profile ─────────────────────────────────────────────────────────────────────────────────

  /** A user: the signed-in one's profile, or one for staff. */
  async profile(userId: number): Promise<Result<User, AccountFailure>> {
    const row = await repo.findUserById(this.deps.db, userId);
    return row ? ok(await this.#userJson(row)) : USER_NOT_FOUND;
  }

  /** dj-rest-auth's user/ (PUT/PATCH): names only; the e-mail address cannot be changed here. */
  async updateNames(
    userId: number,
    names: { first_name?: string | undefined; last_name?: string | undefined },
  ): Promise<Result<User, AccountFailure>> {
    const patch: repo.UserPatch = {};
    if (names.first_name !== undefined) patch.first_name = names.first_name.trim();
    if (names.last_name !== undefined) patch.last_name = names.last_name.trim();
    const row =
      Object.keys(patch).length > 0 ? await repo.updateUser(this.deps.db, userId, patch) : await repo.findUserById(this.deps.db, userId);
    return row ? ok(await this.#userJson(row)) : USER_NOT_FOUND;
  }

  /** Sets the language of the user's e-mails; answers the user. */
  async updateLanguage(userId: number, language: Language): Promise<Result<User, AccountFailure>> {
    const row = await repo.updateUser(this.deps.db, userId, { language });
    return row ? ok(await this.#userJson(row)) : USER_NOT_FOUND;
  }

  /**
   * How to reach a user with notices — language, verified number, WhatsApp opt-in (English and no
   * number for none) — read through `db`: another module's transaction that queues the notice.
   */
  noticeContactOf(db: Kysely<Database>, userId: number | null): Promise<repo.NoticeContact> {
    return repo.findNoticeContact(db, userId);
  }

  /** The profile screen: names required, optional new password (which revokes older sessions). */
  updateProfile(userId: number, input: ProfileInput): Promise<Result<LoginInfo, AccountFailure>> {
    return refusals(async () => ok(await this.#updateProfile(userId, input)));
  }

  async #updateProfile(userId: number, input: ProfileInput): Promise<LoginInfo> {
    const user = await this.#user(userId);
    const firstName = input.first_name.trim();
    const lastName = input.last_name.trim();
    const fields: FieldErrors = {};
    if (!firstName) fields.first_name = [problem("blank", MESSAGES.blank)];
    if (!lastName) fields.last_name = [problem("blank", MESSAGES.blank)];
    const password = input.password ?? "";
    if (password) {
      const problems = passwordProblems(password, { email: user.email, first_name: firstName, last_name: lastName });
      if (problems.length > 0) fields.password = problems;
      // An account with a password proves it again before changing it (one made with Google has none to give).
      if (user.password_hash !== null) {
        const current = input.current_password ?? "";
        if (!current) fields.current_password = [problem("current_password_required", MESSAGES.currentPasswordRequired)];
        else if (!(await verifyPassword(current, user.password_hash, this.#cost)))
          fields.current_password = [problem("current_password_wrong", MESSAGES.currentPasswordWrong)];
      }
    }
    if (Object.keys(fields).length > 0) throw refuse({ kind: "profile-invalid", fields });

    const patch: repo.UserPatch = { first_name: firstName, last_name: lastName };
    if (password) patch.password_hash = await hashPassword(password, this.#cost);
    const row = (await repo.updateUser(this.deps.db, user.id, patch)) ?? user;
    if (password) await this.#sessions.revokeAll(user.id);
    return this.#session(row);
  }

  // ── Mail ────────────────────────────────────────────────────────────────────────────────────

  /** Waits for e-mails still being queued and sent (on shutdown; tests). */
  async drain(): Promise<void> {
    await Promise.all([...this.#pendingMail]);
  }

  /** The link that verifies `address` for the account (its own, or the one it waits to add). */
  #verificationMail(user: UserRow, address: string): MailMessage {
    const key = this.deps.links.verificationKey({ id: user.id, email: address });
    const url = addressIn(user.language, `${this.deps.siteUrl}/dj-rest-auth/registration/account-confirm-email/${key}/`);
    return verificationMail({ to: address, name: fullName(user), url, language: user.language });
  }

  /** Queues and sends now; a failure is logged, not shown (the queue retries it, and the user can ask again). */
  async #deliver(message: MailMessage): Promise<void> {
    try {
      await this.deps.sendMail(message);
    } catch (err) {
      this.deps.log.error({ err, to: message.to, subject: message.subject }, "could not send an e-mail");
    }
  }

  /**
   * Sends in the background: answers that must not reveal whether an address exists (reset,
   * resend, sign-in) then take the same time either way.
   */
  #deliverLater(message: MailMessage): void {
    this.#background(this.#deliver(message));
  }

  #background(work: Promise<void>): void {
    const running: Promise<void> = work.finally(() => this.#pendingMail.delete(running));
    this.#pendingMail.add(running);
  }

  /** Mails the owner that someone is trying their password, unless they were told in the last 24 hours. */
  #alertLater(user: repo.UserWithEmail): void {
    if (!user.is_active) return;
    const alert = async () => {
      try {
        if (!(await this.#signIn.claimAlert(user.id))) return;
      } catch (err) {
        this.deps.log.error({ err, userId: user.id }, "could not record a sign-in alert");
        return;
      }
      const url = addressIn(user.language, `${this.deps.siteUrl}/reset/password/`);
      await this.#deliver(signInAttemptsMail({ to: user.email, name: fullName(user), url, language: user.language }));
    };
    this.#background(alert());
  }

  /**
   * Mails the owner that sign-in codes stopped because the shop's budget of them is spent: once a
   * day for each address (the mail queue's key), however often codes are refused or by which process.
   */
  async #budgetAlert(window: BudgetWindowName, day: string): Promise<void> {
    // This process has queued the day's mails already (the refusals that follow need no more work).
    if (this.#budgetAlerted === day) return;
    this.#budgetAlerted = day;
    const { budget } = this.deps.phoneCodes;
    const owners = this.deps.ownerEmails?.length
      ? this.deps.ownerEmails.map((email) => ({ email, name: "", language: "en" as Language }))
      : (await repo.findStaffContacts(this.deps.db)).map((staff) => ({
          email: staff.email ?? "",
          name: fullName(staff),
          language: staff.language,
        }));
    for (const owner of owners) {
      const mail = codeBudgetMail({
        to: owner.email,
        name: owner.name,
        language: owner.language,
        window,
        budget: window === "hour" ? budget.perHour : budget.perDay,
        url: addressIn(owner.language, `${this.deps.siteUrl}/admin`),
      });
      try {
        await this.deps.sendMail(mail, `otp-budget:${day}:${owner.email}`);
      } catch (err) {
        this.deps.log.error({ err, to: owner.email }, "could not mail the owner that the sign-in code budget is spent");
      }
    }
  }

  // ── Helpers ─────────────────────────────────────────────────────────────────────────────────

  #now(): string {
    return this.deps.clock().toISOString();
  }

  async #user(id: number): Promise<UserRow> {
    const row = await repo.findUserById(this.deps.db, id);
    if (!row) throw refuse({ kind: "user-not-found" });
    return row;
  }

  async #userJson(row: UserRow): Promise<User> {
    const addresses = this.deps.addressesOf ? await this.deps.addressesOf(row.id) : [];
    return userJson(row, addresses);
  }

  #checkNewPassword(password1: string, password2: string, user: UserRow, field: string): void {
    if (password1 !== password2) throw refuse({ kind: "passwords-differ", field });
    const problems = passwordProblems(password1, user);
    if (problems.length > 0) throw refuse({ kind: "password-weak", field, problems });
  }

  /** A signed-in user: last_login set, expired session rows cleared, a new session. */
  async #login(user: UserRow): Promise<LoginInfo> {
    const row = (await repo.updateUser(this.deps.db, user.id, { last_login: this.#now() })) ?? user;
    await this.#sessions.forgetExpired(user.id);
    return this.#session(row);
  }

  /** A new session and the user's JSON: login info. */
  async #session(row: UserRow): Promise<LoginInfo> {
    return { ...(await this.#sessions.start(row.id)), user: await this.#userJson(row) };
  }
}
