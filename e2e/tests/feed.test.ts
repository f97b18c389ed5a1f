import type { Page, Route } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedUser, signInThroughApi } from '../support/accounts';
import { baseUrl, openPage } from '../support/browser';
import { screenshot } from '../support/screenshots';
import { sessionCookie, uploadPublishedVideo } from '../support/videos';

// The vertical feed (docs/feed.md): five short vertical clips swiped through on a phone and
// stepped through with the keys on a desktop, each starting; the place kept on reload.

let member: Awaited<ReturnType<typeof createVerifiedUser>>;
let cookie: string;
/** The clips, newest first: the feed's order. */
const clips: { id: string; slug: string }[] = [];

beforeAll(async () => {
  member = await createVerifiedUser();
  cookie = await sessionCookie(member.email, member.password);
  // One after another, so that their order in the feed is known.
  for (const n of [1, 2, 3, 4, 5]) {
    const clip = await uploadPublishedVideo(cookie, {
      title: `Vertical clip ${n}`,
      username: member.username,
      seconds: 4,
      portrait: true,
    });
    clips.unshift(clip);
  }
}, 300_000);

const activeItem = (page: Page) => page.locator('[data-testid="feed-item"][data-active="true"]');
const activeTitle = (page: Page) => activeItem(page).getByRole('heading', { level: 2 }).innerText();

/** Whether the active video's picture is moving: playing, past its first frame. */
const activePlaying = (page: Page) =>
  activeItem(page)
    .locator('video')
    .first()
    .evaluate((video: HTMLVideoElement) => !video.paused && video.currentTime > 0)
    .catch(() => false);

describe('the vertical feed', () => {
  it('swipes through five clips on a phone, each starting, and keeps its place on reload', async () => {
    const page = await openPage({
      viewport: { width: 360, height: 740 },
      hasTouch: true,
      isMobile: true,
    });
    await page.goto(`/shorts?v=${clips[0]!.id}`);
    for (const [index, clip] of clips.entries()) {
      expect(await activeTitle(page)).toBe(`Vertical clip ${5 - index}`);
      await expect.poll(() => activePlaying(page), { timeout: 20_000 }).toBe(true);
      expect(new URL(page.url()).searchParams.get('v')).toBe(clip.id);
      if (index === 2) {
        await screenshot(page, 'feed-phone-360.png');
        // A reload starts at the same clip.
        await page.reload();
        expect(await activeTitle(page)).toBe(`Vertical clip ${5 - index}`);
        await expect.poll(() => activePlaying(page), { timeout: 20_000 }).toBe(true);
      }
      if (index === clips.length - 1) break;
      // A swipe up: the feed scrolls by one screen and snaps to the next clip. Made once the
      // last step's scroll has ended, as a person swipes again: a wheel event within 150 ms of
      // a step is taken as that step's gesture (here it came sooner once the clip played at
      // once, and the feed stayed).
      await expect
        .poll(() => page.getByTestId('shorts-feed').evaluate((feed) => feed.scrollTop))
        .toBe(index * 740);
      await page.waitForTimeout(300);
      await page.mouse.move(180, 400);
      await page.mouse.wheel(0, 740);
      await expect.poll(() => activeTitle(page)).toBe(`Vertical clip ${4 - index}`);
    }
    // No sideways scroll at a phone's width.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      360,
    );

    // A visitor's vote sends them to sign in; back on the same clip, the vote is made.
    const last = clips.at(-1)!;
    await activeItem(page).getByTestId('upvote').click();
    await page.waitForURL((url) => url.pathname === '/login');
    await page.getByLabel('E-mail').fill(member.email);
    await page.getByLabel('Password').fill(member.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => url.pathname === '/shorts');
    expect(new URL(page.url()).searchParams.get('v')).toBe(last.id);
    expect(await activeTitle(page)).toBe('Vertical clip 1');
    await expect
      .poll(() => activeItem(page).getByTestId('upvote').getAttribute('aria-pressed'))
      .toBe('true');
  });

  it('steps with the keys on a desktop, with sound after the first key, and counts the views', async () => {
    // Steps without the scroll's animation (the reader asks for less motion), so that a click
    // right after a step lands on the clip it steps to.
    const page = await openPage({
      viewport: { width: 1280, height: 800 },
      reducedMotion: 'reduce',
    });
    await signInThroughApi(page.context(), member.email, member.password);
    await page.goto(`/shorts?v=${clips[0]!.id}`);
    await expect.poll(() => activePlaying(page), { timeout: 20_000 }).toBe(true);
    // Muted until a gesture: browsers play muted video by themselves.
    const muted = () =>
      activeItem(page)
        .locator('video')
        .first()
        .evaluate((video: HTMLVideoElement) => video.muted);
    expect(await muted()).toBe(true);
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => activeTitle(page)).toBe('Vertical clip 4');
    await expect.poll(() => activePlaying(page), { timeout: 20_000 }).toBe(true);
    expect(await muted()).toBe(false);
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => activeTitle(page)).toBe('Vertical clip 3');
    await expect.poll(() => activePlaying(page), { timeout: 20_000 }).toBe(true);
    await page.keyboard.press('ArrowUp');
    await expect.poll(() => activeTitle(page)).toBe('Vertical clip 4');
    await screenshot(page, 'feed-desktop-1280.png');

    // Comments open over the feed and close with Escape; the keys step again after.
    await activeItem(page).getByRole('button', { name: 'Comments' }).click();
    const dialog = page.getByRole('dialog', { name: /Comments on Vertical clip 4/ });
    await dialog.getByText('No comments yet.').waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });

    // The creator's name leads to their profile.
    const creator = activeItem(page).getByRole('link', { name: member.username });
    expect(await creator.getAttribute('href')).toBe(`/profile/${member.username}`);

    // Each clip that played counted a view (the API answers members fresh).
    await expect
      .poll(async () => {
        const response = await fetch(`${baseUrl()}/api/v2/feed`, {
          method: 'POST',
          headers: { cookie, origin: baseUrl(), 'content-type': 'application/json' },
          body: JSON.stringify({ from: clips[1]!.id }),
        });
        const page = (await response.json()) as { data: { id: string; views: number }[] };
        return page.data.find((video) => video.id === clips[1]!.id)?.views ?? 0;
      })
      .toBeGreaterThanOrEqual(1);
  });

  it('a wheel notch is one clip and a trackpad gesture is one too; Back returns to the clip before; the first tap only unmutes', async () => {
    const page = await openPage({
      viewport: { width: 1280, height: 800 },
      reducedMotion: 'reduce',
    });
    await page.goto(`/shorts?v=${clips[0]!.id}`);
    await expect.poll(() => activePlaying(page), { timeout: 20_000 }).toBe(true);
    await page.mouse.move(640, 400);
    // One notch of a mouse wheel.
    await page.mouse.wheel(0, 100);
    await expect.poll(() => activeTitle(page)).toBe('Vertical clip 4');
    await page.waitForTimeout(400);
    // A trackpad: many small deltas in one gesture, 16 ms apart. Sent from inside the page: sent
    // one by one from here, a loaded machine can space them past the gesture's 250 ms end.
    await page.getByTestId('shorts-feed').evaluate(async (scroller) => {
      for (let i = 0; i < 20; i++) {
        scroller.dispatchEvent(
          new WheelEvent('wheel', { deltaY: 12, bubbles: true, cancelable: true }),
        );
        await new Promise((resolve) => setTimeout(resolve, 16));
      }
    });
    await expect.poll(() => activeTitle(page)).toBe('Vertical clip 3');
    await page.waitForTimeout(400);
    expect(await activeTitle(page)).toBe('Vertical clip 3');

    // Back: the clip before, in the feed.
    await page.goBack();
    await expect.poll(() => activeTitle(page)).toBe('Vertical clip 4');
    expect(new URL(page.url()).searchParams.get('v')).toBe(clips[1]!.id);

    // Sound is off and says so; the first tap on the picture turns it on and keeps playing.
    await page.getByTestId('feed-sound').waitFor();
    await expect.poll(() => activePlaying(page), { timeout: 20_000 }).toBe(true);
    await activeItem(page).locator('video').first().click();
    await page.getByTestId('feed-sound').waitFor({ state: 'hidden' });
    await page.waitForTimeout(300);
    expect(await activePlaying(page)).toBe(true);
    expect(
      await activeItem(page)
        .locator('video')
        .first()
        .evaluate((video: HTMLVideoElement) => video.muted),
    ).toBe(false);
  });
  // The newer clips come back in the middle of a step (its smooth scroll re-aimed), or once it
  // has ended (the feed put back on its clip: Chromium re-snaps it there itself, and the feed's
  // own move on top of that once landed on the clip after it).
  it.each(['under way', 'ended'] as const)(
    'keeps the clip of a step %s when newer clips are put in front of the feed',
    async (when) => {
      const page = await openPage({ viewport: { width: 1280, height: 800 } });
      // The feed's request for newer clips is held until the step is at the point tested.
      const held: Route[] = [];
      await page.route('**/api/v2/feed', async (route) => {
        if (route.request().postData()?.includes('"before"')) held.push(route);
        else await route.continue();
      });
      // From the oldest clip: the page brings three before it, and more are there.
      await page.goto(`/shorts?v=${clips[4]!.id}`);
      // Started (the page's script running): the keys are heard.
      await expect.poll(() => activePlaying(page), { timeout: 20_000 }).toBe(true);
      expect(await activeTitle(page)).toBe('Vertical clip 1');
      await page.keyboard.press('ArrowUp');
      await expect.poll(() => activeTitle(page)).toBe('Vertical clip 2');
      await page.keyboard.press('ArrowUp');
      await expect.poll(() => activeTitle(page)).toBe('Vertical clip 3');
      // Second from the top: the newer clips are asked for.
      await expect.poll(() => held.length).toBeGreaterThan(0);
      // The next step begins late in the life of the one before (on a loaded machine, a step's
      // scroll outlived the time given to the step before it, and lost its mark).
      await page.waitForTimeout(1_400);
      await page.keyboard.press('ArrowUp');
      const onScreen = () =>
        page.getByTestId('shorts-feed').evaluate((feed) => {
          const top = feed.getBoundingClientRect().top;
          const item = [...feed.querySelectorAll<HTMLElement>('[data-feed-item]')].find(
            (element) => Math.abs(element.getBoundingClientRect().top - top) < 2,
          );
          return item?.querySelector('h2')?.textContent ?? null;
        });
      if (when === 'ended') {
        await expect.poll(onScreen, { timeout: 10_000 }).toBe('Vertical clip 4');
        await page.waitForTimeout(500);
      }
      await Promise.all(held.splice(0).map((route) => route.continue()));
      await expect.poll(() => page.locator('[data-feed-item]').count()).toBe(5);
      await expect.poll(() => activeTitle(page)).toBe('Vertical clip 4');
      // Once the scroll has ended, the clip on screen is the active one, and stays so.
      await expect.poll(onScreen, { timeout: 10_000 }).toBe('Vertical clip 4');
      await page.waitForTimeout(1_000);
      expect(await onScreen()).toBe('Vertical clip 4');
      expect(await activeTitle(page)).toBe('Vertical clip 4');
    },
  );
});
