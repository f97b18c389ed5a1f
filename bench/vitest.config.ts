import { defineConfig } from 'vitest/config';

// The short soak (soak/soak.test.ts): the production build under a simulated community, both
// engines at once. `npm test` runs it beside the end-to-end tests (docs/testing.md).
export default defineConfig({
  test: {
    name: 'soak',
    root: new URL('.', import.meta.url).pathname,
    include: ['soak/**/*.test.ts'],
    environment: 'node',
    // Setting up 55 accounts and four clips, 45 s of traffic, the checks and a restart, on a
    // shared machine.
    testTimeout: 900_000,
    fileParallelism: false,
  },
});
