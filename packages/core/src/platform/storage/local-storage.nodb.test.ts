import { mkdtempSync, mkdirSync, writeFileSync, existsSync, readdirSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config/config';
import { createStorage } from './create-storage';
import { LocalStorage } from './local-storage';
import {
  newVersionPrefix,
  removeStaleVersions,
  sourceKeyFor,
  stageFolder,
} from './rendition-folder';
import {
  cacheControlForKey,
  InvalidKeyError,
  parseRangeHeader,
  RangeNotSatisfiableError,
  StorageNotFoundError,
} from './storage';

const work = mkdtempSync(join(tmpdir(), 'cutroom-storage-test-'));
afterAll(() => rm(work, { recursive: true, force: true }));

function freshStorage(): LocalStorage {
  const root = mkdtempSync(join(work, 'root-'));
  return new LocalStorage({ root, publicBaseUrl: 'https://cdn.example.com/m/' });
}

describe('LocalStorage', () => {
  it('writes from bytes, files and streams, and reads whole objects and byte ranges', async () => {
    const storage = freshStorage();
    await storage.putBytes('a/b/hello.txt', 'hello world');
    const file = join(work, 'input.bin');
    writeFileSync(file, '0123456789');
    await storage.putFile('a/digits.ts', file);
    await storage.putStream('a/c/streamed.vtt', Readable.from(['WEBVTT\n', '\n']));

    expect(await text((await storage.getStream('a/b/hello.txt')).body)).toBe('hello world');
    const part = await storage.getStream('a/digits.ts', { start: 2, end: 5 });
    expect([part.start, part.end, part.size, part.contentType]).toEqual([2, 5, 10, 'video/mp2t']);
    expect(await text(part.body)).toBe('2345');
    const tail = await storage.getStream('a/digits.ts', { start: 7 });
    expect(await text(tail.body)).toBe('789');
    await expect(storage.getStream('a/digits.ts', { start: 10 })).rejects.toBeInstanceOf(
      RangeNotSatisfiableError,
    );
    await expect(storage.getStream('a/missing.ts')).rejects.toBeInstanceOf(StorageNotFoundError);

    const info = await storage.stat('a/c/streamed.vtt');
    expect(info).toMatchObject({ size: 8, contentType: 'text/vtt; charset=utf-8' });
    expect(await storage.stat('a/nothing')).toBeNull();
  });

  it('lists and deletes by prefix without touching neighbours whose names share a start', async () => {
    const storage = freshStorage();
    await storage.putBytes('videos/ab/x/1.ts', '1');
    await storage.putBytes('videos/ab/2.ts', '2');
    await storage.putBytes('videos/abc/3.ts', '3');
    expect((await storage.list('videos/ab/')).map((o) => o.key)).toEqual([
      'videos/ab/2.ts',
      'videos/ab/x/1.ts',
    ]);
    expect((await storage.listAll()).map((o) => o.key)).toEqual([
      'videos/ab/2.ts',
      'videos/ab/x/1.ts',
      'videos/abc/3.ts',
    ]);
    expect(await storage.deletePrefix('videos/ab/')).toBe(2);
    expect(await storage.list('videos/ab/')).toEqual([]);
    expect((await storage.list('videos/')).map((o) => o.key)).toEqual(['videos/abc/3.ts']);
    await storage.deleteObject('videos/abc/3.ts');
    await storage.deleteObject('videos/abc/3.ts');
    expect(await storage.stat('videos/abc/3.ts')).toBeNull();
  });

  it('refuses keys that would escape the root, whatever the trick', async () => {
    const storage = freshStorage();
    const outside = join(storage.root, '..', 'escaped.txt');
    const tricks = [
      '../escaped.txt',
      'a/../../escaped.txt',
      'a/./b',
      '/etc/passwd',
      'a\\..\\..\\escaped.txt',
      '..',
      'a//b',
      'a/b\0c',
      '',
    ];
    for (const key of tricks) {
      await expect(storage.putBytes(key, 'x'), key).rejects.toBeInstanceOf(InvalidKeyError);
      await expect(storage.getStream(key), key).rejects.toBeInstanceOf(InvalidKeyError);
    }
    await expect(storage.deletePrefix('../')).rejects.toBeInstanceOf(InvalidKeyError);
    await expect(storage.deletePrefix('')).rejects.toBeInstanceOf(InvalidKeyError);
    await expect(storage.deletePrefix('videos')).rejects.toBeInstanceOf(InvalidKeyError);
    expect(existsSync(outside)).toBe(false);
    expect(() => storage.publicUrl('../x')).toThrow(InvalidKeyError);
  });

  it('builds public URLs from the configured base, encoding each segment', () => {
    const storage = freshStorage();
    expect(storage.publicUrl('videos/a b/hls/master.m3u8')).toBe(
      'https://cdn.example.com/m/videos/a%20b/hls/master.m3u8',
    );
    const fromEnv = createStorage(loadConfig({ MEDIA_DIR: join(work, 'env-root') }));
    expect(fromEnv.kind).toBe('local');
    expect(fromEnv.publicUrl('videos/x/poster.jpg')).toBe('/media/videos/x/poster.jpg');
  });

  it('never leaves a partly written object visible when a stream fails', async () => {
    const storage = freshStorage();
    const failing = new Readable({
      read() {
        this.push('partial');
        this.destroy(new Error('connection dropped'));
      },
    });
    await expect(storage.putStream('v/broken.ts', failing)).rejects.toThrow('connection dropped');
    expect(await storage.stat('v/broken.ts')).toBeNull();
    expect(readdirSync(join(storage.root, 'v'))).toEqual([]);
  });
});

describe('rendition folders', () => {
  it('stages a folder under a new version, the listed files last, and sweeps stale versions', async () => {
    const storage = freshStorage();
    const local = mkdtempSync(join(work, 'renditions-'));
    mkdirSync(join(local, 'hls', '360p'), { recursive: true });
    writeFileSync(join(local, 'hls', '360p', 'index.m3u8'), '#EXTM3U');
    writeFileSync(join(local, 'hls', 'master.m3u8'), '#EXTM3U');
    writeFileSync(join(local, 'poster.jpg'), 'jpeg');

    await storage.putBytes(sourceKeyFor('vid1'), 'source');
    const killedRun = newVersionPrefix('vid1');
    await storage.putBytes(`${killedRun}hls/360p/seg-00000.ts`, 'half');
    const prefix = newVersionPrefix('vid1');
    expect(prefix).not.toBe(killedRun);
    const keys = await stageFolder(storage, local, prefix, { last: ['hls/master.m3u8'] });
    expect(keys.at(-1)).toBe(`${prefix}hls/master.m3u8`);
    expect(keys).toHaveLength(3);

    expect(await removeStaleVersions(storage, 'vid1', prefix)).toEqual([killedRun]);
    expect((await storage.list('videos/vid1/')).map((o) => o.key).sort()).toEqual(
      [sourceKeyFor('vid1'), ...keys].sort(),
    );
    expect(cacheControlForKey(`${prefix}hls/360p/index.m3u8`)).toContain('immutable');
    expect(cacheControlForKey(sourceKeyFor('vid1'))).toBe('private, no-store');
    expect(cacheControlForKey('avatars/u1/vabc123.webp')).toContain('immutable');
  });
});

describe('parseRangeHeader', () => {
  it('reads the forms players send and refuses ranges outside the object', () => {
    expect(parseRangeHeader('bytes=0-', 100)).toEqual({ start: 0, end: 99 });
    expect(parseRangeHeader('bytes=10-19', 100)).toEqual({ start: 10, end: 19 });
    expect(parseRangeHeader('bytes=90-200', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRangeHeader('bytes=-10', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRangeHeader(undefined, 100)).toBeNull();
    expect(parseRangeHeader('items=1-2', 100)).toBeNull();
    expect(() => parseRangeHeader('bytes=100-', 100)).toThrow(RangeNotSatisfiableError);
  });
});
