import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createVerifiedUser, signInThroughApi } from '../support/accounts';
import { baseUrl, openPage } from '../support/browser';
import { screenshot } from '../support/screenshots';
import { sessionCookie } from '../support/videos';

async function signedInPage(user: { email: string; password: string }, width = 1280) {
  const page = await openPage({ viewport: { width, height: 900 } });
  await signInThroughApi(page.context(), user.email, user.password);
  return page;
}

const sendThroughApi = async (cookie: string, body: object) => {
  const response = await fetch(`${baseUrl()}/api/messages/send`, {
    method: 'POST',
    headers: { cookie, origin: baseUrl(), 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(response.status).toBe(201);
};

const textOf = async (page: Page, testId: string) =>
  (await page.getByTestId(testId).first().textContent())?.trim();

const waitForText = (page: Page, testId: string, text: string, timeout = 5000) =>
  page.waitForFunction(
    ([id, expected]) =>
      document.querySelector(`[data-testid="${id}"]`)?.textContent?.trim() === expected,
    [testId, text] as const,
    { polling: 100, timeout },
  );

const horizontalOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

describe('the inbox in the browser', () => {
  it("A messages B from B's profile; B sees the badge, reads, replies and deletes", async () => {
    const a = await createVerifiedUser();
    const b = await createVerifiedUser();
    const pageA = await signedInPage(a);

    // The compose form fits a phone.
    const phone = await signedInPage(a, 390);
    await phone.goto(`/inbox/new?to=${b.username}`);
    await phone.getByTestId('compose-form').waitFor();
    expect(await horizontalOverflow(phone)).toBeLessThanOrEqual(0);
    await phone.context().close();

    // A presses Message on B's profile: the compose form opens with B filled in.
    await pageA.goto(`/profile/${b.username}`);
    await pageA.getByTestId('message-button').click();
    await pageA.waitForURL(`**/inbox/new?to=${b.username}`);
    expect(await pageA.getByTestId('compose-recipient').inputValue()).toBe(b.username);

    // Sending without a subject: the site's message (docs/messages.md), gone after 4 s; nothing
    // typed is lost.
    await pageA.getByTestId('compose-message').fill('Loved your sunset cut.\nWhich music is it?');
    await pageA.getByTestId('compose-send').click();
    await waitForText(pageA, 'compose-message-note', 'Missing fields');
    await waitForText(pageA, 'compose-message-note', '', 7000);
    expect(await pageA.getByTestId('compose-message').inputValue()).toContain('Which music');

    // A request that never reaches the server: the site's network message (docs/messages.md).
    await pageA.getByTestId('compose-subject').fill('Your sunset cut');
    await pageA.route('**/api/messages/send', (route) => route.abort('internetdisconnected'));
    await pageA.getByTestId('compose-send').click();
    await waitForText(pageA, 'compose-message-note', 'Network error sending message');
    await pageA.unroute('**/api/messages/send');

    // From the keyboard: send with Enter in the subject field.
    await pageA.getByTestId('compose-subject').press('Enter');
    await pageA.waitForURL('**/inbox?tab=sent**');
    await waitForText(pageA, 'inbox-note', 'Your message has been sent');
    expect(await pageA.getByTestId('inbox-tab-sent').getAttribute('aria-current')).toBe('page');
    expect(await textOf(pageA, 'inbox-list')).toContain('Your sunset cut');

    // B gets the unread badge in the top bar on any page.
    const pageB = await signedInPage(b);
    await pageB.goto('/');
    const badge = pageB.getByTestId('account-menu').getByTestId('unread-badge').first();
    expect(await badge.locator('[aria-hidden="true"]').textContent()).toBe('1');
    expect(await badge.locator('.sr-only').textContent()).toBe('1 unread message');

    // B's inbox lists it, marked unread; opening it shows the text with its line breaks.
    await pageB.getByTestId('account-menu').getByRole('button').click();
    await pageB.getByRole('menuitem', { name: /^Inbox/ }).click();
    await pageB.waitForURL('**/inbox');
    const entry = pageB.getByTestId('inbox-entry').first();
    expect(await entry.getAttribute('data-unread')).toBe('true');
    expect(await entry.textContent()).toContain(`Unread: Your sunset cut`);
    expect(await textOf(pageB, 'inbox-tab-received')).toBe('Received1 unread');
    await entry.click();
    await pageB.waitForURL('**/inbox/*');
    expect(await textOf(pageB, 'message-subject')).toBe('Your sunset cut');
    expect(await textOf(pageB, 'message-sender')).toBe(a.username);
    expect(
      await pageB
        .getByTestId('message-text')
        .evaluate((element) => (element as HTMLElement).innerText),
    ).toBe('Loved your sunset cut.\nWhich music is it?');
    // Read now: the badge goes without a reload.
    await pageB.waitForFunction(
      () => !document.querySelector('[data-testid="account-menu"] [data-testid="unread-badge"]'),
      undefined,
      { polling: 100 },
    );

    // Reply: recipient and "Re: subject" filled in.
    await pageB.getByTestId('reply').click();
    await pageB.waitForURL('**/inbox/new?reply=*');
    expect(await pageB.getByTestId('compose-recipient').inputValue()).toBe(a.username);
    expect(await pageB.getByTestId('compose-subject').inputValue()).toBe('Re: Your sunset cut');
    await pageB.getByTestId('compose-message').fill('Thanks! It is "Night drive" by me.');
    await pageB.getByTestId('compose-send').click();
    await pageB.waitForURL('**/inbox?tab=sent**');
    expect(await textOf(pageB, 'inbox-list')).toContain('Re: Your sunset cut');

    // B deletes A's message after confirming; the inbox is empty again.
    await pageB.goto('/inbox');
    await pageB.getByTestId('inbox-entry').first().click();
    await pageB.getByTestId('delete-message').click();
    await pageB.getByRole('group', { name: 'Confirm deletion' }).waitFor();
    await pageB.getByTestId('confirm-delete-message').click();
    await pageB.waitForURL(/\/inbox$/);
    await pageB.getByTestId('empty-state').getByText('No messages yet').waitFor();

    // A still has the message in the sent box, and B's reply, unread, in the inbox.
    await pageA.goto('/inbox?tab=sent');
    expect(await textOf(pageA, 'inbox-list')).toContain('Your sunset cut');
    await pageA.goto('/inbox');
    const reply = pageA.getByTestId('inbox-entry').first();
    expect(await reply.getAttribute('data-unread')).toBe('true');
    expect(await reply.textContent()).toContain('Re: Your sunset cut');

    // A's inbox with a few more messages, at desktop and phone widths, for the docs.
    const c = await createVerifiedUser();
    const cookieC = await sessionCookie(c.email, c.password);
    for (const [subject, message] of [
      ['Collab on the next PMV?', 'I have a few clips that would fit your style. Interested?'],
      ['Playlist suggestion', 'Your "Road trip" playlist is great — try adding Night drive.'],
    ]) {
      await sendThroughApi(cookieC, { recipient: a.username, subject, message });
    }
    for (const width of [390, 1280]) {
      const shot = await signedInPage(a, width);
      await shot.goto('/inbox');
      await shot.getByTestId('inbox-list').waitFor();
      expect(await shot.getByTestId('inbox-entry').count()).toBe(3);
      expect(await horizontalOverflow(shot)).toBeLessThanOrEqual(0);
      await screenshot(shot, `inbox-${width}.png`, { fullPage: true });
      await shot.getByTestId('inbox-entry').first().click();
      await shot.getByTestId('message-page').waitFor();
      expect(await horizontalOverflow(shot)).toBeLessThanOrEqual(0);
      if (width === 390) {
        await screenshot(shot, `message-${width}.png`, { fullPage: true });
      }
      await shot.context().close();
    }
  });

  it('an API client sends with a bearer access token; without one, Not authenticated', async () => {
    const a = await createVerifiedUser();
    const b = await createVerifiedUser();
    const send = (headers: Record<string, string>) =>
      fetch(`${baseUrl()}/api/messages/send`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ recipient: b.username, subject: 'From a script', message: 'Hi' }),
      });
    const visitor = await send({});
    expect(visitor.status).toBe(401);
    expect(await visitor.json()).toEqual({ error: 'Not authenticated', httpStatusCode: 401 });

    const signIn = await fetch(`${baseUrl()}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: a.email, password: a.password }),
    });
    const refreshToken = signIn.headers.get('set-auth-token')!;
    const { token } = (await (
      await fetch(`${baseUrl()}/api/auth/token`, {
        headers: { authorization: `Bearer ${refreshToken}` },
      })
    ).json()) as { token: string };
    const sent = await send({ authorization: `Bearer ${token}` });
    expect(sent.status).toBe(201);
    const { id } = (await sent.json()) as { id: string; delivered: boolean };

    // Pages: a visitor gets the sign-in prompt; someone else's message is not found.
    expect(await (await fetch(`${baseUrl()}/inbox`)).text()).toContain('Sign in to see your inbox');
    const stranger = await createVerifiedUser();
    const page = await signedInPage(stranger);
    const response = await page.goto(`/inbox/${id}`);
    expect(response?.status()).toBe(404);
    await page.context().close();
  });
});
