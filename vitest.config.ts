import { defineConfig } from 'vitest/config';

// Integration tests run on embedded PGlite always, and also on the PostgreSQL server
// named by TEST_DATABASE_URL when it is set (CI sets it).
const databaseKinds = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

export default defineConfig({
  test: {
    projects: [
      ...databaseKinds.map((kind) => ({
        extends: true as const,
        test: {
          name: `domain-${kind}`,
          include: ['packages/core/src/**/*.test.ts', 'packages/media/src/**/*.test.ts'],
          environment: 'node',
          env: { TEST_DB_KIND: kind },
          globalSetup: ['packages/core/src/testing/global-setup.ts'],
          setupFiles: ['packages/core/src/testing/fail-on-console-error.ts'],
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
          // One Chromium per file; files run one after another to stay within 2 cores.
          fileParallelism: false,
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
          environment: 'node',
        },
      },
    ],
    pool: 'forks',
    maxWorkers: 2,
  },
});
