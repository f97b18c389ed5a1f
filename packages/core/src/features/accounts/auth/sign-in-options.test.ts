import { solveChallenge } from 'altcha-lib/v1';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { dispatch } from '../../../kernel/dispatch';
import { users } from '../../../platform/db/schema';
import { firstLink } from '../../../../test-support/test-smtp-server';
import { createUser } from '../../../../test-support/factories';
import { createTestDatabase } from '../../../../test-support/test-db';
import {
  createUserEndpoint,
  passwordPolicyEndpoint,
  recaptchaConfigEndpoint,
} from './accounts.endpoints';
import { DEFAULT_AUTH_RATE_LIMIT, TWO_FACTOR_RATE_LIMIT } from './auth';
import { OWN_MESSAGES } from './messages';
import type { OAuthProvider } from './oauth';
import { resolveActor } from './session.service';
import { createAuthHarness, TEST_PUBLIC_URL } from '../../../../test-support/accounts/auth-harness';
import { startStandInProvider } from '../../../../test-support/accounts/oidc-provider';
import { totpCode } from '../../../../test-support/accounts/totp';

const { db } = await createTestDatabase();

const provider = await startStandInProvider({
  id: 'oidc-subject-1',
  sub: 'oidc-subject-1',
  email: 'ada.provider@example.org',
  email_verified: true,
  name: 'Ada Lovelace',
});
afterAll(() => provider.close());

const oidc: OAuthProvider = {
  id: 'oidc',
  name: 'Example SSO',
  clientId: 'cutroom-client',
  clientSecret: 'cutroom-client-secret',
  issuer: provider.url,
};

const harness = await createAuthHarness(db, {
  settings: {
    passwordPolicy: {
      minLength: 10,
      maxLength: 64,
      requireLowercase: true,
      requireUppercase: true,
      requireNumeric: true,
      requireNonAlphanumeric: false,
    },
    oauthProviders: [oidc],
  },
});
const { smtp, request, signIn, cookiesOf } = harness;

let ipCounter = 10;
const freshIp = () => `198.51.100.${ipCounter++}`;

const register = (body: Record<string, unknown>, context = harness.context) =>
  dispatch(createUserEndpoint, body, { ...context, ip: freshIp() } as typeof context);

describe('the password policy (docs/sign-in.md)', () => {
  it('is served to the register form from the configuration', async () => {
    const result = await dispatch(passwordPolicyEndpoint, {}, harness.context);
    expect(result.status).toBe(200);
    expect(result.body.policy).toEqual({
      minLength: 10,
      maxLength: 64,
      requireLowercase: true,
      requireUppercase: true,
      requireNumeric: true,
      requireNonAlphanumeric: false,
    });
  });

  it('is enforced by registration', async () => {
    const base = { username: 'policyholder', email: 'policy@example.org' };
    const short = await register({ ...base, password: 'Abc1' });
    expect(short.status).toBe(400);
    expect(short.body.error).toBe('Password should be at least 10 characters');
    const weak = await register({ ...base, password: 'alllowercase' });
    expect(weak.status).toBe(400);
    expect(weak.body.error).toBe('Password must contain an uppercase letter, a digit');
    const long = await register({ ...base, password: `Aa1${'x'.repeat(70)}` });
    expect(long.body.error).toBe('Passwords are at most 64 characters long');
    const good = await register({ ...base, password: 'Correct-Horse-7' });
    expect(good.status).toBe(200);
  });

  it('is enforced when a password is changed or reset', async () => {
    const { user, password } = await createUser(db, { password: 'Old-password-1' });
    const { cookie } = await signIn(user.email, password, freshIp());
    const weak = await request('/change-password', {
      body: { currentPassword: password, newPassword: 'weakweakweak' },
      cookie,
      ip: freshIp(),
    });
    expect(weak.status).toBe(400);
    expect((await weak.json()).message).toBe('Password must contain an uppercase letter, a digit');
    const strong = await request('/change-password', {
      body: { currentPassword: password, newPassword: 'New-Password-22' },
      cookie,
      ip: freshIp(),
    });
    expect(strong.status).toBe(200);

    const before = smtp.received.length;
    await request('/request-password-reset', {
      body: { email: user.email, redirectTo: '/reset-password' },
      ip: freshIp(),
    });
    const link = firstLink(await smtp.waitForMail(user.email, { since: before }));
    const landing = await request(link, { ip: freshIp() });
    const token = new URL(landing.headers.get('location')!, TEST_PUBLIC_URL).searchParams.get(
      'token',
    );
    const reset = await request('/reset-password', {
      body: { token, newPassword: 'short' },
      ip: freshIp(),
    });
    expect(reset.status).toBe(400);
    expect((await reset.json()).message).toBe('Password should be at least 10 characters');
  });

  it('lets a password set before a lower maximum still sign in', async () => {
    const longer = `Aa1-${'x'.repeat(80)}`;
    const { user } = await createUser(db, { password: longer });
    expect((await signIn(user.email, longer, freshIp())).response.status).toBe(200);
    const { cookie } = await signIn(user.email, longer, freshIp());
    const change = await request('/change-password', {
      body: { currentPassword: longer, newPassword: `${longer}y` },
      cookie,
      ip: freshIp(),
    });
    expect((await change.json()).message).toBe('Passwords are at most 64 characters long');
  });
});

describe('the bot check on registration (a proof of work by default)', async () => {
  const pow = await createAuthHarness(db, {
    settings: { botCheck: { provider: 'pow', powMaxNumber: 2000 } },
  });
  const solve = async () => {
    const config = await dispatch(recaptchaConfigEndpoint, {}, pow.context);
    expect(config.body.provider).toBe('pow');
    const challenge = config.body.challenge as {
      algorithm: string;
      challenge: string;
      maxnumber: number;
      salt: string;
      signature: string;
    };
    const solution = await solveChallenge(
      challenge.challenge,
      challenge.salt,
      challenge.algorithm,
      challenge.maxnumber,
    ).promise;
    expect(solution).not.toBeNull();
    const payload = { ...challenge, number: solution!.number };
    return { challenge, payload, answer: btoa(JSON.stringify(payload)) };
  };
  const account = (name: string) => ({
    username: name,
    email: `${name}@example.org`,
    password: 'secret-1',
  });

  it('refuses a registration without an answer, or with a wrong one', async () => {
    const none = await register(account('robot1'), pow.context);
    expect(none.status).toBe(400);
    expect(none.body.error).toBe(OWN_MESSAGES.botCheckMissing);

    const { payload } = await solve();
    const wrongNumber = btoa(JSON.stringify({ ...payload, number: payload.number + 1 }));
    const wrong = await register({ ...account('robot2'), botCheck: wrongNumber }, pow.context);
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toBe(OWN_MESSAGES.botCheckFailed);

    const garbage = await register(
      { ...account('robot3'), botCheck: 'not base64 json' },
      pow.context,
    );
    expect(garbage.body.error).toBe(OWN_MESSAGES.botCheckFailed);
    const rows = await db.select().from(users).where(eq(users.username, 'robot2'));
    expect(rows).toHaveLength(0);
  });

  it('refuses a challenge this server did not sign', async () => {
    const { payload } = await solve();
    const forged = btoa(JSON.stringify({ ...payload, signature: 'f'.repeat(64) }));
    const result = await register({ ...account('forger'), botCheck: forged }, pow.context);
    expect(result.body.error).toBe(OWN_MESSAGES.botCheckFailed);
  });

  it('accepts a solved challenge once', async () => {
    const { answer } = await solve();
    const first = await register({ ...account('human1'), botCheck: answer }, pow.context);
    expect(first.status).toBe(200);
    const again = await register({ ...account('human2'), botCheck: answer }, pow.context);
    expect(again.status).toBe(400);
    expect(again.body.error).toBe(OWN_MESSAGES.botCheckFailed);
  });

  it('names a hosted provider and its site key when one is configured', async () => {
    const hosted = await createAuthHarness(db, {
      settings: {
        botCheck: {
          provider: 'turnstile',
          siteKey: 'site-key-1',
          secretKey: 'secret',
          powMaxNumber: 1000,
        },
      },
    });
    const config = await dispatch(recaptchaConfigEndpoint, {}, hosted.context);
    expect(config.body).toMatchObject({ provider: 'turnstile', siteKey: 'site-key-1' });
    const refused = await register(account('hostedless'), hosted.context);
    expect(refused.body.error).toBe(OWN_MESSAGES.botCheckMissing);
  });
});

describe('sign-in by an e-mail link', () => {
  it('mails a link that signs the account in, once', async () => {
    const { user } = await createUser(db);
    const before = smtp.received.length;
    const asked = await request('/sign-in/magic-link', {
      body: { email: user.email, callbackURL: '/', errorCallbackURL: '/login?error=link' },
      ip: freshIp(),
    });
    expect(asked.status).toBe(200);
    const mail = await smtp.waitForMail(user.email, { since: before });
    expect(mail.subject).toBe('Your sign-in link for Cutroom');
    const link = firstLink(mail);
    expect(link.startsWith(`${TEST_PUBLIC_URL}/api/auth/magic-link/verify?token=`)).toBe(true);

    const opened = await request(link, { ip: freshIp() });
    expect(opened.status).toBe(302);
    expect(opened.headers.get('location')).toBe(`${TEST_PUBLIC_URL}/`);
    const cookie = cookiesOf(opened);
    const actor = await resolveActor(harness.auth, db, new Headers({ cookie }));
    expect(actor?.id).toBe(user.id);

    const reused = await request(link, { ip: freshIp() });
    expect(reused.status).toBe(302);
    expect(reused.headers.get('location')).toContain('error=INVALID_TOKEN');
    expect(cookiesOf(reused)).toBe('');
  });

  it('sends nothing to an unknown address or a disabled account, answering alike', async () => {
    const before = smtp.received.length;
    const asked = await request('/sign-in/magic-link', {
      body: { email: 'nobody-here@example.org', callbackURL: '/' },
      ip: freshIp(),
    });
    expect(asked.status).toBe(200);
    const disabled = await createUser(db, { banned: true });
    const askedForDisabled = await request('/sign-in/magic-link', {
      body: { email: disabled.user.email, callbackURL: '/' },
      ip: freshIp(),
    });
    expect(askedForDisabled.status).toBe(200);
    const known = await createUser(db);
    await request('/sign-in/magic-link', {
      body: { email: known.user.email, callbackURL: '/' },
      ip: freshIp(),
    });
    await smtp.waitForMail(known.user.email, { since: before });
    expect(smtp.received.slice(before).map((mail) => mail.to)).toEqual([[known.user.email]]);
  });
  it('asks for the code after a sign-in link mailed before two-factor sign-in was turned on', async () => {
    const { user, password } = await createUser(db, { password: 'Two-factor-9x' });
    const before = smtp.received.length;
    await request('/sign-in/magic-link', {
      body: { email: user.email, callbackURL: '/watched' },
      ip: freshIp(),
    });
    const link = firstLink(await smtp.waitForMail(user.email, { since: before }));
    const { totpURI } = await turnOnTwoFactor(user.email, password);

    const opened = await request(link, { ip: freshIp() });
    expect(opened.status).toBe(302);
    expect(opened.headers.get('location')).toBe('/login?step=code&next=%2Fwatched');
    const pending = cookiesOf(opened);
    expect(await resolveActor(harness.auth, db, new Headers({ cookie: pending }))).toBeNull();
    const withCode = await request('/two-factor/verify-totp', {
      body: { code: totpCode(totpURI) },
      cookie: pending,
      ip: freshIp(),
    });
    expect(withCode.status).toBe(200);
  });

  it('limits link requests from one address like mails, not like password sign-ins', async () => {
    const ip = freshIp();
    const ask = () =>
      request('/sign-in/magic-link', {
        body: { email: 'nobody-here@example.org', callbackURL: '/' },
        ip,
      });
    for (let i = 0; i < DEFAULT_AUTH_RATE_LIMIT.mailMax; i++)
      expect((await ask()).status).toBe(200);
    expect((await ask()).status).toBe(429);
  });
});

describe('two-factor sign-in (an authenticator app, with recovery codes)', () => {
  it('is set up with a code from the app, then asked for at every password sign-in', async () => {
    const { user, password } = await createUser(db, { password: 'Two-factor-9x' });
    const first = await signIn(user.email, password, freshIp());
    expect(first.response.status).toBe(200);

    const enabled = await request('/two-factor/enable', {
      body: { password },
      cookie: first.cookie,
      ip: freshIp(),
    });
    expect(enabled.status).toBe(200);
    const { totpURI, backupCodes } = (await enabled.json()) as {
      totpURI: string;
      backupCodes: string[];
    };
    expect(totpURI).toMatch(/^otpauth:\/\/totp\/Cutroom:/);
    expect(backupCodes).toHaveLength(10);
    const session = cookiesOf(enabled) || first.cookie;

    // Not on until the app's first code is confirmed.
    const [pending] = await db.select().from(users).where(eq(users.id, user.id));
    expect(pending!.twoFactorEnabled).toBe(false);
    const wrong = await request('/two-factor/verify-totp', {
      body: { code: '000000' === totpCode(totpURI) ? '111111' : '000000' },
      cookie: session,
      ip: freshIp(),
    });
    expect(wrong.status).toBe(401);
    expect((await wrong.json()).message).toBe(OWN_MESSAGES.wrongTwoFactorCode);
    const confirmed = await request('/two-factor/verify-totp', {
      body: { code: totpCode(totpURI) },
      cookie: session,
      ip: freshIp(),
    });
    expect(confirmed.status).toBe(200);
    const [on] = await db.select().from(users).where(eq(users.id, user.id));
    expect(on!.twoFactorEnabled).toBe(true);

    // The password alone no longer signs in.
    const second = await signIn(user.email, password, freshIp());
    expect(second.body.twoFactorRedirect).toBe(true);
    expect(await resolveActor(harness.auth, db, new Headers({ cookie: second.cookie }))).toBeNull();
    expect(await finishWithAppCode(second.cookie, totpURI)).toBe(user.id);

    // A recovery code signs in once.
    const third = await signIn(user.email, password, freshIp());
    const recovered = await request('/two-factor/verify-backup-code', {
      body: { code: backupCodes[0] },
      cookie: third.cookie,
      ip: freshIp(),
    });
    expect(recovered.status).toBe(200);
    expect(
      (await resolveActor(harness.auth, db, new Headers({ cookie: cookiesOf(recovered) })))?.id,
    ).toBe(user.id);
    const fourth = await signIn(user.email, password, freshIp());
    const reused = await request('/two-factor/verify-backup-code', {
      body: { code: backupCodes[0] },
      cookie: fourth.cookie,
      ip: freshIp(),
    });
    expect(reused.status).toBe(401);

    // No sign-in link is sent to an account with two-factor sign-in.
    const before = smtp.received.length;
    await request('/sign-in/magic-link', {
      body: { email: user.email, callbackURL: '/' },
      ip: freshIp(),
    });
    const other = await createUser(db);
    await request('/sign-in/magic-link', {
      body: { email: other.user.email, callbackURL: '/' },
      ip: freshIp(),
    });
    await smtp.waitForMail(other.user.email, { since: before });
    expect(smtp.received.slice(before).some((mail) => mail.to.includes(user.email))).toBe(false);
  });
});

describe('the second step, typed wrong a few times', () => {
  it('takes the right code after three wrong ones from one address, and limits at ten a minute', async () => {
    const { user, password, totpURI } = await memberWithTwoFactor();
    const ip = freshIp();
    const pending = await signIn(user.email, password, ip);
    const right = totpCode(totpURI);
    const wrongCode = right === '000000' ? '111111' : '000000';
    const typed = (code: string) =>
      request('/two-factor/verify-totp', { body: { code }, cookie: pending.cookie, ip });
    for (let i = 0; i < 3; i++) expect((await typed(wrongCode)).status).toBe(401);
    const accepted = await typed(totpCode(totpURI));
    expect(accepted.status).toBe(200);
    // The limit still holds: within the minute the tries run out.
    const again = await signIn(user.email, password, ip);
    const more = (code: string) =>
      request('/two-factor/verify-totp', { body: { code }, cookie: again.cookie, ip });
    const statuses: number[] = [];
    for (let i = 0; i < TWO_FACTOR_RATE_LIMIT.max; i++) {
      statuses.push((await more(wrongCode)).status);
    }
    expect(statuses[0]).toBe(401);
    expect(statuses).toContain(429);
    // 401 a wrong code, 400 once the library ends a pending sign-in tried too often.
    expect(statuses.filter((status) => ![400, 401, 429].includes(status))).toEqual([]);
  });
});

describe('the app code around a 30-second step (a clock the test sets)', () => {
  afterEach(() => vi.useRealTimers());

  it("takes the code of the step before (twice) and after the server's; refuses one two steps away", async () => {
    const { user, password, totpURI } = await memberWithTwoFactor();
    // Just after a step boundary: the app may still show the step before's code.
    const boundary = Math.ceil(Date.now() / 30_000) * 30_000 + 30_000;
    vi.useFakeTimers({ toFake: ['Date'], now: boundary + 100 });
    const ip = freshIp();
    const statusOf = async (code: string) => {
      const pending = await signIn(user.email, password, ip);
      const answer = await request('/two-factor/verify-totp', {
        body: { code },
        cookie: pending.cookie,
        ip,
      });
      return answer.status;
    };
    const before = totpCode(totpURI, boundary - 1_000);
    expect(await statusOf(before)).toBe(200);
    // The same code again within its step (a second sign-in): taken, not refused as a replay.
    expect(await statusOf(before)).toBe(200);
    expect(await statusOf(totpCode(totpURI, boundary + 30_100))).toBe(200);
    const farBehind = totpCode(totpURI, boundary - 60_000 - 1_000);
    const nearby = [-1, 0, 1].map((step) => totpCode(totpURI, boundary + 100 + step * 30_000));
    if (!nearby.includes(farBehind)) expect(await statusOf(farBehind)).toBe(401);
  });
});

/** Turns two-factor sign-in on for a member: the app's secret and the recovery codes. */
async function turnOnTwoFactor(email: string, password: string) {
  const first = await signIn(email, password, freshIp());
  const enabled = await request('/two-factor/enable', {
    body: { password },
    cookie: first.cookie,
    ip: freshIp(),
  });
  const { totpURI, backupCodes } = (await enabled.json()) as {
    totpURI: string;
    backupCodes: string[];
  };
  const confirmed = await request('/two-factor/verify-totp', {
    body: { code: totpCode(totpURI) },
    cookie: cookiesOf(enabled) || first.cookie,
    ip: freshIp(),
  });
  expect(confirmed.status).toBe(200);
  return { totpURI, backupCodes };
}

/** The second step with the app's current code: the signed-in member's id (the call must succeed). */
async function finishWithAppCode(pendingCookie: string, totpURI: string) {
  const withCode = await request('/two-factor/verify-totp', {
    body: { code: totpCode(totpURI) },
    cookie: pendingCookie,
    ip: freshIp(),
  });
  expect(withCode.status).toBe(200);
  return (await resolveActor(harness.auth, db, new Headers({ cookie: cookiesOf(withCode) })))?.id;
}

/** A member who has turned two-factor sign-in on. */
async function memberWithTwoFactor(email?: string) {
  const { user, password } = await createUser(db, { password: 'Two-factor-9x', email });
  return { user, password, ...(await turnOnTwoFactor(user.email, password)) };
}

/** A sign-in through the stand-in provider, as far as its callback's answer. */
async function providerSignIn(callbackURL: string) {
  const started = await request('/sign-in/social', {
    body: { provider: 'oidc', callbackURL, errorCallbackURL: '/login?via=oauth' },
    ip: freshIp(),
  });
  const state = new URL(((await started.json()) as { url: string }).url).searchParams.get('state');
  return request(`/callback/oidc?code=the-code&state=${state}`, {
    cookie: cookiesOf(started),
    ip: freshIp(),
  });
}

describe('sign-in with a configured OAuth provider', () => {
  it('builds the authorization redirect, then makes an account on the way back', async () => {
    const started = await request('/sign-in/social', {
      body: { provider: 'oidc', callbackURL: '/', errorCallbackURL: '/login' },
      ip: freshIp(),
    });
    expect(started.status).toBe(200);
    const { url } = (await started.json()) as { url: string };
    const authorize = new URL(url);
    expect(`${authorize.origin}${authorize.pathname}`).toBe(`${provider.url}/authorize`);
    expect(authorize.searchParams.get('client_id')).toBe('cutroom-client');
    expect(authorize.searchParams.get('redirect_uri')).toBe(
      `${TEST_PUBLIC_URL}/api/auth/callback/oidc`,
    );
    expect(authorize.searchParams.get('response_type')).toBe('code');
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    const state = authorize.searchParams.get('state')!;
    expect(state).toBeTruthy();

    // The provider sends the browser back with a code.
    const back = await request(`/callback/oidc?code=the-code&state=${state}`, {
      cookie: cookiesOf(started),
      ip: freshIp(),
    });
    expect(back.status).toBe(302);
    expect(back.headers.get('location')).toBe('/');
    expect(provider.tokenRequests.at(-1)).toContain('code=the-code');
    const [made] = await db.select().from(users).where(eq(users.email, 'ada.provider@example.org'));
    expect(made?.username).toBe('AdaLovelace');
    const actor = await resolveActor(harness.auth, db, new Headers({ cookie: cookiesOf(back) }));
    expect(actor?.id).toBe(made!.id);
  });

  it('asks for the app code when the account has two-factor sign-in on', async () => {
    const { user, totpURI, backupCodes } = await memberWithTwoFactor('grace.provider@example.org');
    provider.profile = {
      id: 'oidc-subject-2',
      sub: 'oidc-subject-2',
      email: user.email,
      email_verified: true,
      name: 'Grace Hopper',
    };

    // The provider's word alone makes no session: the browser goes to the second step.
    const back = await providerSignIn('/upload?from=provider');
    expect(back.status).toBe(302);
    expect(back.headers.get('location')).toBe(
      `/login?step=code&next=${encodeURIComponent('/upload?from=provider')}`,
    );
    const pending = cookiesOf(back);
    expect(pending).toContain('two_factor=');
    expect(await resolveActor(harness.auth, db, new Headers({ cookie: pending }))).toBeNull();
    const wrong = await request('/two-factor/verify-totp', {
      body: { code: '000000' === totpCode(totpURI) ? '111111' : '000000' },
      cookie: pending,
      ip: freshIp(),
    });
    expect(wrong.status).toBe(401);
    expect(await finishWithAppCode(pending, totpURI)).toBe(user.id);

    // A recovery code finishes it too.
    const again = await providerSignIn('/');
    expect(again.status).toBe(302);
    expect(again.headers.get('location')).toBe('/login?step=code');
    const recovered = await request('/two-factor/verify-backup-code', {
      body: { code: backupCodes[0] },
      cookie: cookiesOf(again),
      ip: freshIp(),
    });
    expect(recovered.status).toBe(200);
  });

  it('refuses a provider that is not configured', async () => {
    const response = await request('/sign-in/social', {
      body: { provider: 'github', callbackURL: '/' },
      ip: freshIp(),
    });
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
  });
});
