import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContextOptions, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../packages/core/src/platform/db/client';
import { migrateDatabase } from '../../packages/core/src/platform/db/migrate';
import { users, videoLabels, videos } from '../../packages/core/src/platform/db/schema';
import { freePort } from '../../packages/core/test-support/free-port';
import { withServerDatabase } from '../../packages/core/test-support/server-database';
import { CHROMIUM_LAUNCH } from '../support/browser';

// Browsing needs a catalogue, and the shared server's embedded database cannot be written from
// here while it runs: this file starts its own production server on a PostgreSQL database it
// seeds first (the CI machine runs one; TEST_DATABASE_URL names it).
const serverUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const databaseName = `cutroom_e2e_browse_${randomBytes(4).toString('hex')}`;
const databaseUrl = (() => {
  const url = new URL(serverUrl);
  url.pathname = `/${databaseName}`;
  return url.toString();
})();
const root = new URL('../..', import.meta.url).pathname;
const CATEGORIES = ['pmv', 'hmv', 'hypno', 'tiktok', 'koreanbj', 'other'] as const;
const NOW = Date.now();
const TOTAL = 520;

let server: ChildProcess | undefined;
let baseUrl = '';
let dataDir = '';
let browser: Browser | undefined;

/** 520 published videos (21+ dashboard pages), one with preview sprites, and a draft. */
async function seed() {
  await withServerDatabase(serverUrl, (admin) => admin.query(`CREATE DATABASE "${databaseName}"`));
  const handle = await openDatabase({ url: databaseUrl, maxConnections: 2 });
  await migrateDatabase(handle);
  const { db } = handle;
  await db.insert(users).values([
    { id: 'u1', username: 'alice', email: 'alice@example.com' },
    { id: 'u2', username: 'bob', email: 'bob@example.com' },
  ]);
  const rows = Array.from({ length: TOTAL }, (_, i) => ({
    id: `e2e${String(i).padStart(4, '0')}`,
    ownerId: i % 2 ? 'u1' : 'u2',
    title: i === 0 ? 'Midnight Dance Compilation' : `Clip number ${i}`,
    slug: i === 0 ? 'midnight-dance-compilation' : `clip-number-${i}`,
    category: CATEGORIES[i % CATEGORIES.length]!,
    isExplicit: i % 3 === 0,
    status: 'published' as const,
    durationSeconds: 60 + (i % 50) * 60,
    topQuality: i % 4 === 0 ? 2160 : 720,
    aspectRatio: i % 5 === 0 ? 9 / 16 : 16 / 9,
    views: (i * 7919) % 10_000,
    publishedAt: new Date(NOW - i * 3_600_000 * 5),
    spritesVttKey: i === 0 ? 'videos/e2e0000/v1/sprites.vtt' : null,
  }));
  for (let start = 0; start < rows.length; start += 100) {
    await db.insert(videos).values(rows.slice(start, start + 100));
  }
  await db.insert(videos).values({
    id: 'draft01',
    ownerId: 'u1',
    title: 'Unfinished draft',
    slug: 'unfinished-draft',
    status: 'processing',
  });
  await db.insert(videoLabels).values([
    { videoId: 'e2e0000', kind: 'tag', name: 'dance' },
    { videoId: 'e2e0000', kind: 'music', name: 'Daft Punk' },
    { videoId: 'e2e0006', kind: 'tag', name: 'dance' },
    { videoId: 'e2e0006', kind: 'star', name: 'Aurora' },
  ]);
  await handle.close();
}

/** A tiny sprite sheet track the first video's card previews from on hover. */
function writePreviewMedia() {
  const folder = join(dataDir, 'media', 'videos', 'e2e0000', 'v1');
  mkdirSync(folder, { recursive: true });
  writeFileSync(
    join(folder, 'sprites.vtt'),
    'WEBVTT\n\n00:00:00.000 --> 00:00:01.000\nsprite-0.jpg#xywh=0,0,160,90\n\n00:00:01.000 --> 00:00:02.000\nsprite-0.jpg#xywh=160,0,160,90\n',
  );
  // A 1x1 JPEG is enough: the test checks the frame is drawn from the sheet.
  writeFileSync(
    join(folder, 'sprite-0.jpg'),
    Buffer.from(
      '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=',
      'base64',
    ),
  );
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'cutroom-e2e-browse-'));
  await seed();
  writePreviewMedia();
  const port = await freePort();
  baseUrl = `http://127.0.0.1:${port}`;
  let log = '';
  server = spawn(process.execPath, ['--import', 'tsx', 'server.ts'], {
    cwd: join(root, 'apps/web'),
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      LIVE_RTMP_PORT: '0',
      PUBLIC_URL: baseUrl,
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      REDIS_URL: '',
      INPROCESS_WORKER: 'false',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  server.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`The server exited early:\n${log}`);
    if (Date.now() > deadline) throw new Error(`The server did not start:\n${log}`);
    try {
      if ((await fetch(`${baseUrl}/builds/latest.json`)).ok) break;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  browser = await chromium.launch(CHROMIUM_LAUNCH);
});

afterAll(async () => {
  await browser?.close();
  if (server && server.exitCode === null) {
    server.kill('SIGTERM');
    await new Promise((resolve) => server!.once('exit', resolve));
  }
  await withServerDatabase(serverUrl, (admin) =>
    admin.query(`DROP DATABASE IF EXISTS "${databaseName}" WITH (FORCE)`),
  );
  rmSync(dataDir, { recursive: true, force: true });
});

async function openPage(options: BrowserContextOptions = {}): Promise<Page> {
  const context = await browser!.newContext({ baseURL: baseUrl, ...options });
  return context.newPage();
}

const cardIds = (page: Page) =>
  page
    .locator('[data-testid="video-card"]')
    .evaluateAll((cards) => cards.map((card) => card.getAttribute('data-video-id')));

const post = async (path: string, body: unknown) => {
  const response = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};

describe('dashboard', () => {
  it('server-renders the first 24 newest videos with the count', async () => {
    const html = await (await fetch(`${baseUrl}/`)).text();
    expect(html.match(/data-testid="video-card"/g)).toHaveLength(24);
    expect(html).toContain('520 videos');
    expect(html).not.toContain('Unfinished draft');
  });

  it('keeps filters in the URL, applies them, and Back restores the previous list', async () => {
    const page = await openPage();
    await page.goto('/');
    const before = await cardIds(page);
    await page.getByText('Filters').click();
    await page.getByLabel('Category').selectOption('hmv');
    await page.getByLabel('View').selectOption('popular');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.waitForURL(/\?category=hmv&view=popular$/);
    await expect.poll(async () => (await cardIds(page))[0]).not.toBe(before[0]);
    const popularHmv = await cardIds(page);
    expect(popularHmv).toHaveLength(24);
    // Every shown id is an hmv one (index ≡ 1 mod 6).
    expect(popularHmv.every((id) => Number(id!.slice(3)) % 6 === 1)).toBe(true);
    await page.goBack();
    await page.waitForURL(`${baseUrl}/`);
    await expect.poll(() => cardIds(page)).toEqual(before);
    // A shared link renders the same filters server-side.
    const shared = await (await fetch(`${baseUrl}/?category=hmv&view=popular`)).text();
    expect(shared).toContain(`data-video-id="${popularHmv[0]}"`);
  });

  it('loads more pages and starts afresh after 20 kept pages', async () => {
    const page = await openPage();
    await page.goto('/');
    const feed = page.locator('[data-testid="video-feed"]');
    const more = page.getByTestId('load-more');
    for (let loaded = 1; loaded < 20; loaded++) {
      await more.click();
      await expect.poll(() => feed.getAttribute('data-pages')).toBe(String(loaded + 1));
    }
    expect(await page.locator('[data-testid="video-card"]').count()).toBe(480);
    await more.click();
    await expect.poll(() => feed.getAttribute('data-first-page')).toBe('21');
    expect(await feed.getAttribute('data-pages')).toBe('1');
    expect(await cardIds(page)).toEqual(
      Array.from({ length: 24 }, (_, i) => `e2e${String(480 + i).padStart(4, '0')}`),
    );
    await expect.poll(() => more.isVisible()).toBe(true);
    await more.click();
    await expect.poll(() => page.locator('[data-testid="video-card"]').count()).toBe(40);
    expect(await more.isVisible()).toBe(false);
  });

  it('reports a filter it does not understand and answers the API with 400', async () => {
    const html = await (await fetch(`${baseUrl}/?category=cats`)).text();
    expect(html).toContain('Unknown category &quot;cats&quot;');
    const answer = await post('/api/getmorevideos', { filters: { category: 'cats' }, index: 0 });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatch(/^filters\.category: Unknown category "cats"/);
    const page = await post('/api/getmorevideos', {
      filters: { explicit: 'only', quality: '2160' },
      index: 1,
    });
    expect(page.status).toBe(200);
    // Explicit (every 3rd) and 4K (every 4th): every 12th of 520, 44 videos; page 2 holds 20.
    expect(page.body).toMatchObject({ pageSize: 24, index: 1, count: 44, hasMore: false });
    expect((page.body.data as unknown[]).length).toBe(20);
  });

  it('previews a video from its sprite sheet on hover', async () => {
    const page = await openPage();
    await page.goto('/');
    const card = page.locator('[data-video-id="e2e0000"]');
    expect(await card.getByTestId('thumbnail-placeholder').count()).toBe(1);
    await card.locator('a').first().hover();
    const preview = card.getByTestId('thumbnail-preview');
    await expect.poll(() => preview.count()).toBe(1);
    expect(await preview.evaluate((el) => getComputedStyle(el).backgroundImage)).toContain(
      '/media/videos/e2e0000/v1/sprite-0.jpg',
    );
  });

  it('fits a 360 px screen', async () => {
    for (const path of ['/', '/search?q=dance', '/category/pmv', '/archive']) {
      const page = await openPage({ viewport: { width: 360, height: 740 } });
      await page.goto(path);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, path).toBe(0);
    }
  });
});

describe('listings', () => {
  it('pages a category with links, and answers 404 for an unknown one', async () => {
    const page = await openPage();
    await page.goto('/category/pmv');
    expect(await page.locator('[data-testid="video-card"]').count()).toBe(18);
    await page.getByRole('link', { name: 'Next →' }).click();
    await page.waitForURL(/\/category\/pmv\?page=2$/);
    expect((await cardIds(page))[0]).toBe(`e2e${String(18 * 6).padStart(4, '0')}`);
    expect((await fetch(`${baseUrl}/category/cats`)).status).toBe(404);
    const past = await (await fetch(`${baseUrl}/category/pmv?page=50`)).text();
    expect(past).toContain('No more videos here');
  });

  it('lists a tag, a music label with a space and a star; an unknown label is empty', async () => {
    const tag = await (await fetch(`${baseUrl}/tags/dance`)).text();
    expect(tag.match(/data-testid="video-card"/g)).toHaveLength(2);
    const music = await (await fetch(`${baseUrl}/music/Daft%20Punk`)).text();
    expect(music).toContain('data-video-id="e2e0000"');
    const star = await (await fetch(`${baseUrl}/star/Aurora`)).text();
    expect(star).toContain('data-video-id="e2e0006"');
    const none = await (await fetch(`${baseUrl}/tags/nothing-here`)).text();
    expect(none).toContain('data-testid="empty-state"');
  });

  it('/random redirects to a published video’s canonical URL', async () => {
    const response = await fetch(`${baseUrl}/random`, { redirect: 'manual' });
    expect(response.status).toBeGreaterThanOrEqual(300);
    expect(response.status).toBeLessThan(400);
    expect(response.headers.get('location')).toMatch(
      /\/video\/clip-number-\d+_e2e\d{4}$|\/video\/midnight-dance-compilation_e2e0000$/,
    );
  });

  it('/popular, /browse, /trending, /discover and /archive each render', async () => {
    const popular = await (await fetch(`${baseUrl}/popular`)).text();
    expect(popular.match(/data-testid="video-card"/g)).toHaveLength(18);
    const browse = await (await fetch(`${baseUrl}/browse?page=2`)).text();
    expect(browse).toContain('aria-current="page"');
    const trending = await (await fetch(`${baseUrl}/trending`)).text();
    expect(trending).toContain('Nothing is trending yet');
    const discover = await fetch(`${baseUrl}/discover`, { redirect: 'manual' });
    expect(discover.headers.get('location')).toMatch(/\/discover\?seed=[0-9a-f]{12}$/);
    const page = await openPage();
    await page.goto('/discover?seed=abcdef');
    expect(await page.locator('[data-testid="video-card"]').count()).toBe(18);
    await page.goto('/archive');
    const months = page.locator('a[href^="/archive/"]');
    expect(await months.count()).toBeGreaterThan(1);
    await months.first().click();
    await page.waitForURL(/\/archive\/\d{4}-\d{2}$/);
    expect(await page.locator('[data-testid="video-card"]').count()).toBeGreaterThan(0);
  });

  it('/watched asks a visitor to sign in', async () => {
    const html = await (await fetch(`${baseUrl}/watched`)).text();
    expect(html).toContain('Sign in to see what you watched');
  });
});

describe('search', () => {
  it('searches from the top bar, tolerating a typo in each word', async () => {
    const page = await openPage();
    await page.goto('/');
    await page.getByRole('searchbox', { name: 'Search videos' }).fill('midnigt dnace');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/search\?q=midnigt\+dnace$/);
    expect(await cardIds(page)).toEqual(['e2e0000']);
    expect(await page.getByTestId('corrected-query').textContent()).toContain('midnight dance');
  });

  it('/search/{words} searches too, and no match shows an empty state', async () => {
    const html = await (await fetch(`${baseUrl}/search/midnight-dance`)).text();
    expect(html).toContain('data-video-id="e2e0000"');
    const none = await (await fetch(`${baseUrl}/search?q=xyzzyqq`)).text();
    expect(none).toContain('No videos match');
  });

  it('answers /api/v2/search modes and /api/metadata', async () => {
    const koreanbj = await post('/api/v2/search', { mode: 'KoreanBJ', index: 1 });
    expect(koreanbj.status).toBe(200);
    expect(koreanbj.body).toMatchObject({
      count: Math.ceil(TOTAL / 6) - 1,
      pageSize: 18,
      index: 1,
    });
    const star = await post('/api/v2/search', { mode: 'SearchStar', star: 'Aurora' });
    expect((star.body.data as { _id: string }[]).map((v) => v._id)).toEqual(['e2e0006']);
    const bad = await post('/api/v2/search', { mode: 'Sideways' });
    expect(bad.status).toBe(400);
    const metadata = await post('/api/metadata', {});
    expect(metadata.body).toMatchObject({ tags: { dance: 2 }, music: { 'Daft Punk': 1 } });
    const wrong = await post('/api/metadata', { list: 'genres' });
    expect(wrong.status).toBe(400);
  });
});
