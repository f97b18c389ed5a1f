import { defineConfig } from 'vitest/config';

// The short soak (soak/soak.test.ts): the production build under a simulated community, one
// engine after another. `npm test` runs it after the end-to-end tests.
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
