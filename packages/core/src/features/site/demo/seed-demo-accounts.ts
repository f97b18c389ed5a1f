import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { generateId } from 'better-auth';
import { hashPassword } from 'better-auth/crypto';
import type { Database } from '../../../platform/db/client';
import { accounts, users } from '../../../platform/db/schema';
import { createPartner, setChannelDetails, setPrice } from '../../money/partner';
import { inTransaction } from '../../../platform/db/unit-of-work';

export interface DemoAccount {
  username: string;
  email: string;
  password: string;
  role: string;
}

const DEMO_ACCOUNTS = [
  { username: 'admin', email: 'admin@demo.cutroom.local', role: 'admin' },
  { username: 'alice', email: 'alice@demo.cutroom.local', role: 'user' },
  { username: 'bob', email: 'bob@demo.cutroom.local', role: 'user' },
  // The partner channel's account (docs/partner.md): its channel is made below.
  { username: 'digitalfiend', email: 'digitalfiend@demo.cutroom.local', role: 'partner' },
] as const;

/** The demo partner channel, at the default PARTNER_SLUG. */
export const DEMO_PARTNER = {
  username: 'digitalfiend',
  slug: 'digitalfiend',
  name: 'Digital Fiend',
  description:
    'Generated test patterns, made for the partner channel demo. Premium videos are for subscribers.',
  priceCents: 499,
  currency: 'usd',
} as const;

/** Whether the site has no account yet: the first start of a fresh install. */
export async function hasNoUsers(db: Database): Promise<boolean> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(users);
  return (row?.count ?? 0) === 0;
}

/**
 * Creates the demo accounts (an admin and two users, all verified) with fresh random
 * passwords, and answers them so the caller can show them once. Existing names are skipped.
 */
export async function seedDemoAccounts(db: Database): Promise<DemoAccount[]> {
  const created: DemoAccount[] = [];
  for (const demo of DEMO_ACCOUNTS) {
    const password = randomBytes(9).toString('base64url');
    const id = generateId(32);
    const inserted = await inTransaction({ db }, async ({ db: tx }) => {
      const rows = await tx
        .insert(users)
        .values({
          id,
          username: demo.username,
          displayUsername: demo.username,
          name: demo.username,
          email: demo.email,
          emailVerified: true,
          role: demo.role,
        })
        .onConflictDoNothing()
        .returning({ id: users.id });
      if (rows.length === 0) return false;
      await tx.insert(accounts).values({
        id: generateId(32),
        accountId: id,
        providerId: 'credential',
        userId: id,
        password: await hashPassword(password),
      });
      return true;
    });
    if (inserted) created.push({ ...demo, password });
  }
  if (created.some((account) => account.username === DEMO_PARTNER.username)) {
    const now = new Date();
    const partner = await createPartner({ db, now: () => now }, DEMO_PARTNER);
    await setChannelDetails({ db, now: () => now }, partner, DEMO_PARTNER);
    await setPrice({ db, now: () => now }, partner, { ...DEMO_PARTNER, stripePriceId: null });
  }
  return created;
}

/** The lines shown once in the terminal after seeding. */
export function describeDemoAccounts(demoAccounts: DemoAccount[], publicUrl: string): string {
  const width = Math.max(...demoAccounts.map((account) => account.email.length));
  return [
    '',
    `Demo accounts (shown only this once; sign in at ${publicUrl}/login):`,
    ...demoAccounts.map(
      (account) =>
        `  ${account.role.padEnd(7)} ${account.email.padEnd(width)}  password: ${account.password}`,
    ),
    '',
  ].join('\n');
}
