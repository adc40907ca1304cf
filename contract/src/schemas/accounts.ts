import { Type } from "typebox";
import { LANGUAGES } from "../constants.ts";
import { OTP_CHANNELS, OTP_LENGTH } from "../phone.ts";
import { SavedAddressSchema } from "./addresses.ts";
import { DetailSchema, Text } from "./common.ts";

/** Request and answer shapes of the accounts API (dj-rest-auth's field names). */

const Email = Type.String({ format: "email", maxLength: 254 });
/** Passwords are checked by the server's rules; the schema only bounds their size. */
const Password = Type.String({ minLength: 1, maxLength: 512 });
const Name = Text({ maxLength: 150 });
const Token = Text({ minLength: 1, maxLength: 4096 });
/** The language of the user's e-mails. */
export const LanguageSchema = Type.Enum(LANGUAGES, { description: "en (English) or hi (Hindi)" });

export const UserSchema = Type.Object({
  _id: Type.Integer(),
  pk: Type.Integer(),
  id: Type.Integer(),
  email: Type.String(),
  first_name: Type.String(),
  last_name: Type.String(),
  name: Type.String({ description: "First and last name, or the e-mail address when both are empty" }),
  is_staff: Type.Boolean(),
  isAdmin: Type.Boolean({ description: "Same as is_staff" }),
  addresses: Type.Array(SavedAddressSchema),
  /** The language of the user's e-mails. */
  language: LanguageSchema,
  /** The verified mobile number (E.164, "+919876543210"), or null. An account made with it alone has email "". */
  phone: Type.Union([Type.String(), Type.Null()]),
  /** Order news on WhatsApp as well as SMS (the customer opted in). */
  whatsapp: Type.Boolean(),
  /** Offers and a reminder of a cart left behind, by SMS (the customer opted in; off by default). */
  offers: Type.Boolean(),
});

export const TokenPairSchema = Type.Object({ access: Type.String(), refresh: Type.String() });
export const LoginInfoSchema = Type.Object({ access: Type.String(), refresh: Type.String(), user: UserSchema });

export const RegistrationBody = Type.Object({
  email: Email,
  password1: Password,
  password2: Password,
  first_name: Type.Optional(Name),
  last_name: Type.Optional(Name),
  /** The language of the user's e-mails (default en). */
  language: Type.Optional(LanguageSchema),
});

/** 201: the detail when a verification e-mail went out, login info when no verification is needed. */
export const RegistrationAnswer = Type.Union([DetailSchema, LoginInfoSchema]);

export const VerifyEmailBody = Type.Object({ key: Text({ minLength: 1, maxLength: 512 }) });
export const EmailBody = Type.Object({ email: Email });
export const LoginBody = Type.Object({ email: Email, password: Password });
export const LogoutBody = Type.Object({ refresh: Type.Optional(Text({ maxLength: 4096 })) });
export const RefreshBody = Type.Object({ refresh: Token });
export const TokenVerifyBody = Type.Object({ token: Token });
export const EmptyObject = Type.Object({});

export const PasswordChangeBody = Type.Object({
  old_password: Password,
  new_password1: Password,
  new_password2: Password,
});
/** The detail, plus a fresh token pair: the change revoked every older refresh token. */
export const PasswordChangeAnswer = Type.Object({ detail: Type.String(), access: Type.String(), refresh: Type.String() });

export const PasswordResetConfirmBody = Type.Object({
  uid: Text({ minLength: 1, maxLength: 64 }),
  token: Text({ minLength: 1, maxLength: 256 }),
  new_password1: Password,
  new_password2: Password,
});

export const GoogleBody = Type.Object({ code: Text({ minLength: 1, maxLength: 2048 }) });

/** dj-rest-auth's PUT user/: the names only. */
export const UserNamesBody = Type.Object({ first_name: Type.Optional(Name), last_name: Type.Optional(Name) });

export const ProfileUpdateBody = Type.Object({
  first_name: Text({ minLength: 1, maxLength: 150 }),
  last_name: Text({ minLength: 1, maxLength: 150 }),
  /** Empty or absent: keep the current password. */
  password: Type.Optional(Type.String({ maxLength: 512 })),
  /** Required with a new password: a stolen access token alone must not change it. */
  current_password: Type.Optional(Type.String({ maxLength: 512 })),
});

/** The signed-in user's language for e-mails. */
export const LanguageBody = Type.Object({ language: LanguageSchema });

/** Staff: a user's names, e-mail and staff flag (docs/storefront.md, "Calls"). */
export const StaffUserUpdateBody = Type.Object({
  _id: Type.Optional(Type.Integer()),
  first_name: Name,
  last_name: Name,
  /** "" keeps an account that signs in with its mobile number without an e-mail address. */
  email: Type.Union([Email, Type.Literal("")]),
  isAdmin: Type.Boolean(),
});

/** Staff: the user list, paged and searchable by name or e-mail. */
export const UserListQuery = Type.Object({
  search: Type.Optional(Text({ maxLength: 200 })),
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1 })),
  page_size: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
});

// ── Mobile numbers ───────────────────────────────────────────────────────────────────────────────

/** A number as typed ("98765 43210", "+91 98765-43210", "09876543210"); the server reads it (readPhone). */
const Phone = Text({ minLength: 1, maxLength: 32 });

/** Asks for a sign-in code by SMS (default) or WhatsApp. */
export const OtpRequestBody = Type.Object({
  phone: Phone,
  channel: Type.Optional(Type.Enum(OTP_CHANNELS, { description: "sms (default) or whatsapp" })),
  /** The language of the message (default: the account's, else English). */
  language: Type.Optional(LanguageSchema),
});

/** The same answer whether or not the number has an account. */
export const OtpRequestAnswer = Type.Object({
  detail: Type.String(),
  /** Seconds until another code may be asked for. */
  resend_after: Type.Integer(),
  /** Seconds the code lives. */
  expires_in: Type.Integer(),
});

export const OtpVerifyBody = Type.Object({
  phone: Phone,
  code: Type.String({ pattern: `^\\d{${OTP_LENGTH}}$`, description: "The six digits sent" }),
  /** A staff account's password: a code alone never opens the back office. */
  password: Type.Optional(Password),
  /** The name of a new customer (first word: first name); ignored for a number with an account. */
  name: Type.Optional(Text({ maxLength: 150 })),
  /** Order news on WhatsApp too (the checkbox of the checkout). */
  whatsapp: Type.Optional(Type.Boolean()),
  /** The language of a new customer's messages and e-mails. */
  language: Type.Optional(LanguageSchema),
});

/** Without a bearer token: login info (a new account for a new number). With one: the number is added to that account. */
export const OtpVerifyAnswer = Type.Union([LoginInfoSchema, Type.Object({ user: UserSchema })]);

/** A phone-only customer adds an e-mail address; a verification mail goes to it. */
export const AddEmailBody = Type.Object({ email: Email });

/** Order news on WhatsApp, and offers (a cart's reminder) by SMS: opt-ins, each left as it is when not sent. */
export const NoticePreferencesBody = Type.Object({ whatsapp: Type.Optional(Type.Boolean()), offers: Type.Optional(Type.Boolean()) });
