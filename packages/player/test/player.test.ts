import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { mount, useHarness } from './harness.ts';

const harness = useHarness();
let page: Page;
let errors: string[];

const MP4 = { src: '/media/clip-360.mp4', type: 'video/mp4', title: '360p' };
const MP4_SMALL = { src: '/media/clip-180.mp4', type: 'video/mp4', title: '180p' };
const HLS = { src: '/media/hls/master.m3u8', type: 'application/x-mpegURL' };
const DASH = { src: '/media/dash/manifest.mpd', type: 'application/dash+xml' };
const TRACKS = [
  { src: '/media/subs-en.vtt', label: 'English', srclang: 'en', default: true },
  { src: '/media/subs-fr.vtt', label: 'Français', srclang: 'fr' },
];

async function open(): Promise<void> {
  ({ page, errors } = await harness.open());
}

const video = (p: Page = page) => p.locator('video').first();
const currentTime = () => video().evaluate((v: HTMLVideoElement) => v.currentTime);
const callPlayer = (method: string, ...args: unknown[]) =>
  page.evaluate(
    ([m, a]) => {
      const player = (window as unknown as { player: Record<string, (...x: unknown[]) => unknown> })
        .player;
      return player[m as string]!(...(a as unknown[]));
    },
    [method, args] as const,
  );

async function waitPlaying(min = 0.5): Promise<void> {
  await page.waitForFunction(
    (t) => {
      const v = document.querySelector('video');
      return !!v && !v.paused && v.currentTime > t;
    },
    min,
    { polling: 100, timeout: 15_000 },
  );
}

describe('playback', () => {
  test('an MP4 plays and currentTime advances; controls reflect the state', async () => {
    await open();
    await mount(page, { sources: [MP4] });
    await page.getByRole('button', { name: 'Play' }).first().click();
    await waitPlaying();
    const t1 = await currentTime();
    await page.waitForTimeout(600);
    expect(await currentTime()).toBeGreaterThan(t1);
    await expect
      .poll(() => page.locator('.cr-bar .cr-play').getAttribute('aria-label'))
      .toBe('Pause');
    expect(errors).toEqual([]);
  });

  test("the control bar is rendered from the content's first frame, or 400 ms after creation", async () => {
    await open();
    // The page's clock stands still: the 400 ms fallback fires only when the test moves it, so
    // neither half depends on how fast this machine is.
    await page.clock.install();
    await page.clock.pauseAt(Date.now() + 60_000);
    const create = (options: unknown) =>
      page.evaluate(
        ({ src, options }) => {
          document.querySelector('.cutroom-player')?.remove();
          const video = document.createElement('video');
          video.src = src;
          document.getElementById('main')!.append(video);
          const w = window as unknown as { cutroomPlayer: (v: unknown, o: unknown) => unknown };
          w.cutroomPlayer(video, options);
          const bar = video.closest('.cutroom-player')!.querySelector('.cr-controls');
          // In one task with the creation: no bar is rendered (none is built yet).
          return !bar || getComputedStyle(bar).display === 'none';
        },
        { src: MP4.src, options },
      );
    const barShown = () =>
      page.evaluate(() => {
        const bar = document.querySelector('.cr-controls');
        return !!bar && getComputedStyle(bar).display !== 'none';
      });
    const hadFrame = () =>
      page.evaluate(
        () => document.querySelector('video')!.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA,
      );
    // No frame before a play with preload 'none': shown when 400 ms have passed, not before.
    expect(await create({ layoutControls: { preload: 'none' } })).toBe(true);
    await page.clock.runFor(399);
    expect(await barShown()).toBe(false);
    await page.clock.runFor(1);
    expect(await barShown()).toBe(true);
    expect(await hadFrame()).toBe(false);
    // With a frame coming: shown with it, while the page's clock has not moved.
    expect(await create({ layoutControls: { autoPlay: true, mute: true } })).toBe(true);
    await expect.poll(barShown, { timeout: 15_000 }).toBe(true);
    expect(await hadFrame()).toBe(true);
    expect(errors).toEqual([]);
  });

  test('the ESM build works from a module script and loads no streaming library for MP4', async () => {
    await open();
    await page.addScriptTag({
      type: 'module',
      content: `import { createPlayer, version } from '/dist/index.js';
        const v = document.createElement('video'); v.id = 'esm'; v.src = '/media/clip-180.mp4';
        document.getElementById('main').append(v);
        window.esmPlayer = createPlayer('esm', { layoutControls: { mute: true } });
        window.esmVersion = version; window.esmPlayer.play();`,
    });
    await page.waitForFunction(
      () => (document.getElementById('esm') as HTMLVideoElement)?.currentTime > 0.3,
      undefined,
      { polling: 100 },
    );
    expect(
      await page.evaluate(() => (window as unknown as { esmVersion: string }).esmVersion),
    ).toBe('1.0.0');
    const scripts = await page.evaluate(() =>
      performance.getEntriesByType('resource').map((e) => e.name),
    );
    expect(scripts.some((s) => /hls-engine|dash-engine|vr-engine/.test(s))).toBe(false);
    expect(errors).toEqual([]);
  });

  test('HLS: three renditions give a quality list (auto, 720p HD, 360p, 180p) and switching changes the picture', async () => {
    await open();
    await mount(page, { sources: [HLS], options: { layoutControls: { mute: true } } });
    await callPlayer('play');
    await waitPlaying();
    // HLS starts at 0.
    const button = page.getByRole('button', { name: 'Quality' });
    await expect.poll(() => button.isVisible()).toBe(true);
    // The bar hides 3 s into playback: a pointer over the player brings it back (a loaded
    // machine may take longer than that between two steps).
    const showBar = () => page.locator('.cutroom-player').hover();
    await showBar();
    await button.click();
    const items = page.locator('.cr-popup .cr-menu-item');
    expect(await items.allTextContents()).toEqual(['auto', '720pHD', '360p', '180p']);
    await page.getByRole('menuitemradio', { name: '180p' }).click();
    await page.waitForFunction(() => document.querySelector('video')!.videoHeight === 180, null, {
      polling: 100,
      timeout: 15_000,
    });
    await showBar();
    await button.click();
    await page.getByRole('menuitemradio', { name: /720p/ }).click();
    await page.waitForFunction(() => document.querySelector('video')!.videoHeight === 720, null, {
      polling: 100,
      timeout: 15_000,
    });
    expect(
      await page.evaluate(() => JSON.parse(localStorage.getItem('cutroom-player')!).quality),
    ).toBe('720p');
    // The chosen level is applied again after a reload.
    await page.reload();
    await mount(page, { sources: [HLS], options: { layoutControls: { mute: true } } });
    await expect.poll(() => button.isVisible(), { timeout: 15_000 }).toBe(true);
    await showBar();
    await button.click();
    expect(
      await page.getByRole('menuitemradio', { name: /720p/ }).getAttribute('aria-checked'),
    ).toBe('true');
    expect(errors).toEqual([]);
  });

  test('DASH plays through dash.js', async () => {
    await open();
    await mount(page, { sources: [DASH], options: { layoutControls: { mute: true } } });
    await callPlayer('play');
    await waitPlaying(1);
    const loaded = await page.evaluate(() =>
      performance.getEntriesByType('resource').some((e) => e.name.includes('dash-engine')),
    );
    expect(loaded).toBe(true);
    expect(errors).toEqual([]);
  });

  test('an unplayable source falls through to the next one', async () => {
    await open();
    await mount(page, {
      sources: [{ src: '/media/missing.m3u8', type: 'application/x-mpegURL' }, MP4_SMALL],
      options: { layoutControls: { mute: true } },
    });
    await callPlayer('play');
    await waitPlaying();
    expect(await video().evaluate((v: HTMLVideoElement) => v.currentSrc)).toContain('clip-180.mp4');
    // Only the browser's own report of the 404 is expected.
    expect(errors.filter((e) => !/missing\.m3u8|status of 404/.test(e))).toEqual([]);
  });

  test('switching source keeps the time and the play state', async () => {
    await open();
    await mount(page, { sources: [MP4, MP4_SMALL], options: { layoutControls: { mute: true } } });
    await callPlayer('play');
    await waitPlaying(1.5);
    await page.getByRole('button', { name: 'Quality' }).click();
    const before = await currentTime();
    await page.getByRole('menuitemradio', { name: '180p' }).click();
    await page.waitForFunction(
      () => document.querySelector('video')!.videoHeight === 180,
      undefined,
      { polling: 100 },
    );
    await page.waitForFunction(() => document.querySelector('video')!.readyState >= 1, undefined, {
      polling: 100,
    });
    // Resumed at the time it had, not from the start, and still playing.
    expect(await currentTime()).toBeGreaterThanOrEqual(before - 0.1);
    await waitPlaying(before + 0.3);
    expect(errors).toEqual([]);
  });

  test('a click toggles play; a double click on the right half skips forward 10 s', async () => {
    await open();
    await mount(page, { sources: [MP4], options: { layoutControls: { mute: true } } });
    const box = (await page.locator('.cutroom-player').boundingBox())!;
    await page.mouse.click(box.x + box.width * 0.3, box.y + box.height * 0.4);
    await waitPlaying(0.2);
    await page.mouse.click(box.x + box.width * 0.3, box.y + box.height * 0.4);
    await expect.poll(() => video().evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);
    await callPlayer('skipTo', 0);
    await page.mouse.dblclick(box.x + box.width * 0.8, box.y + box.height * 0.4);
    // The clip is 6 s long, so +10 s lands on the end.
    await expect.poll(currentTime).toBeGreaterThan(5.5);
    await page.mouse.dblclick(box.x + box.width * 0.2, box.y + box.height * 0.4);
    await expect.poll(currentTime).toBe(0);
  });
});

describe('keyboard', () => {
  test('keys of docs/player/behaviour.md drive the player', async () => {
    await open();
    await mount(page, {
      sources: [MP4],
      tracks: TRACKS,
      options: { layoutControls: { mute: false } },
    });
    await page.waitForFunction(() => document.querySelector('video')!.readyState >= 1, undefined, {
      polling: 100,
    });
    await page.locator('.cutroom-player').focus();
    await page.keyboard.press('Space');
    await waitPlaying(0.2);
    await page.keyboard.press('Enter');
    await expect.poll(() => video().evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);

    await page.keyboard.press('5');
    await expect.poll(currentTime).toBeCloseTo(3, 1);
    await page.keyboard.press('Home');
    await expect.poll(currentTime).toBe(0);
    await page.keyboard.press('End');
    await expect.poll(currentTime).toBeGreaterThan(5.9);
    await page.keyboard.press('0');
    await page.keyboard.press('ArrowRight');
    await expect.poll(currentTime).toBeGreaterThan(5.9);
    await page.keyboard.press('ArrowLeft');
    await expect.poll(currentTime).toBe(0);

    const volume = () => video().evaluate((v: HTMLVideoElement) => v.volume);
    await callPlayer('setVolume', 0.5);
    await page.keyboard.press('ArrowUp');
    expect(await volume()).toBeCloseTo(0.55);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    expect(await volume()).toBeCloseTo(0.45);
    await callPlayer('setVolume', 0.93);
    await page.keyboard.press('ArrowUp');
    expect(await volume()).toBe(1);
    await callPlayer('setVolume', 0.07);
    await page.keyboard.press('ArrowDown');
    expect(await volume()).toBe(0);

    await callPlayer('setVolume', 0.5);
    await page.keyboard.press('m');
    expect(await video().evaluate((v: HTMLVideoElement) => v.muted)).toBe(true);
    await expect.poll(() => page.locator('.cr-mute').getAttribute('aria-label')).toBe('Unmute');
    await page.keyboard.press('M');
    expect(await video().evaluate((v: HTMLVideoElement) => v.muted)).toBe(false);

    await page.keyboard.press('+');
    expect(await page.locator('.cr-subtitles').getAttribute('data-size')).toBe('150');
    await page.keyboard.press('-');
    await page.keyboard.press('-');
    expect(await page.locator('.cr-subtitles').getAttribute('data-size')).toBe('75');

    await page.keyboard.press('i');
    expect(await page.locator('.cutroom-player').getAttribute('data-mode')).toBe('mini');
    await page.keyboard.press('I');
    expect(await page.locator('.cutroom-player').getAttribute('data-mode')).toBe('normal');

    await page.keyboard.press('f');
    await expect.poll(() => page.evaluate(() => !!document.fullscreenElement)).toBe(true);
    expect(await page.locator('.cutroom-player').getAttribute('data-mode')).toBe('fullscreen');
    await expect
      .poll(() => page.locator('.cr-fullscreen').getAttribute('aria-label'))
      .toBe('Exit Fullscreen');
    await page.keyboard.press('f');
    await expect.poll(() => page.evaluate(() => !!document.fullscreenElement)).toBe(false);
    expect(errors).toEqual([]);
  });

  test('Tab reaches every control, and Space on a button presses that button', async () => {
    await open();
    await mount(page, {
      sources: [MP4, MP4_SMALL],
      tracks: TRACKS,
      options: { layoutControls: { mute: true, playbackRateEnabled: true, allowDownload: true } },
    });
    const names: string[] = [];
    await page.locator('.cutroom-player').focus();
    for (let i = 0; i < 20; i++) {
      await page.keyboard.press('Tab');
      const name = await page.evaluate(() => {
        const a = document.activeElement as HTMLElement;
        return a.closest('.cutroom-player') ? a.getAttribute('aria-label') : null;
      });
      if (name === null) break;
      names.push(name);
    }
    expect(names).toEqual(
      expect.arrayContaining([
        'Seek',
        'Play',
        'Skip back 10 seconds',
        'Skip forward 10 seconds',
        'Unmute',
        'Volume',
        'Subtitles',
        'Quality',
        'Playback speed',
        'Download',
        'Theatre mode',
        'Mini player',
        'Fullscreen',
      ]),
    );
    await page.getByRole('button', { name: 'Playback speed' }).focus();
    await page.keyboard.press('Space');
    expect(await page.getByRole('menu', { name: 'Playback speed' }).isVisible()).toBe(true);
    expect(await page.getByRole('menuitemradio').allTextContents()).toEqual([
      'x2',
      'x1.5',
      'x1',
      'x0.5',
    ]);
    // Focus starts on the checked rate (x1); one up is x1.5.
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('Enter');
    expect(await video().evaluate((v: HTMLVideoElement) => v.playbackRate)).toBe(1.5);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
      'Playback speed',
    );
  });
});

describe('subtitles and previews', () => {
  test('the default track shows, another can be chosen, and the font size submenu works', async () => {
    await open();
    await mount(page, {
      sources: [MP4],
      tracks: TRACKS,
      options: { layoutControls: { mute: true } },
    });
    const subs = page.locator('.cr-subtitles');
    await callPlayer('skipTo', 0.5);
    await expect.poll(() => subs.textContent()).toBe('First line of the subtitles');
    await expect.poll(() => subs.evaluate((e) => getComputedStyle(e).bottom)).toBe('46px');

    await page.getByRole('button', { name: 'Subtitles' }).click();
    await page.getByRole('menuitemradio', { name: 'Français' }).click();
    await callPlayer('skipTo', 2.5);
    await expect.poll(() => subs.textContent()).toBe('Deuxième ligne');

    await page.getByRole('button', { name: 'Subtitles' }).click();
    await page.getByRole('menuitem', { name: /Font Size/ }).click();
    expect(await page.getByRole('menuitemradio').allTextContents()).toEqual([
      '50%',
      '75%',
      '100%',
      '150%',
      '200%',
    ]);
    expect(
      await page.getByRole('menuitemradio', { name: '100%' }).getAttribute('aria-checked'),
    ).toBe('true');
    await page.getByRole('menuitemradio', { name: '200%' }).click();
    expect(await subs.evaluate((e) => getComputedStyle(e).fontSize)).toBe('40px');

    // Hidden controls move the subtitles down to 12 px.
    await callPlayer('toggleControlBar', false);
    await expect.poll(() => subs.evaluate((e) => getComputedStyle(e).bottom)).toBe('12px');

    await callPlayer('toggleControlBar', true);
    await page.getByRole('button', { name: 'Subtitles' }).click();
    await page.getByRole('menuitemradio', { name: 'Off' }).click();
    await expect.poll(() => subs.textContent()).toBe('');
    expect(errors).toEqual([]);
  });

  test('hovering the progress bar shows the VTT sprite thumbnail for that time', async () => {
    await open();
    await mount(page, {
      sources: [MP4],
      options: {
        layoutControls: { mute: true, timelinePreview: { type: 'VTT', file: '/media/thumbs.vtt' } },
      },
    });
    await page.waitForFunction(() => document.querySelector('video')!.duration > 0, undefined, {
      polling: 100,
    });
    // The bar is built and shown with the first frame (at most 400 ms after the player).
    await page.locator('.cr-progress').waitFor({ state: 'visible' });
    const bar = (await page.locator('.cr-progress').boundingBox())!;
    // 4.5 s of 6 s: the fifth thumbnail, at x = 4 * 160.
    await page.mouse.move(bar.x + bar.width * 0.75, bar.y + bar.height / 2);
    const preview = page.locator('.cr-preview');
    await expect.poll(() => preview.isVisible()).toBe(true);
    const style = await preview.evaluate((e) => ({
      image: e.style.backgroundImage,
      position: e.style.backgroundPosition,
      width: e.style.width,
      height: e.style.height,
    }));
    expect(style.image).toContain('/media/thumbs.jpg');
    expect(style.position).toBe('-640px 0px');
    expect([style.width, style.height]).toEqual(['160px', '90px']);
    const loaded = await page.evaluate(async (url) => {
      const img = new Image();
      img.src = url;
      await img.decode();
      return img.naturalWidth;
    }, `${harness.h.base}/media/thumbs.jpg`);
    expect(loaded).toBe(960);
    await page.mouse.move(bar.x + 5, bar.y - 200);
    await expect.poll(() => preview.isVisible()).toBe(false);
    expect(errors).toEqual([]);
  });

  test('an invalid timeline preview type logs its error (docs/player/behaviour.md)', async () => {
    await open();
    const logs: string[] = [];
    page.on('console', (m) => logs.push(m.text()));
    await mount(page, {
      sources: [MP4],
      options: { layoutControls: { timelinePreview: { type: 'sprite', file: 'x.vtt' } } },
    });
    expect(
      logs.some((l) => l.includes('Invalid thumbnail-preview - type must be VTT or static')),
    ).toBe(true);
  });
});

describe('suggested videos, mini player, theatre, persistence', () => {
  test('a grid of 12 suggested videos shows when the video ends, and a tile plays', async () => {
    await open();
    await mount(page, {
      sources: [MP4],
      options: {
        layoutControls: { mute: true },
        suggestedVideos: { configUrl: '/media/suggested.json' },
      },
    });
    await callPlayer('play');
    await waitPlaying(0.2);
    await callPlayer('skipTo', 5.5);
    const tiles = page.locator('.cr-suggested .cr-tile');
    await expect.poll(() => tiles.count(), { timeout: 10_000 }).toBe(12);
    expect(await tiles.first().getAttribute('aria-label')).toBe('Play Suggested video 1');
    expect(await page.locator('.cr-suggested').isVisible()).toBe(true);
    await tiles.nth(2).click();
    await expect.poll(() => page.locator('.cr-suggested').isVisible()).toBe(false);
    await waitPlaying(0.3);
    expect(await video().evaluate((v: HTMLVideoElement) => v.currentSrc)).toContain('clip-180.mp4');
    expect(await page.locator('.cr-title').textContent()).toBe('Suggested video 3');
    expect(errors).toEqual([]);
  });

  test('an invalid suggested config URL warns', async () => {
    await open();
    const warnings: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'warning') warnings.push(m.text());
    });
    await mount(page, {
      sources: [MP4],
      options: { suggestedVideos: { configUrl: '/media/nothing.json' } },
    });
    await expect
      .poll(() =>
        warnings.some((w) =>
          w.includes('given suggested videos config url is invalid or not found'),
        ),
      )
      .toBe(true);
  });

  test('the mini player opens when the playing video scrolls away and closes when its place returns', async () => {
    await open();
    await page.evaluate(() => {
      const spacer = document.createElement('div');
      spacer.style.height = '3000px';
      document.body.append(spacer);
    });
    await mount(page, {
      sources: [MP4],
      options: { layoutControls: { mute: true, loop: true, miniPlayer: { autoToggle: true } } },
    });
    const toggles: boolean[] = [];
    await page.exposeFunction('onMini', (on: boolean) => toggles.push(on));
    await page.evaluate(() =>
      (
        window as unknown as {
          player: { on: (e: string, cb: (i: { isToggledOn: boolean }) => void) => void };
        }
      ).player.on('miniPlayerToggle', (info) =>
        (window as unknown as { onMini: (b: boolean) => void }).onMini(info.isToggledOn),
      ),
    );
    await callPlayer('play');
    await waitPlaying(0.2);
    const root = page.locator('.cutroom-player');
    await page.mouse.wheel(0, 1500);
    await expect.poll(() => root.getAttribute('data-mode')).toBe('mini');
    const box = (await root.boundingBox())!;
    expect([box.width, box.height]).toEqual([400, 225]);
    expect(box.x + box.width).toBeCloseTo(1000 - 16, 0);
    expect(await page.locator('.cr-mini-placeholder').textContent()).toBe('Playing in Miniplayer');
    expect(await page.getByRole('button', { name: 'Close mini player' }).isVisible()).toBe(true);
    await page.mouse.wheel(0, -1500);
    await expect.poll(() => root.getAttribute('data-mode')).toBe('normal');
    expect(await page.locator('.cr-mini-placeholder').count()).toBe(0);
    expect(toggles).toEqual([true, false]);

    await page.getByRole('button', { name: 'Mini player' }).click();
    await expect.poll(() => root.getAttribute('data-mode')).toBe('mini');
    await page.getByRole('button', { name: 'Close mini player' }).click();
    await expect.poll(() => root.getAttribute('data-mode')).toBe('normal');
    expect(errors).toEqual([]);
  });

  test('theatre, speed, volume and quality persist across a reload', async () => {
    await open();
    await mount(page, {
      sources: [MP4, MP4_SMALL],
      options: { layoutControls: { playbackRateEnabled: true } },
    });
    const events: string[] = [];
    await page.exposeFunction('onTheatre', (e: string) => events.push(e));
    await page.evaluate(() => {
      const w = window as unknown as {
        player: { on: (e: string, cb: () => void) => void };
        onTheatre: (e: string) => void;
      };
      w.player.on('theatreModeOn', () => w.onTheatre('on'));
      w.player.on('theatreModeOff', () => w.onTheatre('off'));
    });
    await page.getByRole('button', { name: 'Theatre mode' }).click();
    await expect
      .poll(() => page.locator('.cutroom-player').getAttribute('data-mode'))
      .toBe('theatre');
    const width = (await page.locator('.cutroom-player').boundingBox())!.width;
    expect(width).toBeGreaterThan(620);
    await callPlayer('setPlaybackSpeed', 1.5);
    await callPlayer('setVolume', 0.4);
    await page.getByRole('button', { name: 'Quality' }).click();
    await page.getByRole('menuitemradio', { name: '180p' }).click();
    expect(events).toEqual(['on']);

    // Entering the mini player leaves theatre (modes exclude each other).
    await callPlayer('toggleMiniPlayer', true);
    expect(events).toEqual(['on', 'off']);
    await callPlayer('toggleTheatre', true);
    expect(await page.locator('.cutroom-player').getAttribute('data-mode')).toBe('theatre');
    expect(await page.locator('.cr-mini-placeholder').count()).toBe(0);

    await page.reload();
    await mount(page, {
      sources: [MP4, MP4_SMALL],
      options: { layoutControls: { playbackRateEnabled: true } },
    });
    expect(await page.locator('.cutroom-player').getAttribute('data-mode')).toBe('theatre');
    await page.waitForFunction(() => document.querySelector('video')!.readyState >= 1, undefined, {
      polling: 100,
    });
    const state = await video().evaluate((v: HTMLVideoElement) => ({
      rate: v.playbackRate,
      volume: v.volume,
      src: v.currentSrc,
    }));
    expect(state.rate).toBe(1.5);
    expect(state.volume).toBeCloseTo(0.4);
    expect(state.src).toContain('clip-180.mp4');

    // Play, the mute button, a seek, and the page reloaded at once: every time, the volume,
    // the mute and the speed are back.
    let muted = false;
    for (let run = 0; run < 3; run++) {
      await callPlayer('play');
      await waitPlaying(0.2);
      await page.locator('.cr-mute').click();
      muted = !muted;
      await callPlayer('skipTo', 2);
      await page.reload();
      await mount(page, {
        sources: [MP4, MP4_SMALL],
        options: { layoutControls: { playbackRateEnabled: true } },
      });
      const after = await video().evaluate((v: HTMLVideoElement) => ({
        rate: v.playbackRate,
        volume: v.volume,
        muted: v.muted,
      }));
      expect(after).toEqual({ rate: 1.5, volume: expect.closeTo(0.4) as number, muted });
    }
  });
});

describe('life cycle and page integration', () => {
  test('destroy gives the video back and a new player can be created on it', async () => {
    await open();
    await mount(page, {
      sources: [MP4],
      tracks: TRACKS,
      options: { layoutControls: { mute: true } },
    });
    const again = await page.evaluate(() => {
      try {
        (window as unknown as { cutroomPlayer: (id: string) => void }).cutroomPlayer('video');
        return 'created';
      } catch (e) {
        return (e as Error).message;
      }
    });
    expect(again).toContain('already initialized');
    await callPlayer('destroy');
    const after = await page.evaluate(() => {
      const v = document.getElementById('video')!;
      return {
        wrappers: document.querySelectorAll('.cutroom-player').length,
        parent: v.parentElement!.id,
        sources: v.querySelectorAll('source').length,
        tracks: v.querySelectorAll('track').length,
      };
    });
    expect(after).toEqual({ wrappers: 0, parent: 'main', sources: 1, tracks: 2 });
    await page.evaluate(() => {
      const w = window as unknown as {
        cutroomPlayer: (id: string, o: unknown) => unknown;
        player: unknown;
      };
      w.player = w.cutroomPlayer('video', { layoutControls: { mute: true } });
    });
    await callPlayer('play');
    await waitPlaying(0.3);
    expect(await page.locator('.cutroom-player').count()).toBe(1);
    const missing = await page.evaluate(() => {
      try {
        (window as unknown as { cutroomPlayer: (id: string) => void }).cutroomPlayer('nope');
        return '';
      } catch (e) {
        return (e as Error).message;
      }
    });
    expect(missing).toContain('no element with id "nope"');
    expect(errors).toEqual([]);
  });

  test('several players on one page work independently', async () => {
    await open();
    await mount(page, { id: 'a', sources: [MP4], options: { layoutControls: { mute: true } } });
    await mount(page, { id: 'b', sources: [HLS], options: { layoutControls: { mute: true } } });
    await page.evaluate(() => {
      const players = (window as unknown as { players: Record<string, { play(): void }> }).players;
      players.b!.play();
    });
    await page.waitForFunction(
      () => (document.getElementById('b') as HTMLVideoElement).currentTime > 0.5,
      undefined,
      { polling: 100 },
    );
    expect(
      await page.evaluate(() => (document.getElementById('a') as HTMLVideoElement).paused),
    ).toBe(true);
    await page.locator('.cutroom-player').first().focus();
    await page.keyboard.press('Space');
    await page.waitForFunction(
      () => (document.getElementById('a') as HTMLVideoElement).currentTime > 0.3,
      undefined,
      { polling: 100 },
    );
    expect(
      await page.evaluate(() => (document.getElementById('b') as HTMLVideoElement).paused),
    ).toBe(false);
    expect(errors).toEqual([]);
  });

  test('events reach on() callbacks with mediaSourceType; an unknown name is a logged error', async () => {
    await open();
    await mount(page, { sources: [MP4], options: { layoutControls: { mute: true } } });
    const seen = await page.evaluate(async () => {
      const player = (
        window as unknown as {
          player: {
            on: (e: string, cb: (...a: unknown[]) => void) => void;
            play(): void;
            pause(): void;
          };
        }
      ).player;
      const events: string[] = [];
      const errors: string[] = [];
      const original = console.error;
      console.error = (...a: unknown[]) => errors.push(a.join(' '));
      player.on('bogus', () => {});
      console.error = original;
      for (const name of ['play', 'playing', 'pause', 'timeupdate']) {
        player.on(name, (...args: unknown[]) => {
          const info = args[args.length - 1] as { mediaSourceType: string };
          events.push(`${name}:${info.mediaSourceType}:${typeof args[0]}`);
        });
      }
      player.play();
      await new Promise((r) => setTimeout(r, 800));
      player.pause();
      await new Promise((r) => setTimeout(r, 50));
      return { events: [...new Set(events)], errors };
    });
    expect(seen.events).toEqual(
      expect.arrayContaining([
        'play:source:object',
        'playing:source:object',
        'timeupdate:source:number',
        'pause:source:object',
      ]),
    );
    expect(seen.errors.join()).toContain('Unknown event "bogus"');
  });

  test('the context menu offers play, mute, fullscreen, custom links and the version', async () => {
    await open();
    await mount(page, {
      sources: [MP4],
      options: {
        layoutControls: {
          contextMenu: { links: [{ href: 'https://example.org', label: 'About us' }] },
        },
      },
    });
    await page.locator('video').click({ button: 'right', position: { x: 40, y: 60 } });
    expect(await page.locator('.cr-context .cr-menu-item').allTextContents()).toEqual([
      'Play',
      'Mute',
      'Fullscreen',
      'About us',
      'Cutroom Player 1.0.0',
    ]);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.locator('.cr-context').isVisible()).toBe(false);
  });

  test('axe-core finds no serious or critical violation', async () => {
    await open();
    await mount(page, {
      sources: [MP4, MP4_SMALL],
      tracks: TRACKS,
      options: {
        layoutControls: {
          title: 'A test video',
          playbackRateEnabled: true,
          allowDownload: true,
          logo: { imageUrl: '/media/logo.png', clickUrl: 'https://example.org' },
          posterImage: '/media/poster.jpg',
        },
      },
    });
    const require = createRequire(import.meta.url);
    await page.addScriptTag({
      content: readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8'),
    });
    const audit = async () =>
      page.evaluate(async () => {
        const axe = (
          window as unknown as {
            axe: {
              run: (
                el: Element,
              ) => Promise<{ violations: { id: string; impact: string; nodes: unknown[] }[] }>;
            };
          }
        ).axe;
        const result = await axe.run(document.querySelector('.cutroom-player')!);
        return result.violations
          .filter((v) => v.impact === 'serious' || v.impact === 'critical')
          .map((v) => `${v.id} (${v.nodes.length})`);
      });
    expect(await audit()).toEqual([]);
    // Audit with a menu open too.
    await page.getByRole('button', { name: 'Subtitles' }).click();
    expect(await audit()).toEqual([]);
  });
});
