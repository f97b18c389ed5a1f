// Every control reachable at every width from 320 px up (docs/player/features.md, "Controls"):
// what does not fit in the bar is an entry of the settings menu; every menu entry is in view;
// subtitles never show through an open menu.
import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { mount, useHarness } from './harness.ts';

const harness = useHarness();

async function openAt(width: number): Promise<Page> {
  const page = await harness.h.browser.newPage({
    viewport: { width, height: 700 },
    hasTouch: width < 500,
    isMobile: width < 500,
  });
  await page.goto(`${harness.h.base}/player.html`);
  await page.evaluate(() => {
    const main = document.getElementById('main')!;
    main.style.width = 'auto';
    const video = document.createElement('video');
    video.id = 'video';
    for (const [src, title] of [
      ['/media/clip-360.mp4', '360p'],
      ['/media/clip-180.mp4', '180p'],
    ]) {
      const node = document.createElement('source');
      node.src = src!;
      node.type = 'video/mp4';
      node.title = title!;
      video.append(node);
    }
    const track = document.createElement('track');
    track.kind = 'subtitles';
    track.src = '/media/subs-en.vtt';
    track.srclang = 'en';
    track.label = 'English';
    video.append(track);
    main.append(video);
    (window as unknown as Record<string, unknown>).player = (
      window as unknown as { cutroomPlayer: (t: string, o: unknown) => unknown }
    ).cutroomPlayer('video', {
      layoutControls: {
        mute: true,
        fillToContainer: true,
        allowDownload: true,
        playbackRateEnabled: true,
        subtitlesOnByDefault: true,
      },
    });
  });
  await page.waitForFunction(() => document.querySelector('video')!.readyState >= 2, null, {
    polling: 100,
  });
  // Picture-in-picture and casting come with the chunk after the first frame.
  await page.locator('.cr-pip').waitFor({ state: 'attached' });
  await page.evaluate(() =>
    document.querySelector('.cutroom-player')!.classList.remove('cr-starting'),
  );
  return page;
}

/** The bar's visible controls, and whether each lies inside the player. */
const barControls = (page: Page) =>
  page.evaluate(() => {
    const box = document.querySelector('.cutroom-player')!.getBoundingClientRect();
    return [...document.querySelectorAll<HTMLElement>('.cr-bar > button')]
      .filter((b) => b.offsetWidth > 0)
      .map((b) => {
        const r = b.getBoundingClientRect();
        return {
          label: b.getAttribute('aria-label')!,
          inside: r.left >= box.left && r.right <= box.right,
        };
      });
  });

test('at 1280, 390 and 320 px every control is in the bar or the settings menu, in view', async () => {
  const wide = await openAt(1280);
  const all = (await barControls(wide)).map((c) => c.label);
  expect(all).toEqual(
    expect.arrayContaining(['Fullscreen', 'Mini player', 'Theatre mode', 'Download']),
  );
  for (const width of [390, 320]) {
    const page = await openAt(width);
    // The bar fits itself to the player's width when the player observes its size: a frame
    // or more on a busy machine.
    await expect.poll(async () => (await barControls(page)).filter((c) => !c.inside)).toEqual([]);
    const inBar = await barControls(page);
    expect(inBar.map((c) => c.label)).toContain('Fullscreen');
    await page.getByRole('button', { name: 'Quality' }).click();
    const menu = await page.evaluate(() => {
      const popup = document.querySelector('.cr-popup')!.getBoundingClientRect();
      const player = document.querySelector('.cutroom-player')!.getBoundingClientRect();
      const subtitles = document.querySelector<HTMLElement>('.cr-subtitles')!;
      return {
        entries: [...document.querySelectorAll<HTMLElement>('.cr-popup .cr-menu-item')].map((i) => {
          const r = i.getBoundingClientRect();
          return {
            label: i.textContent!,
            inView:
              r.top >= popup.top - 1 && r.bottom <= popup.bottom + 1 && r.right <= player.right,
          };
        }),
        subtitlesShown: getComputedStyle(subtitles).visibility !== 'hidden',
      };
    });
    expect(menu.entries.filter((e) => !e.inView)).toEqual([]);
    expect(menu.subtitlesShown).toBe(false);
    // Together, the bar and the menu offer every control of the wide bar.
    const offered = [...inBar.map((c) => c.label), ...menu.entries.map((e) => e.label)];
    for (const label of all) {
      if (['Skip back 10 seconds', 'Skip forward 10 seconds'].includes(label)) continue;
      expect(
        offered.some((o) => o === label || (label === 'Quality' && o.startsWith('Quality'))),
      ).toBe(true);
    }
    // An entry presses the control it stands for.
    await page
      .getByRole('menuitemradio', { name: 'Theatre mode' })
      .or(page.getByRole('menuitem', { name: 'Theatre mode' }))
      .click();
    expect(
      await page.evaluate(
        () => (window as unknown as { player: { displayMode: string } }).player.displayMode,
      ),
    ).toBe('theatre');
  }
});

test('the settings button of a stream read after the bar was laid out still fits', async () => {
  const page = await harness.h.browser.newPage({ viewport: { width: 1000, height: 700 } });
  await page.goto(`${harness.h.base}/player.html`);
  // The playlist is held until the bar has been laid out, as a site's server may be slower.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/master.m3u8', async (route) => {
    await held;
    await route.continue();
  });
  await mount(page, {
    sources: [{ src: '/media/hls/master.m3u8', type: 'application/x-mpegURL' }],
    options: { layoutControls: { mute: true, fillToContainer: true } },
  });
  // The player just wide enough for its bar with 10 px to spare: less than the settings button
  // the stream's three qualities will show. (The bar is built without a first frame 400 ms
  // after the player.)
  await page.locator('.cr-bar > .cr-spacer').waitFor({ state: 'attached' });
  await page.evaluate(() => {
    const main = document.getElementById('main')!;
    const spare = document.querySelector<HTMLElement>('.cr-bar > .cr-spacer')!.offsetWidth;
    main.style.width = `${main.getBoundingClientRect().width - spare + 10}px`;
  });
  await page.waitForTimeout(200);
  expect(await page.locator('.cr-source').isVisible()).toBe(false);
  release();
  await expect.poll(() => page.locator('.cr-source').isVisible(), { timeout: 15_000 }).toBe(true);
  await expect.poll(() => barControls(page).then((c) => c.filter((b) => !b.inside))).toEqual([]);
  const overflow = () =>
    page.evaluate(() => {
      const row = document.querySelector<HTMLElement>('.cr-bar')!;
      return row.scrollWidth - row.clientWidth;
    });
  await expect.poll(overflow).toBeLessThanOrEqual(1);
  await page.close();
});
