import { mkdtempSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { CreateBucketCommand } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config/config';
import { createStorage } from './create-storage';
import { newVersionPrefix, removeStaleVersions, stageFolder } from './rendition-folder';
import type { S3Storage } from './s3-storage';
import { InvalidKeyError, RangeNotSatisfiableError, StorageNotFoundError } from './storage';

// A real S3 API served in-process (s3rver), reached over HTTP by the AWS SDK as a bucket would be.
// The SDK's notice that its 2027 releases will need Node 22 is noise in test output.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
const work = mkdtempSync(join(tmpdir(), 'cutroom-s3-test-'));
let server: S3rver;
let storage: S3Storage;

beforeAll(async () => {
  server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: join(work, 'buckets'),
    resetOnClose: true,
  });
  const { port } = (await server.run()) as { port: number };
  const env = {
    S3_BUCKET: 'cutroom-media',
    S3_ENDPOINT: `http://127.0.0.1:${port}`,
    S3_REGION: 'us-east-1',
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_FORCE_PATH_STYLE: 'true',
    MEDIA_BASE_URL: 'https://cdn.example.com',
  };
  storage = createStorage(loadConfig(env)) as S3Storage;
  await storage.client.send(new CreateBucketCommand({ Bucket: env.S3_BUCKET }));
});

afterAll(async () => {
  storage?.client.destroy();
  await server?.close();
  await rm(work, { recursive: true, force: true });
});

describe('S3Storage', () => {
  it('is chosen by S3_BUCKET and answers public URLs through MEDIA_BASE_URL', () => {
    expect(storage.kind).toBe('s3');
    expect(storage.publicUrl('videos/a/hls/master.m3u8')).toBe(
      'https://cdn.example.com/videos/a/hls/master.m3u8',
    );
  });

  it('writes, reads ranges, lists and deletes by prefix', async () => {
    const file = join(work, 'digits.ts');
    writeFileSync(file, '0123456789');
    await storage.putFile('videos/x/v1/seg.ts', file);
    await storage.putBytes('videos/x/v1/index.m3u8', '#EXTM3U\n');
    await storage.putStream('videos/xy/other.vtt', Readable.from(['WEBVTT\n']));

    const whole = await storage.getStream('videos/x/v1/seg.ts');
    expect(await text(whole.body)).toBe('0123456789');
    const part = await storage.getStream('videos/x/v1/seg.ts', { start: 3, end: 6 });
    expect([part.start, part.end, part.size]).toEqual([3, 6, 10]);
    expect(await text(part.body)).toBe('3456');
    await expect(storage.getStream('videos/x/v1/seg.ts', { start: 10 })).rejects.toBeInstanceOf(
      RangeNotSatisfiableError,
    );
    await expect(storage.getStream('videos/x/none')).rejects.toBeInstanceOf(StorageNotFoundError);
    expect(await storage.stat('videos/x/v1/index.m3u8')).toMatchObject({
      size: 8,
      contentType: 'application/vnd.apple.mpegurl',
    });

    expect((await storage.list('videos/x/')).map((o) => o.key)).toEqual([
      'videos/x/v1/index.m3u8',
      'videos/x/v1/seg.ts',
    ]);
    // Every object of the store (a backup's media).
    expect((await storage.listAll()).map((o) => o.key)).toEqual(
      expect.arrayContaining([
        'videos/x/v1/index.m3u8',
        'videos/x/v1/seg.ts',
        'videos/xy/other.vtt',
      ]),
    );
    expect(await storage.deletePrefix('videos/x/')).toBe(2);
    expect(await storage.list('videos/x/')).toEqual([]);
    expect(await storage.stat('videos/xy/other.vtt')).not.toBeNull();
    await expect(storage.putBytes('../escape', 'x')).rejects.toBeInstanceOf(InvalidKeyError);
  });

  it('stages a rendition folder and sweeps stale versions', async () => {
    const local = mkdtempSync(join(work, 'folder-'));
    writeFileSync(join(local, 'master.m3u8'), '#EXTM3U\n');
    writeFileSync(join(local, 'poster.jpg'), 'jpeg');
    await storage.putBytes('videos/s/vold/poster.jpg', 'old');
    const prefix = newVersionPrefix('s');
    await stageFolder(storage, local, prefix, { last: ['master.m3u8'] });
    expect(await removeStaleVersions(storage, 's', prefix)).toEqual(['videos/s/vold/']);
    expect((await storage.list('videos/s/')).map((o) => o.key)).toEqual([
      `${prefix}master.m3u8`,
      `${prefix}poster.jpg`,
    ]);
  });
});
