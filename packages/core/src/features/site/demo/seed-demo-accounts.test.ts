import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../../test-support/test-db';
import { users } from '../../../platform/db/schema';
import { createAuthHarness } from '../../../../test-support/accounts/auth-harness';
import { findPartnerBySlug } from '../../money/partner/partner.service';
import {
  DEMO_PARTNER,
  describeDemoAccounts,
  hasNoUsers,
  seedDemoAccounts,
} from './seed-demo-accounts';

const { db } = await createTestDatabase();
const { signIn } = await createAuthHarness(db);

describe('demo accounts', () => {
  it('creates a verified admin and two users that sign in with the printed passwords', async () => {
    expect(await hasNoUsers(db)).toBe(true);
    const demo = await seedDemoAccounts(db);
    expect(demo.map((account) => account.role)).toEqual(['admin', 'user', 'user', 'partner']);
    const partner = await findPartnerBySlug(db, DEMO_PARTNER.slug);
    expect(partner).toMatchObject({ name: DEMO_PARTNER.name, priceCents: DEMO_PARTNER.priceCents });
    expect(await hasNoUsers(db)).toBe(false);
    const rows = await db.select().from(users);
    expect(rows.every((row) => row.emailVerified)).toBe(true);
    for (const account of demo) {
      const { response } = await signIn(
        account.email,
        account.password,
        `192.0.2.${demo.indexOf(account) + 1}`,
      );
      expect(response.status).toBe(200);
    }
    const text = describeDemoAccounts(demo, 'http://localhost:3000');
    for (const account of demo) expect(text).toContain(account.password);
  });

  it('skips accounts that already exist', async () => {
    expect(await seedDemoAccounts(db)).toEqual([]);
  });
});
