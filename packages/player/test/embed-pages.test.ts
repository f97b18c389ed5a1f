// Embed pages in the manner of Fluid Player's own test pages (test/pages/*.html, written for
// this project): each calls fluidPlayer() as a page written for Fluid does, runs in Chromium
// from the VAST fixture server (same origin as its VAST documents, so relative tags and
// relative pixels are exercised), and is checked for what a person would see.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { makeMedia } from '../demo/make-media.mjs';
import { CHROMIUM_PLAYBACK_LAUNCH } from './chromium.ts';
import { distDir, ensureBuilt, mediaDir, packageRoot } from './harness.ts';
import { startAdServers } from './ads/fixtures.ts';
import type { AdServers } from './ads/fixtures.ts';

const pagesDir = join(packageRoot, 'test/pages');
const PAGE_NAMES = readdirSync(pagesDir)
  .filter((name) => name.endsWith('.html'))
  .map((name) => name.slice(0, -5));

let browser: Browser;
let ads: AdServers;
let page: Page;
let errors: string[];

beforeAll(async () => {
  ensureBuilt();
  makeMedia(mediaDir);
  const pages: Record<string, string> = { '/favicon.ico': '' };
  for (const name of PAGE_NAMES) {
    pages[`/pages/${name}.html`] = readFileSync(join(pagesDir, `${name}.html`), 'utf8');
  }
  [ads, browser] = await Promise.all([
    startAdServers(4000, { pages, mounts: { '/dist/': distDir, '/content/': mediaDir } }),
    chromium.launch(CHROMIUM_PLAYBACK_LAUNCH),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await ads?.close();
});
afterEach(async () => {
  await page?.close();
});

async function open(name: string): Promise<void> {
  ads.reset();
  page = await browser.newPage({ viewport: { width: 1000, height: 700 } });
  errors = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('response', (r) => {
    if (r.status() >= 400) errors.push(`HTTP ${r.status()} ${r.url()}`);
  });
  await page.goto(`${ads.url}/pages/${name}.html`);
  // The players' controls are built and shown with their content's first frame, at most 400 ms
  // after each player (docs/player/behaviour.md).
  await page.waitForFunction(
    () =>
      [...document.querySelectorAll('.cutroom-player')].every(
        (w) => w.querySelector('.cr-controls') && !w.classList.contains('cr-starting'),
      ),
    undefined,
    { polling: 50, timeout: 10_000 },
  );
}

/** The content video of the wrapper for `id` (as Fluid names it). */
const contentOf = (id: string) => page.locator(`#fluid_video_wrapper_${id} video.cr-video`);

async function waitPlaying(id: string, after = 0.3): Promise<void> {
  await page.waitForFunction(
    ([id, t]) => {
      const v = document.querySelector<HTMLVideoElement>(
        `#fluid_video_wrapper_${id} video.cr-video`,
      );
      return !!v && !v.paused && v.currentTime > (t as number);
    },
    [id, after] as const,
    { polling: 100, timeout: 20_000 },
  );
}

async function waitAdVideo(): Promise<void> {
  await page.waitForFunction(
    () => {
      const layer = document.querySelector<HTMLElement>('.cr-ad-layer');
      const v = layer?.querySelector('video');
      return !!layer && !layer.hidden && !!v && v.currentTime > 0.1;
    },
    undefined,
    { polling: 100, timeout: 15_000 },
  );
}

const hits = (prefix: string): string[] =>
  ads.pixels.filter((p) => p.path.startsWith(prefix)).map((p) => p.path.slice(prefix.length));

test('there are at least 20 embed pages, and each has a test below', () => {
  expect(PAGE_NAMES.length).toBeGreaterThanOrEqual(20);
  expect([...PAGE_NAMES].sort()).toEqual(Object.keys(CHECKS).sort());
});

/** What a person would see on each page. */
const CHECKS: Record<string, () => Promise<void>> = {
  async vod_basic() {
    await expect.poll(() => page.locator('#fluid_video_wrapper_my-video').count()).toBe(1);
    await page.getByRole('button', { name: 'Play' }).first().click();
    await waitPlaying('my-video');
    expect(await page.locator('.fluid_control_playpause').getAttribute('aria-label')).toBe('Pause');
    expect(await page.locator('.fluid_initial_play_button').isVisible()).toBe(false);
  },

  async vod_by_reference() {
    await waitPlaying('by-ref');
    expect(await contentOf('by-ref').evaluate((v: HTMLVideoElement) => v.muted)).toBe(true);
  },

  async vod_multiple() {
    for (const id of ['first', 'second', 'third']) {
      await expect.poll(() => page.locator(`#fluid_video_wrapper_${id}`).count()).toBe(1);
    }
    await page.locator('#fluid_video_wrapper_second .fluid_control_playpause').click();
    await waitPlaying('second');
    for (const id of ['first', 'third']) {
      expect(await contentOf(id).evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);
    }
    expect(await page.locator('#fluid_video_wrapper_second .fp_title').textContent()).toBe(
      'Second',
    );
  },

  async layout_fill_container() {
    const box = (await page.locator('#box').boundingBox())!;
    const player = (await page.locator('#fluid_video_wrapper_fill').boundingBox())!;
    expect(Math.round(player.width)).toBe(Math.round(box.width));
    expect(Math.round(player.height)).toBe(Math.round(box.height));
  },

  async layout_title_logo_poster() {
    const wrapper = page.locator('#fluid_video_wrapper_branded');
    await expect.poll(() => wrapper.locator('.fp_title').textContent()).toBe('A test pattern');
    expect(await wrapper.locator('.fluid_pseudo_poster').isVisible()).toBe(true);
    const logo = wrapper.locator('.logo_holder img');
    await expect
      .poll(() => logo.evaluate((i: HTMLImageElement) => i.naturalWidth))
      .toBeGreaterThan(0);
    const w = (await wrapper.boundingBox())!;
    const l = (await logo.boundingBox())!;
    // Top right corner.
    expect(l.x + l.width).toBeGreaterThan(w.x + w.width - 40);
    expect(l.y).toBeLessThan(w.y + 40);
  },

  async layout_control_options() {
    const wrapper = page.locator('#fluid_video_wrapper_controls');
    expect(await wrapper.locator('.fluid_button_download').isVisible()).toBe(true);
    expect(await wrapper.locator('.fluid_button_theatre').isVisible()).toBe(false);
    expect(await wrapper.locator('.fluid_button_skip_back').isVisible()).toBe(false);
    await wrapper.locator('.fluid_button_playback_rate').click();
    const items = page.getByRole('menuitemradio');
    expect(await items.allTextContents()).toEqual(['x2', 'x1.5', 'x1']);
    await page.getByRole('menuitemradio', { name: 'x1.5' }).click();
    expect(await contentOf('controls').evaluate((v: HTMLVideoElement) => v.playbackRate)).toBe(1.5);
  },

  async subtitles() {
    await waitPlaying('subs', 0.2);
    await expect
      .poll(() => page.locator('#fluid_video_wrapper_subs .cr-subtitles').textContent())
      .toMatch(/Première ligne|Deuxième ligne/);
  },

  async timeline_preview() {
    const progress = page.locator('#fluid_video_wrapper_thumbs .fluid_controls_progress_container');
    await page.waitForFunction(
      () => Number.isFinite(document.querySelector('video')!.duration),
      undefined,
      { polling: 100 },
    );
    // The bar is built and shown with the first frame (at most 400 ms after the player).
    await progress.waitFor({ state: 'visible' });
    const box = (await progress.boundingBox())!;
    await expect
      .poll(async () => {
        await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
        return page.locator('.fluid_timeline_preview').isVisible();
      })
      .toBe(true);
    const image = await page
      .locator('.fluid_timeline_preview')
      .evaluate((p) => getComputedStyle(p).backgroundImage);
    expect(image).toContain('thumbs.jpg');
  },

  async theatre() {
    const wrapper = page.locator('#fluid_video_wrapper_theatre');
    const before = (await wrapper.boundingBox())!.width;
    await wrapper.locator('.fluid_button_theatre').click();
    await expect.poll(() => page.locator('#log').textContent()).toBe('theatre on');
    expect(await wrapper.getAttribute('class')).toContain('fluid_theatre_mode');
    expect((await wrapper.boundingBox())!.width).toBeGreaterThan(before);
  },

  async mini_player() {
    const wrapper = page.locator('#fluid_video_wrapper_mini');
    await wrapper.locator('.fluid_button_mini_player').click();
    await expect.poll(() => page.getByText('Playing below').isVisible()).toBe(true);
    const box = (await wrapper.boundingBox())!;
    expect(Math.round(box.width)).toBe(400);
    // In the bottom right corner of the viewport.
    expect(box.x + box.width).toBeGreaterThan(1000 - 40);
    expect(box.y + box.height).toBeGreaterThan(700 - 40);
  },

  async context_menu() {
    const wrapper = page.locator('#fluid_video_wrapper_menu');
    const box = (await wrapper.boundingBox())!;
    await page.mouse.click(box.x + 100, box.y + 100, { button: 'right' });
    const menu = wrapper.locator('.fluid_context_menu');
    await expect.poll(() => menu.isVisible()).toBe(true);
    const text = await menu.textContent();
    expect(text).toContain('About this site');
    expect(text).toContain('Play');
    expect(text).toMatch(/Cutroom Player \d/);
  },

  async html_on_pause() {
    const wrapper = page.locator('#fluid_video_wrapper_paused');
    await wrapper.locator('.fluid_control_playpause').click();
    await waitPlaying('paused', 0.2);
    await wrapper.locator('.fluid_control_playpause').click();
    await expect.poll(() => page.locator('#pause-note').isVisible()).toBe(true);
    expect(await page.locator('#pause-note').textContent()).toBe('Come back soon');
  },

  async hls_vod() {
    await waitPlaying('hls', 1);
    const wrapper = page.locator('#fluid_video_wrapper_hls');
    await wrapper.locator('.fluid_button_video_source').click();
    expect(await page.getByRole('menuitemradio').allTextContents()).toEqual(
      expect.arrayContaining(['auto', '180p', '360p']),
    );
  },

  async hls_vod_hlsjs_config() {
    // A page that configures hls.js gets hls.js (not the browser's own HLS).
    await expect.poll(() => page.locator('#hooks').textContent()).toBe('hls.js 10');
    expect(
      await page.evaluate(() => {
        const p = (window as unknown as { instance: { hlsInstance(): unknown } }).instance;
        return p.hlsInstance() !== null;
      }),
    ).toBe(true);
    await waitPlaying('hlsjs', 1);
    await page.locator('#fluid_video_wrapper_hlsjs .fluid_button_video_source').click();
    expect(await page.getByRole('menuitemradio').allTextContents()).toEqual(
      expect.arrayContaining(['auto', '180p', '360p']),
    );
  },

  async dash_vod() {
    await waitPlaying('dash', 1);
  },

  async events_api() {
    // play(), skipTo(2) and setVolume(0.4) were called right after fluidPlayer() returned.
    await waitPlaying('events', 2.1);
    await expect.poll(() => page.locator('#log').textContent()).toContain('play:source');
    expect(await page.locator('#log').textContent()).toContain('seeked:source');
    const volume = await contentOf('events').evaluate((v: HTMLVideoElement) => v.volume);
    expect(volume).toBeCloseTo(0.4);
    await page.locator('#fluid_video_wrapper_events .fluid_control_playpause').click();
    await expect.poll(() => page.locator('#log').textContent()).toContain('pause:source');
    expect(await page.locator('#log').textContent()).toContain('timeupdate');
  },

  async fluid_dom_css() {
    expect(await page.locator('#found').textContent()).toMatch(/^wrapper found with \d+ buttons$/);
    const bar = page.locator('#fluid_video_wrapper_styled .fluid_controls_container');
    expect(await bar.evaluate((b) => getComputedStyle(b).backgroundColor)).toBe('rgb(0, 128, 0)');
    const play = page.locator('#fluid_video_wrapper_styled .fluid_button_play');
    expect(await play.evaluate((b) => getComputedStyle(b).outlineColor)).toBe('rgb(255, 0, 0)');
  },

  async vast_preroll() {
    await waitAdVideo();
    const wrapper = page.locator('#fluid_video_wrapper_preroll');
    expect(await wrapper.locator('.fluid_ad_playing').textContent()).toBe('Advertising');
    expect(await wrapper.locator('.fluid_ad_cta').textContent()).toBe('Visit the advertiser');
    expect(await wrapper.locator('.skip_button').isVisible()).toBe(true);
    expect(await wrapper.locator('.vast_clickthrough_layer').isVisible()).toBe(true);
    await waitPlaying('preroll');
    await expect.poll(() => hits('/t/inline/')).toContain('impression');
    await expect
      .poll(() => page.locator('#log').textContent())
      .toBe('play:preRoll ended:preRoll play:source');
  },

  async vast_play_after_create() {
    await waitAdVideo();
    expect(await contentOf('api').evaluate((v: HTMLVideoElement) => v.currentTime)).toBe(0);
    await waitPlaying('api');
    await expect
      .poll(() => hits('/t/inline/'))
      .toEqual(expect.arrayContaining(['impression', 'complete']));
  },

  async vast_midroll_postroll() {
    await expect
      .poll(() => page.locator('#fluid_video_wrapper_rolls .cr-ad-marker').count(), {
        timeout: 10_000,
      })
      .toBe(1);
    await waitAdVideo();
    await expect
      .poll(() => hits('/t/skippable/').includes('complete'), { timeout: 20_000 })
      .toBe(true);
    await expect
      .poll(() => hits('/t/fallback/').includes('complete'), { timeout: 30_000 })
      .toBe(true);
  },

  async vast_nonlinear() {
    await waitPlaying('banner');
    const banner = page.locator('#fluid_nonLinear_ID0_AD0');
    await expect.poll(() => banner.isVisible()).toBe(true);
    expect(await banner.getAttribute('class')).toContain('fluid_nonLinear_top');
    await banner.locator('.close_button').click();
    await expect.poll(() => banner.count()).toBe(0);
    await expect
      .poll(() => hits('/t/banner/'))
      .toEqual(expect.arrayContaining(['impression', 'close']));
    expect(await contentOf('banner').evaluate((v: HTMLVideoElement) => v.paused)).toBe(false);
  },

  async vast_on_pause() {
    await waitPlaying('onpause');
    await page.locator('#fluid_video_wrapper_onpause .fluid_control_playpause').click();
    await expect.poll(() => page.locator('.fluid_nonLinear_middle').isVisible()).toBe(true);
  },

  async vast_wrapper_relative() {
    await waitAdVideo();
    await waitPlaying('relative');
    // The inline's own "/impression" and the wrappers' relative pixels, on the VAST's server.
    await expect.poll(() => hits('/impression')).toEqual(['']);
    await expect
      .poll(() => hits('/px/relw1/'))
      .toEqual(expect.arrayContaining(['impression', 'start']));
    await expect.poll(() => hits('/px/relw2/')).toEqual(['impression']);
    await expect
      .poll(() => hits('/px/relin/'))
      .toEqual(expect.arrayContaining(['start', 'complete']));
  },

  async vast_wrapper_page_relative() {
    await page.locator('#fluid_video_wrapper_pagerel .fluid_initial_play_button').click();
    await waitAdVideo();
    await waitPlaying('pagerel');
    await expect.poll(() => hits('/px/pgw/')).toEqual(['impression']);
    await expect
      .poll(() => hits('/px/pgin/'))
      .toEqual(expect.arrayContaining(['impression', 'start', 'complete']));
    const asked = ads.requests.map((r) => r.path);
    expect(asked).toContain('/pages/static/ads/inline.xml');
    expect(asked).toContain('/media/ad.mp4');
    // The page's address comes first: the wrapper's own is never asked for.
    expect(asked.some((p) => p.includes('/static/ads/static/'))).toBe(false);
  },

  async vpaid_linear() {
    const frame = page.frameLocator('iframe.cr-ad-vpaid');
    await expect
      .poll(() => frame.locator('#vpaid-label').isVisible(), { timeout: 15_000 })
      .toBe(true);
    // The viewer muted the player: the creative's video is muted too.
    await expect
      .poll(() => frame.locator('.fluid_vpaid_slot').getAttribute('data-muted'))
      .toBe('true');
    await waitPlaying('vpaid');
    expect(await contentOf('vpaid').evaluate((v: HTMLVideoElement) => v.muted)).toBe(true);
    await expect
      .poll(() => hits('/t/vpaidv/'))
      .toEqual(expect.arrayContaining(['impression', 'start', 'complete', 'viewImpression']));
  },

  async vpaid_two_in_a_row() {
    await expect
      .poll(() => hits('/t/vpaidp2/').includes('complete'), { timeout: 30_000 })
      .toBe(true);
    await waitPlaying('vpaidpod');
    await expect
      .poll(() => hits('/t/vpaidp1/'))
      .toEqual(expect.arrayContaining(['impression', 'complete']));
  },

  async vpaid_nonlinear() {
    await waitPlaying('vpaidnl');
    const banner = page.locator('#fluid_vpaidNonLinear_ID0_AD0');
    await expect.poll(() => banner.isVisible(), { timeout: 10_000 }).toBe(true);
    const frame = page.frameLocator('#fluid_vpaidNonLinear_ID0_AD0 iframe');
    await expect.poll(() => frame.locator('#vpaid-banner').textContent()).toBe('VPAID banner');
    expect(await contentOf('vpaidnl').evaluate((v: HTMLVideoElement) => v.paused)).toBe(false);
    await expect.poll(() => hits('/t/vpaidnl/')).toContain('impression');
    await banner.locator('.close_button').click();
    await expect.poll(() => banner.count()).toBe(0);
    // The pixel leaves on the click; it reaches the server a moment later.
    await expect.poll(() => hits('/t/vpaidnl/')).toContain('close');
  },
};

describe('embed pages', () => {
  for (const name of PAGE_NAMES) {
    test(name, async () => {
      await open(name);
      const check = CHECKS[name];
      expect(check, `a check for ${name}`).toBeDefined();
      await check!();
      expect(errors).toEqual([]);
    });
  }
});
