import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { signInThroughApi } from '../support/accounts';
import { baseUrl, openPage, useSiteOfItsOwn } from '../support/browser';
import { createRouteFixtures, pageRoutes, staffRoutes } from '../support/routes';

// The walk of every page: each page is loaded once for each kind of person, and on that one
// load it is checked for console errors, audited by axe in both themes and measured at the
// phone widths. A server of its own: the walk sees the whole site, which the other files,
// running at the same time, would change.

// One unbroken word as long as a title may be, and a description made of such words.
const LONG_WORD = `Supercalifragilistic${'expialidocious'.repeat(12)}`.slice(0, 200);
const axeSource = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);
useSiteOfItsOwn();

let fixtures: Awaited<ReturnType<typeof createRouteFixtures>>;

beforeAll(async () => {
  fixtures = await createRouteFixtures({
    title: LONG_WORD,
    description: `${LONG_WORD} ${LONG_WORD}\nhttps://example.com/${'a'.repeat(300)}`,
  });
}, 240_000);

interface Violation {
  id: string;
  impact: string | null;
  nodes: { target: string[] }[];
}

/**
 * The axe rules that read colours. The themes differ only by <html data-theme>, which swaps
 * colour variables (components/theme/theme.ts): the page's structure, names and roles are the
 * same in both, so after the full audit in the first theme only these rules can find anything
 * new in the second.
 */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/**
 * What axe finds on the page as it is now, one line each, the page's address first. The walk's
 * pages have axe from their first script on (`addInitScript`): injecting it after each load
 * took more of Chromium's time than the load itself.
 */
async function axeFindings(page: Page, label: string, rules?: string[]): Promise<string[]> {
  const violations = await page.evaluate(async (only) => {
    const axe = (
      window as unknown as {
        axe: { run(context: Document, options: object): Promise<{ violations: Violation[] }> };
      }
    ).axe;
    // Only violations are reported: axe then skips the details of what passed (a third of
    // its time on a page), and a violation is all the walk reads.
    // The page itself: a frame in it (an embedded player, an ad) is a page of its own, walked
    // or not the site's; axe would otherwise wait for each frame's answer.
    const common = { resultTypes: ['violations'], iframes: false };
    const options = only ? { runOnly: { type: 'rule', values: only }, ...common } : common;
    const { violations } = await axe.run(document, options);
    return violations.map(({ id, impact, nodes }) => ({
      id,
      impact,
      nodes: nodes.slice(0, 3).map((node) => ({ target: node.target })),
    }));
  }, rules);
  return violations.map(
    (violation) =>
      `${label}: ${violation.id} (${violation.impact}) at ${violation.nodes
        .map((node) => node.target.join(' '))
        .join(', ')}`,
  );
}

/**
 * Switches the page's theme in place as the footer's switch does (theme-switch.tsx; the
 * cookie is left alone, for the next page), then waits for the colour transitions it starts
 * to end, so axe reads the final colours. The themes differ only by <html data-theme>
 * (components/theme/theme.ts), so a second load would add time, not coverage.
 */
async function switchTheme(page: Page, theme: 'dark' | 'light') {
  await page.evaluate(async (next) => {
    document.documentElement.dataset.theme = next;
    await Promise.all(document.getAnimations().map((animation) => animation.finished));
  }, theme);
}

const themeOf = (page: Page) => page.evaluate(() => document.documentElement.dataset.theme);

/** The widths at which the page scrolls sideways, measured by resizing the loaded page. */
async function sidewaysAt(page: Page, widths: number[]): Promise<string[]> {
  const wide: string[] = [];
  for (const width of widths) {
    await page.setViewportSize({ width, height: 800 });
    const scroll = await page.evaluate(
      () =>
        new Promise<number>((resolve) =>
          // The layout after the resize: two frames, so resize observers have run.
          requestAnimationFrame(() =>
            requestAnimationFrame(() => resolve(document.documentElement.scrollWidth)),
          ),
        ),
    );
    if (scroll > width) wide.push(`at ${width} px: ${scroll} px wide`);
  }
  return wide;
}

const WALKS = {
  // Axe in both themes on each page a visitor sees.
  visitor: { themes: ['light', 'dark'], widths: [] },
  // The same for a member, and the phone widths, with the long words members typed.
  member: { themes: ['light', 'dark'], widths: [320, 375, 414] },
  // The staff pages in the dark theme, at the narrowest phone width.
  staff: { themes: ['dark'], widths: [320] },
} as const;

describe('every page, as a visitor, a member and staff', () => {
  it('knows a real address for each dynamic route', () => {
    const unknown = pageRoutes().filter((route) => route.includes('[') && !fixtures.paths[route]);
    expect(unknown).toEqual([]);
    expect(Object.keys(staffRoutes())).toContain('/moderation/reports');
  });

  // The three walks run at once: much of each page's time is spent waiting on the server.
  it.concurrent.for(['visitor', 'member', 'staff'] as const)(
    'shows no console error, no axe violation in either theme and no sideways scroll on any page to a %s',
    { timeout: 900_000 },
    async (who, { expect }) => {
      const walk = WALKS[who];
      const page = await openPage({ viewport: { width: 1280, height: 900 } });
      await page.context().addInitScript({ content: axeSource });
      const account = who === 'staff' ? fixtures.staff : who === 'member' ? fixtures.member : null;
      if (account) await signInThroughApi(page.context(), account.email, account.password);
      // The footer's switch keeps the choice in this cookie (components/theme/theme.ts).
      await page.context().addCookies([{ name: 'theme', value: walk.themes[0], url: baseUrl() }]);
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`));
      const problems: string[] = [];
      // Staff see the staff pages (the others as a member does).
      for (const route of who === 'staff' ? Object.keys(staffRoutes()) : pageRoutes()) {
        const path = fixtures.pathOf(route);
        errors.length = 0;
        await page.setViewportSize({ width: 1280, height: 900 });
        const response = await page.goto(path, { waitUntil: 'load' });
        const status = response?.status();
        // A page refused by design answers 401 or 403 (docs/security.md), which the browser
        // logs for the document itself. Refusal pages are sent as Next.js's bare error shell and
        // drawn by the browser after the load event, without the head script (a known fault,
        // docs/security.md): the audit waits for the root layout's language, drawn with the
        // rest of the page, and audits them in the dark theme only, which they always show.
        const refused = status === 401 || status === 403;
        await page
          .waitForFunction(() => document.documentElement.lang !== '', null, { polling: 100 })
          .catch((error: Error) => {
            throw new Error(`${path} was never drawn: ${error.message}`);
          });
        // The head script applied the cookie's theme before the first paint.
        if (!refused) expect(await themeOf(page), path).toBe(walk.themes[0]);
        // The full audit in the first theme the page shows, the colour rules in the other.
        let audited = false;
        for (const theme of walk.themes) {
          if (refused && theme === 'light') continue;
          await switchTheme(page, theme);
          expect(await themeOf(page), path).toBe(theme);
          const rules = audited ? COLOUR_RULES : undefined;
          problems.push(...(await axeFindings(page, `${path} (${theme})`, rules)));
          audited = true;
        }
        problems.push(...(await sidewaysAt(page, [...walk.widths])).map((w) => `${path}: ${w}`));
        // Errors are gathered for as long as the page was open: its load, hydration and first
        // effects, and the audits after them.
        const pageErrors = errors.filter(
          (error) =>
            !(
              refused &&
              error.startsWith(
                `Failed to load resource: the server responded with a status of ${status}`,
              )
            ),
        );
        problems.push(...pageErrors.map((error) => `${path}: ${error}`));
      }
      expect(problems).toEqual([]);
    },
  );
});

describe('what a viewer notices in the first minute', () => {
  it('closes the header menus on Escape, on a click outside and on navigation', async () => {
    const page = await openPage({ viewport: { width: 390, height: 800 } });
    await signInThroughApi(page.context(), fixtures.member.email, fixtures.member.password);
    await page.goto('/');
    const account = page.getByTestId('account-menu').getByRole('button');
    const menu = page.getByRole('menu');

    await account.click();
    await menu.waitFor();
    expect(await account.getAttribute('aria-expanded')).toBe('true');
    // Arrow keys move through the items.
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
    expect(await account.getAttribute('aria-expanded')).toBe('false');

    await account.click();
    await menu.waitFor();
    await page.mouse.click(5, 700);
    await menu.waitFor({ state: 'detached' });

    const nav = page.getByTestId('nav-menu').getByRole('button', { name: 'Menu' });
    await nav.click();
    await page.getByRole('menuitem', { name: 'Trending' }).click();
    await page.waitForURL('**/trending');
    expect(await page.getByRole('menu').count()).toBe(0);
    // The current page is marked in the menu.
    await nav.click();
    expect(
      await page.getByRole('menuitem', { name: 'Trending' }).getAttribute('aria-current'),
    ).toBe('page');
    await page.keyboard.press('Escape');
  });

  it('marks the current page in the navigation and the category strip', async () => {
    const page = await openPage({ viewport: { width: 1280, height: 800 } });
    await page.goto('/popular');
    const listings = page.getByRole('navigation', { name: 'Listings' });
    expect(await listings.getByRole('link', { name: 'Popular' }).getAttribute('aria-current')).toBe(
      'page',
    );
    expect(
      await listings.getByRole('link', { name: 'Trending' }).getAttribute('aria-current'),
    ).toBeNull();
    await page.goto('/category/other');
    const strip = page.getByRole('navigation', { name: 'Categories' });
    expect(await strip.locator('[aria-current="page"]').count()).toBe(1);
    expect(await strip.locator('[aria-current="page"]').getAttribute('href')).toBe(
      '/category/other',
    );
  });

  it('moves focus to the new page’s heading after a client-side navigation', async () => {
    const page = await openPage({ viewport: { width: 1280, height: 800 } });
    await page.goto('/faq');
    await page.getByRole('link', { name: 'Contact', exact: true }).first().click();
    await page.waitForURL('**/contact');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent ?? ''))
      .toBe('Contact');
  });
});

describe('back from a video', () => {
  it('returns to the listing with the same filters, at the same scroll place', async () => {
    // A phone's height, so a listing of a few videos already scrolls.
    const page = await openPage({ viewport: { width: 375, height: 560 } });
    const listing = '/browse?category=other&view=newest';
    await page.goto(listing);
    const cards = page.getByTestId('video-card');
    await cards.first().waitFor();
    const last = cards.last();
    await last.scrollIntoViewIfNeeded();
    const scrolled = await page.evaluate(() => window.scrollY);
    expect(scrolled).toBeGreaterThan(0);
    const title = await last.getByRole('heading').textContent();
    await last.getByRole('link').first().click();
    await page.waitForURL(/\/video\//);
    await page.getByRole('heading', { level: 1, name: title ?? '' }).waitFor();

    await page.goBack();
    await page.waitForURL((url) => `${url.pathname}${url.search}` === listing);
    // The filters are in the address and shown as chosen; the scroll place is kept.
    expect(new URL(page.url()).searchParams.get('category')).toBe('other');
    await expect
      .poll(() => page.evaluate(() => window.scrollY))
      .toBeGreaterThanOrEqual(scrolled - 20);
    expect(await page.evaluate(() => window.scrollY)).toBeLessThanOrEqual(scrolled + 20);
  });
});
