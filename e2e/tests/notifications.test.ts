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

const post = async (cookie: string, path: string, body: object) => {
  const response = await fetch(`${baseUrl()}${path}`, {
    method: 'POST',
    headers: { cookie, origin: baseUrl(), 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(response.status, await response.clone().text()).toBeLessThan(300);
  return (await response.json()) as Record<string, unknown>;
};

/** The bell's count as the page shows it. */
const bellCount = (page: Page) =>
  page.getByTestId('notification-bell').getAttribute('data-count').then(Number);

const waitForBell = (page: Page, count: number, timeout = 10_000) =>
  page.waitForFunction(
    (expected) =>
      document.querySelector('[data-testid="notification-bell"]')?.getAttribute('data-count') ===
      String(expected),
    count,
    { polling: 100, timeout },
  );

const horizontalOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

describe('notifications in the browser', () => {
  it("B asks A to be friends: A's bell rises live, without a reload, and A follows it", async () => {
    const a = await createVerifiedUser();
    const b = await createVerifiedUser();
    const page = await signedInPage(a);
    await page.goto('/');
    await page.getByTestId('notification-bell').waitFor();
    await waitForBell(page, 0);
    // The page stays as it is: a marker on window goes with any reload.
    await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));

    const cookieB = await sessionCookie(b.email, b.password);
    const started = Date.now();
    await post(cookieB, '/api/v2/profileInput', {
      mode: 'SendFriendRequest',
      username: a.username,
    });
    await waitForBell(page, 1);
    const liveMs = Date.now() - started;
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(
      true,
    );
    expect(await page.getByTestId('notification-count').textContent()).toBe('1');
    expect(await page.getByTestId('notification-bell').getAttribute('aria-label')).toBe(
      'Notifications, 1 unread',
    );
    console.log(`bell rose ${liveMs} ms after the friend request`);

    // A message too: the count goes on rising.
    await post(cookieB, '/api/messages/send', {
      recipient: a.username,
      subject: 'Saw your request list',
      message: 'Hello!',
    });
    await waitForBell(page, 2);
    await screenshot(page, 'notifications-bell.png');

    // The bell leads to the list, the inbox's Notifications tab; the newest first.
    await page.getByTestId('notification-bell').click();
    await page.waitForURL('**/notifications');
    const entries = page.getByTestId('notification-entry');
    expect(await entries.count()).toBe(2);
    expect(await entries.nth(0).textContent()).toContain(
      `${b.username} sent you a message: “Saw your request list”`,
    );
    expect(await entries.nth(1).textContent()).toContain(`${b.username} sent you a friend request`);
    expect(await entries.nth(1).getAttribute('data-unread')).toBe('true');
    expect(
      await page.locator('nav[aria-label="Message boxes"] [aria-current="page"]').textContent(),
    ).toContain('Notifications');
    await screenshot(page, 'notifications-list.png', { fullPage: true });

    // Following the friend request: it is read, and A sees B's request on the friends tab.
    await entries.nth(1).click();
    await page.waitForURL(
      (url) =>
        url.pathname === `/profile/${a.username}` && url.searchParams.get('tab') === 'friends',
    );
    expect(await page.getByTestId('friend-requests').textContent()).toContain(b.username);
    await waitForBell(page, 1);

    // Mark all read: the bell empties.
    await page.goto('/notifications');
    await page.getByTestId('mark-all-read').click();
    await waitForBell(page, 0);
    await page.waitForFunction(
      () =>
        document.querySelectorAll('[data-testid="notification-entry"][data-unread]').length === 0,
      undefined,
      { polling: 100 },
    );
    expect(await bellCount(page)).toBe(0);
    await page.context().close();
  });

  it('the inbox shows the new friend request as an entry of its Notifications tab', async () => {
    const a = await createVerifiedUser();
    const b = await createVerifiedUser();
    await post(await sessionCookie(b.email, b.password), '/api/v2/profileInput', {
      mode: 'SendFriendRequest',
      username: a.username,
    });
    const page = await signedInPage(a, 320);
    await page.goto('/inbox');
    const tab = page.getByTestId('inbox-tab-notifications');
    expect(await tab.textContent()).toContain('1 new');
    await tab.click();
    await page.waitForURL('**/notifications');
    expect(await page.getByTestId('notification-entry').first().textContent()).toContain(
      `${b.username} sent you a friend request`,
    );
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await screenshot(page, 'notifications-phone.png', { fullPage: true });
    await page.context().close();
  });

  it('the settings page keeps each choice of e-mail', async () => {
    const a = await createVerifiedUser();
    const page = await signedInPage(a);
    await page.goto('/profile/settings');
    await page.getByTestId('notification-settings-link').click();
    await page.waitForURL('**/profile/settings/notifications');
    const select = page.getByTestId('email-new_video');
    expect(await select.inputValue()).toBe('off');
    await select.selectOption('digest');
    await page.getByTestId('notification-settings-note').filter({ hasText: 'Saved' }).waitFor();
    await page.reload();
    expect(await page.getByTestId('email-new_video').inputValue()).toBe('digest');
    expect(await page.getByTestId('email-ticket_answer').inputValue()).toBe('immediate');
    await page.context().close();
  });
});
