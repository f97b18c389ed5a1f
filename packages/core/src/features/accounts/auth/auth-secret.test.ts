import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../platform/config/config';
import { createLogger } from '../../../platform/logging/logger';
import { createTestDatabase } from '../../../../test-support/test-db';
import { createAccounts, resolveAuthSecret } from './accounts-runtime';

const work = mkdtempSync(join(tmpdir(), 'cutroom-auth-secret-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const handle = await createTestDatabase();

/** Starts accounts as a web node does and answers the warnings it logged. */
async function startWarnings(env: Record<string, string>): Promise<string[]> {
  const lines: string[] = [];
  const log = createLogger({
    level: 'info',
    destination: { write: (line) => void lines.push(line) },
  });
  const config = loadConfig({ DATA_DIR: join(work, 'data'), ...env });
  await createAccounts({ config, db: handle.db, log });
  return lines
    .map((line) => JSON.parse(line) as { level: number; msg: string })
    .filter((line) => line.level === 40)
    .map((line) => line.msg);
}

describe('the session secret', () => {
  const sharedSecret = 'a-secret-every-node-shares-0123456789';

  it('is named at start on a database server without AUTH_SECRET', async () => {
    const warnings = await startWarnings({ DATABASE_URL: 'postgres://db.example/cutroom' });
    expect(warnings).toEqual([expect.stringMatching(/^AUTH_SECRET is not set: .*every web node/i)]);
  });

  it('is not mentioned with AUTH_SECRET set, or on the embedded single-process database', async () => {
    expect(
      await startWarnings({
        DATABASE_URL: 'postgres://db.example/cutroom',
        AUTH_SECRET: sharedSecret,
      }),
    ).toEqual([]);
    expect(await startWarnings({})).toEqual([]);
  });

  it('is AUTH_SECRET when set, else one made once and kept in the data folder', () => {
    const dataDir = join(work, 'secret-data');
    expect(resolveAuthSecret({ AUTH_SECRET: sharedSecret, dataDir })).toBe(sharedSecret);
    const made = resolveAuthSecret({ AUTH_SECRET: undefined, dataDir });
    expect(made).not.toBe(sharedSecret);
    expect(resolveAuthSecret({ AUTH_SECRET: undefined, dataDir })).toBe(made);
  });
});
