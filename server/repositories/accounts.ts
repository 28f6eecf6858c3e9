/**
 * Signing in and resetting a password: an employee's credentials, and the single-use reset links (stored hashed). The routes
 * (auth-sessions.ts, users.ts) decide; these read and write.
 */
import { and, eq, gt, isNull, lt, or, sql } from "drizzle-orm";
import type { Executor } from "../db/connection";
import { employees, passwordResets } from "../db/schema/index";

/** What signing in checks: the account's id, role, token version and password hash (null before a first password). */
export async function credentialsByEmail(db: Executor, email: string) {
  const [row] = await db
    .select({ id: employees.id, role: employees.roleId, ver: employees.tokenVersion, hash: employees.passwordHash })
    .from(employees)
    .where(eq(employees.email, email));
  return row;
}

/** Who a reset link is mailed to. */
export async function resetRecipientByEmail(db: Executor, email: string) {
  const [row] = await db.select({ id: employees.id, firstName: employees.firstName, email: employees.email }).from(employees).where(eq(employees.email, email));
  return row;
}

/** Keeps a new link (its token's hash) for the employee, dropping their links already used or expired. */
export async function storeResetLink(db: Executor, employeeId: string, tokenHash: string, expiresAt: Date): Promise<void> {
  await db
    .delete(passwordResets)
    .where(and(eq(passwordResets.employeeId, employeeId), or(lt(passwordResets.expiresAt, sql`now()`), sql`${passwordResets.usedAt} is not null`)));
  await db.insert(passwordResets).values({ tokenHash, employeeId, expiresAt });
}

const stillValid = (tokenHash: string) => and(eq(passwordResets.tokenHash, tokenHash), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, sql`now()`));

/** Whether the link is unused and unexpired (a cheap check before the password is hashed). */
export async function resetLinkIsValid(db: Executor, tokenHash: string): Promise<boolean> {
  const [row] = await db.select({ employeeId: passwordResets.employeeId }).from(passwordResets).where(stillValid(tokenHash));
  return row !== undefined;
}

/**
 * Uses the link: sets the password, bumps the token version (older sessions end) and ends the employee's other links, in one
 * transaction. False when the link was no longer valid: the conditional update makes it single-use under concurrent submissions.
 */
export async function resetPasswordWithLink(db: Executor, tokenHash: string, passwordHash: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [used] = await tx.update(passwordResets).set({ usedAt: sql`now()` }).where(stillValid(tokenHash)).returning({ employeeId: passwordResets.employeeId });
    if (!used) return false;
    await tx
      .update(employees)
      .set({ passwordHash, tokenVersion: sql`${employees.tokenVersion} + 1` })
      .where(eq(employees.id, used.employeeId));
    // Other links sent before this reset die with it.
    await tx
      .update(passwordResets)
      .set({ usedAt: sql`now()` })
      .where(and(eq(passwordResets.employeeId, used.employeeId), isNull(passwordResets.usedAt)));
    return true;
  });
}
