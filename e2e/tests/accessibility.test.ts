import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { signInThroughApi } from '../support/accounts';
import { baseUrl, openPage } from '../support/browser';
import { createRouteFixtures, pageRoutes, staffRoutes } from '../support/routes';

const axeSource = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);
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

describe('every page passes axe', () => {
  it.each([
    ['visitor', 'dark'],
    ['member', 'dark'],
    ['visitor', 'light'],
    ['member', 'light'],
    ['staff', 'dark'],
  ] as const)(
    'as a %s in the %s theme: no violation on any page',
    async (who, theme) => {
      const page = await openPage({ viewport: { width: 1280, height: 900 } });
      if (who !== 'visitor') {
        const account = who === 'staff' ? fixtures.staff : fixtures.member;
        await signInThroughApi(page.context(), account.email, account.password);
      }
      // The footer's switch keeps the choice in this cookie (components/theme/theme.ts).
      await page.context().addCookies([{ name: 'theme', value: theme, url: baseUrl() }]);
      const found: string[] = [];
      // Staff see the staff pages (the others as a member does).
      const routes = who === 'staff' ? Object.keys(staffRoutes()) : pageRoutes();
      for (const route of routes) {
        const path = fixtures.pathOf(route);
        await page.goto(path, { waitUntil: 'load' });
        expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(theme);
        for (const violation of await audit(page)) {
          found.push(
            `${path}: ${violation.id} (${violation.impact}) at ${violation.nodes
              .map((node) => node.target.join(' '))
              .join(', ')}`,
          );
        }
      }
      expect(found).toEqual([]);
    },
    300_000,
  );
});
