import { beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedUser, firstLink, waitForOutboxMail } from '../support/accounts';
import { baseUrl, openPage } from '../support/browser';
import { startSiteServer } from '../support/global-setup';
import { sessionCookie } from '../support/videos';

let member: Awaited<ReturnType<typeof createVerifiedUser>>;
let memberCookie: string;

beforeAll(async () => {
  member = await createVerifiedUser();
  memberCookie = await sessionCookie(member.email, member.password);
});

describe('the holes found by attacking the site (regressions)', () => {
  it('follows only same-origin paths after sign-in, however the next path is spelled', async () => {
    const user = await createVerifiedUser();
    for (const next of [
      '/\\evil.example/',
      '/\t/evil.example/',
      '//evil.example',
      'https://evil.example',
    ]) {
      const page = await openPage();
      await page.goto(`/login?next=${encodeURIComponent(next)}`);
      await page.getByLabel('E-mail').fill(user.email);
      await page.getByLabel('Password').fill(user.password);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.waitForURL((url) => url.pathname === '/' || url.host !== new URL(baseUrl()).host);
      expect(new URL(page.url()).host, next).toBe(new URL(baseUrl()).host);
      await page.context().close();
    }
  });

  it('registers and signs in without JavaScript, by POST, never putting the password in the address', async () => {
    const page = await openPage({ javaScriptEnabled: false });
    const requests: { method: string; url: string }[] = [];
    page.on('request', (request) =>
      requests.push({ method: request.method(), url: request.url() }),
    );
    const username = `nojs${Date.now().toString(36)}`;
    const email = `${username}@example.test`;
    await page.goto('/register');
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Password').fill('no-script-password');
    await page.getByRole('button', { name: 'Register' }).click();
    await page.waitForURL(/\/register\?done=1$/);
    expect(await page.getByTestId('register-success').textContent()).toContain(
      "We've sent you an email",
    );

    // A refusal comes back as the site's message (docs/messages.md), nothing typed in the address.
    await page.goto('/login?next=/upload');
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Password').fill('no-script-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/login\?error=/);
    expect(await page.getByTestId('form-error').textContent()).toContain(
      "Your email isn't verified",
    );

    await page.goto(firstLink(await waitForOutboxMail(email)));
    await page.goto('/login?next=/upload');
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Password').fill('no-script-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/upload$/);
    expect(requests.some((request) => request.url.includes('no-script-password'))).toBe(false);
    expect(
      requests.filter((request) => /\/api\/forms\//.test(request.url)).map((r) => r.method),
    ).toEqual(['POST', 'POST', 'POST']);
  });

  it('shows a page with a new-link form for a broken or used verification link', async () => {
    const page = await openPage();
    const response = await page.goto('/api/auth/verify-email?token=not-a-real-token');
    expect(response?.status()).toBe(200);
    expect(new URL(page.url()).pathname).toBe('/verify');
    expect(await page.getByTestId('verify-failed').isVisible()).toBe(true);
    await page.getByLabel('Your e-mail address').fill('nobody@example.test');
    await page.getByRole('button', { name: 'Send a new link' }).click();
    await expect
      .poll(() => page.getByTestId('form-success').textContent())
      .toContain('a new link is on its way');
  });

  it('does not believe X-Forwarded-For from a client: the sign-in limit holds', async () => {
    // A server of its own with a small limit, so the shared one keeps its budget.
    const site = await startSiteServer({ RATE_LIMIT_SIGN_IN_MAX: '5' });
    try {
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 8; attempt += 1) {
        const response = await fetch(`${site.baseUrl}/api/auth/sign-in/email`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            origin: site.baseUrl,
            'x-forwarded-for': `203.0.113.${attempt}`,
            'x-real-ip': `198.51.100.${attempt}`,
          },
          body: JSON.stringify({ email: `nobody${attempt}@example.test`, password: 'wrong' }),
        });
        statuses.push(response.status);
      }
      expect(statuses.slice(0, 5).every((status) => status === 401)).toBe(true);
      expect(statuses.slice(5)).toEqual([429, 429, 429]);
    } finally {
      await site.stop();
    }
  }, 120_000);

  it('refuses a cookie-carrying change that names no origin, and a JSON call sent as a form', async () => {
    const noOrigin = await fetch(`${baseUrl()}/api/v2/profileInput`, {
      method: 'POST',
      headers: { cookie: memberCookie, 'content-type': 'application/json' },
      body: JSON.stringify({ mode: 'UpdateProfile', website: 'https://forged.example' }),
    });
    expect(noOrigin.status).toBe(403);
    const asForm = await fetch(`${baseUrl()}/api/v2/profileInput`, {
      method: 'POST',
      headers: {
        cookie: memberCookie,
        origin: baseUrl(),
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'mode=UpdateProfile&website=https://forged.example',
    });
    expect(asForm.status).toBe(415);
    const profile = await fetch(`${baseUrl()}/api/v2/profileInput`, {
      method: 'POST',
      headers: { origin: baseUrl(), 'content-type': 'application/json' },
      body: JSON.stringify({ mode: 'LoadProfile', username: member.username }),
    });
    expect(JSON.stringify(await profile.json())).not.toContain('forged.example');
  });

  it('answers hostile bodies on the no-JavaScript form routes with a redirect to the form, never a fault', async () => {
    const huge = 'x'.repeat(100_000);
    const bodies: [string | undefined, string | undefined][] = [
      ['application/x-www-form-urlencoded', ''],
      ['application/x-www-form-urlencoded', 'email=&password='],
      [
        'application/x-www-form-urlencoded',
        `email=${huge}%40example.test&password=${huge}&username=${huge}`,
      ],
      [
        'application/x-www-form-urlencoded',
        'email=%ud800&password=%E2%80%AE%00&username=a%CC%81%CC%81',
      ],
      [
        'application/x-www-form-urlencoded',
        'email=a@b.c&next=%2F%5Cevil.example%2F&next=//evil.example',
      ],
      ['application/x-www-form-urlencoded', '%%%&&&==='],
      ['multipart/form-data; boundary=x', '--x\r\nbroken'],
      ['application/json', '{"email":"a@b.c","password":"x"}'],
      ['text/plain', 'email=a@b.c&password=x'],
      [undefined, undefined],
    ];
    for (const [route, form] of [
      ['/api/forms/sign-in', '/login'],
      ['/api/forms/register', '/register'],
      ['/api/forms/two-factor', '/login'],
    ] as const) {
      for (const [type, body] of bodies) {
        const response = await fetch(`${baseUrl()}${route}`, {
          method: 'POST',
          redirect: 'manual',
          headers: { origin: baseUrl(), ...(type ? { 'content-type': type } : {}) },
          body,
        });
        expect(response.status, `${route} ${type} ${body?.slice(0, 40)}`).toBe(303);
        const location = response.headers.get('location') ?? '';
        expect(location.startsWith(form), `${route}: ${location}`).toBe(true);
      }
    }
    // A form posted from another site is refused before either route runs.
    const foreign = await fetch(`${baseUrl()}/api/forms/sign-in`, {
      method: 'POST',
      redirect: 'manual',
      headers: {
        origin: 'https://evil.example',
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'email=a@b.c&password=x',
    });
    expect(foreign.status).toBe(403);
  });

  it('serves an icon and a web manifest', async () => {
    const icon = await fetch(`${baseUrl()}/favicon.ico`);
    expect(icon.status).toBe(200);
    const manifest = await fetch(`${baseUrl()}/manifest.webmanifest`);
    expect(manifest.status).toBe(200);
  });
});
