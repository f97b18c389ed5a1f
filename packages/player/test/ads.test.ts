// Ads in real Chromium against a VAST fixture server and a tracking-pixel recorder that the
// tests start themselves (test/ads/fixtures.ts).
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { mount, openPage, startHarness } from './harness.ts';
import type { Harness } from './harness.ts';
import { startAdServers } from './ads/fixtures.ts';
import type { AdServers } from './ads/fixtures.ts';

let h: Harness;
let ads: AdServers;
let page: Page;
let errors: string[];

const VAST_TIMEOUT = 1500;

beforeAll(async () => {
  [h, ads] = await Promise.all([startHarness(), startAdServers(VAST_TIMEOUT + 2500)]);
});
afterAll(async () => {
  await h?.close();
  await ads?.close();
});
afterEach(async () => {
  await page?.close();
});

const CONTENT = { src: '/media/clip-180.mp4', type: 'video/mp4' };

/** Opens a page with a muted autoplaying player and the given ad options. */
async function start(vastOptions: Record<string, unknown>, layout: Record<string, unknown> = {}) {
  ads.reset();
  ({ page, errors } = await openPage(h));
  await mount(page, {
    sources: [CONTENT],
    options: {
      layoutControls: { mute: true, autoPlay: true, ...layout },
      vastOptions: { vastTimeout: VAST_TIMEOUT, ...vastOptions },
    },
  });
}

const tag = (name: string): string => `${ads.vastBase}/${name}`;

/** Events the recorder saw for one ad, in arrival order ('error?code=403' keeps its code). */
const hitsOf = (id: string): string[] =>
  ads.pixels
    .filter((p) => p.path.startsWith(`/t/${id}/`))
    .map((p) => p.path.slice(`/t/${id}/`.length) + (p.query ? p.query : ''));

/** VAST documents fetched, by file name, in order. */
const vastFetches = (): string[] =>
  ads.requests.filter((r) => r.path.startsWith('/vast/')).map((r) => r.path.slice(6));

async function waitContentPlaying(min = 0.3): Promise<void> {
  await page.waitForFunction(
    (t) => {
      const v = document.querySelector<HTMLVideoElement>('video.cr-video');
      return !!v && !v.paused && v.currentTime > t;
    },
    min,
    { timeout: 15_000 },
  );
}

async function waitAdPlaying(): Promise<void> {
  await page.waitForFunction(
    () => {
      const layer = document.querySelector<HTMLElement>('.cr-ad-layer');
      const v = layer?.querySelector('video');
      return !!layer && !layer.hidden && !!v && v.currentTime > 0.1;
    },
    undefined,
    { timeout: 10_000 },
  );
}

const adLayerHidden = () =>
  page.evaluate(() => document.querySelector<HTMLElement>('.cr-ad-layer')?.hidden ?? true);

const GROUPS = [
  ['impression', 'creativeView', 'start'],
  ['firstQuartile'],
  ['midpoint'],
  ['thirdQuartile', 'complete'],
];

/** Each event of a fully watched linear ad once, in order (events of one instant in any order). */
function expectWatchedInOrder(id: string, extra: string[] = []): void {
  const hits = hitsOf(id).filter((e) => e !== 'viewImpression');
  expect([...hits].sort()).toEqual([...GROUPS.flat(), ...extra].sort());
  const order = hits
    .filter((e) => !extra.includes(e))
    .map((e) => GROUPS.findIndex((g) => g.includes(e)));
  expect(order).toEqual([...order].sort((a, b) => a - b));
}

const logged = (code: number) => errors.filter((e) => e.includes(`[Error] (${code}):`)).length;

describe('linear ads', () => {
  test('an inline pre-roll plays before the content; each event is tracked once, in order', async () => {
    await start({ adList: [{ roll: 'preRoll', vastTag: tag('inline.xml') }] });
    await waitAdPlaying();
    expect(await page.locator('.cr-video').evaluate((v: HTMLVideoElement) => v.currentTime)).toBe(
      0,
    );
    await expect
      .poll(() => page.locator('.cr-ad-skip').textContent())
      .toMatch(/^(Skip ad in 1|Skip Ad)$/);
    expect(await page.locator('.cr-ad-cta').textContent()).toBe('Visit now!');
    await waitContentPlaying();
    expect(await adLayerHidden()).toBe(true);
    expectWatchedInOrder('inline');
    expect(hitsOf('inline').filter((e) => e === 'viewImpression')).toHaveLength(1);
    expect(errors).toEqual([]);
  });
});

describe('skipping', () => {
  test('the skip link appears at skipoffset and fires skip once, not complete', async () => {
    await start({ adList: [{ roll: 'preRoll', vastTag: tag('skippable.xml') }] });
    await waitAdPlaying();
    const skip = page.locator('.cr-ad-skip');
    await expect.poll(() => skip.textContent(), { timeout: 5000 }).toBe('Skip Ad');
    await skip.click();
    await waitContentPlaying();
    const hits = hitsOf('skippable');
    expect(hits.filter((e) => e === 'skip')).toHaveLength(1);
    expect(hits).not.toContain('complete');
    expect(hits.slice(0, 3).sort()).toEqual(['creativeView', 'impression', 'start']);
    expect(new Set(hits).size).toBe(hits.length);
    expect(errors).toEqual([]);
  });
});

describe('wrappers and fallbacks', () => {
  test('a chain of 3 wrappers is followed and played; every wrapper is tracked once', async () => {
    await start({ adList: [{ roll: 'preRoll', vastTag: tag('chain3-w1.xml') }] });
    await waitAdPlaying();
    await waitContentPlaying();
    expect(vastFetches()).toEqual([
      'chain3-w1.xml',
      'chain3-w2.xml',
      'chain3-w3.xml',
      'chain3-inline.xml',
    ]);
    expectWatchedInOrder('c3in');
    for (const id of ['c3w1', 'c3w2', 'c3w3']) {
      expect(hitsOf(id).sort()).toEqual(['impression', 'start']);
    }
    expect(errors).toEqual([]);
  });

  test('a 4th redirect is refused: the inline is never fetched, the chain gets 302', async () => {
    await start({ adList: [{ roll: 'preRoll', vastTag: tag('chain4-w1.xml') }] });
    await waitContentPlaying();
    expect(vastFetches()).toEqual([
      'chain4-w1.xml',
      'chain4-w2.xml',
      'chain4-w3.xml',
      'chain4-w4.xml',
    ]);
    for (const id of ['c4w1', 'c4w2', 'c4w3', 'c4w4']) {
      await expect.poll(() => hitsOf(id)).toEqual(['error?code=302']);
    }
    expect(hitsOf('c4in')).toEqual([]);
    expect(logged(101)).toBe(1);
    expect(logged(900)).toBe(1);
  });

  test('a cyclic wrapper stops at the redirect limit', async () => {
    await start({ adList: [{ roll: 'preRoll', vastTag: tag('cycle-a.xml') }] });
    await waitContentPlaying();
    expect(vastFetches()).toEqual(['cycle-a.xml', 'cycle-b.xml', 'cycle-a.xml', 'cycle-b.xml']);
    expect(logged(101)).toBe(1);
    expect(await adLayerHidden()).toBe(true);
  });

  test('after an empty VAST (101) the fallback tags are tried in order', async () => {
    await start({
      adList: [
        {
          roll: 'preRoll',
          vastTag: tag('empty.xml'),
          fallbackVastTags: [tag('broken.xml'), tag('fallback.xml'), tag('inline.xml')],
        },
      ],
    });
    await waitAdPlaying();
    await waitContentPlaying();
    expect(vastFetches()).toEqual(['empty.xml', 'broken.xml', 'fallback.xml']);
    expectWatchedInOrder('fallback');
    // vast-client reports the empty answer to its Error URL with VAST's 303 (no ad).
    expect(hitsOf('empty')).toEqual(['error?code=303']);
    expect(logged(101)).toBe(2);
    expect(hitsOf('inline')).toEqual([]);
  });
});

describe('failures', () => {
  test('broken XML: nothing plays, 101 then 900, content starts', async () => {
    await start({ adList: [{ roll: 'preRoll', vastTag: tag('broken.xml') }] });
    await waitContentPlaying();
    expect(logged(101)).toBe(1);
    expect(logged(900)).toBe(1);
    expect(ads.pixels).toEqual([]);
  });

  test('a 404 media file: 403 to every Error URL of the ad, once; content starts', async () => {
    await start({ adList: [{ roll: 'preRoll', vastTag: tag('missing-media.xml') }] });
    await waitContentPlaying();
    await expect.poll(() => hitsOf('nomedia')).toEqual(['error?code=403']);
    expect(logged(403)).toBe(1);
    expect(await adLayerHidden()).toBe(true);
  });

  test('a VAST slower than vastTimeout: 901 and the content plays', async () => {
    const t0 = Date.now();
    await start({ adList: [{ roll: 'preRoll', vastTag: tag('slow.xml') }] });
    await waitContentPlaying();
    expect(Date.now() - t0).toBeLessThan(VAST_TIMEOUT + 2000);
    expect(logged(901)).toBe(1);
    expect(ads.pixels).toEqual([]);
  });

  test('an invalid adList entry is skipped with 102; the valid one plays', async () => {
    await start({
      adList: [
        { roll: 'preRoll' },
        { roll: 'sideRoll', vastTag: tag('inline.xml') },
        { roll: 'preRoll', vastTag: tag('inline.xml') },
      ],
    });
    await waitAdPlaying();
    await waitContentPlaying();
    expect(
      errors.filter((e) => e.includes('"vastTag" property is missing from adList')),
    ).toHaveLength(1);
    expect(
      errors.filter((e) => e.includes('[Error] (102): Wrong adList parameters.')),
    ).toHaveLength(2);
    expectWatchedInOrder('inline');
  });
});
