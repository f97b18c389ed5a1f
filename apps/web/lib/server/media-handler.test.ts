import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LocalStorage } from '@cutroom/core/platform/storage/local-storage';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LiveReloads } from './live-reloads';
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

describe('serveMedia: a live\'s Low-Latency HLS (docs/live.md, "Latency")', () => {
  const reloads = new LiveReloads();
  let llServer: Server;
  let at: string;
  /** A rung playlist whose newest segment `msn` has `parts` parts listed. */
  const playlistAt = (msn: number, parts: number, isEnded = false) => {
    const lines = [
      '#EXTM3U',
      '#EXT-X-VERSION:9',
      '#EXT-X-TARGETDURATION:1',
      '#EXT-X-SERVER-CONTROL:CAN-BLOCK-RELOAD=YES,CAN-SKIP-UNTIL=12.00000,PART-HOLD-BACK=0.60000',
      '#EXT-X-PART-INF:PART-TARGET=0.20000',
      '#EXT-X-MEDIA-SEQUENCE:0',
      '#EXT-X-MAP:URI="init-1.mp4"',
    ];
    for (let segment = 0; segment < msn; segment++)
      lines.push('#EXTINF:1.00000,', `seg-${String(segment).padStart(5, '0')}.m4s`);
    for (let part = 0; part < parts; part++)
      lines.push(`#EXT-X-PART:DURATION=0.20000,URI="part-${msn}.${part}.m4s"`);
    lines.push(
      isEnded ? '#EXT-X-ENDLIST' : `#EXT-X-PRELOAD-HINT:TYPE=PART,URI="part-${msn}.${parts}.m4s"`,
    );
    return `${lines.join('\n')}\n`;
  };
  const key = 'live/ll1/v0/index.m3u8';
  /** Puts the rung's playlist (and its newest part) as the live's copy to storage does. */
  const advance = async (msn: number, parts: number, isEnded = false) => {
    await storage.putBytes(`live/ll1/v0/part-${msn}.${parts - 1}.m4s`, `part ${msn}.${parts - 1}`);
    const playlist = playlistAt(msn, parts, isEnded);
    await storage.putBytes(key, playlist, { contentType: 'application/vnd.apple.mpegurl' });
    reloads.notify(key, playlist);
  };

  beforeAll(async () => {
    await advance(30, 2);
    for (const name of ['live/ll1/replay.m3u8', 'live/ll1/v0/replay.m3u8', 'live/ll1/replay.jpg'])
      await storage.putBytes(name, 'replay');
    await storage.putBytes('live/ll1/v0/init-1.mp4', 'init');
    await storage.putBytes('live/ll1/v0/seg-00001.m4s', 'segment');
    llServer = createServer(
      (request, response) => void serveMedia(storage, request, response, undefined, reloads),
    );
    await new Promise<void>((resolve) => llServer.listen(0, '127.0.0.1', resolve));
    at = `http://127.0.0.1:${(llServer.address() as AddressInfo).port}/media/live/ll1`;
  });
  afterAll(() => llServer.close());

  it('serves the init, segments and parts, and the replay made of them', async () => {
    for (const name of [
      'v0/init-1.mp4',
      'v0/seg-00001.m4s',
      'v0/part-30.1.m4s',
      'replay.m3u8',
      'v0/replay.m3u8',
      'replay.jpg',
    ]) {
      expect((await fetch(`${at}/${name}`)).status, name).toBe(200);
    }
    expect((await fetch(`${at}/v0/part-x.m4s`)).status).toBe(404);
  });

  it('holds a blocking reload until the part asked for is listed, then answers it', async () => {
    let hasAdvanced = false;
    const asked = fetch(`${at}/v0/index.m3u8?_HLS_msn=30&_HLS_part=2`).then(async (response) => ({
      status: response.status,
      text: await response.text(),
      hasAdvanced,
    }));
    await new Promise((resolve) => setTimeout(resolve, 300));
    hasAdvanced = true;
    await advance(30, 3);
    const answer = await asked;
    expect(answer.status).toBe(200);
    // Answered with the playlist listing the part, not the one before it.
    expect(answer.text).toContain('URI="part-30.2.m4s"');
    expect(answer.text).toContain('#EXT-X-PRELOAD-HINT:TYPE=PART,URI="part-30.3.m4s"');
    expect(answer.hasAdvanced).toBe(true);
    // A part already listed is answered at once; so is a segment begun since.
    const listed = await fetch(`${at}/v0/index.m3u8?_HLS_msn=29`);
    expect(await listed.text()).toContain('part-30.2.m4s');
  });

  it("answers the preload hint's part once it is made", async () => {
    const asked = fetch(`${at}/v0/part-30.3.m4s`).then(async (response) => ({
      status: response.status,
      text: await response.text(),
    }));
    await new Promise((resolve) => setTimeout(resolve, 300));
    await advance(30, 4);
    expect(await asked).toEqual({ status: 200, text: 'part 30.3' });
  });

  it('answers a delta update with the older segments skipped', async () => {
    const full = await (await fetch(`${at}/v0/index.m3u8`)).text();
    const delta = await (await fetch(`${at}/v0/index.m3u8?_HLS_msn=29&_HLS_skip=YES`)).text();
    expect(full).not.toContain('#EXT-X-SKIP');
    expect(delta).toContain('#EXT-X-SKIP:SKIPPED-SEGMENTS=18');
    expect(delta).toContain('#EXT-X-MAP:URI="init-1.mp4"');
    expect(delta.split('#EXTINF').length - 1).toBe(12);
    expect(full.split('#EXTINF').length - 1).toBe(30);
  });

  it('refuses a bad or far query with 400 naming it, and answers an ended live at once', async () => {
    const bad = await fetch(`${at}/v0/index.m3u8?_HLS_msn=abc`);
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain('_HLS_msn');
    const partAlone = await fetch(`${at}/v0/index.m3u8?_HLS_part=1`);
    expect(partAlone.status).toBe(400);
    expect(await partAlone.text()).toContain('_HLS_part');
    const far = await fetch(`${at}/v0/index.m3u8?_HLS_msn=90`);
    expect(far.status).toBe(400);
    expect((await fetch(`${base}/media/live/none/v0/index.m3u8?_HLS_msn=1`)).status).toBe(404);
    await advance(30, 5, true);
    const ended = await fetch(`${at}/v0/index.m3u8?_HLS_msn=31&_HLS_part=0`);
    expect(ended.status).toBe(200);
    expect(await ended.text()).toContain('#EXT-X-ENDLIST');
  });
});
