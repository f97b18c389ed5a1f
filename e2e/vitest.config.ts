import { readFileSync } from 'node:fs';
import { defineConfig } from 'vitest/config';
import { waitingFilesFirst } from '../vitest.sequencer';

/**
 * A file that starts servers of its own (support/browser.ts, support/global-setup.ts) waits on
 * their starts and stops: such files go first. shutdown.test.ts, the smallest of them, ran last
 * and alone for the last 25 s of the phase.
 */
const startsServers = (file: { moduleId: string }) =>
  /\b(useSiteOfItsOwn|startSiteServer)\(/.test(readFileSync(file.moduleId, 'utf8'));

// End-to-end journeys: the production build served by apps/web/server.ts, driven by Chromium.
export default defineConfig({
  test: {
    name: 'e2e',
    root: new URL('.', import.meta.url).pathname,
    include: ['tests/**/*.test.ts'],
    globalSetup: ['support/global-setup.ts'],
    setupFiles: ['support/per-file.ts'],
    // A journey's deadline is a stall's, not a goal: journeys of 100–110 s alone passed 120 s
    // with four files and the servers' work on two loaded cores.
    testTimeout: 240_000,
    // A page's answer to a click waits on the server, which shares two cores with the browser
    // and the other file: `expect.poll` waits up to 10 s for it (Vitest's default is 1 s).
    expect: { poll: { timeout: 10_000 } },
    hookTimeout: 180_000,
    pool: 'forks',
    // A worker loads Playwright and the support modules once for all its files, not once per
    // file (1.5 s each on a loaded machine); support/per-file.ts forgets each file's server.
    isolate: false,
    // Four files at a time against the one server (each process its own browser): the shared
    // helpers make their accounts and fixtures safe to run at once (support/routes.ts). A
    // journey waits on its server, its uploads' processing and real playback more than it
    // works: with two, the cores were idle for much of the phase (docs/testing.md).
    fileParallelism: true,
    maxWorkers: 4,
    sequence: { sequencer: waitingFilesFirst(startsServers) },
    // No retry: a test that fails once is looked into, not run again (npm test would name one
    // that passed only on a retry).
  },
});
