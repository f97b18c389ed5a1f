import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
} from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';
import { SHARED_SITE_ENV, startSiteServer } from './global-setup';

import { CHROMIUM_LAUNCH } from '../../packages/player/test/chromium.ts';

export { CHROMIUM_LAUNCH };

/**
 * Launched once a worker, for all the files it runs one after another (they share its loaded
 * modules, e2e/vitest.config.ts); Playwright ends it with the worker.
 */
let browser: Promise<Browser> | undefined;
/** The contexts the current file opened, closed when it ends (`closeFileContexts`). */
const fileContexts = new Set<BrowserContext>();

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

/** A fresh page in its own context, closed when the file ends. */
export async function openPage(options: BrowserContextOptions = {}): Promise<Page> {
  browser ??= chromium.launch(CHROMIUM_LAUNCH);
  const context = await (await browser).newContext({ baseURL: baseUrl(), ...options });
  fileContexts.add(context);
  return context.newPage();
}

/**
 * Closes the pages the file opened, after each file (support/per-file.ts): a page left open
 * goes on working (its polling, its player) beside every later file of the worker.
 */
export async function closeFileContexts() {
  const contexts = [...fileContexts];
  fileContexts.clear();
  await Promise.all(contexts.map((context) => context.close()));
}
