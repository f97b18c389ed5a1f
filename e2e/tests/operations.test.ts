import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedUser } from '../support/accounts';
import { useOwnSite } from '../support/browser';
import { startSiteServer } from '../support/global-setup';

// The operator's commands against a real site: /metrics scraped with its token, `npm run
// backup` while the site serves, `npm run restore` into a fresh folder, and a second site on the
// restored folder where the member signs in and their session still holds.

const run = promisify(execFile);
const root = new URL('../..', import.meta.url).pathname;
const token = 'metrics-token-for-the-e2e-site';
let site: Awaited<ReturnType<typeof startSiteServer>>;
const scratch = mkdtempSync(join(tmpdir(), 'cutroom-ops-e2e-'));

beforeAll(async () => {
  site = await startSiteServer({ METRICS_TOKEN: token });
  useOwnSite(site);
}, 120_000);

afterAll(async () => {
  await site?.stop();
  rmSync(scratch, { recursive: true, force: true });
});

/** Runs one of the operator's commands (npm run backup/restore) on a data folder. */
function command(script: string, args: string[], dataDir: string) {
  return run(process.execPath, ['--import', 'tsx', script, ...args], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', METRICS_TOKEN: '' },
  });
}

async function signIn(baseUrl: string, email: string, password: string) {
  const response = await fetch(`${baseUrl}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({ email, password }),
  });
  return {
    status: response.status,
    cookie: response.headers
      .getSetCookie()
      .map((cookie) => cookie.split(';')[0])
      .join('; '),
  };
}

const isSignedIn = async (baseUrl: string, cookie: string) =>
  (
    await fetch(`${baseUrl}/profile/settings/security`, {
      headers: { cookie },
      redirect: 'manual',
    })
  ).status === 200;

describe('operations', () => {
  it('serves /metrics to the token alone', async () => {
    const home = await fetch(`${site.baseUrl}/`);
    await home.text();
    expect(home.status).toBe(200);
    expect((await fetch(`${site.baseUrl}/metrics`)).status).toBe(401);
    const wrong = await fetch(`${site.baseUrl}/metrics`, {
      headers: { authorization: 'Bearer not-the-token-at-all' },
    });
    expect(wrong.status).toBe(401);
    const scrape = () =>
      fetch(`${site.baseUrl}/metrics`, { headers: { authorization: `Bearer ${token}` } });
    const answer = await scrape();
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toContain('text/plain');
    await answer.text();
    // The home page's request is counted once its answer has gone out (a moment after it came).
    await expect
      .poll(async () => (await scrape()).text(), { interval: 100 })
      .toMatch(/cutroom_http_requests_total\{route="page:home",status="200"\} [1-9]/);
    const body = await (await scrape()).text();
    expect(body).toContain('# TYPE cutroom_jobs_waiting gauge');
    expect(body).toMatch(/cutroom_lives_on_air 0/);
    expect(body).toMatch(/cutroom_uploads_in_progress 0/);
    expect(body).toMatch(/process_resident_memory_bytes \d+/);
    expect(body).toMatch(/cutroom_database_wait_seconds_count [1-9]/);
    // Every series docs/operations.md lists, with where the memory goes.
    const declared = new Set([...body.matchAll(/^# TYPE (\S+) /gm)].map((match) => match[1]));
    for (const name of [
      'cutroom_http_requests_total',
      'cutroom_http_request_duration_seconds',
      'cutroom_database_wait_seconds',
      'cutroom_jobs_waiting',
      'cutroom_jobs_oldest_waiting_seconds',
      'cutroom_transcodes_total',
      'cutroom_transcode_duration_seconds',
      'cutroom_transcode_realtime_factor',
      'cutroom_lives_on_air',
      'cutroom_live_viewers',
      'cutroom_live_ingest_connections',
      'cutroom_live_ingest_publishes_total',
      'cutroom_live_ingest_refusals_total',
      'cutroom_live_ingest_limit_closes_total',
      'cutroom_live_ingest_restarts_total',
      'cutroom_uploads_in_progress',
      'cutroom_mail_total',
      'cutroom_cache_entries',
      'cutroom_page_cache_bytes',
      'cutroom_pglite_memory_bytes',
      'process_resident_memory_bytes',
      'nodejs_eventloop_lag_p99_seconds',
    ]) {
      expect(declared, name).toContain(name);
    }
    expect(body).toMatch(/cutroom_cache_entries\{cache="page"\} \d+/);
    expect(body).toMatch(/cutroom_pglite_memory_bytes [1-9]/);
  });

  // Two server starts, a backup and a restore: about 100 s alone, more beside the others.
  it('backs up while serving, and the restored site signs the member in, session and all', async () => {
    const member = await createVerifiedUser();
    const first = await signIn(site.baseUrl, member.email, member.password);
    expect(first.status).toBe(200);

    const archive = join(scratch, 'site.tar');
    let pagesServed = 0;
    let serving = true;
    const visitor = (async () => {
      while (serving) {
        const page = await fetch(`${site.baseUrl}/`);
        expect(page.status).toBe(200);
        pagesServed++;
      }
    })();
    const backup = await command(
      'packages/core/src/platform/backup/backup-cli.ts',
      ['--out', archive],
      site.dataDir,
    );
    serving = false;
    await visitor;
    expect(backup.stdout).toContain('asking it for a snapshot');
    expect(backup.stdout).toContain('Backup written');
    expect(pagesServed).toBeGreaterThan(0);

    const restoredDir = join(scratch, 'restored');
    const restored = await command(
      'packages/core/src/platform/backup/restore-cli.ts',
      [archive],
      restoredDir,
    );
    expect(restored.stdout).toContain('Restored the backup');
    const again = command(
      'packages/core/src/platform/backup/restore-cli.ts',
      [archive],
      restoredDir,
    );
    await expect(again).rejects.toMatchObject({
      stderr: expect.stringContaining('already holds a database'),
    });

    const copy = await startSiteServer({}, { dataDir: restoredDir });
    try {
      expect(await isSignedIn(copy.baseUrl, first.cookie)).toBe(true);
      const second = await signIn(copy.baseUrl, member.email, member.password);
      expect(second.status).toBe(200);
      expect(await isSignedIn(copy.baseUrl, second.cookie)).toBe(true);
    } finally {
      await copy.stop();
    }
  }, 240_000);
});
