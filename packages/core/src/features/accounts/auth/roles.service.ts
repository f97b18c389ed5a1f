import { eq, sql } from 'drizzle-orm';
import { ServiceError } from '../../../kernel/errors/service-error';
import { hasRole, rolesOf } from '../../../access/rights';
import type { Call } from '../../../access/call';
import type { Database } from '../../../platform/db/client';
import { ROLES, sessions, users, type Role, type User } from '../../../platform/db/schema';
import { setSupporterByHand } from '../../money/supporter';
import { inTransaction } from '../../../platform/db/unit-of-work';

const serialise = (roles: Role[]) => {
  const extra = [...new Set(roles.filter((role) => role !== 'user'))].sort();
  return extra.length > 0 ? extra.join(',') : 'user';
};

async function userByEmail(db: Database, email: string): Promise<User> {
  const [user] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email.trim()})`)
    .limit(1);
  if (!user) throw new ServiceError('not_found', `No account has the e-mail address ${email}`);
  return user;
}

function parseRole(role: string): Role {
  if (!(ROLES as readonly string[]).includes(role)) {
    throw new ServiceError('invalid', `Unknown role "${role}": use one of ${ROLES.join(', ')}`);
  }
  return role as Role;
}

export async function grantRole(
  { db, now }: Pick<Call, 'db' | 'now'>,
  email: string,
  role: string,
): Promise<User> {
  const user = await userByEmail(db, email);
  const next = serialise([...rolesOf(user), parseRole(role)]);
  const [updated] = await db
    .update(users)
    .set({ role: next, updatedAt: now() })
    .where(eq(users.id, user.id))
    .returning();
  return updated!;
}

export async function revokeRole(
  { db, now }: Pick<Call, 'db' | 'now'>,
  email: string,
  role: string,
): Promise<User> {
  const user = await userByEmail(db, email);
  const removed = parseRole(role);
  const next = serialise(rolesOf(user).filter((held) => held !== removed));
  const [updated] = await db
    .update(users)
    .set({ role: next, updatedAt: now() })
    .where(eq(users.id, user.id))
    .returning();
  return updated!;
}

/** Disables an account: sign-in is refused and every open session ends now. */
export async function disableAccount(
  { db, now }: Pick<Call, 'db' | 'now'>,
  email: string,
  reason?: string,
): Promise<User> {
  const user = await userByEmail(db, email);
  const updated = await inTransaction({ db }, async ({ db: tx }) => {
    const [row] = await tx
      .update(users)
      .set({ banned: true, banReason: reason ?? null, banExpires: null, updatedAt: now() })
      .where(eq(users.id, user.id))
      .returning();
    await tx.delete(sessions).where(eq(sessions.userId, user.id));
    return row!;
  });
  return updated;
}

export async function enableAccount(
  { db, now }: Pick<Call, 'db' | 'now'>,
  email: string,
): Promise<User> {
  const user = await userByEmail(db, email);
  const [updated] = await db
    .update(users)
    .set({ banned: false, banReason: null, banExpires: null, updatedAt: now() })
    .where(eq(users.id, user.id))
    .returning();
  return updated!;
}

/** The Supporter rank by hand from the command line (beside Stripe's: docs/billing.md). */
export async function setSupporter(
  { db, now }: Pick<Call, 'db' | 'now'>,
  email: string,
  isSupporter: boolean,
) {
  const user = await userByEmail(db, email);
  return inTransaction({ db }, async ({ db: tx }) => {
    await setSupporterByHand({ db: tx, now }, user.id, isSupporter, 'command line');
    const [updated] = await tx.select().from(users).where(eq(users.id, user.id));
    return updated!;
  });
}

/** Splits ADMIN_EMAILS ("a@x.org, b@y.org") into lower-cased addresses. */
export function parseAdminEmails(value: string): string[] {
  return value
    .split(',')
    .map((email) => email.trim().toLowerCase())
    .filter((email) => email.length > 0);
}

/** Makes the verified accounts among these addresses admins; answers the ones it changed. */
export async function promoteAdminEmails(
  ctx: Pick<Call, 'db' | 'now'>,
  emails: string[],
): Promise<string[]> {
  const { db } = ctx;
  const promoted: string[] = [];
  for (const email of emails) {
    const [user] = await db
      .select()
      .from(users)
      .where(sql`lower(${users.email}) = ${email}`)
      .limit(1);
    if (!user || !user.emailVerified || hasRole(user, 'admin')) continue;
    await grantRole(ctx, email, 'admin');
    promoted.push(email);
  }
  return promoted;
}
