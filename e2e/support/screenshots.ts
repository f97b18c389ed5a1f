import type { Locator, Page } from 'playwright-core';
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const root = new URL('../..', import.meta.url).pathname;
let folder: string | undefined;

/**
 * The path of a screenshot named `name`. Tests never write tracked files: screenshots go to
 * `cutroom-e2e-screenshots` in the temporary folder (each run overwrites the last one's) unless
 * `E2E_SCREENSHOT_DIR` names one (a relative path is taken from the repository's root), e.g.
 * `E2E_SCREENSHOT_DIR=docs/images` to refresh the docs' images.
 */
export function screenshotPath(name: string): string {
  if (!folder) {
    const chosen = process.env.E2E_SCREENSHOT_DIR;
    folder = chosen ? resolve(root, chosen) : join(tmpdir(), 'cutroom-e2e-screenshots');
    mkdirSync(folder, { recursive: true });
  }
  return join(folder, name);
}

/**
 * Saves a picture of a page, or of a part of one, as `name` (screenshotPath). A CI run takes
 * none unless E2E_SCREENSHOT_DIR asks for them: nobody looks at its pictures, and each costs
 * Chromium a repaint and a PNG (a whole page's, for `fullPage`). A part is still waited for
 * until it is visible, as taking its picture would.
 */
export async function screenshot(
  target: Page | Locator,
  name: string,
  options: { fullPage?: boolean } = {},
): Promise<void> {
  const isPage = 'goto' in target;
  if (process.env.CI === 'true' && !process.env.E2E_SCREENSHOT_DIR) {
    if (!isPage) await target.waitFor();
  } else if (isPage) {
    await target.screenshot({ path: screenshotPath(name), ...options });
  } else {
    await target.screenshot({ path: screenshotPath(name) });
  }
}
