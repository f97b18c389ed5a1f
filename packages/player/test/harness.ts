// Shared set-up of the browser tests: media made by ffmpeg once per run, dist built once, a
// loopback server and Debian's Chromium.
import { existsSync, statSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { makeMedia } from '../demo/make-media.mjs';
import { startServer } from '../scripts/static-server.mjs';
import type { StaticServer } from '../scripts/static-server.mjs';

export const packageRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
export const distDir = join(packageRoot, 'dist');
export const mediaDir = join(tmpdir(), 'cutroom-player-test-media');

import { CHROMIUM_PLAYBACK_LAUNCH } from './chromium.ts';

/** Builds dist when it is missing or older than the sources' newest file. */
export function ensureBuilt(): void {
  const marker = join(distDir, 'cutroom-player.js');
  if (existsSync(marker) && existsSync(join(distDir, 'index.js'))) {
    const built = statSync(marker).mtimeMs;
    const newest = newestMtime(join(packageRoot, 'src'));
    if (built >= newest) return;
  }
  execFileSync(process.execPath, [join(packageRoot, 'build.mjs'), '--no-types'], {
    cwd: packageRoot,
    stdio: 'inherit',
  });
}

function newestMtime(dir: string): number {
  let newest = 0;
  const walk = (d: string): void => {
    for (const name of execFileSync('ls', ['-1', d], { encoding: 'utf8' }).split('\n')) {
      if (!name) continue;
      const p = join(d, name);
      const s = statSync(p);
      if (s.isDirectory()) walk(p);
      else newest = Math.max(newest, s.mtimeMs);
    }
  };
  walk(dir);
  return newest;
}

/** A page that loads the script-tag build and its CSS. */
export const PLAYER_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Player test</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="stylesheet" href="/dist/cutroom-player.css">
<style>body{margin:0;font-family:sans-serif} main{width:640px;padding:8px}</style>
<script src="/dist/cutroom-player.js"></script></head>
<body><main id="main"><h1>Player test</h1></main></body></html>`;

export interface Harness {
  server: StaticServer;
  browser: Browser;
  base: string;
  close(): Promise<void>;
}

export async function startHarness(): Promise<Harness> {
  ensureBuilt();
  makeMedia(mediaDir);
  const server = await startServer(
    { '/dist/': distDir, '/media/': mediaDir },
    { '/': PLAYER_PAGE, '/player.html': PLAYER_PAGE, '/favicon.ico': '' },
  );
  const browser = await chromium.launch(CHROMIUM_PLAYBACK_LAUNCH);
  return {
    server,
    browser,
    base: server.url,
    async close() {
      await browser.close();
      await server.close();
    },
  };
}

/**
 * The file's harness: started before its tests (with whatever else `start` starts beside it),
 * closed after them, and every page a test opened closed after that test.
 */
export function useHarness<Extra = undefined>(
  start: () => Promise<[Harness, Extra]> = async () => [await startHarness(), undefined as Extra],
  stopExtra: (extra: Extra) => Promise<void> | void = () => undefined,
) {
  let started: [Harness, Extra] | undefined;
  const get = () => {
    if (!started) throw new Error('The harness has not started');
    return started;
  };
  beforeAll(async () => {
    started = await start();
  });
  afterAll(async () => {
    if (!started) return;
    await started[0].close();
    await stopExtra(started[1]);
  });
  afterEach(async () => {
    for (const context of started?.[0].browser.contexts() ?? []) {
      for (const page of context.pages()) await page.close();
    }
  });
  return {
    get h(): Harness {
      return get()[0];
    },
    get extra(): Extra {
      return get()[1];
    },
    /** The test page, with its console errors gathered. */
    open: () => openPage(get()[0]),
  };
}

/** Opens the test page and collects console errors (they fail tests unless expected). */
export async function openPage(h: Harness): Promise<{ page: Page; errors: string[] }> {
  const page = await h.browser.newPage({ viewport: { width: 1000, height: 700 } });
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('response', (r) => {
    if (r.status() >= 400) errors.push(`HTTP ${r.status()} ${r.url()}`);
  });
  await page.goto(`${h.base}/player.html`);
  return { page, errors };
}

export interface MountOptions {
  sources: { src: string; type?: string; title?: string; hd?: boolean }[];
  tracks?: { src: string; label: string; srclang?: string; default?: boolean }[];
  options?: Record<string, unknown>;
  id?: string;
  width?: number;
}

/** Adds a video element to the page and creates a player on it (as window.player). */
export async function mount(page: Page, m: MountOptions): Promise<void> {
  await page.evaluate((m) => {
    const video = document.createElement('video');
    video.id = m.id ?? 'video';
    video.setAttribute('width', String(m.width ?? 640));
    for (const s of m.sources) {
      const node = document.createElement('source');
      node.src = s.src;
      if (s.type) node.type = s.type;
      if (s.title) node.title = s.title;
      if (s.hd) node.setAttribute('data-fluid-hd', '');
      video.append(node);
    }
    for (const t of m.tracks ?? []) {
      const node = document.createElement('track');
      node.kind = 'metadata';
      node.src = t.src;
      node.label = t.label;
      if (t.srclang) node.srclang = t.srclang;
      if (t.default) node.default = true;
      video.append(node);
    }
    document.getElementById('main')!.append(video);
    const w = window as unknown as {
      cutroomPlayer: (t: string, o?: unknown) => unknown;
      player: unknown;
      players: Record<string, unknown>;
    };
    w.players ??= {};
    w.player = w.players[video.id] = w.cutroomPlayer(video.id, m.options ?? {});
  }, m);
}
