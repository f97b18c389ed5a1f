import { execFile } from 'node:child_process';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedUser, signInThroughApi } from '../support/accounts';
import { baseUrl, openPage } from '../support/browser';
import { createStaffAccount } from '../support/routes';
import { screenshot } from '../support/screenshots';
import { sessionCookie, uploadPublishedVideo } from '../support/videos';
import { tokenExamples } from '../../apps/web/lib/api-token-examples';

// What trying the site as its members and staff found (issue 30), each as a regression.

let member: Awaited<ReturnType<typeof createVerifiedUser>>;
let staff: Awaited<ReturnType<typeof createStaffAccount>>;
let video: Awaited<ReturnType<typeof uploadPublishedVideo>>;

beforeAll(async () => {
  member = await createVerifiedUser();
  staff = await createStaffAccount();
  video = await uploadPublishedVideo(await sessionCookie(member.email, member.password), {
    title: `Site trial ${Date.now().toString(36)}`,
    username: member.username,
  });
}, 240_000);

/**
 * The page's console errors from now on, but a 404 for media of the site's other videos: the
 * home page lists every test's videos, and a file another test removes after the page was
 * served (a deleted video or account, a new poster) is a missing image there. Each such 404
 * is printed, and a refusal of anything else (the test's own video's files included) stays an
 * error.
 */
function consoleErrors(page: Page, ownVideoId?: string): () => string[] {
  const errors: string[] = [];
  const missingMedia: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('response', (response) => {
    if (response.status() < 400) return;
    const url = new URL(response.url());
    const isOthers = !ownVideoId || !url.pathname.includes(ownVideoId);
    if (response.status() === 404 && url.pathname.startsWith('/media/') && isOthers) {
      missingMedia.push(url.pathname);
      console.info(`another test's file, gone after the page was served: ${url.pathname}`);
    } else errors.push(`${response.status()} ${response.url()}`);
  });
  return () => {
    const left = [...errors];
    for (const _ of missingMedia) {
      const at = left.findIndex((line) => line.includes('status of 404'));
      if (at >= 0) left.splice(at, 1);
    }
    return left;
  };
}

async function pageAs(user: { email: string; password: string } | null, width = 1280) {
  const page = await openPage({ viewport: { width, height: 900 } });
  if (user) await signInThroughApi(page.context(), user.email, user.password);
  return page;
}

/** How many of the shell's landmarks the page draws (one of each when drawn once). */
const shellCounts = (page: Page) =>
  page.evaluate(() => ({
    main: document.querySelectorAll('main').length,
    footer: document.querySelectorAll('footer').length,
    skip: [...document.querySelectorAll('a[href="#content"]')].length,
  }));

describe('refusals answer their status and say what happened (item 1)', () => {
  it('asks a visitor to sign in with 401, and tells a member a staff page is for staff with 403', async () => {
    const visitor = await pageAs(null);
    const asked = await visitor.goto('/moderation');
    expect(asked?.status()).toBe(401);
    await visitor.getByTestId('sign-in-prompt').waitFor();
    expect(
      await visitor
        .getByTestId('sign-in-prompt')
        .getByRole('link', { name: 'Sign in' })
        .getAttribute('href'),
    ).toBe('/login?next=%2Fmoderation');
    const inbox = await visitor.goto('/inbox');
    expect(inbox?.status()).toBe(401);
    await visitor.getByRole('heading', { name: 'Sign in to see your inbox' }).waitFor();

    const page = await pageAs(member);
    const refused = await page.goto('/moderation/comments');
    expect(refused?.status()).toBe(403);
    const text = await page.getByTestId('page-outlet').innerText();
    expect(text).toContain('Not open to your account');
    expect(text).toContain('This page is for moderators and administrators');
    expect(text).not.toContain('Internal Server Error');
    expect(await shellCounts(page)).toEqual({ main: 1, footer: 1, skip: 1 });
    await screenshot(page, 'refusal-403-member.png', { fullPage: true });
    expect((await page.goto('/admin'))?.status()).toBe(403);
    expect(await page.getByTestId('page-outlet').innerText()).toContain('for administrators');
    expect((await page.goto('/tagger'))?.status()).toBe(403);
    await page.getByTestId('not-a-tagger').waitFor();
    // A member's own pages still open.
    expect((await page.goto('/inbox'))?.status()).toBe(200);
    await page.context().close();
    await visitor.context().close();
  });
});

describe('the staff area (item 7)', () => {
  it('draws a missing page inside its own shell, once', async () => {
    const page = await pageAs(staff);
    const missing = await page.goto('/moderation/video/nosuchvideo1');
    expect(missing?.status()).toBe(404);
    await page.getByTestId('error-not-found').waitFor();
    expect(await shellCounts(page)).toEqual({ main: 1, footer: 1, skip: 1 });
    // The staff menu stays beside it.
    expect(await page.getByRole('link', { name: 'Staff log' }).count()).toBeGreaterThan(0);
    await screenshot(page, 'staff-404.png', { fullPage: true });
    await page.context().close();
  });

  it('links to the public page of a video at an address that opens', async () => {
    const page = await pageAs(staff);
    await page.goto(`/moderation/video/${video.id}`);
    const link = page.getByRole('link', { name: 'public page' });
    const href = await link.getAttribute('href');
    expect(href).toBe(`/video/${video.slug}_${video.id}`);
    const opened = await page.goto(href!);
    expect(opened?.status()).toBe(200);
    await page.context().close();
  });
});

describe('the player leaves quietly (items 10 and 23)', () => {
  it('logs no error when a watch page is left for another page of the site', async () => {
    const page = await pageAs(member);
    const errors = consoleErrors(page, video.id);
    await page.goto(`/video/${video.slug}_${video.id}`);
    await page.locator('[data-cutroom-player] video').waitFor({ state: 'attached' });
    // A link of the site: the client router replaces the page without a reload.
    await page.locator('header a[href="/"]').first().click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.locator('[data-cutroom-player]').waitFor({ state: 'detached' });
    await page.goBack();
    await page.locator('[data-cutroom-player] video').waitFor({ state: 'attached' });
    await page.goForward();
    await page.waitForURL((url) => url.pathname === '/');
    // Joined, so a failure prints what was logged.
    expect(errors().join('\n')).toBe('');
    await page.context().close();
  });
});

/** A JSON call of the API with a member's session. */
async function callAs(cookie: string, path: string, body: unknown) {
  const response = await fetch(`${baseUrl()}${path}`, {
    method: 'POST',
    headers: { cookie, origin: baseUrl(), 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('a profile remembers and says ahead (items 14 and 17)', () => {
  it('keeps "Reported" on a reported member after a reload', async () => {
    const reporter = await createVerifiedUser();
    const page = await pageAs(reporter);
    await page.goto(`/profile/${member.username}`);
    expect(await page.getByTestId('report-member').innerText()).toBe('Report');
    const cookie = await sessionCookie(reporter.email, reporter.password);
    const reported = await callAs(cookie, '/api/v2/reports', {
      mode: 'Report',
      targetKind: 'member',
      targetId: member.username,
      reason: 'spam',
    });
    expect(reported.status).toBe(201);
    await page.reload();
    const button = page.getByTestId('report-member');
    expect(await button.innerText()).toBe('Reported');
    expect(await button.isDisabled()).toBe(true);
    await page.context().close();
  });

  it('shows why a member refuses messages instead of "Message", and above the compose form', async () => {
    const private_ = await createVerifiedUser();
    const privateCookie = await sessionCookie(private_.email, private_.password);
    const set = await callAs(privateCookie, '/api/v2/privacy', {
      mode: 'SetMessagePrivacy',
      messagesFrom: 'friends',
    });
    expect(set.status).toBe(200);
    const page = await pageAs(member);
    await page.goto(`/profile/${private_.username}`);
    expect(await page.getByTestId('message-button').count()).toBe(0);
    expect(await page.getByTestId('message-refused').innerText()).toBe(
      `${private_.username} only accepts messages from friends. Send a friend request first.`,
    );
    await screenshot(page, 'profile-message-refused.png', { fullPage: false });
    await page.goto(`/inbox/new?to=${private_.username}`);
    expect(await page.getByTestId('message-refused').innerText()).toContain(
      'only accepts messages from friends',
    );
    // Someone who takes messages from everyone keeps the button.
    await page.goto(`/profile/${staff.username}`);
    await page.getByTestId('message-button').waitFor();
    await page.context().close();
  });
});

describe('after signing out (item 23)', () => {
  it('home asks for no member library and logs no refusal', async () => {
    const leaving = await createVerifiedUser();
    const page = await pageAs(leaving);
    await page.goto('/');
    await page.getByTestId('account-menu').waitFor();
    const errors = consoleErrors(page);
    const libraryCalls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/v2/library')) libraryCalls.push(request.url());
    });
    await page.getByTestId('account-menu').getByRole('button').click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.getByRole('link', { name: 'Sign in' }).first().waitFor();
    expect(await page.evaluate(() => document.cookie)).not.toContain('cutroom.member=1');
    await page.reload();
    await page.waitForLoadState('networkidle');
    expect(libraryCalls).toEqual([]);
    expect(errors().join('\n')).toBe('');
    await page.context().close();
  });

  it('oEmbed knows the site by another of its names', async () => {
    const other = new URL(baseUrl());
    other.hostname = other.hostname === 'localhost' ? '127.0.0.1' : 'localhost';
    const pageUrl = `${other.origin}/video/${video.slug}_${video.id}`;
    const answer = await fetch(`${other.origin}/api/oembed?url=${encodeURIComponent(pageUrl)}`);
    expect(answer.status).toBe(200);
    const body = (await answer.json()) as { html: string };
    expect(body.html).toContain(`${other.origin}/video/embed/${video.id}`);
  });
});

describe('an API client gets a token without a browser (item 26)', () => {
  /** Runs a program and answers what it printed. */
  const run = (command: string, args: string[]) =>
    new Promise<string>((resolve, reject) =>
      execFile(command, args, { timeout: 60_000 }, (error, stdout, stderr) =>
        error ? reject(new Error(`${error.message}\n${stderr}`)) : resolve(stdout),
      ),
    );

  it('/api shows a curl and a fetch example, and both work as shown', async () => {
    const page = await pageAs(null);
    await page.goto('/api');
    const shownCurl = await page.getByTestId('token-example-curl').innerText();
    const shownFetch = await page.getByTestId('token-example-fetch').innerText();
    await page.context().close();
    const shown = tokenExamples({
      site: baseUrl(),
      email: 'you@example.org',
      password: 'your password',
    });
    expect(shownCurl).toBe(shown.curl);
    expect(shownFetch).toBe(shown.fetch);

    // The same examples with a real account, run by curl and by Node's own fetch.
    const mine = tokenExamples({ site: baseUrl(), email: member.email, password: member.password });
    const byCurl = JSON.parse(await run('sh', ['-c', mine.curl])) as Record<string, unknown>;
    expect(byCurl).toMatchObject({ username: member.username, isStaff: false });
    const byFetch = JSON.parse(
      await run(process.execPath, ['--input-type=module', '-e', mine.fetch]),
    ) as Record<string, unknown>;
    expect(byFetch).toMatchObject({ username: member.username, isStaff: false });
  });
});
