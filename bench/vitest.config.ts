import { defineConfig } from 'vitest/config';

// The short soak (soak/soak.test.ts): the production build under a simulated community, one
// engine after another; then the ingest bench's short form (ingest/ingest.test.ts). `npm test` runs it right after the site's build, beside the static
// checks, which run at a lower priority (scripts/test.mjs).
export default defineConfig({
  test: {
    name: 'soak',
    root: new URL('.', import.meta.url).pathname,
    include: ['soak/**/*.test.ts', 'ingest/**/*.test.ts'],
    environment: 'node',
    // Setting up 55 accounts and four clips, 45 s of traffic, the checks and a restart, on a
    // shared machine.
    testTimeout: 900_000,
    fileParallelism: false,
  },
});
