import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
} from 'node:fs';
import { freePort } from '../../packages/core/test-support/free-port';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { fixtureFolder } from './media';

const root = new URL('../..', import.meta.url).pathname;

/** The address of the e2e staff account (an admin once verified). */
export const STAFF_EMAIL = 'e2estaff@example.test';

/**
 * How long a server may take to start: a stall's deadline, 180 s (E2E_START_SECONDS to change
 * it). It starts in about 12 s alone; a file's own server beside four journeys on two loaded
 * cores once passed 90 s.
 */
const START_SECONDS = Number(process.env.E2E_START_SECONDS) || 180;

async function waitUntilReady(url: string, server: ChildProcess, output: () => string) {
  const deadline = Date.now() + START_SECONDS * 1000;
  while (Date.now() < deadline) {
    // A server killed by a signal has no exit code, only its signal.
    if (server.exitCode !== null || server.signalCode !== null) {
      const how = server.signalCode ?? `code ${server.exitCode}`;
      throw new Error(`The server exited early (${how}):\n${output()}`);
    }
    try {
      const response = await fetch(`${url}/builds/latest.json`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  server.kill('SIGTERM');
  throw new Error(`The server did not start within ${START_SECONDS} s:\n${output()}`);
}

const migrationsJournal = join(root, 'packages/core/src/platform/db/migrations/meta/_journal.json');

/**
 * A migrated embedded database, made once per machine for each set of migrations and copied
 * into each server's data folder: creating PGlite's cluster takes about 6 s of the 12 s a
 * server needs to start, and the browser tests start about a dozen. The server still runs
 * its migrations at start (none are left to apply) and everything after them.
 */
async function migratedDatabaseTemplate(): Promise<string> {
  const key = createHash('sha256')
    .update(readFileSync(migrationsJournal))
    .update(readFileSync(join(root, 'node_modules/@electric-sql/pglite/package.json')))
    .digest('hex')
    .slice(0, 16);
  const template = join(fixtureFolder, `site-db-${key}`);
  if (existsSync(template)) return template;
  mkdirSync(fixtureFolder, { recursive: true });
  // Each process makes its own and renames it into place: two test files may start at once.
  const part = `${template}.${process.pid}.part`;
  rmSync(part, { recursive: true, force: true });
  // Loaded here, not at the top: every test file imports this module (for startSiteServer),
  // and only the first server of a machine makes the template.
  const { openDatabase } = await import('@cutroom/core/platform/db/client');
  const { migrateDatabase } = await import('@cutroom/core/platform/db/migrate');
  const handle = await openDatabase({ dataDir: part });
  await migrateDatabase(handle);
  await handle.close();
  rmSync(join(part, 'cutroom.lock'), { force: true });
  try {
    renameSync(part, template);
  } catch (error) {
    // Another process put its own in place first.
    rmSync(part, { recursive: true, force: true });
    if (!existsSync(template)) throw error;
  }
  return template;
}

/**
 * Starts the production server (built by `npm run build`) on a free port with its own data
 * folder, as `npm start` would run it, with `env` added to its environment.
 */
export async function startSiteServer(
  env: Record<string, string> = {},
  options: { dataDir?: string } = {},
) {
  let dataDir = options.dataDir;
  if (!dataDir) {
    dataDir = mkdtempSync(join(tmpdir(), 'cutroom-e2e-'));
    if (!env.DATABASE_URL)
      cpSync(await migratedDatabaseTemplate(), join(dataDir, 'db'), { recursive: true });
  }
  // A port found free may be taken before the server listens on it (a server of another file
  // picking the same one): that server exits at once saying so, and starts again on others.
  const launch = async () => {
    const port = await freePort();
    // Each server takes live streams on a free port of its own (the live journey streams to it).
    const rtmpPort = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    let log = '';
    const server = spawn(process.execPath, ['--import', 'tsx', 'server.ts'], {
      cwd: join(root, 'apps/web'),
      env: {
        ...process.env,
        NODE_ENV: 'production',
        // Tests make their own accounts and videos; demo content would only add load.
        SEED_DEMO: 'false',
        PORT: String(port),
        LIVE_RTMP_PORT: String(rtmpPort),
        PUBLIC_URL: baseUrl,
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        LOG_LEVEL: 'warn',
        // Tests register through the API; sign-in-options.test.ts turns the bot check on.
        BOT_CHECK: 'off',
        // Uploads are transcoded at x264's fastest preset: the journeys need a playable video,
        // not the ladder's quality, which its own tests (packages/media) check at the real one.
        TRANSCODE_PRESET: 'ultrafast',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    server.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
    server.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
    return { server, port, rtmpPort, baseUrl, log: () => log };
  };
  let started = await launch();
  for (let attempt = 1; ; attempt += 1) {
    try {
      await waitUntilReady(started.baseUrl, started.server, started.log);
      break;
    } catch (error) {
      if (attempt === 3 || !started.log().includes('is already in use')) throw error;
      started = await launch();
    }
  }
  const { server, baseUrl, rtmpPort } = started;
  const log = started.log;
  return {
    baseUrl,
    dataDir,
    rtmpPort,
    /** What the server has printed so far (its warnings and errors), for a failure's message. */
    output: log,
    /** Sends SIGTERM and answers how long the process took to exit, keeping its data. */
    async terminate(): Promise<{ exitMs: number; code: number | null; log: string }> {
      const sent = Date.now();
      const exited = new Promise<number | null>((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      const code = await exited;
      return { exitMs: Date.now() - sent, code, log: log() };
    },
    async stop() {
      server.kill('SIGTERM');
      await new Promise((resolve) => server.once('exit', resolve));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The settings of the server the test files share, and of the servers of their own that
 * `useSiteOfItsOwn` (support/browser.ts) starts with the same settings.
 */
export const SHARED_SITE_ENV: Record<string, string> = {
  // Every test speaks from 127.0.0.1, so the per-address limits would soon refuse the suite;
  // the limits themselves are tested on servers of their own.
  RATE_LIMIT_SIGN_IN_MAX: '10000',
  RATE_LIMIT_REGISTER_MAX: '10000',
  RATE_LIMIT_MAIL_MAX: '10000',
  // Tests' accounts are minutes old: their comments would wait for a moderator. Holding is
  // tested in packages/core/src/features/community/comments/comments.test.ts.
  COMMENT_HOLD_NEW_ACCOUNT_HOURS: '0',
  // The staff account the tests sign in as (support/routes.ts) is made an admin on
  // verification.
  ADMIN_EMAILS: STAFF_EMAIL,
};

/** The server every e2e test file shares; the tests get its URL. */
export default async function setup(project: TestProject) {
  const site = await startSiteServer(SHARED_SITE_ENV);
  project.provide('baseUrl', site.baseUrl);
  project.provide('dataDir', site.dataDir);
  project.provide('rtmpPort', site.rtmpPort);
  return site.stop;
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    dataDir: string;
    rtmpPort: number;
  }
}
