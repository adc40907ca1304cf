import { formatPhone, type SavedAddress, type User } from "@krishi/contract";
import type { UserRow } from "../../db/schema.ts";
import type { AuthUser } from "../../lib/auth.ts";

type UserFields = Pick<
  UserRow,
  "id" | "email" | "first_name" | "last_name" | "is_staff" | "language" | "phone" | "whatsapp_opt_in" | "offers_opt_in"
>;

/** First and last name, else the e-mail address, else the mobile number. */
export function displayName(user: Pick<UserRow, "email" | "first_name" | "last_name" | "phone">): string {
  return `${user.first_name} ${user.last_name}`.trim() || user.email || (user.phone ? formatPhone(user.phone) : "");
}

/** The one place that defines the user JSON of the API. */
export function userJson(row: UserFields, addresses: SavedAddress[] = []): User {
  const isStaff = Boolean(row.is_staff);
  return {
    _id: row.id,
    pk: row.id,
    id: row.id,
    // "" for an account made with a mobile number alone: the spec's clients read a string.
    email: row.email ?? "",
    first_name: row.first_name,
    last_name: row.last_name,
    name: displayName(row),
    is_staff: isStaff,
    isAdmin: isStaff,
    addresses,
    language: row.language,
    phone: row.phone,
    whatsapp: Boolean(row.whatsapp_opt_in),
    offers: Boolean(row.offers_opt_in),
  };
}

/** What the auth guard puts on request.user. */
export function authUser(row: UserRow): AuthUser {
  return {
    id: row.id,
    email: row.email,
    first_name: row.first_name,
    last_name: row.last_name,
    is_staff: Boolean(row.is_staff),
    is_active: Boolean(row.is_active),
    language: row.language,
  };
}
