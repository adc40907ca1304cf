import type { SavedAddress, StaffUserUpdate, User } from "@krishi/contract";
import type { Db } from "../../db/database.ts";
import { isUniqueViolation } from "../../db/dialect.ts";
import type { UserRow } from "../../db/schema.ts";
import { done, fail, ok, type Result } from "../../lib/result.ts";
import * as repo from "./repository.ts";
import { userJson } from "./serialize.ts";
import { normaliseEmail } from "./service.ts";

export const SELF_DELETE = "You cannot delete your own account.";
export const SELF_DEMOTE = "You cannot remove your own staff status.";
export const EMAIL_TAKEN = "A user with that email already exists.";

/** Why staff's change to a user is refused. */
export type UserAdminFailure =
  | { kind: "page-not-found" }
  /** Staff cannot drop their own staff flag… */
  | { kind: "self-demote" }
  /** …nor delete themselves. */
  | { kind: "self-delete" }
  /** Only an account with a mobile number to sign in with may be without an e-mail address. */
  | { kind: "email-required" }
  | { kind: "email-taken" }
  | { kind: "user-not-found" };

const USER_NOT_FOUND = fail({ kind: "user-not-found" } as const);

export interface UserPage {
  users: User[];
  total: number;
  pages: number;
}

/** Staff's management of users (docs/storefront.md, "Staff screens"); no one can lock themselves out. */
export class UserAdmin {
  constructor(
    private readonly db: Db,
    private readonly addressesOf: (userId: number) => Promise<SavedAddress[]>,
  ) {}

  async list(search: string | undefined, page: number, pageSize: number): Promise<Result<UserPage, UserAdminFailure>> {
    const term = search?.trim() || undefined;
    const [total, rows] = await Promise.all([
      repo.countUsers(this.db, term),
      repo.findUsers(this.db, term, pageSize, (page - 1) * pageSize),
    ]);
    const pages = Math.max(1, Math.ceil(total / pageSize));
    if (page > pages) return fail({ kind: "page-not-found" });
    return ok({ users: await Promise.all(rows.map((row) => this.#json(row))), total, pages });
  }

  /** Names, e-mail and the staff flag; the acting staff member cannot drop their own flag. */
  async update(actorId: number, id: number, input: StaffUserUpdate): Promise<Result<User, UserAdminFailure>> {
    if (id === actorId && !input.isAdmin) return fail({ kind: "self-demote" });
    const email = input.email ? normaliseEmail(input.email) : null;
    // Only an account with a mobile number to sign in with may be without an e-mail address.
    if (email === null && !(await repo.findUserById(this.db, id))?.phone) return fail({ kind: "email-required" });
    const patch = { first_name: input.first_name.trim(), last_name: input.last_name.trim(), email, is_staff: input.isAdmin };
    let row: UserRow | undefined;
    try {
      row = await repo.updateUser(this.db, id, patch);
    } catch (error) {
      if (isUniqueViolation(error)) return fail({ kind: "email-taken" });
      throw error;
    }
    return row ? ok(await this.#json(row)) : USER_NOT_FOUND;
  }

  async remove(actorId: number, id: number): Promise<Result<void, UserAdminFailure>> {
    if (id === actorId) return fail({ kind: "self-delete" });
    return (await repo.deleteUser(this.db, id)) ? done : USER_NOT_FOUND;
  }

  /** Customers (not staff), for the dashboard. */
  countCustomers(): Promise<number> {
    return repo.countUsers(this.db, undefined, false);
  }

  async #json(row: UserRow): Promise<User> {
    return userJson(row, await this.addressesOf(row.id));
  }
}
