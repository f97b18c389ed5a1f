import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { lockDataDir } from './client';

const dir = mkdtempSync(join(tmpdir(), 'cutroom-lock-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the embedded database directory lock', () => {
  it('refuses a second opener while the first holds it, and frees it on release', () => {
    const release = lockDataDir(dir);
    expect(() => lockDataDir(dir)).toThrow(
      new RegExp(`open in another process \\(pid ${process.pid}\\)`),
    );
    release();
    expect(existsSync(join(dir, 'cutroom.lock'))).toBe(false);
    lockDataDir(dir)();
  });

  it('takes over a lock left by a process that is gone', () => {
    // Far above any pid this machine hands out.
    writeFileSync(join(dir, 'cutroom.lock'), '4194999');
    const release = lockDataDir(dir);
    expect(() => lockDataDir(dir)).toThrow(/open in another process/);
    release();
  });
});
