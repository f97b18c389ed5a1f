import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { dispatch } from '../../../kernel/dispatch';
import { findEndpoint } from '../../../api/endpoints';
import { sessions, users } from '../../../platform/db/schema';
import { firstLink } from '../../../../test-support/test-smtp-server';
import { createTestContext } from '../../../../test-support/test-context';
import { createTestDatabase } from '../../../../test-support/test-db';
import { createUser } from '../../../../test-support/factories';
import { disableAccount, enableAccount } from './roles.service';
import { resolveActor } from './session.service';
import { createAuthHarness, TEST_PUBLIC_URL } from '../../../../test-support/accounts/auth-harness';

const { db } = await createTestDatabase();
const harness = await createAuthHarness(db);
const { auth, smtp, request, signIn, logLines } = harness;

/** Every secret a test handled: none may appear in a log line. */
const secrets = new Set<string>();
const remember = <T extends string | undefined | null>(value: T): T => {
  if (value) secrets.add(value);
  return value;
};

let ipCounter = 10;
const freshIp = () => `198.51.100.${ipCounter++}`;

const WRONG_CREDENTIALS =
  "Wrong credentials. Please check if you've entered your email or password correctly";
const TOO_MANY = 'Too many requests. Please try again later';
const DISABLED = 'This account has been disabled. Have you been a bad boy? Please contact support';
const UNVERIFIED =
  "Your email isn't verified. Please check your inbox or request a new verification email";

describe('sign-in messages (docs/messages.md, word for word)', () => {
  it.each([
    [{ email: 'someone@example.org' }, 'Missing Password'],
    [{ email: 'someone@example.org', password: '' }, 'Missing Password'],
    [{ email: 'not an address', password: 'whatever' }, 'Invalid Email'],
    [{ password: 'whatever' }, 'Invalid Email'],
  ])('answers 400 to %j with %s', async (body, message) => {
    const response = await request('/sign-in/email', { body, ip: freshIp() });
    expect(response.status).toBe(400);
    expect((await response.json()).message).toBe(message);
  });

  it('answers a wrong password and an unknown address alike', async () => {
    const { user } = await createUser(db);
    const ip = freshIp();
    const wrong = await signIn(user.email, remember('not-the-password'), ip);
    expect(wrong.response.status).toBe(401);
    expect(wrong.body.message).toBe(WRONG_CREDENTIALS);
    const unknown = await signIn('nobody@example.org', 'whatever', ip);
    expect(unknown.response.status).toBe(401);
    expect(unknown.body.message).toBe(WRONG_CREDENTIALS);
  });

  it('refuses an unverified account and resends the verification mail on request', async () => {
    const { user, password } = await createUser(db, { emailVerified: false });
    remember(password);
    const refused = await signIn(user.email, password, freshIp());
    expect(refused.response.status).toBe(403);
    expect(refused.body.message).toBe(UNVERIFIED);

    const before = smtp.received.length;
    const resend = await request('/send-verification-email', {
      body: { email: user.email, callbackURL: '/verify' },
      ip: freshIp(),
    });
    expect(resend.status).toBe(200);
    const link = remember(firstLink(await smtp.waitForMail(user.email, { since: before })));
    expect((await request(link)).headers.get('location')).toBe('/verify');
    const signedIn = await signIn(user.email, password, freshIp());
    expect(signedIn.response.status).toBe(200);
    remember(signedIn.response.headers.get('set-auth-token'));
  });

  it('locks an account after ten wrong passwords in a row', async () => {
    const { user, password } = await createUser(db);
    remember(password);
    const answers: unknown[] = [];
    for (let attempt = 1; attempt <= 10; attempt++) {
      // A different address each time: the lock counts per account, not per IP.
      const { response, body } = await signIn(user.email, remember(`wrong-${attempt}`), freshIp());
      answers.push([response.status, body.message]);
    }
    expect(answers.slice(0, 9)).toEqual(Array(9).fill([401, WRONG_CREDENTIALS]));
    expect(answers[9]).toEqual([429, TOO_MANY]);
    // Even the right password waits until the lock ends.
    const locked = await signIn(user.email, password, freshIp());
    expect(locked.response.status).toBe(429);
    expect(locked.body.message).toBe(TOO_MANY);
    expect(locked.cookie).toBe('');
  });

  it('lets a correct password end a run of wrong ones', async () => {
    const { user, password } = await createUser(db);
    for (let attempt = 1; attempt <= 9; attempt++) {
      await signIn(user.email, `wrong-${attempt}`, freshIp());
    }
    expect((await signIn(user.email, password, freshIp())).response.status).toBe(200);
    for (let attempt = 1; attempt <= 9; attempt++) {
      const { body } = await signIn(user.email, `wrong-${attempt}`, freshIp());
      expect(body.message).toBe(WRONG_CREDENTIALS);
    }
  });
});

describe('disabled accounts', () => {
  it('cannot sign in, and their open sessions and tokens stop working at once', async () => {
    const { user, password } = await createUser(db);
    remember(password);
    const signedIn = await signIn(user.email, password, freshIp());
    expect(signedIn.response.status).toBe(200);
    const cookie = signedIn.cookie;
    const refreshToken = remember(signedIn.response.headers.get('set-auth-token'))!;
    const tokenResponse = await request('/token', {
      headers: { authorization: `Bearer ${refreshToken}` },
    });
    const accessToken = remember(((await tokenResponse.json()) as { token: string }).token);

    const withCookie = new Headers({ cookie });
    const withAccess = new Headers({ authorization: `Bearer ${accessToken}` });
    const withRefresh = new Headers({ authorization: `Bearer ${refreshToken}` });
    for (const headers of [withCookie, withAccess, withRefresh]) {
      expect((await resolveActor(auth, db, headers))?.id).toBe(user.id);
    }

    await disableAccount({ db, now: () => new Date() }, user.email, 'spam');
    for (const headers of [withCookie, withAccess, withRefresh]) {
      expect(await resolveActor(auth, db, headers)).toBeNull();
    }
    expect(await db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);
    const refresh = await request('/token', {
      headers: { authorization: `Bearer ${refreshToken}` },
    });
    expect(refresh.status).toBe(401);

    const refused = await signIn(user.email, password, freshIp());
    expect(refused.response.status).toBe(403);
    // The site's sentence (docs/messages.md) word for word, then the reason staff gave.
    expect(refused.body.message).toBe(`${DISABLED}. Reason: spam`);
    expect(refused.cookie).toBe('');
    // Only with the right password: a wrong one learns nothing of the account.
    const guessed = await signIn(user.email, `${password}-wrong`, freshIp());
    expect(guessed.response.status).toBe(401);
    expect(JSON.stringify(guessed.body)).not.toContain('spam');

    await enableAccount({ db, now: () => new Date() }, user.email);
    expect((await signIn(user.email, password, freshIp())).response.status).toBe(200);
  });

  it('stops an access token even when the row is changed without revoking sessions', async () => {
    const { user, password } = await createUser(db);
    const signedIn = await signIn(user.email, password, freshIp());
    const refreshToken = remember(signedIn.response.headers.get('set-auth-token'))!;
    const { token } = (await (
      await request('/token', { headers: { authorization: `Bearer ${refreshToken}` } })
    ).json()) as { token: string };
    remember(token);
    await db.update(users).set({ banned: true }).where(eq(users.id, user.id));
    expect(
      await resolveActor(auth, db, new Headers({ authorization: `Bearer ${token}` })),
    ).toBeNull();
    expect(await resolveActor(auth, db, new Headers({ cookie: signedIn.cookie }))).toBeNull();
  });
});

describe('tokens for API clients', () => {
  it('issues a short-lived access token from the refresh token, and sign-out ends both', async () => {
    const { user, password } = await createUser(db);
    const signedIn = await signIn(user.email, password, freshIp());
    const refreshToken = remember(signedIn.response.headers.get('set-auth-token'))!;
    const response = await request('/token', {
      headers: { authorization: `Bearer ${refreshToken}` },
    });
    expect(response.status).toBe(200);
    const { token } = (await response.json()) as { token: string };
    remember(token);
    const payload = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as {
      exp: number;
      iat: number;
      sub: string;
      username: string;
    };
    expect(payload.sub).toBe(user.id);
    expect(payload.username).toBe(user.username);
    expect(payload.exp - payload.iat).toBe(15 * 60);

    const signOut = await request('/sign-out', {
      method: 'POST',
      body: {},
      headers: { authorization: `Bearer ${refreshToken}` },
    });
    expect(signOut.status).toBe(200);
    const again = await request('/token', { headers: { authorization: `Bearer ${refreshToken}` } });
    expect(again.status).toBe(401);
  });

  it('signs in a client that sends Fetch Metadata but no cookie and no Origin (Node fetch)', async () => {
    const { user, password } = await createUser(db);
    const asNodeFetch = (headers: Record<string, string>) =>
      harness.handle(
        new Request(`${TEST_PUBLIC_URL}/api/auth/sign-in/email`, {
          method: 'POST',
          // What undici's fetch sends of itself.
          headers: {
            'content-type': 'application/json',
            'sec-fetch-mode': 'cors',
            'x-forwarded-for': freshIp(),
            ...headers,
          },
          body: JSON.stringify({ email: user.email, password }),
        }),
      );
    const signedIn = await asNodeFetch({});
    expect(signedIn.status).toBe(200);
    expect(remember(signedIn.headers.get('set-auth-token'))).toBeTruthy();
    // A browser page elsewhere is still refused: it names its site, or carries cookies.
    const fromAnotherSite = await asNodeFetch({
      'sec-fetch-site': 'cross-site',
      origin: 'https://evil.example',
    });
    expect(fromAnotherSite.status).toBe(403);
    const withCookieNoOrigin = await asNodeFetch({ cookie: 'cutroom.session_token=x' });
    expect(withCookieNoOrigin.status).toBe(403);
  });

  it('refuses a forged access token', async () => {
    const { user } = await createUser(db);
    const header = Buffer.from(JSON.stringify({ alg: 'EdDSA', kid: 'x' })).toString('base64url');
    const body = Buffer.from(JSON.stringify({ sub: user.id, aud: TEST_PUBLIC_URL })).toString(
      'base64url',
    );
    const forged = `${header}.${body}.c2lnbmF0dXJl`;
    expect(
      await resolveActor(auth, db, new Headers({ authorization: `Bearer ${forged}` })),
    ).toBeNull();
  });
});

describe('password reset and account settings', () => {
  it('resets a forgotten password by e-mail, ending the old sessions', async () => {
    const { user, password } = await createUser(db);
    remember(password);
    const old = await signIn(user.email, password, freshIp());
    const before = smtp.received.length;
    const ask = await request('/request-password-reset', {
      body: { email: user.email, redirectTo: '/reset-password' },
      ip: freshIp(),
    });
    expect(ask.status).toBe(200);
    const mail = await smtp.waitForMail(user.email, { since: before });
    expect(mail.subject).toBe('Reset your Cutroom password');
    const link = remember(firstLink(mail));
    const landing = await request(link);
    expect(landing.status).toBe(302);
    const location = landing.headers.get('location')!;
    expect(location).toMatch(/^http:\/\/cutroom\.test\/reset-password\?token=/);
    const token = remember(new URL(location, TEST_PUBLIC_URL).searchParams.get('token'))!;

    const short = await request('/reset-password', { body: { token, newPassword: '123' } });
    expect((await short.json()).message).toBe('Password should be at least 6 characters');
    const reset = await request('/reset-password', {
      body: { token, newPassword: remember('brand-new-password') },
    });
    expect(reset.status).toBe(200);
    expect(await resolveActor(auth, db, new Headers({ cookie: old.cookie }))).toBeNull();
    expect((await signIn(user.email, password, freshIp())).body.message).toBe(WRONG_CREDENTIALS);
    expect((await signIn(user.email, 'brand-new-password', freshIp())).response.status).toBe(200);

    const reused = await request('/reset-password', {
      body: { token, newPassword: 'another-password' },
    });
    expect(reused.status).toBe(400);
    expect((await reused.json()).message).toBe(
      'This link is invalid or has expired. Please ask for a new one',
    );
  });

  it('changes the password with the current one', async () => {
    const { user, password } = await createUser(db);
    const { cookie } = await signIn(user.email, password, freshIp());
    const wrong = await request('/change-password', {
      body: { currentPassword: 'not-it', newPassword: 'changed-password' },
      cookie,
    });
    expect(wrong.status).toBe(400);
    expect((await wrong.json()).message).toBe('Your current password is not correct');
    const changed = await request('/change-password', {
      body: {
        currentPassword: password,
        newPassword: remember('changed-password'),
        revokeOtherSessions: true,
      },
      cookie,
    });
    expect(changed.status).toBe(200);
    expect((await signIn(user.email, 'changed-password', freshIp())).response.status).toBe(200);
  });

  it('changes the e-mail address only once the new one is verified', async () => {
    const { user, password } = await createUser(db);
    const { cookie } = await signIn(user.email, password, freshIp());
    const before = smtp.received.length;
    const asked = await request('/change-email', {
      body: { newEmail: 'New.Address@example.org', callbackURL: '/profile/settings' },
      cookie,
    });
    expect(asked.status).toBe(200);
    const [unchanged] = await db.select().from(users).where(eq(users.id, user.id));
    expect(unchanged!.email).toBe(user.email);
    const mail = await smtp.waitForMail('new.address@example.org', { since: before });
    expect(mail.subject).toBe('Confirm your new e-mail address for Cutroom');
    await request(remember(firstLink(mail)));
    const [changed] = await db.select().from(users).where(eq(users.id, user.id));
    expect(changed!.email).toBe('new.address@example.org');
    expect(changed!.emailVerified).toBe(true);
    expect((await signIn('new.address@example.org', password, freshIp())).response.status).toBe(
      200,
    );
  });

  it('keeps the username and protected fields out of reach of update-user', async () => {
    const { user, password } = await createUser(db);
    const { cookie } = await signIn(user.email, password, freshIp());
    for (const body of [{ username: 'renamed' }, { role: 'admin' }, { banned: false }]) {
      const response = await request('/update-user', { body, cookie });
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
    }
    const [row] = await db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ username: user.username, role: 'user' });
  });

  it("closes the admin plugin's HTTP endpoints, even to an admin", async () => {
    const { user, password } = await createUser(db, { role: 'admin' });
    const { user: target } = await createUser(db);
    const { cookie } = await signIn(user.email, password, freshIp());
    for (const [path, body] of [
      ['/admin/set-role', { userId: target.id, role: 'admin' }],
      ['/admin/ban-user', { userId: target.id }],
      ['/admin/impersonate-user', { userId: target.id }],
    ] as const) {
      const response = await request(path, { body, cookie });
      expect(response.status).toBe(404);
    }
    const listed = await harness.handle(
      new Request(`${TEST_PUBLIC_URL}/api/auth/admin/list-users`, { headers: { cookie } }),
    );
    expect(listed.status).toBe(404);
    const [row] = await db.select().from(users).where(eq(users.id, target.id));
    expect(row).toMatchObject({ role: 'user', banned: false });
  });

  it('refuses a mutation from a foreign origin', async () => {
    const { user, password } = await createUser(db);
    const { cookie } = await signIn(user.email, password, freshIp());
    const response = await harness.handle(
      new Request(`${TEST_PUBLIC_URL}/api/auth/change-password`, {
        method: 'POST',
        headers: {
          origin: 'https://evil.example',
          cookie,
          'content-type': 'application/json',
          'x-forwarded-for': freshIp(),
        },
        body: JSON.stringify({ currentPassword: password, newPassword: 'hijacked-password' }),
      }),
    );
    expect(response.status).toBe(403);
    expect((await signIn(user.email, 'hijacked-password', freshIp())).response.status).toBe(401);
  });
});

describe('/api/v2/admin and /api/InitNewUser', () => {
  const admin = findEndpoint('/api/v2/admin')!;
  const init = findEndpoint('/api/InitNewUser')!;

  it('answers 200 to an admin, 403 to every other account and 401 to a visitor', async () => {
    const { actor: adminActor } = await createUser(db, { role: 'admin' });
    const { actor: moderator } = await createUser(db, { role: 'moderator,tagger' });
    const { actor: plain } = await createUser(db);
    const call = (actor: typeof plain | null) =>
      dispatch(admin, { mode: 'CheckAccess' }, createTestContext(db, { actor }));
    expect((await call(adminActor)).status).toBe(200);
    expect((await call(moderator)).status).toBe(403);
    expect((await call(plain)).status).toBe(403);
    expect((await call(null)).status).toBe(401);
  });

  it("answers the caller's new-user record", async () => {
    const { user, actor } = await createUser(db, { username: 'Initial' });
    const own = await dispatch(init, { username: 'initial' }, createTestContext(db, { actor }));
    expect(own.status).toBe(200);
    expect(own.body.data).toMatchObject({ uid: user.id, username: 'Initial', emailVerified: true });
    const other = await dispatch(init, { username: 'someone' }, createTestContext(db, { actor }));
    expect(other.status).toBe(409);
    expect(other.body.error).toBe('This username is already in use');
    const visitor = await dispatch(init, { username: 'initial' }, createTestContext(db));
    expect(visitor.status).toBe(401);
  });
});

describe('hardening of the auth endpoints (regressions)', () => {
  it('closes update-user: the avatar changes only by upload, no field by this door', async () => {
    const { user, password } = await createUser(db);
    const { cookie } = await signIn(user.email, password, freshIp());
    for (const body of [{ image: 'https://evil.example/tracker.png' }, { name: 'Renamed' }]) {
      const response = await request('/update-user', { body, cookie });
      expect(response.status).toBe(404);
      expect((await response.json()).message).toBe(
        'Change your profile with POST /api/v2/profileInput',
      );
    }
    const [row] = await db.select().from(users).where(eq(users.id, user.id));
    expect(row!.image).toBe(user.image);
    expect(row!.name).toBe(user.name);
  });

  it('refuses an overlong e-mail address with 400 naming the field, before the database', async () => {
    const huge = `${'a'.repeat(3000)}@example.org`;
    for (const [path, body] of [
      ['/sign-in/email', { email: huge, password: 'whatever' }],
      ['/request-password-reset', { email: huge, redirectTo: '/reset-password' }],
      ['/send-verification-email', { email: huge, callbackURL: '/verify' }],
    ] as const) {
      const response = await request(path, { body, ip: freshIp() });
      expect(response.status, path).toBe(400);
      expect((await response.json()).message).toBe('email: at most 254 characters');
    }
    const createUserEndpoint = findEndpoint('/api/createuser')!;
    const registered = await dispatch(
      createUserEndpoint,
      { username: 'longmail', email: huge, password: 'long-enough' },
      { ...harness.context, ip: freshIp() },
    );
    expect(registered).toMatchObject({
      status: 400,
      body: { error: 'email: at most 254 characters' },
    });
    expect(await db.select().from(users).where(eq(users.username, 'longmail'))).toEqual([]);
  });

  it('takes only JSON bodies: a form a foreign page could post answers 415', async () => {
    const { user, password } = await createUser(db);
    const response = await harness.handle(
      new Request(`${TEST_PUBLIC_URL}/api/auth/sign-in/email`, {
        method: 'POST',
        headers: {
          origin: TEST_PUBLIC_URL,
          'content-type': 'application/x-www-form-urlencoded',
          'x-forwarded-for': freshIp(),
        },
        body: new URLSearchParams({ email: user.email, password }).toString(),
      }),
    );
    expect(response.status).toBe(415);
    expect(response.headers.getSetCookie()).toEqual([]);
  });

  it('sends a broken, used or old verification link to the page that explains it', async () => {
    const broken = await request('/verify-email?token=not-a-token&callbackURL=/verify');
    expect([302, 303]).toContain(broken.status);
    expect(broken.headers.get('location')).toBe('/verify?error=INVALID_TOKEN');
    // Without a landing page named in the link, better-auth alone answers an empty error.
    const bare = await request('/verify-email?token=not-a-token');
    expect(bare.status).toBe(303);
    expect(bare.headers.get('location')).toBe('/verify?error=INVALID_TOKEN');

    const { user } = await createUser(db, { emailVerified: false });
    const before = smtp.received.length;
    await request('/send-verification-email', {
      body: { email: user.email, callbackURL: '/verify' },
      ip: freshIp(),
    });
    const link = remember(firstLink(await smtp.waitForMail(user.email, { since: before })));
    expect((await request(link)).headers.get('location')).toBe('/verify');
    const used = await request(link);
    expect([302, 303]).toContain(used.status);
    expect(used.headers.get('location')).toMatch(/^\/verify/);
  });
});

afterAll(() => {
  // After every test of the file: no password, token or link reached the logs.
  const logs = logLines.join('\n');
  expect(logs.length).toBeGreaterThan(0);
  for (const secret of secrets) expect(logs).not.toContain(secret);
  for (const token of secrets) {
    const value = token.match(/token=([^&]+)/)?.[1];
    if (value) expect(logs).not.toContain(value);
  }
});
