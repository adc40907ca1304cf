import type { SavedAddress, StaffUserUpdate, User } from "@krishi/contract";
import type { Db } from "../../db/database.ts";
import { isUniqueViolation } from "../../db/dialect.ts";
import type { UserRow } from "../../db/schema.ts";
import { badRequest, HttpError, notFound, problem } from "../../lib/errors.ts";
import * as repo from "./repository.ts";
import { userJson } from "./serialize.ts";
import { MESSAGES, normaliseEmail } from "./service.ts";

export const SELF_DELETE = "You cannot delete your own account.";
export const SELF_DEMOTE = "You cannot remove your own staff status.";
export const EMAIL_TAKEN = "A user with that email already exists.";

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

  async list(search: string | undefined, page: number, pageSize: number): Promise<UserPage> {
    const term = search?.trim() || undefined;
    const [total, rows] = await Promise.all([
      repo.countUsers(this.db, term),
      repo.findUsers(this.db, term, pageSize, (page - 1) * pageSize),
    ]);
    const pages = Math.max(1, Math.ceil(total / pageSize));
    if (page > pages) throw notFound("page_not_found", "Invalid page.");
    return { users: await Promise.all(rows.map((row) => this.#json(row))), total, pages };
  }

  /** Names, e-mail and the staff flag; the acting staff member cannot drop their own flag. */
  async update(actorId: number, id: number, input: StaffUserUpdate): Promise<User> {
    if (id === actorId && !input.isAdmin) throw badRequest("self_demote", SELF_DEMOTE, { isAdmin: [problem("self_demote", SELF_DEMOTE)] });
    const email = input.email ? normaliseEmail(input.email) : null;
    // Only an account with a mobile number to sign in with may be without an e-mail address.
    if (email === null && !(await repo.findUserById(this.db, id))?.phone) {
      throw badRequest("field_invalid", MESSAGES.blank, { email: [problem("blank", MESSAGES.blank)] });
    }
    const patch = { first_name: input.first_name.trim(), last_name: input.last_name.trim(), email, is_staff: input.isAdmin };
    let row: UserRow | undefined;
    try {
      row = await repo.updateUser(this.db, id, patch);
    } catch (error) {
      if (isUniqueViolation(error)) throw new HttpError(409, "email_taken", EMAIL_TAKEN, { email: [problem("email_taken", EMAIL_TAKEN)] });
      throw error;
    }
    if (!row) throw notFound("user_not_found", MESSAGES.notFound);
    return this.#json(row);
  }

  async remove(actorId: number, id: number): Promise<void> {
    if (id === actorId) throw badRequest("self_delete", SELF_DELETE);
    if (!(await repo.deleteUser(this.db, id))) throw notFound("user_not_found", MESSAGES.notFound);
  }

  /** Customers (not staff), for the dashboard. */
  countCustomers(): Promise<number> {
    return repo.countUsers(this.db, undefined, false);
  }

  async #json(row: UserRow): Promise<User> {
    return userJson(row, await this.addressesOf(row.id));
  }
}
