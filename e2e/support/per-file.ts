import { afterAll } from 'vitest';
import { closeFileContexts, forgetOwnSite } from './browser';
import { forgetSiteFixtures } from './routes';

// Run before each test file (e2e/vitest.config.ts, setupFiles). The files of a worker share its
// loaded modules (isolate: false), so what the support modules keep for one file's server is
// forgotten when the file ends, and the pages it opened are closed.
afterAll(async () => {
  await closeFileContexts();
  forgetOwnSite();
  forgetSiteFixtures();
});
