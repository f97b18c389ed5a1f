// No state kills the player (docs/player/behaviour.md, "Recovery"): seeded random sequences of
// what a viewer and the network do (play, pause, seek, the end, quality, audio track, audio only,
// subtitles, speed, picture-in-picture, mini, theatre, fullscreen, the source changing or going
// away under the page, the network dropping) against an MP4, the site's HLS ladder through the
// player's own engine, HLS through hls.js and DASH. After each step the player must settle, within
// a deadline, in one of three states: playing, ready to play, or showing a message that says what
// to do; and every few steps a press of Play must play (or show that message).
// PLAYER_SEQUENCE_SEED replays a failing run; PLAYER_SEQUENCE_STEPS makes the runs longer.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page, Route } from 'playwright-core';
import { expect, test } from 'vitest';
import { mediaDir, startHarness, useHarness } from './harness.ts';

const harness = useHarness(async () => {
  const started = await startHarness();
  makeLadder('seq-ladder', 440);
  makeLadder('seq-ladder-b', 550);
  return [started, undefined];
});
const STEPS = Number(process.env.PLAYER_SEQUENCE_STEPS) || 150;
const BASE_SEED = Number(process.env.PLAYER_SEQUENCE_SEED) || Date.now() % 1_000_000;

/** mulberry32: a small seeded generator, so that a seed replays the same run. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * A ladder shaped like the site's, short: three video rungs, two audio languages in one AUDIO
 * group, fMP4 segments of 2 s, VOD, 8 s. `tone` changes the picture and sound, for a file
 * replaced under the same addresses.
 */
function makeLadder(name: string, tone: number): string {
  const dir = join(mediaDir, name);
  if (existsSync(join(dir, 'master.m3u8'))) return dir;
  const hls = (rung: string): string[] => {
    mkdirSync(join(dir, rung), { recursive: true });
    return [
      ...['-f', 'hls', '-hls_time', '2', '-hls_playlist_type', 'vod'],
      ...['-hls_flags', 'independent_segments', '-hls_segment_type', 'fmp4'],
      ...['-hls_fmp4_init_filename', 'init.mp4'],
      ...['-hls_segment_filename', join(dir, rung, 'seg-%05d.m4s'), join(dir, rung, 'index.m3u8')],
    ];
  };
  const rungs = [
    { name: '360p', width: 640, height: 360, kbps: 500 },
    { name: '240p', width: 426, height: 240, kbps: 250 },
    { name: '180p', width: 320, height: 180, kbps: 120 },
  ];
  const args = ['-hide_banner', '-loglevel', 'error', '-y'];
  args.push('-f', 'lavfi', '-i', `testsrc2=size=640x360:rate=25:duration=8`);
  args.push('-f', 'lavfi', '-i', `sine=frequency=${tone}:duration=8`);
  args.push('-f', 'lavfi', '-i', `sine=frequency=${tone * 1.5}:duration=8`);
  for (const r of rungs) {
    args.push('-map', '0:v', '-vf', `scale=${r.width}:${r.height}`, '-an');
    args.push('-c:v', 'libx264', '-preset', 'ultrafast', '-profile:v', 'baseline');
    args.push('-b:v', `${r.kbps}k`, '-g', '50', '-keyint_min', '50', '-sc_threshold', '0');
    args.push(...hls(r.name));
  }
  for (const [input, rung] of [
    [1, 'audio-en'],
    [2, 'audio-fr'],
  ] as const) {
    args.push('-map', `${input}:a`, '-vn', '-c:a', 'aac', '-b:a', '48k', '-ac', '2', ...hls(rung));
  }
  execFileSync('ffmpeg', args);
  const master = [
    '#EXTM3U',
    '#EXT-X-VERSION:7',
    '#EXT-X-INDEPENDENT-SEGMENTS',
    '#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="audio",NAME="English",LANGUAGE="en",DEFAULT=YES,AUTOSELECT=YES,URI="audio-en/index.m3u8"',
    '#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="audio",NAME="Français",LANGUAGE="fr",DEFAULT=NO,AUTOSELECT=YES,URI="audio-fr/index.m3u8"',
  ];
  for (const r of rungs) {
    master.push(
      `#EXT-X-STREAM-INF:BANDWIDTH=${(r.kbps + 48) * 1000},RESOLUTION=${r.width}x${r.height},CODECS="avc1.42c01e,mp4a.40.2",AUDIO="audio"`,
      `${r.name}/index.m3u8`,
    );
  }
  writeFileSync(join(dir, 'master.m3u8'), `${master.join('\n')}\n`);
  return dir;
}

interface Case {
  name: string;
  sources: { src: string; type: string; title?: string }[];
  /** The folder of /media/ the sources read from, and the folder that replaces it. */
  folder: string;
  replacement: string;
  /** Plays HLS through hls.js (a page that configures it). */
  isHlsJs?: boolean;
}

const CASES: Case[] = [
  {
    name: 'MP4 (two qualities)',
    sources: [
      { src: '/media/clip-360.mp4', type: 'video/mp4', title: '360p' },
      { src: '/media/clip-180.mp4', type: 'video/mp4', title: '180p' },
    ],
    folder: '/media/clip-',
    replacement: '/media/clip-',
  },
  {
    name: "the site's HLS ladder (own engine)",
    sources: [{ src: '/media/seq-ladder/master.m3u8', type: 'application/x-mpegURL' }],
    folder: '/media/seq-ladder/',
    replacement: '/media/seq-ladder-b/',
  },
  {
    name: 'HLS through hls.js',
    sources: [{ src: '/media/hls/master.m3u8', type: 'application/x-mpegURL' }],
    folder: '/media/hls/',
    replacement: '/media/hls/',
    isHlsJs: true,
  },
  {
    name: 'DASH',
    sources: [{ src: '/media/dash/manifest.mpd', type: 'application/dash+xml' }],
    folder: '/media/dash/',
    replacement: '/media/dash/',
  },
];

type State = 'playing' | 'ready' | 'message' | 'buffering';

/**
 * What the page answers about the player, polled until it settles. While the network is down,
 * waiting for data (the engines' retries) is allowed too.
 */
async function settle(
  page: Page,
  deadline: number,
  isDown: boolean,
): Promise<{ state: State | null; detail: string }> {
  return page.evaluate(
    async ({ deadline, isDown }) => {
      const v = document.querySelector('video')!;
      const root = document.querySelector('.cutroom-player')!;
      const read = (): State | null => {
        const message = root.querySelector<HTMLElement>('.cr-error');
        if (message && !message.hidden && message.querySelector('button')) return 'message';
        if (v.error || !v.currentSrc) return null;
        if (!v.paused && !v.ended && v.readyState >= 3) return 'playing';
        if ((v.paused || v.ended) && v.readyState >= 1) return 'ready';
        if (isDown && !v.paused) return 'buffering';
        return null;
      };
      const started = performance.now();
      for (;;) {
        const state = read();
        if (state || performance.now() - started > deadline) {
          const detail = `paused=${v.paused} ended=${v.ended} readyState=${v.readyState} error=${v.error?.code ?? '-'} time=${v.currentTime.toFixed(2)}/${v.duration.toFixed(2)} src=${v.currentSrc.slice(0, 60)}`;
          return { state, detail };
        }
        await new Promise((r) => setTimeout(r, 40));
      }
    },
    { deadline, isDown },
  ) as Promise<{ state: State | null; detail: string }>;
}

/** Presses Play (or Retry under a message) and waits for the picture to move, or a message. */
async function checkPlays(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const v = document.querySelector('video')!;
    const root = document.querySelector('.cutroom-player')!;
    const message = (): HTMLElement | null => {
      const m = root.querySelector<HTMLElement>('.cr-error');
      return m && !m.hidden ? m : null;
    };
    if (message()) message()!.querySelector('button')!.click();
    else if (!v.paused && !v.ended) v.pause();
    if (!message()) root.querySelector<HTMLButtonElement>('.cr-play')!.click();
    const from = v.ended ? 0 : v.currentTime;
    const started = performance.now();
    while (performance.now() - started < 12_000) {
      await new Promise((r) => setTimeout(r, 50));
      if (!v.paused && v.currentTime > from + 0.05 && v.currentTime !== from) return 'plays';
      if (v.ended && !v.paused) return 'plays';
      if (v.ended && v.currentTime > from) return 'plays';
    }
    return `Play did nothing: paused=${v.paused} readyState=${v.readyState} error=${v.error?.code ?? '-'} time=${v.currentTime}`;
  });
}

const ACTIONS = [
  'play',
  'pause',
  'seek',
  'end',
  'quality',
  'audioTrack',
  'audioOnly',
  'subtitles',
  'speed',
  'pip',
  'mini',
  'theatre',
  'fullscreen',
  'swap',
  'networkLoss',
] as const;
type Action = (typeof ACTIONS)[number];
/** The network's actions are rarer: each costs the recovery ladder's waits. */
const WEIGHTS: Partial<Record<Action, number>> = { swap: 0.3, networkLoss: 0.4 };
const TOTAL = ACTIONS.reduce((sum, a) => sum + (WEIGHTS[a] ?? 1), 0);
function pickAction(r: number): Action {
  let left = r * TOTAL;
  for (const action of ACTIONS) {
    left -= WEIGHTS[action] ?? 1;
    if (left < 0) return action;
  }
  return ACTIONS[0];
}

/** Acts in the page as a viewer would, through the player's buttons and menus. */
function act(page: Page, action: Action, r: number): Promise<string> {
  return page.evaluate(
    async ({ action, r }) => {
      const v = document.querySelector('video')!;
      const root = document.querySelector('.cutroom-player')!;
      const player = (window as unknown as { player: Record<string, (...a: unknown[]) => unknown> })
        .player;
      const button = (selector: string): HTMLButtonElement | null => {
        const b = root.querySelector<HTMLButtonElement>(selector);
        return b && !b.hidden ? b : null;
      };
      const items = (): HTMLButtonElement[] => [
        ...root.querySelectorAll<HTMLButtonElement>('.cr-popup .cr-menu-item'),
      ];
      const pick = (list: HTMLButtonElement[]): string => {
        const item = list[Math.floor(r * list.length)];
        if (!item) return 'no entry';
        const label = item.textContent ?? '';
        item.click();
        return label;
      };
      const openMenu = (selector: string): boolean => {
        const b = button(selector);
        if (!b) return false;
        b.click();
        return items().length > 0;
      };
      const closeMenu = (): void => {
        if (items().length)
          document.body.dispatchEvent(new Event('pointerdown', { bubbles: true }));
      };
      switch (action) {
        case 'play':
          button('.cr-play')?.click();
          return 'play';
        case 'pause':
          player.pause!();
          return 'pause';
        case 'seek': {
          const d = Number.isFinite(v.duration) ? v.duration : 6;
          player.skipTo!(r * d);
          return `seek ${(r * d).toFixed(2)}`;
        }
        case 'end': {
          const d = Number.isFinite(v.duration) ? v.duration : 6;
          player.skipTo!(Math.max(0, d - 0.3));
          if (v.paused) button('.cr-play')?.click();
          const started = performance.now();
          while (!v.ended && performance.now() - started < 3000)
            await new Promise((ok) => setTimeout(ok, 50));
          return `end (ended=${v.ended})`;
        }
        case 'quality': {
          if (!openMenu('.cr-source')) return 'no quality menu';
          const list = items().filter((i) => !i.hasAttribute('aria-haspopup'));
          const label = pick(list.filter((i) => i.textContent !== 'audio only'));
          closeMenu();
          return `quality ${label}`;
        }
        case 'audioTrack': {
          if (!openMenu('.cr-source')) return 'no quality menu';
          const audio = items().find((i) => i.hasAttribute('aria-haspopup'));
          if (!audio) {
            closeMenu();
            return 'no audio tracks';
          }
          audio.click();
          const label = pick(items());
          closeMenu();
          return `audio ${label}`;
        }
        case 'audioOnly': {
          if (!openMenu('.cr-source')) return 'no quality menu';
          const item = items().find((i) => i.textContent === 'audio only');
          item?.click();
          closeMenu();
          return item ? 'audio only' : 'no audio only';
        }
        case 'subtitles': {
          if (!openMenu('.cr-captions')) return 'no subtitles';
          const label = pick(items().filter((i) => !i.hasAttribute('aria-haspopup')));
          closeMenu();
          return `subtitles ${label}`;
        }
        case 'speed': {
          if (!openMenu('.cr-speed')) return 'no speed menu';
          const label = pick(items());
          closeMenu();
          return `speed ${label}`;
        }
        case 'pip':
          // Picture-in-picture is one window for the whole browser, which the four pages of
          // this test share: a request may wait on another page's; the player goes on meanwhile.
          await Promise.race([
            (player.togglePictureInPicture!() as Promise<void>).catch(() => {}),
            new Promise((ok) => setTimeout(ok, 1000)),
          ]);
          return 'pip';
        case 'mini':
          player.toggleMiniPlayer!();
          return 'mini';
        case 'theatre':
          player.toggleTheatre!();
          return 'theatre';
        case 'fullscreen':
          player.toggleFullScreen!();
          return 'fullscreen';
        default:
          return action;
      }
    },
    { action, r },
  );
}

/** The page's requests for the case's media, when the test breaks or changes them. */
class Network {
  mode: 'up' | 'down' | 'gone' | 'replaced' = 'up';
  constructor(
    private readonly page: Page,
    private readonly c: Case,
  ) {}
  async install(): Promise<void> {
    await this.page.route('**/media/**', (route: Route) => this.#handle(route));
  }
  async #handle(route: Route): Promise<void> {
    const url = new URL(route.request().url());
    if (this.mode === 'down') return route.abort('internetdisconnected');
    if (!url.pathname.startsWith(this.c.folder)) return route.fallback();
    if (this.mode === 'gone') return route.fulfill({ status: 404, body: 'Not found' });
    if (this.mode === 'replaced' && this.c.replacement !== this.c.folder) {
      url.pathname = this.c.replacement + url.pathname.slice(this.c.folder.length);
      return route.fallback({ url: url.href });
    }
    if (this.mode === 'replaced' && this.c.folder === '/media/clip-') {
      // The 360p file now holds the 180p picture.
      url.pathname = url.pathname.replace('clip-360', 'clip-180');
      return route.fallback({ url: url.href });
    }
    return route.fallback();
  }
}

async function runCase(c: Case, seed: number): Promise<void> {
  const next = random(seed);
  const { page, errors } = await harness.open();
  await page.addInitScript((isHlsJs) => {
    // Every HLS case takes the MSE path (Debian's Chromium would play it itself).
    const canPlayType = HTMLMediaElement.prototype.canPlayType;
    HTMLMediaElement.prototype.canPlayType = function (type: string) {
      return /mpegurl/i.test(type) ? '' : canPlayType.call(this, type);
    };
    (window as unknown as { isHlsJs: boolean }).isHlsJs = isHlsJs;
  }, c.isHlsJs === true);
  await page.reload();
  const network = new Network(page, c);
  await network.install();
  await page.evaluate((c) => {
    const video = document.createElement('video');
    video.id = 'video';
    video.width = 480;
    for (const s of c.sources) {
      const node = document.createElement('source');
      node.src = s.src;
      node.type = s.type;
      if (s.title) node.title = s.title;
      video.append(node);
    }
    for (const [lang, label] of [
      ['en', 'English'],
      ['fr', 'Français'],
    ]) {
      const track = document.createElement('track');
      track.kind = 'subtitles';
      track.src = `/media/subs-${lang}.vtt`;
      track.srclang = lang!;
      track.label = label!;
      video.append(track);
    }
    document.getElementById('main')!.append(video);
    const w = window as unknown as Record<string, unknown> & {
      cutroomPlayer: (t: string, o: unknown) => unknown;
    };
    w.player = w.cutroomPlayer('video', {
      layoutControls: { mute: true, playbackRateEnabled: true, miniPlayer: { enabled: true } },
      ...(w.isHlsJs ? { modules: { configureHls: (config: unknown) => config } } : {}),
    });
  }, c);

  const log: string[] = [];
  const fail = (why: string): never => {
    throw new Error(
      `${c.name}: ${why}\nseed ${seed} (PLAYER_SEQUENCE_SEED=${seed} replays it)\nlast steps:\n  ${log.slice(-15).join('\n  ')}`,
    );
  };
  let restoreAt = -1;
  let wasDown = false;
  for (let step = 0; step < STEPS; step++) {
    const action = pickAction(next());
    const r = next();
    let done: string;
    if (action === 'networkLoss') {
      network.mode = 'down';
      restoreAt = step + 1 + Math.floor(r * 4);
      done = `network down until step ${restoreAt}`;
    } else if (action === 'swap') {
      network.mode = r < 0.5 ? 'gone' : 'replaced';
      restoreAt = network.mode === 'gone' ? step + 1 + Math.floor(r * 6) : -1;
      done = network.mode === 'gone' ? `source gone until step ${restoreAt}` : 'source replaced';
    } else {
      done = await act(page, action, r);
    }
    if (step === restoreAt) {
      network.mode = 'up';
      done += ' (network back)';
    }
    const isDown = network.mode === 'down' || network.mode === 'gone';
    // Back from a loss, the stall watchdog (8 s) and the ladder's steps may still run.
    const { state, detail } = await settle(page, isDown || wasDown ? 15_000 : 8000, isDown);
    wasDown = isDown;
    log.push(`${step} ${done} -> ${state ?? 'dead'} (${detail})`);
    if (process.env.PLAYER_SEQUENCE_VERBOSE) console.log(`${c.name} ${log.at(-1)}`);
    if (!state) fail(`step ${step} left the player dead`);
    if (step % 15 === 14 && network.mode !== 'down' && network.mode !== 'gone') {
      const played = await checkPlays(page);
      log.push(`${step} check: ${played}`);
      if (played !== 'plays') fail(`step ${step}: ${played}`);
    }
  }
  network.mode = 'up';
  const played = await checkPlays(page);
  if (played !== 'plays') fail(`at the end: ${played}`);
  // Failed requests are what the test caused; a page error is a defect.
  const pageErrors = errors.filter(
    (e) => !/^HTTP \d|^Failed to load resource|^\[Cutroom Player\]/.test(e),
  );
  if (pageErrors.length) fail(`page errors: ${pageErrors.join(' | ')}`);
}

test('no sequence of actions leaves the player dead (MP4, the ladder, hls.js, DASH, side by side)', async () => {
  const results = await Promise.allSettled(CASES.map((c, i) => runCase(c, BASE_SEED + i)));
  const failures = results.flatMap((r) => (r.status === 'rejected' ? [String(r.reason)] : []));
  expect(failures).toEqual([]);
}, 120_000);

/** The test page with the case's player, the browser's own HLS hidden. */
async function openLadder(options: Record<string, unknown> = {}) {
  const { page, errors } = await harness.open();
  await page.addInitScript(() => {
    const canPlayType = HTMLMediaElement.prototype.canPlayType;
    HTMLMediaElement.prototype.canPlayType = function (type: string) {
      return /mpegurl/i.test(type) ? '' : canPlayType.call(this, type);
    };
  });
  await page.reload();
  await page.evaluate((options) => {
    const video = document.createElement('video');
    video.id = 'video';
    const node = document.createElement('source');
    node.src = '/media/seq-ladder/master.m3u8';
    node.type = 'application/x-mpegURL';
    video.append(node);
    document.getElementById('main')!.append(video);
    const w = window as unknown as Record<string, unknown> & {
      cutroomPlayer: (t: string, o: unknown) => unknown;
    };
    w.player = w.cutroomPlayer('video', options);
  }, options);
  return { page, errors };
}

const menuChoice = (page: Page, label: string) =>
  page.evaluate(async (label) => {
    document.querySelector<HTMLButtonElement>('.cr-source')!.click();
    const item = [...document.querySelectorAll<HTMLButtonElement>('.cr-popup .cr-menu-item')].find(
      (i) => i.textContent === label,
    );
    item!.click();
  }, label);

test('played to the end, another quality or "auto" after "audio only" leaves a player that plays again', async () => {
  const { page, errors } = await openLadder({ layoutControls: { mute: true } });
  await page.evaluate(() => (window as unknown as { player: { play(): void } }).player.play());
  await page.waitForFunction(() => document.querySelector('video')!.currentTime > 0.2, null, {
    polling: 100,
  });
  await menuChoice(page, 'audio only');
  await page.evaluate(() => {
    document.querySelector('video')!.currentTime = 7.8;
  });
  await page.waitForFunction(() => document.querySelector('video')!.ended, null, { polling: 100 });
  await menuChoice(page, 'auto');
  await page.waitForTimeout(500);
  await menuChoice(page, '180p');
  expect(await checkPlays(page)).toBe('plays');
  expect(await page.evaluate(() => document.querySelector('video')!.videoHeight)).toBeGreaterThan(
    0,
  );
  expect(errors.filter((e) => !/Cutroom Player/.test(e))).toEqual([]);
});

test('a source gone under the page: retried, then a message that says what to do; Retry plays once it is back', async () => {
  const { page } = await openLadder({ layoutControls: { mute: true } });
  await page.evaluate(() => (window as unknown as { player: { play(): void } }).player.play());
  await page.waitForFunction(() => document.querySelector('video')!.currentTime > 0.2, null, {
    polling: 100,
  });
  let isGone = true;
  const requests: string[] = [];
  await page.route('**/media/seq-ladder/**', (route) => {
    requests.push(new URL(route.request().url()).pathname);
    return isGone ? route.fulfill({ status: 404, body: '' }) : route.fallback();
  });
  await page.evaluate(() => {
    document.querySelector('video')!.currentTime = 7;
  });
  const message = page.locator('.cr-error');
  await message.waitFor({ state: 'visible', timeout: 20_000 });
  expect(await message.textContent()).toMatch(/changed or moved\. Reload the page/);
  // The segment, the rendition (the source again) and the source after a pause were tried.
  expect(requests.filter((r) => r.endsWith('master.m3u8')).length).toBeGreaterThanOrEqual(2);
  isGone = false;
  await page.getByRole('button', { name: 'Retry' }).click();
  await message.waitFor({ state: 'hidden' });
  await page.waitForFunction(
    () => {
      const v = document.querySelector('video')!;
      return (!v.paused && v.currentTime > 7.1) || v.ended;
    },
    null,
    { polling: 100, timeout: 15_000 },
  );
});
