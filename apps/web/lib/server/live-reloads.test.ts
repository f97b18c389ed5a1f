import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LocalStorage } from '@cutroom/core/platform/storage/local-storage';
import { afterAll, describe, expect, it } from 'vitest';
import { LiveReloads, reloadQueryOf } from './live-reloads';

const root = mkdtempSync(join(tmpdir(), 'cutroom-live-reloads-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** Local storage counting its reads. */
class CountedStorage extends LocalStorage {
  reads = 0;
  override getStream(...args: Parameters<LocalStorage['getStream']>) {
    this.reads++;
    return super.getStream(...args);
  }
}

describe('LiveReloads (docs/live.md, "Latency")', () => {
  it("reads another node's playlist once for every request waiting on it", async () => {
    const storage = new CountedStorage({ root, publicBaseUrl: '/media' });
    await storage.putBytes('live/a/v0/index.m3u8', '#EXTM3U\n');
    const reloads = new LiveReloads();
    const texts = await Promise.all(
      Array.from({ length: 50 }, () => reloads.read(storage, 'live/a/v0/index.m3u8')),
    );
    expect(new Set(texts)).toEqual(new Set(['#EXTM3U\n']));
    expect(storage.reads).toBe(1);
    // A missing playlist is null, not an error.
    expect(await reloads.read(storage, 'live/none/v0/index.m3u8')).toBeNull();
  });

  it('answers from what this node told, without reading storage, and wakes who waits', async () => {
    const storage = new CountedStorage({ root, publicBaseUrl: '/media' });
    const reloads = new LiveReloads();
    const waited = reloads.wait('live/b/v0/index.m3u8', 60_000).then(() => 'woken');
    reloads.notify('live/b/v0/index.m3u8', '#EXTM3U\n#told\n');
    expect(await waited).toBe('woken');
    expect(await reloads.read(storage, 'live/b/v0/index.m3u8')).toBe('#EXTM3U\n#told\n');
    expect(storage.reads).toBe(0);
  });

  it('reads the LL-HLS query, naming what is wrong', () => {
    const query = (text: string) => reloadQueryOf(new URLSearchParams(text));
    expect(query('_HLS_msn=4&_HLS_part=2&_HLS_skip=YES')).toEqual({ msn: 4, part: 2, skip: true });
    expect(query('')).toEqual({ msn: null, part: null, skip: false });
    expect(query('_HLS_msn=-1')).toEqual({ invalid: '_HLS_msn must be a whole number' });
    expect(query('_HLS_msn=1&_HLS_part=x')).toEqual({
      invalid: '_HLS_part must be a whole number',
    });
    expect(query('_HLS_part=1')).toEqual({ invalid: '_HLS_part needs _HLS_msn' });
    expect(query('_HLS_msn=99999999999')).toEqual({ invalid: '_HLS_msn must be a whole number' });
  });
});
