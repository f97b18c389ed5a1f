import { describe, expect, it } from 'vitest';
import {
  createVerifiedUser,
  firstLink,
  outboxMails,
  signInThroughApi,
  waitForOutboxMail,
} from '../support/accounts';
import { baseUrl, openPage } from '../support/browser';
import { createTokenClient, signInForTokens } from '../../apps/web/lib/client/auth-token-client';

const REGISTERED =
  "We've sent you an email. If you don't see it please check your spam folder or contact support";
const UNVERIFIED =
  "Your email isn't verified. Please check your inbox or request a new verification email";
const WRONG = "Wrong credentials. Please check if you've entered your email or password correctly";

describe('accounts in the browser', () => {
  it('registers, reads the mail, verifies, signs in and signs out', async () => {
    const page = await openPage({ viewport: { width: 1280, height: 800 } });
    const username = `journey${Date.now().toString(36)}`;
    const email = `${username}@example.test`;

    await page.goto('/register');
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Password').fill('short');
    await page.getByRole('button', { name: 'Register' }).click();
    // The site's message (docs/messages.md), word for word, beside the field it is about, which
    // takes the focus.
    const error = page.locator('#password-error');
    await error.waitFor();
    expect(await error.textContent()).toBe('Password should be at least 6 characters');
    expect(await page.getByLabel('Password').getAttribute('aria-describedby')).toContain(
      'password-error',
    );
    expect(await page.getByLabel('Password').getAttribute('aria-invalid')).toBe('true');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('password');
    expect(await page.getByTestId('form-error').count()).toBe(0);
    // What was typed stays.
    expect(await page.getByLabel('Username').inputValue()).toBe(username);
    expect(await page.getByLabel('E-mail').inputValue()).toBe(email);

    await page.getByLabel('Password').fill('a-good-password');
    await page.getByRole('button', { name: 'Register' }).click();
    const success = page.getByTestId('register-success');
    await success.waitFor();
    expect(await success.textContent()).toBe(REGISTERED);
    const mail = await waitForOutboxMail(email);
    expect(mail.subject).toBe('Verify your e-mail address for Cutroom');

    // Before verifying: the notice and a button that sends a new mail.
    await page.goto('/login');
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Password').fill('a-good-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByTestId('form-error').waitFor();
    expect(await page.getByTestId('form-error').textContent()).toBe(UNVERIFIED);
    await page.getByRole('button', { name: 'Send a new verification email' }).click();
    await page.getByTestId('form-success').waitFor();
    const second = await waitForOutboxMail(email, 1);

    await page.goto(firstLink(second));
    expect(new URL(page.url()).pathname).toBe('/verify');
    await page.getByTestId('verify-ok').waitFor();

    await page.getByRole('link', { name: 'Sign in' }).last().click();
    await page.waitForURL('**/login');
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByTestId('form-error').waitFor();
    expect(await page.getByTestId('form-error').textContent()).toBe(WRONG);
    expect(await page.getByLabel('E-mail').inputValue()).toBe(email);

    await page.getByLabel('Password').fill('a-good-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${baseUrl()}/`);
    const menu = page.getByTestId('account-menu');
    await menu.waitFor();
    expect(await menu.textContent()).toContain(username);
    const cookies = await page.context().cookies();
    const session = cookies.find((cookie) => cookie.name === 'cutroom.session_token');
    expect(session?.httpOnly).toBe(true);
    expect(session?.sameSite).toBe('Lax');
    // The menu checked the session once, through the cookie.
    await page.waitForFunction(
      () => localStorage.getItem('cutroom:session-checked-at') !== null,
      undefined,
      { polling: 100 },
    );
    // Not an admin: no admin links.
    await menu.getByRole('button').click();
    expect(await page.getByTestId('admin-link').count()).toBe(0);

    await page.evaluate(() => sessionStorage.setItem('cutroom:profile', '{"cached":true}'));
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.getByRole('link', { name: 'Sign in' }).first().waitFor();
    expect(await page.getByTestId('account-menu').count()).toBe(0);
    expect(await page.evaluate(() => sessionStorage.getItem('cutroom:profile'))).toBeNull();
    expect(
      await page.evaluate(() => localStorage.getItem('cutroom:session-checked-at')),
    ).toBeNull();
    const after = await page.context().cookies();
    expect(after.find((cookie) => cookie.name === 'cutroom.session_token')).toBeUndefined();
  });

  it('signs a test in through the API; the account pages fit a 360 px screen', async () => {
    const user = await createVerifiedUser();
    const page = await openPage({ viewport: { width: 360, height: 740 } });
    await signInThroughApi(page.context(), user.email, user.password);
    await page.goto('/profile/settings');
    await page.getByRole('heading', { name: 'Account settings' }).waitFor();
    expect(await page.textContent('body')).toContain(user.email);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBe(0);

    const visitor = await openPage({ viewport: { width: 360, height: 740 } });
    for (const path of ['/register', '/login', '/reset-password']) {
      await visitor.goto(path);
      expect(
        await visitor.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        ),
      ).toBe(0);
      expect(await visitor.getByLabel('E-mail').isVisible()).toBe(true);
    }
  });

  it('resets a forgotten password from the sign-in page, and explains a broken link', async () => {
    const user = await createVerifiedUser();
    const page = await openPage();
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await page.waitForURL('**/reset-password');
    await page.getByLabel('E-mail').fill(user.email);
    await page.getByRole('button', { name: 'Send me a link' }).click();
    await page.getByTestId('form-success').waitFor();
    const mail = await waitForOutboxMail(user.email, 1);
    expect(mail.subject).toBe('Reset your Cutroom password');
    await page.goto(firstLink(mail));
    // The site's password rules are listed under the field, ticked as they are met.
    const rules = page.getByTestId('password-rules').locator('li');
    expect(await rules.count()).toBeGreaterThan(0);
    await page.getByLabel('New password', { exact: true }).fill('a-new-password');
    expect(await rules.evaluateAll((items) => items.map((item) => item.dataset.met))).not.toContain(
      'false',
    );
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByTestId('form-success').waitFor();
    const signIn = (password: string) =>
      fetch(`${baseUrl()}/api/auth/sign-in/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: user.email, password }),
      });
    expect((await signIn(user.password)).status).toBe(401);
    expect((await signIn('a-new-password')).status).toBe(200);

    await page.goto('/api/auth/verify-email?token=not-a-token&callbackURL=/verify');
    await page.getByTestId('verify-failed').waitFor();
    expect(new URL(page.url()).pathname).toBe('/verify');
  });

  it('asks visitors of the settings page to sign in, and brings them back after', async () => {
    const response = await fetch(`${baseUrl()}/profile/settings`, { redirect: 'manual' });
    // A refusal page answers with its status (docs/security.md).
    expect(response.status).toBe(401);
    const html = await response.text();
    expect(html).toContain('Sign in to change your settings');
    expect(html).toContain('/login?next=%2Fprofile%2Fsettings');
  });

  it('answers /api/v2/admin with 401 to a visitor and 403 to a plain user', async () => {
    const call = (headers: Record<string, string> = {}) =>
      fetch(`${baseUrl()}/api/v2/admin`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ mode: 'CheckAccess' }),
      });
    expect((await call()).status).toBe(401);
    const user = await createVerifiedUser();
    const signIn = await fetch(`${baseUrl()}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: user.email, password: user.password }),
    });
    const refreshToken = signIn.headers.get('set-auth-token')!;
    const token = (await (
      await fetch(`${baseUrl()}/api/auth/token`, {
        headers: { authorization: `Bearer ${refreshToken}` },
      })
    ).json()) as { token: string };
    expect((await call({ authorization: `Bearer ${token.token}` })).status).toBe(403);
  });

  it('gives API clients a refresh token and short-lived access tokens', async () => {
    const user = await createVerifiedUser();
    const signedIn = await signInForTokens({
      baseUrl: baseUrl(),
      email: user.email,
      password: user.password,
    });
    if (!('refreshToken' in signedIn)) throw new Error(signedIn.error);
    const client = createTokenClient({ baseUrl: baseUrl(), refreshToken: signedIn.refreshToken });
    const response = await client.fetch(`${baseUrl()}/api/InitNewUser`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: user.username }),
    });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { data: { username: string } }).data.username).toBe(
      user.username,
    );
    await client.signOut();
    expect(await client.getAccessToken()).toBeNull();

    const reasons: string[] = [];
    const stale = createTokenClient({
      baseUrl: baseUrl(),
      refreshToken: signedIn.refreshToken,
      onSignedOut: (reason) => reasons.push(reason),
    });
    expect(await stale.getAccessToken()).toBeNull();
    expect(reasons).toEqual(['user-token-expired']);

    const wrong = await signInForTokens({
      baseUrl: baseUrl(),
      email: user.email,
      password: 'not-the-password',
    });
    expect(wrong).toEqual({
      status: 401,
      error: "Wrong credentials. Please check if you've entered your email or password correctly",
    });
  });

  it('refuses an API mutation sent from another site', async () => {
    const response = await fetch(`${baseUrl()}/api/createuser`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'https://evil.example' },
      body: JSON.stringify({ username: 'evil', email: 'evil@example.test', password: 'secret-1' }),
    });
    expect(response.status).toBe(403);
    expect(outboxMails().some((mail) => mail.to.includes('evil@example.test'))).toBe(false);
  });
});
