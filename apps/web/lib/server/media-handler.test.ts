import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LocalStorage } from '@cutroom/core/platform/storage/local-storage';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveMedia } from './media-handler';

const root = mkdtempSync(join(tmpdir(), 'cutroom-media-'));
const storage = new LocalStorage({ root, publicBaseUrl: '/media' });
let server: Server;
let base: string;

beforeAll(async () => {
  await storage.putBytes('videos/abc/v1x/hls/seg-0.ts', '0123456789');
  await storage.putBytes('videos/abc/v1x/hls/master.m3u8', '#EXTM3U\n');
  await storage.putBytes('videos/open/v1x/hls/master.m3u8', '#EXTM3U\n');
  await storage.putBytes('videos/abc/source/original', 'secret source');
  await storage.putBytes('avatars/u1/v0a1b2c.webp', 'RIFF....WEBP', { contentType: 'image/webp' });
  await storage.putBytes('avatars/u1/upload.png', 'secret upload');
  await storage.putBytes('live/liv1/v0/index.m3u8', '#EXTM3U\n#EXTINF:1.0,\nseg-00001.ts\n');
  await storage.putBytes('live/liv1/v0/seg-00001.ts', 'segment');
  await storage.putBytes('live/liv1/recording.mp4', 'not served');
  server = createServer((request, response) => void serveMedia(storage, request, response));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.close();
  rmSync(root, { recursive: true, force: true });
});

describe('serveMedia', () => {
  it('serves a rendition with its type and an immutable cache lifetime', async () => {
    const response = await fetch(`${base}/media/videos/abc/v1x/hls/master.m3u8`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/vnd.apple.mpegurl');
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(await response.text()).toBe('#EXTM3U\n');
  });

  it("serves a live's playlists whole and fresh, its segments, and nothing else of it", async () => {
    // A range measured on one version of a live playlist must not cut the next: sent whole.
    const playlist = await fetch(`${base}/media/live/liv1/v0/index.m3u8`, {
      headers: { range: 'bytes=0-9' },
    });
    expect(playlist.status).toBe(200);
    expect(playlist.headers.get('cache-control')).toBe('no-cache');
    expect(await playlist.text()).toBe('#EXTM3U\n#EXTINF:1.0,\nseg-00001.ts\n');
    const segment = await fetch(`${base}/media/live/liv1/v0/seg-00001.ts`);
    expect(segment.status).toBe(200);
    expect(await segment.text()).toBe('segment');
    expect((await fetch(`${base}/media/live/liv1/recording.mp4`)).status).toBe(404);
  });

  it('answers byte ranges with 206, and 416 outside the object', async () => {
    const partial = await fetch(`${base}/media/videos/abc/v1x/hls/seg-0.ts`, {
      headers: { range: 'bytes=2-5' },
    });
    expect(partial.status).toBe(206);
    expect(partial.headers.get('content-range')).toBe('bytes 2-5/10');
    expect(partial.headers.get('content-type')).toBe('video/mp2t');
    expect(await partial.text()).toBe('2345');

    const suffix = await fetch(`${base}/media/videos/abc/v1x/hls/seg-0.ts`, {
      headers: { range: 'bytes=-3' },
    });
    expect(await suffix.text()).toBe('789');

    const outside = await fetch(`${base}/media/videos/abc/v1x/hls/seg-0.ts`, {
      headers: { range: 'bytes=50-60' },
    });
    expect(outside.status).toBe(416);
    expect(outside.headers.get('content-range')).toBe('bytes */10');
  });

  it('answers 304 when the browser has the same version', async () => {
    const first = await fetch(`${base}/media/videos/abc/v1x/hls/seg-0.ts`);
    const etag = first.headers.get('etag')!;
    await first.arrayBuffer();
    const again = await fetch(`${base}/media/videos/abc/v1x/hls/seg-0.ts`, {
      headers: { 'if-none-match': etag },
    });
    expect(again.status).toBe(304);
  });

  it('serves re-encoded avatars', async () => {
    const response = await fetch(`${base}/media/avatars/u1/v0a1b2c.webp`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/webp');
  });

  it.each([
    '/media/avatars/u1/upload.png',
    '/media/avatars/u1/../../videos/abc/source/original',
    '/media/videos/abc/source/original',
    '/media/videos/abc/v1x/../source/original',
    '/media/videos/abc/v1x/%2e%2e/source/original',
    '/media/..%2f..%2fetc/passwd',
    '/media/videos/abc/v1x/hls/missing.ts',
  ])('never serves %s', async (path) => {
    const response = await fetch(`${base}${path}`);
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain('secret');
  });
});

describe('serveMedia with an access check (docs/videos.md, docs/partner.md)', () => {
  it('reads the grant of a /media/k/{grant}/ address, serves privately when let in, and refuses with the check’s message', async () => {
    const seen: { key: string; token: string | null }[] = [];
    const TOKEN = 'abc123.p.AAAAAAAAAAAAAAAAAAAAAAAA';
    const guarded = createServer(
      (request, response) =>
        void serveMedia(storage, request, response, async (key, _request, token) => {
          seen.push({ key, token });
          if (key.includes('/open/')) return 'public';
          return token === TOKEN ? 'private' : { refused: 'This video needs its password' };
        }),
    );
    await new Promise<void>((resolve) => guarded.listen(0, '127.0.0.1', resolve));
    const at = `http://127.0.0.1:${(guarded.address() as AddressInfo).port}`;
    try {
      const opened = await fetch(`${at}/media/k/${TOKEN}/videos/abc/v1x/hls/master.m3u8`);
      expect(opened.status).toBe(200);
      expect(opened.headers.get('cache-control')).toBe('private, no-cache');
      expect(await opened.text()).toBe('#EXTM3U\n');
      const bare = await fetch(`${at}/media/videos/abc/v1x/hls/master.m3u8`);
      expect(bare.status).toBe(403);
      expect(bare.headers.get('cache-control')).toBe('no-store');
      expect(await bare.text()).toBe('This video needs its password');
      // A grant's address is kept by no shared cache, even while its video is open.
      const open = await fetch(`${at}/media/k/${TOKEN}/videos/open/v1x/hls/master.m3u8`);
      expect(open.status).toBe(200);
      expect(open.headers.get('cache-control')).toBe('private, no-cache');
      // A token never opens what is not public media (the source).
      expect((await fetch(`${at}/media/k/${TOKEN}/videos/abc/source/original`)).status).toBe(404);
      expect(seen).toEqual([
        { key: 'videos/abc/v1x/hls/master.m3u8', token: TOKEN },
        { key: 'videos/abc/v1x/hls/master.m3u8', token: null },
        { key: 'videos/open/v1x/hls/master.m3u8', token: TOKEN },
      ]);
    } finally {
      guarded.close();
    }
  });
});
