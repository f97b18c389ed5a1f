import { chromium, type Browser, type BrowserContextOptions, type Page } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';
import { SHARED_SITE_ENV, startSiteServer } from './global-setup';

import { CHROMIUM_LAUNCH } from '../../packages/player/test/chromium.ts';

export { CHROMIUM_LAUNCH };

/** Launched once: tests that run at once share the launch rather than each starting one. */
let browser: Promise<Browser> | undefined;

let ownSite: { baseUrl: string; dataDir: string } | undefined;

/**
 * A test file that starts a server of its own (with other settings, `startSiteServer`) points
 * every helper here at it: pages, accounts, mails and uploads.
 */
export function useOwnSite(site: { baseUrl: string; dataDir: string }) {
  ownSite = site;
}

/**
 * Gives the test file a server of its own with the shared server's settings, for a file whose
 * checks see the whole site (every page, the page cache): the other files, which run at the
 * same time, would change what it sees. Call it before the file's other hooks.
 */
export function useSiteOfItsOwn() {
  let stop: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    const site = await startSiteServer(SHARED_SITE_ENV);
    stop = site.stop;
    useOwnSite(site);
  }, 120_000);
  afterAll(async () => stop?.());
}

/**
 * Forgets the file's own server, after each file (support/per-file.ts): a worker runs several
 * files one after another with the same modules loaded.
 */
export function forgetOwnSite() {
  ownSite = undefined;
}

/** The server under test. */
export const baseUrl = () => ownSite?.baseUrl ?? inject('baseUrl');

/** Its data folder (the outbox of its mails). */
export const siteDataDir = () => ownSite?.dataDir ?? inject('dataDir');

/** A fresh page in its own context; the browser is shared by the file and closed after it. */
export async function openPage(options: BrowserContextOptions = {}): Promise<Page> {
  if (!browser) {
    const launched = chromium.launch(CHROMIUM_LAUNCH);
    browser = launched;
    afterAll(async () => {
      // The next file in this worker launches its own (the workers keep their modules).
      browser = undefined;
      await (await launched).close();
    });
  }
  const context = await (await browser).newContext({ baseURL: baseUrl(), ...options });
  return context.newPage();
}
