import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedUser } from '../support/accounts';
import { openPage } from '../support/browser';
import { sessionCookie, uploadPublishedVideo } from '../support/videos';

/** What has the focus: enough to recognise a control by what a person reads. */
interface Focused {
  tag: string;
  id: string;
  name: string;
  testId: string;
  role: string;
}

const focused = (page: Page): Promise<Focused> =>
  page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    return {
      tag: element?.tagName.toLowerCase() ?? '',
      id: element?.id ?? '',
      name: (element?.getAttribute('aria-label') ?? element?.textContent ?? '').trim(),
      testId: element?.dataset.testid ?? '',
      role: element?.getAttribute('role') ?? '',
    };
  });

/**
 * Presses Tab until the focus reaches what `wanted` recognises, as a keyboard user moves
 * through a page; fails when it is not reached within `limit` presses.
 */
async function tabTo(page: Page, wanted: (element: Focused) => boolean, limit = 150) {
  for (let presses = 0; presses < limit; presses += 1) {
    await page.keyboard.press('Tab');
    const element = await focused(page);
    if (wanted(element)) return element;
  }
  throw new Error(`not reached with ${limit} presses of Tab`);
}

const videoState = (page: Page) =>
  page.evaluate(() => {
    const video = document.querySelector<HTMLVideoElement>('video')!;
    return { paused: video.paused, time: video.currentTime };
  });

let uploader: Awaited<ReturnType<typeof createVerifiedUser>>;
let viewer: Awaited<ReturnType<typeof createVerifiedUser>>;
const word = `keyjourney${Date.now().toString(36)}`;

beforeAll(async () => {
  uploader = await createVerifiedUser();
  viewer = await createVerifiedUser();
  await uploadPublishedVideo(await sessionCookie(uploader.email, uploader.password), {
    title: `${word} harbour lights`,
    username: uploader.username,
    seconds: 24,
    // Two qualities (480p and 360p, and the automatic choice) to choose from.
    height: 480,
  });
}, 240_000);

describe('a keyboard-only visit', () => {
  it('signs in, searches, watches, favorites, saves, messages and signs out with keys alone', async () => {
    const page = await openPage({ viewport: { width: 1280, height: 900 } });

    // Sign in.
    await page.goto('/login');
    await tabTo(page, (element) => element.id === 'email');
    await page.keyboard.type(viewer.email);
    await page.keyboard.press('Tab');
    expect((await focused(page)).id).toBe('password');
    await page.keyboard.type(viewer.password);
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByTestId('account-menu').waitFor();

    // Search, with a typo in the second word.
    await tabTo(page, (element) => element.id === 'site-search');
    await page.keyboard.type(`${word} harbor`);
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/search/);
    const result = await tabTo(
      page,
      (element) => element.tag === 'a' && element.name.includes(word),
    );
    expect(result.name).toContain('harbour lights');

    // Open the video; its main heading takes the focus.
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/video\//);
    await page.getByRole('heading', { level: 1, name: /harbour lights/ }).waitFor();

    // Play, pause and seek from the player's own controls and keys.
    await tabTo(page, (element) => element.name === 'Play');
    await page.keyboard.press('Enter');
    await expect
      .poll(async () => (await videoState(page)).time, { timeout: 30_000 })
      .toBeGreaterThan(0.5);
    await page.keyboard.press(' ');
    await expect.poll(async () => (await videoState(page)).paused).toBe(true);
    const before = (await videoState(page)).time;
    await page.keyboard.press('ArrowRight');
    await expect.poll(async () => (await videoState(page)).time).toBeGreaterThan(before + 5);

    // Change the quality from the player's menu (shown once the qualities are known).
    await page.getByRole('button', { name: 'Quality' }).waitFor({ timeout: 30_000 });
    await tabTo(page, (element) => element.name === 'Quality');
    await page.keyboard.press('Enter');
    await page.getByRole('menuitemradio').first().waitFor();
    const lowest = page.getByRole('menuitemradio').filter({ hasText: /^360p/ });
    for (let presses = 0; presses < 6; presses += 1) {
      if ((await focused(page)).name.startsWith('360p')) break;
      await page.keyboard.press('ArrowDown');
    }
    expect((await focused(page)).name).toMatch(/^360p/);
    await page.keyboard.press('Enter');
    // The menu closes on the choice, the focus back on its button; opened again, it shows it.
    await page.getByRole('menuitemradio').first().waitFor({ state: 'hidden' });
    expect((await focused(page)).name).toBe('Quality');
    await page.keyboard.press('Enter');
    expect(await lowest.getAttribute('aria-checked')).toBe('true');
    await page.keyboard.press('Escape');
    expect((await focused(page)).name).toBe('Quality');

    // Favorite.
    await tabTo(page, (element) => element.testId === 'favorite');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('favorite').getAttribute('aria-pressed')).toBe('true');

    // Save to a new playlist.
    await tabTo(page, (element) => element.testId === 'add-to-playlist');
    await page.keyboard.press('Enter');
    await tabTo(page, (element) => element.testId === 'new-playlist-name', 10);
    await page.keyboard.type('Night harbours');
    await page.keyboard.press('Enter');
    await expect
      .poll(() => page.getByTestId('playlist-menu-message').textContent())
      .toContain('Added to Night harbours');
    await page.keyboard.press('Escape');
    expect((await focused(page)).testId).toBe('add-to-playlist');

    // Message the uploader from their profile.
    await tabTo(page, (element) => element.tag === 'a' && element.name.endsWith(uploader.username));
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/profile\//);
    await tabTo(page, (element) => element.testId === 'message-button');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/inbox\/new/);
    await expect.poll(async () => (await focused(page)).testId).toBe('compose-subject');
    await page.keyboard.type('Your harbour video');
    await page.keyboard.press('Tab');
    expect((await focused(page)).testId).toBe('compose-message');
    await page.keyboard.type('The lights at the end are lovely.');
    await tabTo(page, (element) => element.testId === 'compose-send', 5);
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/inbox\?tab=sent/);
    await page.getByText('Your harbour video').first().waitFor();

    // Sign out from the account menu.
    await tabTo(
      page,
      (element) => element.tag === 'button' && element.name.includes(viewer.username),
    );
    await page.keyboard.press('Enter');
    await page.getByRole('menu').waitFor();
    await page.keyboard.press('End');
    await expect.poll(async () => (await focused(page)).name).toBe('Sign out');
    await page.keyboard.press('Enter');
    await page.getByRole('link', { name: 'Sign in' }).first().waitFor();
    expect(await page.getByTestId('account-menu').count()).toBe(0);
  }, 180_000);
});
