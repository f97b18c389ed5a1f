import { chromium, type Browser, type BrowserContextOptions, type Page } from 'playwright-core';
import { afterAll, inject } from 'vitest';

/** Debian's Chromium, with the flags this environment needs (no sandbox, no GPU, no network). */
export const CHROMIUM_LAUNCH = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--no-first-run',
    '--disable-sync',
  ],
};

let browser: Browser | undefined;

/** The server under test. */
export const baseUrl = () => inject('baseUrl');

/** A fresh page in its own context; the browser is shared by the file and closed after it. */
export async function openPage(options: BrowserContextOptions = {}): Promise<Page> {
  if (!browser) {
    browser = await chromium.launch(CHROMIUM_LAUNCH);
    afterAll(async () => browser?.close());
  }
  const context = await browser.newContext({ baseURL: baseUrl(), ...options });
  return context.newPage();
}
