import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { mount, useHarness } from './harness.ts';

const harness = useHarness();
let page: Page;
let errors: string[];

const MP4 = { src: '/media/clip-360.mp4', type: 'video/mp4' };

test('controls and title hide after autoHideTimeout of inactivity while playing, and come back on activity', async () => {
  ({ page, errors } = await harness.open());
  // The page's clock is the test's: the bar's idle time is counted on it, not on how long a
  // loaded machine takes between two steps of the test.
  await page.clock.install({ time: new Date('2026-01-01T00:00:00Z') });
  await page.clock.pauseAt(new Date('2026-01-01T00:00:01Z'));
  await mount(page, {
    sources: [MP4],
    options: {
      layoutControls: {
        mute: true,
        loop: true,
        title: 'Hide me',
        controlBar: { autoHideTimeout: 1 },
      },
    },
  });
  const root = page.locator('.cutroom-player');
  const isInactive = () => root.evaluate((e) => e.classList.contains('cr-inactive'));
  await page.evaluate(() => (window as unknown as { player: { play(): void } }).player.play());
  await expect.poll(() => page.evaluate(() => !document.querySelector('video')!.paused)).toBe(true);
  const box = (await root.boundingBox())!;
  await page.mouse.move(box.x + 10, box.y + 10);
  // 0.9 s after the last activity: still shown; past 1 s (and the next 300 ms poll): hidden.
  await page.clock.runFor(900);
  expect(await isInactive()).toBe(false);
  await page.clock.runFor(400);
  await expect.poll(isInactive).toBe(true);
  await expect
    .poll(() => page.locator('.cr-title').evaluate((e) => getComputedStyle(e).opacity))
    .toBe('0');
  await page.mouse.move(box.x + 100, box.y + 100);
  await expect.poll(isInactive).toBe(false);
  // The buffered range is drawn (polled every 500 ms).
  await page.clock.runFor(600);
  await expect
    .poll(() =>
      page.locator('.cr-buffered').evaluate((e) => parseFloat((e as HTMLElement).style.width)),
    )
    .toBeGreaterThan(0);
  expect(errors).toEqual([]);
});

test('poster, logo with hover image and click URL, and the pause block', async () => {
  ({ page, errors } = await harness.open());
  await mount(page, {
    sources: [MP4],
    options: {
      layoutControls: {
        mute: true,
        posterImage: '/media/poster.jpg',
        posterImageSize: 'cover',
        logo: {
          imageUrl: '/media/logo.png',
          mouseOverImageUrl: '/media/logo-hover.png',
          clickUrl: 'https://example.org/',
          position: 'top right',
          opacity: 0.5,
        },
        htmlOnPauseBlock: { html: '<p id="paused">Paused block</p>', width: 200, height: 60 },
      },
    },
  });
  const poster = page.locator('.cr-poster');
  expect(await poster.evaluate((e) => getComputedStyle(e).backgroundSize)).toBe('cover');
  expect(await poster.evaluate((e) => getComputedStyle(e).backgroundImage)).toContain(
    '/media/poster.jpg',
  );
  const logo = page.locator('.cr-logo');
  expect(await logo.getAttribute('href')).toBe('https://example.org/');
  expect(await logo.evaluate((e) => getComputedStyle(e).opacity)).toBe('0.5');
  const rootBox = (await page.locator('.cutroom-player').boundingBox())!;
  const logoBox = (await logo.boundingBox())!;
  expect(logoBox.x + logoBox.width).toBeGreaterThan(rootBox.x + rootBox.width - 10);
  await logo.hover();
  expect(await page.locator('.cr-logo-img').getAttribute('src')).toBe('/media/logo-hover.png');
  await page.mouse.move(1, 1);
  expect(await page.locator('.cr-logo-img').getAttribute('src')).toBe('/media/logo.png');

  await page.evaluate(() => (window as unknown as { player: { play(): void } }).player.play());
  await expect.poll(() => poster.isVisible()).toBe(false);
  expect(await page.locator('#paused').isVisible()).toBe(false);
  await page.evaluate(() => (window as unknown as { player: { pause(): void } }).player.pause());
  await expect.poll(() => page.locator('#paused').isVisible()).toBe(true);
  expect(errors).toEqual([]);
});

test('360° view: three.js loads on demand, cardboard toggles, the joystick turns and zooms', async () => {
  ({ page, errors } = await harness.open());
  const before = await page.evaluate(() => performance.getEntriesByType('resource').length);
  expect(before).toBeGreaterThan(0);
  await mount(page, {
    sources: [MP4],
    options: {
      layoutControls: { mute: true, showCardBoardView: true, showCardBoardJoystick: true },
    },
  });
  await expect.poll(() => page.locator('.cr-vr-canvas').count(), { timeout: 10_000 }).toBe(1);
  const loaded = await page.evaluate(() =>
    performance.getEntriesByType('resource').some((e) => e.name.includes('vr-engine')),
  );
  expect(loaded).toBe(true);
  const cardboard = page.getByRole('button', { name: 'Cardboard view' });
  await cardboard.click();
  expect(await cardboard.getAttribute('aria-pressed')).toBe('true');
  for (const name of ['Look up', 'Look left', 'Look right', 'Look down', 'Zoom in', 'Zoom out']) {
    expect(await page.getByRole('button', { name }).isVisible()).toBe(true);
  }
  await page.getByRole('button', { name: 'Zoom in' }).click();
  await page.getByRole('button', { name: 'Zoom in' }).click();
  await page.getByRole('button', { name: 'Zoom out' }).click();
  // Field of view 60, zoomed x0.9 twice and x1.1 once.
  expect(await page.locator('.cr-vr-canvas').getAttribute('data-fov')).toBe(
    (60 * 0.9 * 0.9 * 1.1).toFixed(2),
  );
  expect(await cardboard.getAttribute('aria-pressed')).toBe('true');
  await cardboard.click();
  expect(await cardboard.getAttribute('aria-pressed')).toBe('false');
  expect(errors.filter((e) => !/WebGL|GPU/i.test(e))).toEqual([]);
});

test('a live stream shows the live indicator instead of a duration', async () => {
  ({ page, errors } = await harness.open());
  await mount(page, {
    sources: [{ src: '/media/hls/v180/live.m3u8', type: 'application/x-mpegURL' }],
    options: { layoutControls: { mute: true } },
  });
  await page.evaluate(() => (window as unknown as { player: { play(): void } }).player.play());
  const live = page.locator('.cr-live');
  await expect.poll(() => live.isVisible(), { timeout: 15_000 }).toBe(true);
  expect(await live.textContent()).toBe('LIVE');
  expect(await page.locator('.cr-time').textContent()).not.toContain('/');
  expect(errors).toEqual([]);
});

test('on a small screen the mini player is 50vw wide and a swipe beyond 50 px closes it', async () => {
  page = await harness.h.browser.newPage({
    viewport: { width: 400, height: 700 },
    hasTouch: true,
    isMobile: true,
  });
  errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(`${harness.h.base}/player.html`);
  await mount(page, { sources: [MP4], width: 360, options: { layoutControls: { mute: true } } });
  await page.evaluate(() =>
    (
      window as unknown as { player: { toggleMiniPlayer(on: boolean): void } }
    ).player.toggleMiniPlayer(true),
  );
  const root = page.locator('.cutroom-player');
  expect(await root.getAttribute('data-mode')).toBe('mini');
  expect((await root.boundingBox())!.width).toBeCloseTo(200, 0);
  const swipe = (dx: number) =>
    page.evaluate((dx) => {
      const el = document.querySelector('.cutroom-player')!;
      const touch = (x: number) =>
        new Touch({ identifier: 1, target: el, clientX: x, clientY: 600 });
      el.dispatchEvent(new TouchEvent('touchstart', { touches: [touch(300)], bubbles: true }));
      el.dispatchEvent(new TouchEvent('touchmove', { touches: [touch(300 + dx)], bubbles: true }));
      el.dispatchEvent(new TouchEvent('touchend', { touches: [], bubbles: true }));
    }, dx);
  await swipe(30);
  expect(await root.getAttribute('data-mode')).toBe('mini');
  await swipe(80);
  expect(await root.getAttribute('data-mode')).toBe('normal');
  expect(errors).toEqual([]);
});
