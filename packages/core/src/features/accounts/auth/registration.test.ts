import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { dispatch } from '../../../kernel/dispatch';
import { findEndpoint } from '../../../api/endpoints';
import { accounts, users } from '../../../platform/db/schema';
import { firstLink } from '../../../../test-support/test-smtp-server';
import { createTestDatabase } from '../../../../test-support/test-db';
import { MESSAGES } from './messages';
import { resolveActor } from './session.service';
import { createAuthHarness, TEST_PUBLIC_URL } from '../../../../test-support/accounts/auth-harness';

const { db } = await createTestDatabase();
const harness = await createAuthHarness(db);
const { context, smtp, request, signIn } = harness;
const createUser = findEndpoint('/api/createuser')!;

const register = (body: Record<string, unknown>) => dispatch(createUser, body, context);

describe('registration, verification by e-mail and sign-in (real SMTP server)', () => {
  it('registers, mails a link that verifies the address, then signs in', async () => {
    const before = smtp.received.length;
    const result = await register({
      username: 'Alice',
      email: 'Alice@Example.org',
      password: 'secret-1',
    });
    expect(result.status).toBe(200);
    expect(result.body.message).toBe(
      "We've sent you an email. If you don't see it please check your spam folder or contact support",
    );
    expect(result.body.user).toMatchObject({
      username: 'Alice',
      email: 'alice@example.org',
      emailVerified: false,
      accountType: 'password',
      lastLogin: null,
    });

    // Not verified yet: refused with the site's notice (docs/messages.md).
    const early = await signIn('alice@example.org', 'secret-1');
    expect(early.response.status).toBe(403);
    expect(early.body.message).toBe(
      "Your email isn't verified. Please check your inbox or request a new verification email",
    );
    expect(early.cookie).toBe('');

    const mail = await smtp.waitForMail('alice@example.org', { since: before });
    expect(mail.subject).toBe('Verify your e-mail address for Cutroom');
    const link = firstLink(mail);
    expect(link.startsWith(`${TEST_PUBLIC_URL}/api/auth/verify-email?token=`)).toBe(true);

    const followed = await request(link);
    expect(followed.status).toBe(302);
    expect(followed.headers.get('location')).toBe('/verify');
    const [row] = await db.select().from(users).where(eq(users.username, 'Alice'));
    expect(row!.emailVerified).toBe(true);

    const signedIn = await signIn('ALICE@example.org', 'secret-1');
    expect(signedIn.response.status).toBe(200);
    const setCookie = signedIn.response.headers.getSetCookie().join('\n');
    expect(setCookie).toMatch(/cutroom\.session_token=[^;]+;.*HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);

    const actor = await resolveActor(harness.auth, db, new Headers({ cookie: signedIn.cookie }));
    expect(actor).toMatchObject({
      id: row!.id,
      username: 'Alice',
      role: 'user',
      emailVerified: true,
    });
    const [signedInRow] = await db.select().from(users).where(eq(users.id, row!.id));
    expect(signedInRow!.lastLoginAt).toBeInstanceOf(Date);
  });

  it('refuses a tampered verification link', async () => {
    const before = smtp.received.length;
    await register({ username: 'bob', email: 'bob@example.org', password: 'secret-2' });
    const link = firstLink(await smtp.waitForMail('bob@example.org', { since: before }));
    const tampered = await request(
      link.replace(/token=([^&]+)/, (_m, token: string) => `token=${token.slice(0, -3)}abc`),
    );
    expect(tampered.status).toBe(302);
    expect(tampered.headers.get('location')).toMatch(/^\/verify\?error=/);
    const [row] = await db.select().from(users).where(eq(users.username, 'bob'));
    expect(row!.emailVerified).toBe(false);
  });

  it.each([
    [{ username: 'carol', email: 'not-an-address', password: 'secret-3' }, 'Invalid email'],
    [{ username: 'carol', email: 'carol@example.org' }, 'Missing Password'],
    [{ username: 'carol', email: 'carol@example.org', password: '' }, 'Missing Password'],
    [
      { username: 'carol', email: 'carol@example.org', password: '12345' },
      'Password should be at least 6 characters',
    ],
  ])('answers 400 %j with the site message (docs/messages.md)', async (body, message) => {
    const result = await register(body);
    expect(result.status).toBe(400);
    expect(result.body.error).toBe(message);
    expect(await db.select().from(users).where(eq(users.username, 'carol'))).toHaveLength(0);
  });

  it('refuses a taken username (any case) and a taken e-mail address (any case)', async () => {
    await register({ username: 'dave', email: 'dave@example.org', password: 'secret-4' });
    const name = await register({
      username: 'DAVE',
      email: 'other@example.org',
      password: 'secret-4',
    });
    expect(name.status).toBe(409);
    expect(name.body.error).toBe(MESSAGES.usernameTaken);
    expect(name.body.error).toBe('This username is already in use');
    const email = await register({
      username: 'dave2',
      email: 'DAVE@example.org',
      password: 'secret-4',
    });
    expect(email.status).toBe(409);
    expect(email.body.error).toBe('This email is already in use');
  });

  it('gives a name raced for by two registrations to exactly one of them', async () => {
    const results = await Promise.all(
      ['race1@example.org', 'race2@example.org', 'race3@example.org'].map((email) =>
        register({ username: 'Racer', email, password: 'secret-5' }),
      ),
    );
    expect(results.filter((result) => result.status === 200)).toHaveLength(1);
    for (const result of results.filter((result) => result.status !== 200)) {
      expect(result.status).toBe(409);
      expect(result.body.error).toBe('This username is already in use');
    }
    const rows = await db.select().from(users).where(eq(users.username, 'Racer'));
    expect(rows).toHaveLength(1);
    expect(await db.select().from(accounts).where(eq(accounts.userId, rows[0]!.id))).toHaveLength(
      1,
    );
  });

  it('keeps only a slow salted hash of the password', async () => {
    await register({ username: 'erin', email: 'erin@example.org', password: 'secret-6' });
    await register({ username: 'frank', email: 'frank@example.org', password: 'secret-6' });
    const hashes = await db
      .select({ password: accounts.password })
      .from(accounts)
      .innerJoin(users, eq(users.id, accounts.userId))
      .where(eq(users.email, 'erin@example.org'))
      .union(
        db
          .select({ password: accounts.password })
          .from(accounts)
          .innerJoin(users, eq(users.id, accounts.userId))
          .where(eq(users.email, 'frank@example.org')),
      );
    expect(hashes).toHaveLength(2);
    for (const { password } of hashes) {
      // scrypt: 16-byte salt and 64-byte key, hex.
      expect(password).toMatch(/^[0-9a-f]{32}:[0-9a-f]{128}$/);
      expect(password).not.toContain('secret-6');
    }
    // Same password, different salts.
    expect(hashes[0]!.password).not.toBe(hashes[1]!.password);
  });

  it('answers 400 for a malformed username', async () => {
    const result = await register({
      username: 'a b',
      email: 'ab@example.org',
      password: 'secret-7',
    });
    expect(result.status).toBe(400);
  });
});
