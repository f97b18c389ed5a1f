import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../../platform/db/client';
import { loginFailures } from '../../../platform/db/schema';
import type { Call } from '../../../access/call';

export interface LockoutPolicy {
  /** Wrong passwords in a row that lock the account's sign-in. */
  maxFailures: number;
  lockMinutes: number;
}

export const DEFAULT_LOCKOUT: LockoutPolicy = { maxFailures: 10, lockMinutes: 15 };

const keyOf = (email: string) => email.trim().toLowerCase();

/** Whether sign-in to this address is locked at `now`. */
export async function isSignInLocked(
  ctx: Pick<Call, 'db' | 'now'>,
  email: string,
): Promise<boolean> {
  const { db } = ctx;
  const now = ctx.now();
  const [row] = await db
    .select({ lockedUntil: loginFailures.lockedUntil })
    .from(loginFailures)
    .where(eq(loginFailures.email, keyOf(email)));
  return Boolean(row?.lockedUntil && row.lockedUntil > now);
}

/**
 * Counts one wrong password; answers whether the account is now locked. Failures older than
 * the lock period no longer count, so a forgetful person is not locked out for a week-old typo.
 */
export async function recordSignInFailure(
  ctx: Pick<Call, 'db' | 'now'>,
  email: string,
  policy: LockoutPolicy = DEFAULT_LOCKOUT,
): Promise<boolean> {
  const { db } = ctx;
  const now = ctx.now();
  const staleBefore = new Date(now.getTime() - policy.lockMinutes * 60_000);
  const lockUntil = new Date(now.getTime() + policy.lockMinutes * 60_000);
  // One statement, so concurrent wrong passwords all count.
  const [row] = await db
    .insert(loginFailures)
    .values({ email: keyOf(email), failures: 1, lastFailedAt: now })
    .onConflictDoUpdate({
      target: loginFailures.email,
      set: {
        failures: sql`case when ${loginFailures.lastFailedAt} < ${staleBefore.toISOString()}::timestamptz then 1 else ${loginFailures.failures} + 1 end`,
        lastFailedAt: now,
      },
    })
    .returning({ failures: loginFailures.failures });
  if ((row?.failures ?? 0) < policy.maxFailures) return false;
  await db
    .update(loginFailures)
    .set({ lockedUntil: lockUntil, failures: 0 })
    .where(eq(loginFailures.email, keyOf(email)));
  return true;
}

/** A correct password ends the run of failures. */
export async function clearSignInFailures(db: Database, email: string): Promise<void> {
  await db.delete(loginFailures).where(eq(loginFailures.email, keyOf(email)));
}
