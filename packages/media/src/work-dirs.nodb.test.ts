import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createWorkDir, sweepStaleWorkDirs } from './work-dirs';

let base: string;
beforeEach(async () => {
  base = await mkdtemp(join(tmpdir(), 'work-dirs-test-'));
});
afterEach(() => rm(base, { recursive: true, force: true }));

const folder = async (name: string, ageHours = 0) => {
  const path = join(base, name);
  await mkdir(path);
  await writeFile(join(path, 'source'), 'bytes');
  const time = new Date(Date.now() - ageHours * 3600_000);
  await utimes(path, time, time);
  return path;
};

describe('transcode work folders', () => {
  it("a new attempt removes its video's earlier folders and no one else's", async () => {
    const earlier = await folder('cutroom-transcode-abc-Xy12Zq');
    const otherVideo = await folder('cutroom-transcode-abcd-Xy12Zq');
    const dashedId = await folder('cutroom-transcode-abc-de-Xy12Zq');
    const unrelated = await folder('something-else');
    const fresh = await createWorkDir(base, 'abc');
    expect(fresh.startsWith(join(base, 'cutroom-transcode-abc-'))).toBe(true);
    expect(existsSync(fresh)).toBe(true);
    expect(existsSync(earlier)).toBe(false);
    expect(existsSync(otherVideo)).toBe(true);
    expect(existsSync(dashedId)).toBe(true);
    expect(existsSync(unrelated)).toBe(true);
  });

  it('creates the base folder when it is missing', async () => {
    const dir = await createWorkDir(join(base, 'nested', 'tmp'), 'v1');
    expect(existsSync(dir)).toBe(true);
  });

  it('the sweep removes only work folders older than the limit', async () => {
    const stale = await folder('cutroom-transcode-old-Aa11Bb', 10);
    const staleProbe = await folder('cutroom-probe-Cc22Dd', 10);
    const running = await folder('cutroom-transcode-new-Aa11Bb', 1);
    const probing = await folder('cutroom-probe-Ee33Ff', 0);
    const foreign = await folder('other-tool-Aa11Bb', 10);
    const removed = await sweepStaleWorkDirs(base, { olderThanMs: 7 * 3600_000 });
    expect(removed).toBe(2);
    expect(existsSync(stale)).toBe(false);
    expect(existsSync(staleProbe)).toBe(false);
    expect(existsSync(running)).toBe(true);
    expect(existsSync(probing)).toBe(true);
    expect(existsSync(foreign)).toBe(true);
  });

  it('a missing base folder sweeps nothing', async () => {
    expect(await sweepStaleWorkDirs(join(base, 'absent'), { olderThanMs: 0 })).toBe(0);
  });
});
