// Picture-in-picture, casting and audio tracks in Chromium (docs/player/features.md).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { mediaDir, mount, useHarness } from './harness.ts';

const harness = useHarness();
let page: Page;
let errors: string[];

const MP4 = { src: '/media/clip-360.mp4', type: 'video/mp4' };

type Win = {
  player: { togglePictureInPicture(on?: boolean): Promise<void>; isPictureInPicture: boolean };
};

async function waitMetadata(): Promise<void> {
  await page.waitForFunction(() => document.querySelector('video')!.readyState >= 1, undefined, {
    polling: 100,
  });
}

test('picture-in-picture: entered and left with the button and with P, saved for the next play', async () => {
  ({ page, errors } = await harness.open());
  expect(await page.evaluate(() => document.pictureInPictureEnabled)).toBe(true);
  await mount(page, { sources: [MP4], options: { layoutControls: { mute: true } } });
  await waitMetadata();
  const button = page.locator('.cr-pip');
  // The button comes with the extras chunk, once the first frame is in.
  await expect.poll(() => button.isVisible(), { timeout: 10_000 }).toBe(true);
  expect(await button.getAttribute('aria-label')).toBe('Picture-in-picture');
  await button.click();
  await expect
    .poll(() => page.evaluate(() => document.pictureInPictureElement?.tagName ?? null))
    .toBe('VIDEO');
  expect(await button.getAttribute('aria-pressed')).toBe('true');
  expect(await page.evaluate(() => (window as unknown as Win).player.isPictureInPicture)).toBe(
    true,
  );
  await button.click();
  await expect.poll(() => page.evaluate(() => document.pictureInPictureElement)).toBe(null);
  expect(await button.getAttribute('aria-pressed')).toBe('false');

  // The P key, with the player focused.
  await page.locator('.cutroom-player').focus();
  await page.keyboard.press('p');
  await expect
    .poll(() => page.evaluate(() => document.pictureInPictureElement?.tagName ?? null))
    .toBe('VIDEO');
  expect(await page.evaluate(() => localStorage.getItem('cutroom-player'))).toContain(
    '"pictureInPicture":true',
  );
  // Entering the mini player leaves picture-in-picture.
  await page.keyboard.press('i');
  await expect.poll(() => page.evaluate(() => document.pictureInPictureElement)).toBe(null);
  await page.keyboard.press('i');
  await page.keyboard.press('p');
  await expect
    .poll(() => page.evaluate(() => document.pictureInPictureElement?.tagName ?? null))
    .toBe('VIDEO');

  // Saved: the next page's first play (a click of the viewer's) opens it again.
  await page.reload();
  await mount(page, { sources: [MP4], options: { layoutControls: { mute: true } } });
  await expect.poll(() => page.locator('.cr-pip').isVisible(), { timeout: 10_000 }).toBe(true);
  expect(await page.evaluate(() => document.pictureInPictureElement)).toBe(null);
  await page.locator('.cr-big-play').click();
  await expect
    .poll(() => page.evaluate(() => document.pictureInPictureElement?.tagName ?? null))
    .toBe('VIDEO');
  await page.evaluate(() => (window as unknown as Win).player.togglePictureInPicture(false));
  await expect.poll(() => page.evaluate(() => document.pictureInPictureElement)).toBe(null);
  expect(await page.evaluate(() => localStorage.getItem('cutroom-player'))).toContain(
    '"pictureInPicture":false',
  );
  expect(errors).toEqual([]);
});

test('picture-in-picture is not offered when the page turns it off', async () => {
  ({ page, errors } = await harness.open());
  await mount(page, {
    sources: [MP4],
    options: { layoutControls: { mute: true, allowPictureInPicture: false } },
  });
  await page.waitForFunction(() => document.querySelector('video')!.readyState >= 2, undefined, {
    polling: 100,
  });
  await expect.poll(() => page.locator('.cr-cast').count()).toBe(1);
  expect(await page.locator('.cr-pip').isHidden()).toBe(true);
  await page.locator('.cutroom-player').focus();
  await page.keyboard.press('p');
  expect(await page.evaluate(() => document.pictureInPictureElement)).toBe(null);
  expect(errors).toEqual([]);
});

/**
 * A stand-in of the Remote Playback API (there is no cast device here): availability is set by
 * the test, prompt() connects, a second prompt() disconnects. The browser's own API is replaced
 * before any script of the page runs.
 */
const REMOTE_STAND_IN = () => {
  const watchers = new Set<(available: boolean) => void>();
  const prompted: string[] = [];
  class StandIn extends EventTarget {
    state: 'disconnected' | 'connecting' | 'connected' = 'disconnected';
    constructor(readonly media: HTMLMediaElement) {
      super();
    }
    watchAvailability(cb: (available: boolean) => void): Promise<number> {
      watchers.add(cb);
      cb(w.castAvailable);
      return Promise.resolve(watchers.size);
    }
    cancelWatchAvailability(): Promise<void> {
      return Promise.resolve();
    }
    async prompt(): Promise<void> {
      if (this.media.disableRemotePlayback) throw new DOMException('disabled', 'InvalidStateError');
      prompted.push(this.media.className);
      if (this.state === 'connected') {
        this.state = 'disconnected';
        this.dispatchEvent(new Event('disconnect'));
        return;
      }
      this.state = 'connecting';
      this.dispatchEvent(new Event('connecting'));
      await new Promise((r) => setTimeout(r, 50));
      this.state = 'connected';
      this.dispatchEvent(new Event('connect'));
    }
  }
  const remotes = new WeakMap<HTMLMediaElement, StandIn>();
  const w = window as unknown as {
    castAvailable: boolean;
    setCastAvailable(available: boolean): void;
    prompted: string[];
  };
  w.castAvailable = false;
  w.prompted = prompted;
  w.setCastAvailable = (available) => {
    w.castAvailable = available;
    for (const cb of watchers) cb(available);
  };
  Object.defineProperty(HTMLMediaElement.prototype, 'remote', {
    configurable: true,
    get(this: HTMLMediaElement) {
      let remote = remotes.get(this);
      if (!remote) remotes.set(this, (remote = new StandIn(this)));
      return remote;
    },
  });
};

test('cast: the button is hidden with no device, shown with one, and says where it plays', async () => {
  ({ page, errors } = await harness.open());
  await page.addInitScript(REMOTE_STAND_IN);
  await page.reload();
  await mount(page, { sources: [MP4], options: { layoutControls: { mute: true } } });
  const button = page.locator('.cr-cast');
  const status = page.locator('.cr-cast-status');
  expect(await button.isHidden()).toBe(true);
  await page.evaluate(() =>
    (window as unknown as { setCastAvailable(a: boolean): void }).setCastAvailable(true),
  );
  await expect.poll(() => button.isVisible()).toBe(true);
  expect(await button.getAttribute('aria-label')).toBe('Cast');
  expect(await status.isHidden()).toBe(true);
  await button.click();
  await expect.poll(() => status.textContent()).toBe('Playing on another device');
  expect(await status.isVisible()).toBe(true);
  expect(await button.getAttribute('aria-pressed')).toBe('true');
  expect(await button.getAttribute('aria-label')).toBe('Stop casting');
  // Only the content was offered to the device.
  expect(await page.evaluate(() => (window as unknown as { prompted: string[] }).prompted)).toEqual(
    ['cr-video js-fluid-player'],
  );
  // The device goes away while casting: the button stays to stop it; stopping hides both.
  await page.evaluate(() =>
    (window as unknown as { setCastAvailable(a: boolean): void }).setCastAvailable(false),
  );
  expect(await button.isVisible()).toBe(true);
  await button.click();
  await expect.poll(() => status.isHidden()).toBe(true);
  await expect.poll(() => button.isHidden()).toBe(true);
  expect(errors).toEqual([]);
});

test('cast: ad videos are never cast', async () => {
  ({ page, errors } = await harness.open());
  await mount(page, {
    sources: [MP4],
    options: {
      layoutControls: { mute: true },
      vastOptions: { adList: [{ roll: 'preRoll', vastTag: '/media/none.xml' }] },
    },
  });
  await page.waitForSelector('.cr-ad-video', { state: 'attached' });
  expect(
    await page.evaluate(() =>
      [...document.querySelectorAll<HTMLVideoElement>('.cr-ad-video')].map(
        (v) => v.disableRemotePlayback && v.disablePictureInPicture,
      ),
    ),
  ).toEqual([true]);
  expect(
    await page.evaluate(
      () => document.querySelector<HTMLVideoElement>('.cr-video')!.disableRemotePlayback,
    ),
  ).toBe(false);
  errors.length = 0;
});

/** An HLS stream with two audio languages (English default, French), made once by ffmpeg. */
function makeTwoLanguageHls(): void {
  const dir = join(mediaDir, 'two-audio-60');
  if (existsSync(join(dir, 'master.m3u8'))) return;
  mkdirSync(dir, { recursive: true });
  const lavfi = (graph: string): string[] => ['-f', 'lavfi', '-i', graph];
  execFileSync('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-y'],
    ...lavfi('testsrc=size=320x180:rate=25:duration=60'),
    ...lavfi('sine=frequency=440:duration=60'),
    ...lavfi('sine=frequency=880:duration=60'),
    ...['-map', '0:v', '-map', '1:a', '-map', '2:a'],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-g', '25', '-c:a', 'aac', '-b:a', '64k'],
    ...['-ac', '1', '-f', 'hls', '-hls_time', '2', '-hls_playlist_type', 'vod'],
    ...['-hls_segment_filename', join(dir, '%v/seg-%03d.ts')],
    ...['-var_stream_map', 'v:0,name:video a:0,name:en a:1,name:fr'],
    join(dir, '%v/index.m3u8'),
  ]);
  writeFileSync(
    join(dir, 'master.m3u8'),
    [
      '#EXTM3U',
      '#EXT-X-VERSION:6',
      '#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="audio",NAME="English",LANGUAGE="en",DEFAULT=YES,AUTOSELECT=YES,URI="en/index.m3u8"',
      '#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="audio",NAME="Français",LANGUAGE="fr",DEFAULT=NO,AUTOSELECT=YES,URI="fr/index.m3u8"',
      '#EXT-X-STREAM-INF:BANDWIDTH=300000,RESOLUTION=320x180,CODECS="avc1.42c00d,mp4a.40.2",AUDIO="audio"',
      'video/index.m3u8',
      '#EXT-X-STREAM-INF:BANDWIDTH=70000,CODECS="mp4a.40.2",AUDIO="audio"',
      'en/index.m3u8',
      '',
    ].join('\n'),
  );
}

const TWO_AUDIO = { src: '/media/two-audio-60/master.m3u8', type: 'application/x-mpegURL' };

/** Segment requests of the page, by folder ('video', 'en', 'fr'). */
function recordSegments(p: Page): string[] {
  const seen: string[] = [];
  p.on('request', (r) => {
    const m = /\/two-audio-60\/(\w+)\/seg-\d+\.ts/.exec(r.url());
    if (m) seen.push(m[1]!);
  });
  return seen;
}

async function waitPlayingPast(seconds: number): Promise<void> {
  await page.waitForFunction(
    (t) => {
      const v = document.querySelector('video')!;
      return !v.paused && v.currentTime > t;
    },
    seconds,
    { polling: 100, timeout: 20_000 },
  );
}

async function chooseFromSourceMenu(...labels: string[]): Promise<void> {
  // Activity keeps the control bar shown while the menu is used.
  await page.locator('.cutroom-player').hover();
  await page.locator('.cr-source').click();
  for (const label of labels) {
    await page.locator('.cr-popup [role^="menuitem"]', { hasText: label }).first().click();
  }
}

test('audio tracks: two languages switch in the player, and the choice is kept per language', async () => {
  makeTwoLanguageHls();
  ({ page, errors } = await harness.open());
  const segments = recordSegments(page);
  await mount(page, {
    sources: [TWO_AUDIO],
    options: { layoutControls: { mute: true, autoPlay: true } },
  });
  await waitPlayingPast(0.5);
  await expect.poll(() => page.locator('.cr-source').isVisible()).toBe(true);
  expect(segments).toContain('en');
  expect(segments).not.toContain('fr');
  await chooseFromSourceMenu('Audio: English', 'Français');
  await expect.poll(() => segments.includes('fr'), { timeout: 10_000 }).toBe(true);
  const at = await page.evaluate(() => document.querySelector('video')!.currentTime);
  await waitPlayingPast(at + 0.5);
  await page.locator('.cr-source').click();
  expect(await page.locator('.cr-popup').textContent()).toContain('Audio: Français');
  await page.keyboard.press('Escape');
  expect(await page.evaluate(() => localStorage.getItem('cutroom-player'))).toContain(
    '"audio":{"en":"fr"}',
  );

  // The next video in English starts in French.
  await page.reload();
  segments.length = 0;
  await mount(page, {
    sources: [TWO_AUDIO],
    options: { layoutControls: { mute: true, autoPlay: true } },
  });
  await expect.poll(() => segments.includes('fr'), { timeout: 10_000 }).toBe(true);
  await waitPlayingPast(0.5);
  expect(errors).toEqual([]);
});

test('audio only: the quality menu plays the audio alone and downloads no video segment', async () => {
  makeTwoLanguageHls();
  ({ page, errors } = await harness.open());
  await page.evaluate(() => localStorage.clear());
  const segments = recordSegments(page);
  await mount(page, {
    sources: [TWO_AUDIO],
    options: { layoutControls: { mute: true, autoPlay: true } },
  });
  await waitPlayingPast(0.5);
  await expect.poll(() => page.locator('.cr-source').isVisible()).toBe(true);
  await chooseFromSourceMenu('audio only');
  await page.waitForFunction(() => document.querySelector('video')!.videoWidth === 0, undefined, {
    polling: 100,
  });
  // Counted from the switch on: a video segment asked for before the click may still arrive
  // after it on a loaded machine.
  const mark = segments.length;
  const at = await page.evaluate(() => document.querySelector('video')!.currentTime);
  await waitPlayingPast(at + 2);
  // The audio rendition's segments are fetched as it plays (on a loaded machine the first may
  // come after those two seconds, from what was already buffered).
  await expect.poll(() => segments.slice(mark), { timeout: 15_000 }).toContain('en');
  expect(segments.slice(mark).filter((s) => s === 'video')).toEqual([]);
  // Back to the video.
  await chooseFromSourceMenu('audio only');
  await page.waitForFunction(() => document.querySelector('video')!.videoWidth > 0, undefined, {
    polling: 100,
    timeout: 15_000,
  });
  expect(segments).toContain('video');
  expect(errors).toEqual([]);
});
