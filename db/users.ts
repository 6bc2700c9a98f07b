import "server-only";
import { eq } from "drizzle-orm";
import { z } from "zod";
import { type Actor, USER_ROLES, type UserRole } from "@/domain/access";
import { DomainError } from "@/domain/errors";
import { hashPassword, needsRehash, passwordProblem, verifyPassword } from "@/lib/password";
import { recordAudit } from "./audit";
import { isUniqueViolation } from "./dialect";
import { user } from "./schema";
import { deleteSessionsOf } from "./sessions";
import type { Store, Tx } from "./store/store";
import { writeTransaction } from "./transaction";

export type AccountUser = { id: number; email: string; role: UserRole };

/** Trimmed and lower-cased before it is checked, stored or compared. */
export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(254, "an email address is at most 254 characters")
  .pipe(z.email("not an email address"));

export const roleSchema = z.enum(USER_ROLES, { message: `the role is one of ${USER_ROLES.join(", ")}` });

/**
 * Verified against when the email is unknown, so an unknown email costs the same scrypt work as a
 * wrong password. Its password is random and was thrown away; the unit tests keep its parameters
 * equal to PASSWORD_PARAMS.
 */
export const DUMMY_PASSWORD_HASH =
  "scrypt$17$8$1$wtTzB_4SqRXkAy8DBpTmcQ$--YFod-S4exnkgFvqtDHjh0-2C3ZcV4GUZjzI3RNi9v2I1z7C0bAlF9Ft4uRZyGZ2Zu8QpD2hHJhylE5Rnq-oQ";

export class EmailTakenError extends Error {
  constructor(readonly email: string) {
    super(`there is already a user with the email ${email}`);
  }
}

export class InvalidUserError extends Error {}

export const noSuchUser = (email: string) => new DomainError("not-found", `There is no user with the email ${email}.`);

export async function findUserByEmail(tx: Tx, email: string): Promise<(AccountUser & { passwordHash: string }) | null> {
  const row = await tx
    .select({ id: user.id, email: user.email, role: user.role, passwordHash: user.passwordHash })
    .from(user)
    .where(eq(user.email, email.trim().toLowerCase()))
    .get();
  return row ?? null;
}

/** The normalized email, once it and the password pass; InvalidUserError when either does not. */
function checkCredentials(input: { email: string; password: string }): string {
  const email = emailSchema.safeParse(input.email);
  if (!email.success) throw new InvalidUserError(email.error.issues[0]?.message ?? "not an email address");
  const problem = passwordProblem(input.password);
  if (problem) throw new InvalidUserError(problem);
  return email.data;
}

/** A new editor or admin. Throws InvalidUserError (email, role, password policy) or EmailTakenError. */
export async function createUser(store: Store, input: { email: string; password: string; role: string }): Promise<AccountUser> {
  const role = roleSchema.safeParse(input.role);
  if (!role.success) throw new InvalidUserError(role.error.issues[0]?.message ?? "not a role");
  const email = checkCredentials(input);
  if (await store.read((tx) => findUserByEmail(tx, email))) throw new EmailTakenError(email);
  const passwordHash = await hashPassword(input.password);
  try {
    return await writeTransaction(store, (tx) =>
      tx
        .insert(user)
        .values({ email, passwordHash, role: role.data })
        .returning({ id: user.id, email: user.email, role: user.role })
        .get(),
    );
  } catch (error) {
    // Someone else added the same email while this one was hashing.
    if (isUniqueViolation(error)) throw new EmailTakenError(email);
    throw error;
  }
}

/**
 * The user whose email and password these are, or null. An unknown email still runs scrypt (against
 * DUMMY_PASSWORD_HASH), so the two failures take the same time. A hash made with weaker parameters
 * than today's is replaced on success.
 */
export async function authenticate(store: Store, email: string, password: string): Promise<AccountUser | null> {
  const parsed = emailSchema.safeParse(email);
  const found = parsed.success ? await store.read((tx) => findUserByEmail(tx, parsed.data)) : null;
  const ok = await verifyPassword(password, found?.passwordHash ?? DUMMY_PASSWORD_HASH);
  if (!found || !ok) return null;
  if (needsRehash(found.passwordHash)) {
    const passwordHash = await hashPassword(password).catch(() => null);
    if (passwordHash) await writeTransaction(store, (tx) => tx.update(user).set({ passwordHash }).where(eq(user.id, found.id)).run());
  }
  return { id: found.id, email: found.email, role: found.role };
}

/**
 * Gives the user a new password and ends every one of their sessions, with one audit entry that
 * holds neither password nor hash. Throws InvalidUserError (email, password policy) or a
 * DomainError "not-found" for an unknown email.
 */
export async function resetPassword(store: Store, actor: Actor, input: { email: string; password: string }): Promise<{ user: AccountUser; sessionsEnded: number }> {
  if (actor.kind !== "system") throw new DomainError("forbidden", "Passwords are reset at the server's shell: npm run user:password.");
  const email = checkCredentials(input);
  const found = await store.read((tx) => findUserByEmail(tx, email));
  if (!found) throw noSuchUser(email);
  const passwordHash = await hashPassword(input.password);
  return writeTransaction(store, async (tx) => {
    // Removed while the hash was being made: nothing to reset.
    const updated = await tx.update(user).set({ passwordHash }).where(eq(user.id, found.id)).returning({ id: user.id });
    if (updated.length === 0) throw noSuchUser(email);
    const sessionsEnded = await deleteSessionsOf(tx, found.id);
    await recordAudit(tx, {
      actor,
      incident: null,
      action: "update",
      entity: "user",
      entityId: found.id,
      before: { email },
      after: { email, password: "reset", sessionsEnded },
    });
    return { user: { id: found.id, email: found.email, role: found.role }, sessionsEnded };
  });
}
