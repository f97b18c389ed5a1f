import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { firstLink, startTestSmtpServer } from '@cutroom/core/test-support/test-smtp-server';
import { openPage } from '../support/browser';
import { startSiteServer } from '../support/global-setup';
import { screenshot } from '../support/screenshots';

// A server of its own whose mail goes through a real SMTP server (the shared e2e server writes
// an outbox), with a staff address made admin once verified.
let smtp: Awaited<ReturnType<typeof startTestSmtpServer>>;
let site: Awaited<ReturnType<typeof startSiteServer>>;
const STAFF = {
  username: 'supportstaff',
  email: 'supportstaff@example.test',
  password: 'staff-password',
};

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  site = await startSiteServer({
    SMTP_URL: smtp.url,
    ADMIN_EMAILS: STAFF.email,
    RATE_LIMIT_ENABLED: 'false',
  });
}, 120_000);

afterAll(async () => {
  await site?.stop();
  await smtp?.close();
});

/** Registers through the API and follows the verification link that arrived by SMTP. */
async function register(username: string, email: string, password: string) {
  const since = smtp.received.length;
  const response = await fetch(`${site.baseUrl}/api/createuser`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, email, password }),
  });
  expect(response.status, await response.clone().text()).toBeLessThan(300);
  const mail = await smtp.waitForMail(email, { since, timeoutMs: 30_000 });
  expect((await fetch(firstLink(mail), { redirect: 'manual' })).status).toBe(302);
  return { username, email, password };
}

async function signIn(context: BrowserContext, email: string, password: string) {
  const response = await fetch(`${site.baseUrl}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: site.baseUrl },
    body: JSON.stringify({ email, password }),
  });
  expect(response.status, await response.clone().text()).toBe(200);
  await context.addCookies(
    response.headers.getSetCookie().map((cookie) => {
      const [pair] = cookie.split(';');
      const index = pair!.indexOf('=');
      return { name: pair!.slice(0, index), value: pair!.slice(index + 1), url: site.baseUrl };
    }),
  );
}

async function signedInPage(user: { email: string; password: string }, width = 1280) {
  const page = await openPage({ baseURL: site.baseUrl, viewport: { width, height: 900 } });
  await signIn(page.context(), user.email, user.password);
  return page;
}

/** A real 4×4 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAIAAAAmkwkpAAAAEElEQVR4nGP4z8AARwzEcQCukw/x0F8jngAAAABJRU5ErkJggg==',
  'base64',
);

const horizontalOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

describe('support tickets in the browser', () => {
  it('a member opens a ticket with an image, staff answer from /moderation/support, the member is mailed and reads the answer', async () => {
    const member = await register('ticketmember', 'ticketmember@example.test', 'member-password');
    const staff = await register(STAFF.username, STAFF.email, STAFF.password);

    // From /contact to the form.
    const page = await signedInPage(member);
    await page.goto('/contact');
    await page.getByTestId('contact-ticket-link').click();
    await page.waitForURL('**/ticket/create');

    // Sending it empty names each missing field beside it; nothing is sent.
    await page.getByTestId('ticket-submit').click();
    expect(await page.getByText('Choose what your question is about').count()).toBe(1);
    expect(await page.getByText('Write a subject').count()).toBe(1);

    // A file that is not a picture is refused in the browser, named with the reason.
    await page
      .getByTestId('ticket-images')
      .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await page.getByText('notes.txt: only JPEG, PNG, GIF or WebP pictures').waitFor();

    await page.getByTestId('ticket-category').selectOption('upload');
    await page.getByTestId('ticket-subject').fill('My upload stays at 40 %');
    // A field's error goes once it is filled in.
    expect(await page.getByText('Write a subject').count()).toBe(0);
    await page
      .getByTestId('ticket-message')
      .fill('Since this morning my upload stays at 40 %.\nThe screenshot shows it.');
    await page
      .getByTestId('ticket-images')
      .setInputFiles({ name: 'progress.png', mimeType: 'image/png', buffer: PNG });
    await page.getByText('progress.png').waitFor();
    // The field says what is attached, not the browser's "No file chosen" beside the image.
    expect(await page.getByTestId('ticket-images-count').innerText()).toBe('1 image attached');
    expect(await page.getByText('No file chosen').count()).toBe(0);
    expect(await page.getByRole('button', { name: /Add more images/ }).count()).toBe(1);
    await screenshot(page, 'ticket-create.png', { fullPage: true });
    await page.getByTestId('ticket-submit').click();

    // The thread: the message and the image, state open.
    await page.waitForURL(/\/ticket\/history\/\d+\?created=1$/);
    const ticketId = Number(new URL(page.url()).pathname.split('/').pop());
    expect(await page.getByTestId('ticket-state').getAttribute('data-state')).toBe('open');
    expect(await page.getByTestId('ticket-created').count()).toBe(1);
    const image = page.getByTestId('ticket-image');
    expect(await image.count()).toBe(1);
    await page.waitForFunction(
      () =>
        (document.querySelector('[data-testid="ticket-image"]') as HTMLImageElement)
          ?.naturalWidth === 4,
      undefined,
      { polling: 100 },
    );
    // The image answers with its own policy: nothing in it may run, load or be framed in.
    const served = await page.evaluate(async () => {
      const src = (document.querySelector('[data-testid="ticket-image"]') as HTMLImageElement).src;
      const response = await fetch(src);
      const header = (name: string) => response.headers.get(name);
      return [
        header('content-security-policy'),
        header('x-content-type-options'),
        header('x-frame-options'),
      ];
    });
    expect(served).toEqual(["default-src 'none'; sandbox", 'nosniff', 'SAMEORIGIN']);
    await page.goto('/ticket/history');
    expect(await page.getByTestId('ticket-entry').first().textContent()).toContain(
      'My upload stays at 40 %',
    );

    // Staff find it in the open queue and answer.
    const staffPage = await signedInPage(staff);
    await staffPage.goto('/moderation/support');
    const entry = staffPage
      .getByTestId('ticket-entry')
      .filter({ hasText: 'My upload stays at 40 %' });
    expect(await entry.textContent()).toContain(member.username);
    await entry.click();
    await staffPage.waitForURL(`**/moderation/support/${ticketId}`);
    expect(await staffPage.getByTestId('ticket-image').count()).toBe(1);
    await staffPage
      .getByTestId('ticket-reply-message')
      .fill('Thanks: the worker was stuck. Upload it again, it goes through now.');
    const since = smtp.received.length;
    await staffPage.getByTestId('ticket-reply-submit').click();
    await staffPage.waitForFunction(
      () =>
        document.querySelector('[data-testid="ticket-state"]')?.getAttribute('data-state') ===
        'answered',
      undefined,
      { polling: 100 },
    );
    await screenshot(staffPage, 'moderation-support.png', { fullPage: true });
    // The note for a new ticket ("open … you will be told") goes once staff answered it.
    await page.goto(`/ticket/history/${ticketId}?created=1`);
    expect(await page.getByTestId('ticket-state').getAttribute('data-state')).toBe('answered');
    expect(await page.getByTestId('ticket-created').count()).toBe(0);

    // The member's e-mail arrives through SMTP, with its link and one-click unsubscribe.
    const mail = await smtp.waitForMail(member.email, { since, timeoutMs: 30_000 });
    expect(mail.text).toContain('Support answered your ticket');
    expect(mail.raw).toMatch(/List-Unsubscribe-Post: List-Unsubscribe=One-Click/);
    const link = mail.text.match(/http\S+\/ticket\/history\/\d+/)?.[0];
    expect(link).toBe(`${site.baseUrl}/ticket/history/${ticketId}`);

    // The bell says so too; the member follows the mail's link and reads the answer.
    await page.goto('/');
    await page.waitForFunction(
      () =>
        document.querySelector('[data-testid="notification-bell"]')?.getAttribute('data-count') ===
        '1',
      undefined,
      { polling: 100 },
    );
    await page.goto(link!);
    const posts = page.getByTestId('ticket-post');
    expect(await posts.count()).toBe(2);
    expect(await posts.nth(1).textContent()).toContain('Support');
    expect(await posts.nth(1).textContent()).toContain('Upload it again');
    expect(await page.getByTestId('ticket-state').getAttribute('data-state')).toBe('answered');

    // The member replies (open again), then closes it.
    await page.getByTestId('ticket-reply-message').fill('It worked, thank you!');
    await page.getByTestId('ticket-reply-submit').click();
    await page.waitForFunction(
      () =>
        document.querySelector('[data-testid="ticket-state"]')?.getAttribute('data-state') ===
        'open',
      undefined,
      { polling: 100 },
    );
    await page.getByTestId('ticket-close').click();
    // Closing asks first.
    await page.getByTestId('ticket-close-confirm').click();
    await page.waitForFunction(
      () =>
        document.querySelector('[data-testid="ticket-state"]')?.getAttribute('data-state') ===
        'closed',
      undefined,
      { polling: 100 },
    );

    // The thread fits a phone.
    const phone = await signedInPage(member, 320);
    await phone.goto(`/ticket/history/${ticketId}`);
    expect(await horizontalOverflow(phone)).toBeLessThanOrEqual(0);
    await screenshot(phone, 'ticket-thread-phone.png', { fullPage: true });

    // The mail's unsubscribe page turns ticket e-mails off with one press, signed out.
    const unsubscribe = mail.text.match(/http\S+\/unsubscribe\?token=\S+/)?.[0];
    const visitor = await openPage({ baseURL: site.baseUrl });
    await visitor.goto(unsubscribe!);
    await visitor.getByTestId('unsubscribe-button').click();
    await visitor.getByTestId('unsubscribed').waitFor();
    expect(await visitor.getByTestId('unsubscribed').textContent()).toContain(
      'answers to my support tickets',
    );
    await page.goto('/profile/settings/notifications');
    expect(await page.getByTestId('email-ticket_answer').inputValue()).toBe('off');
    // The link used once says it is done instead of asking again.
    await visitor.goto(unsubscribe!);
    expect(await visitor.getByTestId('unsubscribed').textContent()).toContain(
      'You are already unsubscribed',
    );
    expect(await visitor.getByTestId('unsubscribe-button').count()).toBe(0);
    // Opening the List-Unsubscribe address itself (GET) shows that page, not a blank 405.
    const listAddress = mail.raw
      .replace(/\r?\n(?=[ \t])/g, '')
      .match(/List-Unsubscribe: <([^>]+)>/)?.[1];
    expect(listAddress).toBeDefined();
    const opened = await visitor.goto(listAddress!);
    expect(opened?.status()).toBe(200);
    expect(new URL(visitor.url()).pathname).toBe('/unsubscribe');
    await visitor.getByTestId('unsubscribed').waitFor();
    for (const opened of [page, staffPage, phone, visitor]) await opened.context().close();
  });
});
