// Ads in real Chromium against a VAST fixture server and a tracking-pixel recorder that the
// tests start themselves (test/ads/fixtures.ts).
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { mount, startHarness, useHarness } from './harness.ts';
import { startAdServers } from './ads/fixtures.ts';

const VAST_TIMEOUT = 1500;

const harness = useHarness(
  () => Promise.all([startHarness(), startAdServers(VAST_TIMEOUT + 2500)]),
  (servers) => servers.close(),
);
let page: Page;
let errors: string[];

const CONTENT = { src: '/media/clip-180.mp4', type: 'video/mp4' };

/** Opens a page with a muted autoplaying player and the given ad options. */
async function start(vastOptions: Record<string, unknown>, layout: Record<string, unknown> = {}) {
  harness.extra.reset();
  ({ page, errors } = await harness.open());
  await mount(page, {
    sources: [CONTENT],
    options: {
      layoutControls: { mute: true, autoPlay: true, ...layout },
      vastOptions: { vastTimeout: VAST_TIMEOUT, ...vastOptions },
    },
  });
}

const tag = (name: string): string => `${harness.extra.vastBase}/${name}`;

/** Events the recorder saw for one ad, in arrival order ('error?code=403' keeps its code). */
const hitsOf = (id: string): string[] =>
  harness.extra.pixels
    .filter((p) => p.path.startsWith(`/t/${id}/`))
    .map((p) => p.path.slice(`/t/${id}/`.length) + (p.query ? p.query : ''));

/** VAST documents fetched, by file name, in order. */
const vastFetches = (): string[] =>
  harness.extra.requests.filter((r) => r.path.startsWith('/vast/')).map((r) => r.path.slice(6));

async function waitContentPlaying(min = 0.3): Promise<void> {
  await page.waitForFunction(
    (t) => {
      const v = document.querySelector<HTMLVideoElement>('video.cr-video');
      return !!v && !v.paused && v.currentTime > t;
    },
    min,
    { polling: 100, timeout: 15_000 },
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
    { polling: 100, timeout: 10_000 },
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
    await start({ adList: [{ roll: 'preRoll', vastTag: tag('skippable-long.xml') }] });
    await waitAdPlaying();
    const skip = page.locator('.cr-ad-skip');
    await expect.poll(() => skip.textContent(), { timeout: 5000 }).toBe('Skip Ad');
    await skip.click();
    await waitContentPlaying();
    const hits = hitsOf('skippable-long');
    expect(hits.filter((e) => e === 'skip')).toHaveLength(1);
    expect(hits).not.toContain('complete');
    expect(hits.slice(0, 3).sort()).toEqual(['creativeView', 'impression', 'start']);
    expect(new Set(hits).size).toBe(hits.length);
    expect(errors).toEqual([]);
  });
});

describe('interaction', () => {
  test('clickthrough, pause, resume, unmute and mute are each tracked once', async () => {
    await start({ adList: [{ roll: 'preRoll', vastTag: tag('inline.xml') }] });
    await waitAdPlaying();
    const popup = page.waitForEvent('popup');
    await page.locator('.cr-ad-click').click();
    expect((await popup).url()).toBe(`${harness.extra.trackerBase}/landing/inline`);
    await expect
      .poll(() => page.locator('.cr-ad-video').evaluate((v: HTMLVideoElement) => v.paused))
      .toBe(true);
    // Pressed without waiting for the bar's animations, so a short ad does not end half-way
    // through the sequence on a busy machine; a moment between presses lets each land.
    for (const selector of [
      '.cr-ad-play',
      '.cr-ad-mute', // muted content: the ad starts muted
      '.cr-ad-mute',
      '.cr-ad-mute',
      '.cr-ad-play',
      '.cr-ad-play',
    ]) {
      await page.evaluate(
        (target) => document.querySelector<HTMLElement>(target)!.click(),
        selector,
      );
      await page.waitForTimeout(150);
    }
    await waitContentPlaying();
    const hits = hitsOf('inline');
    for (const event of ['click', 'pause', 'resume', 'unmute', 'mute', 'complete']) {
      expect(
        hits.filter((e) => e === event),
        event,
      ).toHaveLength(1);
    }
    expect(hits.indexOf('click')).toBeLessThan(hits.indexOf('resume'));
    expect(hits.indexOf('unmute')).toBeLessThan(hits.indexOf('mute'));
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
    expect(harness.extra.pixels).toEqual([]);
  });

  test('a 404 media file: 403 to every Error URL of the ad, once; content starts', async () => {
    await start({ adList: [{ roll: 'preRoll', vastTag: tag('missing-media.xml') }] });
    await waitContentPlaying();
    await expect.poll(() => hitsOf('nomedia')).toEqual(['error?code=403']);
    expect(logged(403)).toBe(1);
    expect(await adLayerHidden()).toBe(true);
  });

  test('a VAST slower than vastTimeout: 901 and the content plays', async () => {
    // How soon the content starts is a figure of `npm run bench:player`, not a bound here.
    await start({ adList: [{ roll: 'preRoll', vastTag: tag('slow.xml') }] });
    await waitContentPlaying();
    expect(logged(901)).toBe(1);
    expect(harness.extra.pixels).toEqual([]);
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

const callPlayer = (method: string) =>
  page.evaluate((m) => {
    const w = window as unknown as { player: Record<string, () => void> };
    w.player[m]!();
  }, method);

describe('pods and rolls', () => {
  test('a pod of 3 with maxTotalQuantity 2 plays sequence 1 then 2, nothing else', async () => {
    await start({ adList: [{ roll: 'preRoll', vastTag: tag('pod.xml'), maxTotalQuantity: 2 }] });
    await waitAdPlaying();
    await waitContentPlaying();
    expectWatchedInOrder('pod1');
    expectWatchedInOrder('pod2');
    const firstOfPod2 = harness.extra.pixels.findIndex((p) => p.path.startsWith('/t/pod2/'));
    const lastOfPod1 = harness.extra.pixels.findLastIndex((p) => p.path.startsWith('/t/pod1/'));
    expect(firstOfPod2).toBeGreaterThan(lastOfPod1);
    expect(hitsOf('pod3')).toEqual([]);
    expect(hitsOf('alone')).toEqual([]);
    expect(errors).toEqual([]);
  });

  test('a mid-roll at 50 % with a marker, back 1 s; then a post-roll at the end', async () => {
    await start(
      {
        showProgressbarMarkers: true,
        adList: [
          { roll: 'midRoll', vastTag: tag('inline.xml'), timer: '50%' },
          { roll: 'postRoll', vastTag: tag('fallback.xml') },
        ],
      },
      { autoPlay: true },
    );
    await waitContentPlaying();
    await expect
      .poll(() => page.locator('.cr-ad-marker').getAttribute('style'))
      .toContain('left: 50%');
    await waitAdPlaying();
    const at = await page.locator('.cr-video').evaluate((v: HTMLVideoElement) => v.currentTime);
    expect(at).toBeGreaterThanOrEqual(3);
    expect(at).toBeLessThan(4);
    await page.waitForFunction(
      () => document.querySelector<HTMLElement>('.cr-ad-layer')!.hidden,
      undefined,
      { polling: 100, timeout: 10_000 },
    );
    const resumed = await page
      .locator('.cr-video')
      .evaluate((v: HTMLVideoElement) => v.currentTime);
    expect(resumed).toBeGreaterThanOrEqual(at - 1 - 0.01);
    expect(resumed).toBeLessThan(at - 0.5);
    expectWatchedInOrder('inline');
    // The post-roll's VAST is fetched during the last seconds, then it plays after the end.
    await waitAdPlaying();
    expect(await page.locator('.cr-video').evaluate((v: HTMLVideoElement) => v.ended)).toBe(true);
    await page.waitForFunction(
      () => document.querySelector<HTMLElement>('.cr-ad-layer')!.hidden,
      undefined,
      { polling: 100, timeout: 10_000 },
    );
    expectWatchedInOrder('fallback');
    const content = await page.locator('.cr-video').evaluate((v: HTMLVideoElement) => ({
      paused: v.paused,
      atEnd: v.duration - v.currentTime < 0.1,
    }));
    expect(content).toEqual({ paused: true, atEnd: true });
    expect(errors).toEqual([]);
  });

  test('an on-pause ad shows 500 ms after pause, hides on resume, is tracked once', async () => {
    await start({ adList: [{ roll: 'onPauseRoll', vastTag: tag('nonlinear.xml') }] });
    await waitContentPlaying();
    const t0 = Date.now();
    await callPlayer('pause');
    const banner = page.locator('.cr-ad-banner.cr-v-middle:not([hidden])');
    await banner.waitFor({ timeout: 5000 });
    expect(Date.now() - t0).toBeGreaterThanOrEqual(500);
    await callPlayer('play');
    await expect.poll(() => banner.count()).toBe(0);
    await callPlayer('pause');
    await banner.waitFor({ timeout: 5000 });
    // Shown twice, tracked once ('start' too when the first showing outlived a 400 ms poll).
    const hits = hitsOf('banner');
    expect(hits.filter((e) => e === 'impression')).toHaveLength(1);
    expect(hits.filter((e) => e === 'creativeView')).toHaveLength(1);
    expect(hits.filter((e) => e === 'start').length).toBeLessThanOrEqual(1);
    expect(errors).toEqual([]);
  });
});

describe('non-linear and VPAID', () => {
  test('a non-linear banner shows over the playing content and closes with Close', async () => {
    await start({
      adList: [{ roll: 'preRoll', vastTag: tag('nonlinear.xml'), nonLinearDuration: 10 }],
    });
    await waitContentPlaying();
    const banner = page.locator('.cr-ad-banner.cr-v-bottom:not([hidden])');
    await banner.waitFor({ timeout: 5000 });
    const size = await banner.locator('img').evaluate((i: HTMLImageElement) => [i.width, i.height]);
    expect(size[0]).toBeLessThanOrEqual(468);
    expect(size[1]).toBeLessThanOrEqual(60);
    await expect.poll(() => hitsOf('banner').length).toBe(3);
    await banner.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => banner.count()).toBe(0);
    // The close pixel reaches the server a moment after the banner leaves the page.
    await expect
      .poll(() => hitsOf('banner').sort())
      .toEqual(['close', 'creativeView', 'impression', 'start']);
    expect(hitsOf('banner').at(-1)).toBe('close');
    expect(errors).toEqual([]);
  });

  test('VPAID not allowed: 103, the creative is never loaded, content plays', async () => {
    await start({ adList: [{ roll: 'preRoll', vastTag: tag('vpaid2.xml') }] });
    await waitContentPlaying();
    expect(
      errors.filter((e) =>
        e.includes('[Error] (103): VPAID not allowed, so skipping this VAST tag.'),
      ),
    ).toHaveLength(1);
    await expect.poll(() => hitsOf('vpaid2')).toEqual(['error?code=103']);
    expect(harness.extra.requests.some((r) => r.path.endsWith('.js'))).toBe(false);
  });

  test('VPAID allowed: the creative runs in an iframe and its events are tracked once', async () => {
    await start({ allowVPAID: true, adList: [{ roll: 'preRoll', vastTag: tag('vpaid2.xml') }] });
    const frame = page.frameLocator('iframe.cr-ad-vpaid');
    await expect
      .poll(() => frame.locator('#vpaid-label').textContent(), { timeout: 5000 })
      .toBe('VPAID creative');
    expect(await frame.locator('#slot').getAttribute('data-params')).toBe('{"campaign":"fixture"}');
    // Its own global scope: the page has no getVPAIDAd.
    expect(await page.evaluate(() => 'getVPAIDAd' in window)).toBe(false);
    await waitContentPlaying();
    expectWatchedInOrder('vpaid2');
    expect(errors).toEqual([]);
  });

  test('VPAID with a handshake below 2.0: 403 and content plays', async () => {
    await start({ allowVPAID: true, adList: [{ roll: 'preRoll', vastTag: tag('vpaid1.xml') }] });
    await waitContentPlaying();
    await expect.poll(() => hitsOf('vpaid1')).toEqual(['error?code=403']);
    expect(logged(403)).toBe(1);
  });
});

describe('Fluid Player compatibility', () => {
  test('play(), skipTo() and setPlaybackSpeed() right after creation: the pre-roll, then the content from 2 s at 1.5x', async () => {
    harness.extra.reset();
    ({ page, errors } = await harness.open());
    await page.evaluate((vastTag) => {
      const video = document.createElement('video');
      video.id = 'api';
      const source = document.createElement('source');
      source.src = '/media/clip-180.mp4';
      source.type = 'video/mp4';
      video.append(source);
      document.getElementById('main')!.append(video);
      const w = window as unknown as {
        fluidPlayer: (
          id: string,
          o: unknown,
        ) => { play(): void; skipTo(s: number): void; setPlaybackSpeed(r: number): void };
      };
      const player = w.fluidPlayer('api', {
        layoutControls: { mute: true },
        vastOptions: { adList: [{ roll: 'preRoll', vastTag }] },
      });
      player.play();
      player.skipTo(2);
      player.setPlaybackSpeed(1.5);
    }, tag('inline.xml'));
    await waitAdPlaying();
    await waitContentPlaying(2.1);
    const content = await page
      .locator('.cr-video')
      .evaluate((v: HTMLVideoElement) => ({ rate: v.playbackRate, played: v.played.start(0) }));
    expect(content).toEqual({ rate: 1.5, played: 2 });
    expectWatchedInOrder('inline');
    expect(errors).toEqual([]);
  });

  test('the core starts an inline pre-roll while the ads chunk is held back; the chunk then takes it over, tracked once', async () => {
    harness.extra.reset();
    ({ page, errors } = await harness.open());
    // The ads chunk answers only when the test lets it.
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    let chunkAsked = false;
    await page.route('**/ads-engine.js', async (route) => {
      chunkAsked = true;
      await released;
      await route.continue();
    });
    await page.evaluate((vastTag) => {
      const video = document.createElement('video');
      video.id = 'early';
      const source = document.createElement('source');
      source.src = '/media/clip-180.mp4';
      source.type = 'video/mp4';
      video.append(source);
      document.getElementById('main')!.append(video);
      const w = window as unknown as { fluidPlayer: (id: string, o: unknown) => { play(): void } };
      w.fluidPlayer('early', {
        layoutControls: { mute: true },
        vastOptions: { adList: [{ roll: 'preRoll', vastTag }] },
      }).play();
    }, tag('inline.xml'));
    // The ad plays in the element the core made, in front of the content, without the chunk.
    await page.waitForFunction(
      () => {
        const v = document.querySelector<HTMLVideoElement>('video.cr-ad-video');
        return !!v && !v.paused && v.currentTime > 0.1 && v.parentElement?.hidden === false;
      },
      undefined,
      { polling: 100, timeout: 10_000 },
    );
    const content = page.locator('video.cr-video');
    expect(await content.evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);
    expect(hitsOf('inline')).toEqual([]);
    release();
    // Once the chunk is in, it adopts the running ad: skip link, tracking, then the content.
    await expect.poll(() => chunkAsked).toBe(true);
    await page.locator('.cr-ad-layer .skip_button').waitFor({ timeout: 10_000 });
    await waitContentPlaying();
    expectWatchedInOrder('inline');
    expect(errors).toEqual([]);
  });

  test('a non-linear VAST with relative URLs, from another origin than the page: its image and pixels come from the VAST server', async () => {
    await start({ adList: [{ roll: 'preRoll', vastTag: tag('rel/banner.xml') }] });
    const image = page.locator('#fluid_nonLinear_ID0_AD0 img');
    await expect
      .poll(() => image.evaluate((i: HTMLImageElement) => i.naturalWidth), { timeout: 10_000 })
      .toBe(468);
    expect(await image.getAttribute('src')).toBe(`${harness.extra.mediaBase}/banner.png`);
    await expect
      .poll(() => harness.extra.pixels.filter((p) => p.path === '/px/relnl/impression').length)
      .toBe(1);
    expect(errors).toEqual([]);
  });

  test('muting with the ad bar during a VPAID ad mutes its video, is tracked, and stays after the ad', async () => {
    await start(
      { allowVPAID: true, adList: [{ roll: 'preRoll', vastTag: tag('vpaid-video.xml') }] },
      { mute: false },
    );
    const frame = page.frameLocator('iframe.cr-ad-vpaid');
    await expect
      .poll(() => frame.locator('.fluid_vpaid_slot').getAttribute('data-muted'), {
        timeout: 10_000,
      })
      .toBe('false');
    await page.locator('.cr-ad-mute').click();
    await expect
      .poll(() => frame.locator('.fluid_vpaid_slot').getAttribute('data-muted'))
      .toBe('true');
    await waitContentPlaying();
    expect(await page.locator('.cr-video').evaluate((v: HTMLVideoElement) => v.muted)).toBe(true);
    expect(hitsOf('vpaidv').filter((e) => e === 'mute')).toHaveLength(1);
    expect(hitsOf('vpaidv')).toEqual(expect.arrayContaining(['impression', 'complete']));
    expect(errors).toEqual([]);
  });
});
