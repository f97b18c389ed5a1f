import { existsSync } from 'node:fs';
import { configDefaults, defineConfig } from 'vitest/config';
import { waitingFilesFirst } from './vitest.sequencer';

// Domain tests that open a database run on embedded PGlite always, and also on the PostgreSQL
// server named by TEST_DATABASE_URL when it is set (CI sets it). A file named `*.nodb.test.ts`
// opens none and runs once, in `domain` (README.md, Testing): opening one there fails.
//
// The domain and web files share their worker's loaded modules (`isolate: false`): loading
// core's graph again for each file was 40 % of the run (docs/testing.md). A file keeps its state
// in what it creates (its own database, context and services), never in a module of core.
const databaseKinds = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
const domainFiles = ['packages/core/src/**/*.test.ts', 'packages/media/src/**/*.test.ts'];
const noDatabaseFiles = [
  'packages/core/src/**/*.nodb.test.ts',
  'packages/media/src/**/*.nodb.test.ts',
];

/**
 * Files that wait on real time most of their run: a live stream at its own pace (40 s, 5 s of
 * processor time), a worker killed mid-job and its restart. With the files on the PostgreSQL
 * server, which wait on its answers, they go first: run last, as a fresh clone ordered them,
 * they left the cores more than half idle for the last minute of the unit tests
 * (docs/testing.md).
 */
const waitingFiles = [
  'packages/media/src/live/rtmp-ingest.test.ts',
  'packages/media/src/live/ingest-hostile.test.ts',
  'packages/media/src/worker-crash.test.ts',
];
for (const file of waitingFiles) {
  if (!existsSync(new URL(file, import.meta.url)))
    throw new Error(`${file} is gone: update waitingFiles`);
}
/**
 * Files whose subject does not depend on the engine, run on one: the bad-input walk sends
 * hostile values to every field of every call, refused by the call's schema before any query
 * (both engines are PostgreSQL, its text and type rules the same); the authorization matrix
 * asks each right of each caller, decided before the call's own work. They ran 103 s and 16 s
 * on PGlite, 44 s and 4 s on the server, in one run: with a server, they run there only
 * (docs/testing.md).
 */
const oneEngineFiles = [
  'packages/media/src/api-access/bad-input-walk.test.ts',
  'packages/media/src/api-access/authorization-matrix.test.ts',
];
const skippedOn = (kind: string) =>
  kind === 'pglite' && databaseKinds.includes('postgres') ? oneEngineFiles : [];

const waits = (file: { moduleId: string; project: { name: string } }) =>
  file.project.name === 'domain-postgres' ||
  waitingFiles.some((path) => file.moduleId.endsWith(path));

export default defineConfig({
  test: {
    sequence: {
      sequencer: waitingFilesFirst(waits),
    },
    projects: [
      {
        extends: true as const,
        test: {
          name: 'domain',
          include: noDatabaseFiles,
          isolate: false,
          environment: 'node',
          env: { TEST_DB_KIND: 'none' },
          setupFiles: ['packages/core/test-support/fail-on-console-error.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      ...databaseKinds.map((kind) => ({
        extends: true as const,
        test: {
          name: `domain-${kind}`,
          include: domainFiles,
          isolate: false,
          exclude: [...configDefaults.exclude, ...noDatabaseFiles, ...skippedOn(kind)],
          environment: 'node',
          env: { TEST_DB_KIND: kind },
          globalSetup: ['packages/core/test-support/global-setup.ts'],
          setupFiles: ['packages/core/test-support/fail-on-console-error.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      })),
      {
        extends: true as const,
        test: {
          name: 'player',
          include: ['packages/player/src/**/*.test.ts'],
          environment: 'happy-dom',
        },
      },
      {
        extends: true as const,
        test: {
          name: 'player-browser',
          include: ['packages/player/test/**/*.test.ts'],
          environment: 'node',
          // One Chromium per file. `npm test` runs these files on their own once the soak has
          // ended, beside the other projects' (docs/testing.md).
          // Real playback: generous when the two cores are shared with the other projects. No
          // retry: a test that fails once is looked into, not run again.
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true as const,
        // The web app's own import alias (tsconfig paths of apps/web).
        resolve: { alias: { '@/': new URL('./apps/web/', import.meta.url).pathname } },
        test: {
          name: 'web',
          include: ['apps/web/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
          isolate: false,
          environment: 'node',
        },
      },
    ],
    pool: 'forks',
    // One a core: four on two cores loaded core's module graph twice as often (import time 147 s
    // to 372 s) for no shorter phase, and a player's playback test missed its wait
    // (docs/testing.md, Keeping the cores busy).
    maxWorkers: 2,
  },
});
