// @vitest-environment node
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { isServedVersion, playerFile, playerVersion } from './player-files';
import { GET } from '@/app/player/[version]/[...file]/route';

const dist = join(__dirname, '..', '..', '..', '..', 'packages', 'player', 'dist');

const get = (version: string, ...file: string[]) =>
  GET(new Request(`http://localhost/player/${version}/${file.join('/')}`), {
    params: Promise.resolve({ version, file }),
  });

test('the player is served at its major and its exact version, with its integrity hash', async () => {
  const version = playerVersion()!;
  expect(version).toMatch(/^\d+\.\d+\.\d+$/);
  const major = `v${version.split('.')[0]}`;
  expect(isServedVersion(major)).toBe('major');
  expect(isServedVersion(version)).toBe('exact');
  expect(isServedVersion('v99')).toBeNull();

  const body = readFileSync(join(dist, 'cutroom-player.js'));
  const file = playerFile('cutroom-player.js')!;
  expect(file.integrity).toBe(`sha384-${createHash('sha384').update(body).digest('base64')}`);

  const latest = await get(major, 'cutroom-player.js');
  expect(latest.status).toBe(200);
  expect(latest.headers.get('content-type')).toMatch(/^text\/javascript/);
  expect(latest.headers.get('access-control-allow-origin')).toBe('*');
  expect(latest.headers.get('cache-control')).toMatch(/max-age=86400/);
  expect(Buffer.from(await latest.arrayBuffer()).equals(body)).toBe(true);

  const pinned = await get(version, 'cutroom-player.css');
  expect(pinned.headers.get('cache-control')).toMatch(/immutable/);
  expect((await get(version, 'hls-engine.js')).status).toBe(200);

  // Revalidation, and nothing outside dist's scripts and styles.
  const etag = latest.headers.get('etag')!;
  const again = await GET(
    new Request(`http://localhost/player/${major}/cutroom-player.js`, {
      headers: { 'if-none-match': etag },
    }),
    { params: Promise.resolve({ version: major, file: ['cutroom-player.js'] }) },
  );
  expect(again.status).toBe(304);
  for (const file of [
    ['..', 'package.json'],
    ['..', '..', 'README.md'],
    ['types', 'index.d.ts'],
  ]) {
    expect((await get(major, ...file)).status).toBe(404);
  }
  expect((await get('v99', 'cutroom-player.js')).status).toBe(404);
});
