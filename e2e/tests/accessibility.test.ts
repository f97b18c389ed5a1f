import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { signInThroughApi } from '../support/accounts';
import { baseUrl, openPage, useSiteOfItsOwn } from '../support/browser';
import { createRouteFixtures, pageRoutes, staffRoutes } from '../support/routes';

const axeSource = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);
useSiteOfItsOwn();

let fixtures: Awaited<ReturnType<typeof createRouteFixtures>>;

beforeAll(async () => {
  fixtures = await createRouteFixtures({
    title: 'Accessible walk',
    description: 'Checked by axe.',
  });
}, 240_000);

interface Violation {
  id: string;
  impact: string | null;
  nodes: { target: string[] }[];
}

async function audit(page: Page): Promise<Violation[]> {
  await page.addScriptTag({ content: axeSource });
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(): Promise<{ violations: Violation[] }> } }).axe;
    const { violations } = await axe.run();
    return violations.map(({ id, impact, nodes }) => ({
      id,
      impact,
      nodes: nodes.slice(0, 3).map((node) => ({ target: node.target })),
    }));
  });
}

/** The findings of one audit, one line each, the page's address first. */
async function findings(page: Page, path: string): Promise<string[]> {
  return (await audit(page)).map(
    (violation) =>
      `${path}: ${violation.id} (${violation.impact}) at ${violation.nodes
        .map((node) => node.target.join(' '))
        .join(', ')}`,
  );
}

/**
 * Switches the page's theme in place as the footer's switch does (theme-switch.tsx; the
 * cookie is left alone, for the next page), then waits for the colour transitions it starts
 * to end, so axe reads the final colours.
 */
async function switchTheme(page: Page, theme: 'dark' | 'light') {
  await page.evaluate(async (next) => {
    document.documentElement.dataset.theme = next;
    await Promise.all(document.getAnimations().map((animation) => animation.finished));
  }, theme);
}

describe('every page passes axe', () => {
  // Each page is loaded once in the light theme (the cookie's, applied by the head script)
  // and audited, then switched in place to the dark one and audited again: the themes differ
  // only by <html data-theme> (components/theme/theme.ts), so a second load would add time,
  // not coverage.
  it.each(['visitor', 'member'] as const)(
    'as a %s in the light theme, then the dark one: no violation on any page',
    async (who) => {
      const page = await openPage({ viewport: { width: 1280, height: 900 } });
      if (who === 'member') {
        await signInThroughApi(page.context(), fixtures.member.email, fixtures.member.password);
      }
      // The footer's switch keeps the choice in this cookie (components/theme/theme.ts).
      await page.context().addCookies([{ name: 'theme', value: 'light', url: baseUrl() }]);
      const found: string[] = [];
      for (const route of pageRoutes()) {
        const path = fixtures.pathOf(route);
        const response = await page.goto(path, { waitUntil: 'load' });
        // Refusal pages (401, 403) are drawn by Next.js in the browser without the head script,
        // so they show the dark theme whatever the cookie says (a known fault, docs/security.md):
        // they are audited in the dark theme only.
        const isRefusal = [401, 403].includes(response?.status() ?? 200);
        if (!isRefusal) {
          expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('light');
          found.push(...(await findings(page, `${path} (light)`)));
        }
        await switchTheme(page, 'dark');
        expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
        found.push(...(await findings(page, `${path} (dark)`)));
      }
      expect(found).toEqual([]);
    },
    600_000,
  );

  it('as a staff member in the dark theme: no violation on any staff page', async () => {
    const page = await openPage({ viewport: { width: 1280, height: 900 } });
    await signInThroughApi(page.context(), fixtures.staff.email, fixtures.staff.password);
    await page.context().addCookies([{ name: 'theme', value: 'dark', url: baseUrl() }]);
    const found: string[] = [];
    // Staff see the staff pages (the others as a member does).
    for (const route of Object.keys(staffRoutes())) {
      const path = fixtures.pathOf(route);
      await page.goto(path, { waitUntil: 'load' });
      expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
      found.push(...(await findings(page, path)));
    }
    expect(found).toEqual([]);
  }, 300_000);
});
