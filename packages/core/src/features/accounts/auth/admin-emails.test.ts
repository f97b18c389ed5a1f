import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { dispatch } from '../../../kernel/dispatch';
import { findEndpoint } from '../../../api/endpoints';
import { users } from '../../../platform/db/schema';
import { firstLink } from '../../../../test-support/test-smtp-server';
import { createTestDatabase } from '../../../../test-support/test-db';
import { createAuthHarness } from '../../../../test-support/accounts/auth-harness';

const { db } = await createTestDatabase();
const { context, smtp, request } = await createAuthHarness(db, {
  settings: { adminEmails: ['boss@example.org'] },
});

describe('ADMIN_EMAILS', () => {
  it('makes the listed address an admin once it is verified, and no other', async () => {
    const createUser = findEndpoint('/api/createuser')!;
    for (const [username, email] of [
      ['boss', 'Boss@Example.org'],
      ['worker', 'worker@example.org'],
    ]) {
      const before = smtp.received.length;
      expect(
        (await dispatch(createUser, { username, email, password: 'secret-1' }, context)).status,
      ).toBe(200);
      const [registered] = await db.select().from(users).where(eq(users.username, username!));
      expect(registered!.role).toBe('user');
      await request(firstLink(await smtp.waitForMail(email!.toLowerCase(), { since: before })));
    }
    const rows = await db.select({ username: users.username, role: users.role }).from(users);
    expect(Object.fromEntries(rows.map((row) => [row.username, row.role]))).toEqual({
      boss: 'admin',
      worker: 'user',
    });
  });
});
