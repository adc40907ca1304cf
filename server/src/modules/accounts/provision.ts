import type { Db } from "../../db/database.ts";
import type { UserRow } from "../../db/schema.ts";
import { hashPassword, passwordProblems } from "../../lib/passwords.ts";
import * as repo from "./repository.ts";
import { normaliseEmail } from "./service.ts";

export interface ProvisionInput {
  email: string;
  /** Required for a new account; for an existing one, replaces its password when given. */
  password?: string | undefined;
  firstName?: string | undefined;
  lastName?: string | undefined;
  staff: boolean;
}

/**
 * Creates a verified, active account, or brings an existing one up to `input` (promoting it to
 * staff, and setting the password when one is given — which revokes its sessions). For the
 * create-staff command and the demo seed; the password rules apply.
 */
export async function provisionAccount(
  db: Db,
  input: ProvisionInput,
  now: Date = new Date(),
): Promise<{ user: UserRow; created: boolean }> {
  const email = normaliseEmail(input.email);
  const existing = await repo.findUserByEmail(db, email);
  const firstName = input.firstName?.trim();
  const lastName = input.lastName?.trim();
  if (input.password !== undefined) {
    const problems = passwordProblems(input.password, {
      email,
      first_name: firstName ?? existing?.first_name,
      last_name: lastName ?? existing?.last_name,
    });
    if (problems.length > 0) throw new Error(problems.map((p) => p.message).join(" "));
  }
  const passwordHash = input.password === undefined ? undefined : await hashPassword(input.password);

  if (!existing) {
    if (passwordHash === undefined) throw new Error("A new account needs a password.");
    const user = await repo.insertUser(db, {
      email,
      password_hash: passwordHash,
      first_name: firstName ?? "",
      last_name: lastName ?? "",
      is_staff: input.staff,
      is_active: true,
      email_verified: true,
      created_at: now.toISOString(),
    });
    return { user, created: true };
  }

  const patch: repo.UserPatch = { is_active: true, email_verified: true };
  if (input.staff) patch.is_staff = true;
  if (firstName !== undefined) patch.first_name = firstName;
  if (lastName !== undefined) patch.last_name = lastName;
  if (passwordHash !== undefined) patch.password_hash = passwordHash;
  const user = (await repo.updateUser(db, existing.id, patch)) ?? existing;
  if (passwordHash !== undefined) await repo.revokeUserTokens(db, existing.id, now.toISOString());
  return { user, created: false };
}
