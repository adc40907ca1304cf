import type { SavedAddress, User } from "@krishi/contract";
import type { UserRow } from "../../db/schema.ts";
import type { AuthUser } from "../../lib/auth.ts";

type UserFields = Pick<UserRow, "id" | "email" | "first_name" | "last_name" | "is_staff" | "language">;

/** First and last name, or the e-mail address when both are empty. */
export function displayName(user: Pick<UserRow, "email" | "first_name" | "last_name">): string {
  return `${user.first_name} ${user.last_name}`.trim() || user.email;
}

/** The one place that defines the user JSON of the API. */
export function userJson(row: UserFields, addresses: SavedAddress[] = []): User {
  const isStaff = Boolean(row.is_staff);
  return {
    _id: row.id,
    pk: row.id,
    id: row.id,
    email: row.email,
    first_name: row.first_name,
    last_name: row.last_name,
    name: displayName(row),
    is_staff: isStaff,
    isAdmin: isStaff,
    addresses,
    language: row.language,
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
