import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  startStandInProvider,
  type StandInProvider,
} from '@cutroom/core/test-support/accounts/oidc-provider';
import { totpCode } from '@cutroom/core/test-support/accounts/totp';
import { firstLink, waitForOutboxMail } from '../support/accounts';
import { openPage, useOwnSite } from '../support/browser';
import { startSiteServer } from '../support/global-setup';
import { screenshot } from '../support/screenshots';

// A server of its own: the bot check on (a proof of work, the default outside tests), a
// password policy beyond the default, so the register form has rules to show, and an OpenID
// Connect provider (a stand-in on a local port that says yes at once).
let site: Awaited<ReturnType<typeof startSiteServer>>;
let provider: StandInProvider;

beforeAll(async () => {
  provider = await startStandInProvider({
    id: 'sso-subject-1',
    sub: 'sso-subject-1',
    email: member.email,
    email_verified: true,
    name: member.username,
  });
  site = await startSiteServer({
    OAUTH_OIDC_ISSUER: provider.url,
    OAUTH_OIDC_CLIENT_ID: 'cutroom-e2e',
    OAUTH_OIDC_CLIENT_SECRET: 'cutroom-e2e-secret',
    OAUTH_OIDC_NAME: 'Example SSO',
    BOT_CHECK: 'pow',
    BOT_CHECK_POW_MAX_NUMBER: '20000',
    PASSWORD_MIN_LENGTH: '8',
    PASSWORD_REQUIRE_NUMERIC: 'true',
    RATE_LIMIT_ENABLED: 'false',
  });
  useOwnSite(site);
}, 120_000);

afterAll(async () => {
  await site?.stop();
  await provider?.close();
});

const member = {
  username: `options${Date.now().toString(36)}`,
  email: '',
  password: 'sesame-street-42',
};
member.email = `${member.username}@example.test`;

/** Whether the page's context is signed in: the member settings page opens. */
async function isSignedIn(page: Page): Promise<boolean> {
  await page.goto('/profile/settings/security');
  return new URL(page.url()).pathname === '/profile/settings/security';
}

async function signInWithPassword(page: Page) {
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(member.email);
  await page.getByLabel('Password').fill(member.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

describe('sign-in options in the browser', () => {
  it('waits for the bot check when Register is pressed before it is done, and says so', async () => {
    const page = await openPage({ viewport: { width: 1280, height: 900 } });
    // The challenge is held back until Register has been pressed.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/v2/recaptchaConfig', async (route) => {
      await held;
      await route.continue();
    });
    const early = `early${Date.now().toString(36)}`;
    await page.goto('/register');
    await page.getByLabel('Username').fill(early);
    await page.getByLabel('E-mail').fill(`${early}@example.test`);
    await page.getByLabel('Password').fill(member.password);
    expect(await page.getByTestId('bot-check').getAttribute('data-state')).toBe('loading');
    await page.getByRole('button', { name: 'Register' }).click();
    await page
      .getByRole('button', { name: 'Finishing the check that you are not a robot…' })
      .waitFor();
    release();
    await page.getByTestId('register-success').waitFor({ timeout: 30_000 });
    expect(await page.getByText('Please complete the check').count()).toBe(0);
    await page.context().close();
  });

  it('registers with the policy shown and the proof of work solved in the page', async () => {
    const page = await openPage({ viewport: { width: 1280, height: 900 } });
    await page.goto('/register');
    await page.getByLabel('Username').fill(member.username);
    await page.getByLabel('E-mail').fill(member.email);
    await page.getByLabel('Password').fill('sesame');
    const rules = page.getByTestId('password-rules');
    await expect
      .poll(() => rules.locator('li').allTextContents())
      .toEqual(['• At least 8 characters', '• A digit']);
    await page.getByLabel('Password').fill(member.password);
    await expect.poll(() => rules.locator('li[data-met="true"]').count()).toBe(2);
    const check = page.getByTestId('bot-check');
    await expect.poll(() => check.getAttribute('data-state'), { timeout: 30_000 }).toBe('done');
    await screenshot(page, 'sign-in-register-1280.png');
    await page.getByRole('button', { name: 'Register' }).click();
    await page.getByTestId('register-success').waitFor();
    const verified = await fetch(firstLink(await waitForOutboxMail(member.email)), {
      redirect: 'manual',
    });
    expect(verified.status).toBe(302);
    expect(await page.getByTestId('bot-check-needs-script').count()).toBe(0);
    await page.context().close();

    // Without JavaScript the check cannot run: the form says so instead of a check that waits.
    const noScript = await openPage({ javaScriptEnabled: false });
    await noScript.goto('/register');
    // (Playwright's text search skips <noscript>; the notice is found by its test id.)
    const notice = noScript.getByTestId('bot-check-needs-script');
    await notice.waitFor();
    expect(await notice.textContent()).toContain('Registering here needs JavaScript');
    expect(await noScript.getByTestId('bot-check').count()).toBe(0);
    await noScript.context().close();
  });

  it('signs in by an e-mail link', async () => {
    const page = await openPage({ viewport: { width: 1280, height: 900 } });
    await page.goto('/login');
    await page.getByLabel('E-mail').fill(member.email);
    await page.getByRole('button', { name: 'E-mail me a sign-in link instead' }).click();
    await page.getByText('a sign-in link is on its way').waitFor();
    await screenshot(page, 'sign-in-link-1280.png');
    const mail = await waitForOutboxMail(member.email, 1);
    expect(mail.subject).toContain('Your sign-in link');
    await page.goto(firstLink(mail));
    expect(await isSignedIn(page)).toBe(true);
    await page.context().close();
  });

  it('sets up two-factor sign-in, then signs in with an app code and with a recovery code', async () => {
    const page = await openPage({ viewport: { width: 1280, height: 1000 } });
    await signInWithPassword(page);
    await page.waitForURL((url) => url.pathname === '/');
    await page.goto('/profile/settings/security');
    await page.getByLabel('Your password').fill(member.password);
    await page.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
    const uri = (await page.getByTestId('totp-uri').textContent())!;
    expect(uri).toMatch(/^otpauth:\/\/totp\//);
    await page.getByTestId('totp-qr').waitFor();
    const recoveryCodes = await page.getByTestId('recovery-codes').locator('li').allTextContents();
    expect(recoveryCodes).toHaveLength(10);
    await screenshot(page, 'sign-in-two-factor-setup-1280.png');
    await page.getByLabel('Code from your app').fill(totpCode(uri));
    await page.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
    await page.getByText('Two-factor sign-in is on').waitFor();

    // Signed out, the password alone is not enough.
    await page.context().clearCookies();
    await signInWithPassword(page);
    await page.getByLabel('Code from your app').waitFor();
    await screenshot(page, 'sign-in-two-factor-code-1280.png');
    await page.getByLabel('Code from your app').fill(totpCode(uri));
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    expect(await isSignedIn(page)).toBe(true);

    await page.context().clearCookies();
    await signInWithPassword(page);
    await page.getByRole('link', { name: 'Use a recovery code instead' }).click();
    await page.getByLabel('Recovery code').fill(recoveryCodes[0]!);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    expect(await isSignedIn(page)).toBe(true);

    // A provider's sign-in asks for the code too, and goes on to where it started. The second
    // step is a page of its own, shown before its scripts run: a code typed then, with Continue
    // pressed once they have run, is the code sent (under load a run once typed it into the
    // bare page and sent an empty code). The page's scripts are held back until it is typed.
    await page.context().clearCookies();
    await page.goto('/login?next=%2Fupload');
    let releaseScripts: () => void = () => undefined;
    const scriptsHeld = new Promise<void>((resolve) => (releaseScripts = resolve));
    await page.route('**/_next/static/**/*.js', async (route) => {
      await scriptsHeld;
      await route.continue();
    });
    await page.getByRole('button', { name: 'Sign in with Example SSO' }).click();
    await page.getByLabel('Code from your app').waitFor();
    expect(new URL(page.url()).searchParams.get('step')).toBe('code');
    const cookies = await page.context().cookies();
    expect(cookies.some((cookie) => cookie.name.endsWith('session_token'))).toBe(false);
    await page.getByLabel('Code from your app').fill(totpCode(uri));
    releaseScripts();
    await page.waitForFunction(
      () =>
        [...document.querySelectorAll('form[aria-label="Two-factor sign-in"]')].some((form) =>
          Object.keys(form).some((key) => key.startsWith('__reactProps')),
        ),
      undefined,
      { polling: 100 },
    );
    await screenshot(page, 'sign-in-provider-code-1280.png');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL((url) => url.pathname === '/upload');
    expect(await isSignedIn(page)).toBe(true);
    await page.context().close();

    // Without JavaScript the same two steps are plain forms: a wrong code is refused, a
    // recovery code (through the link to its form) signs in.
    const noScript = await openPage({ javaScriptEnabled: false });
    await signInWithPassword(noScript);
    await noScript.waitForURL(/\/login\?step=code/);
    await noScript.getByLabel('Code from your app').fill('12345');
    await noScript.getByRole('button', { name: 'Continue' }).click();
    await noScript.waitForURL(/error=/);
    expect(await noScript.getByTestId('form-error').textContent()).toContain(
      'This code is not correct',
    );
    await noScript.getByRole('link', { name: 'Use a recovery code instead' }).click();
    await noScript.getByLabel('Recovery code').fill(recoveryCodes[1]!);
    await noScript.getByRole('button', { name: 'Continue' }).click();
    await noScript.waitForURL((url) => url.pathname === '/');
    expect(await isSignedIn(noScript)).toBe(true);
    await noScript.context().close();
  });
});
