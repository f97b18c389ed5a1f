import { beforeAll, describe, expect, it } from 'vitest';
import { signInThroughApi } from '../support/accounts';
import { openPage, useSiteOfItsOwn } from '../support/browser';
import { createRouteFixtures, pageRoutes, staffRoutes } from '../support/routes';

// One unbroken word as long as a title may be, and a description made of such words.
const LONG_WORD = `Supercalifragilistic${'expialidocious'.repeat(12)}`.slice(0, 200);
useSiteOfItsOwn();

let fixtures: Awaited<ReturnType<typeof createRouteFixtures>>;

beforeAll(async () => {
  fixtures = await createRouteFixtures({
    title: LONG_WORD,
    description: `${LONG_WORD} ${LONG_WORD}\nhttps://example.com/${'a'.repeat(300)}`,
  });
}, 240_000);

describe('what a viewer notices in the first minute', () => {
  it.each([320, 375, 414])(
    'never scrolls sideways at %i px, on any page, whatever members typed',
    async (width) => {
      const page = await openPage({ viewport: { width, height: 800 } });
      await signInThroughApi(page.context(), fixtures.member.email, fixtures.member.password);
      const wide: string[] = [];
      for (const route of pageRoutes()) {
        const path = fixtures.pathOf(route);
        await page.goto(path, { waitUntil: 'load' });
        const widths = await page.evaluate(() => ({
          scroll: document.documentElement.scrollWidth,
          view: window.innerWidth,
        }));
        if (widths.scroll > widths.view) wide.push(`${path}: ${widths.scroll} px`);
      }
      expect(wide).toEqual([]);
    },
    300_000,
  );

  it('never scrolls sideways at 320 px on the staff pages, signed in as staff', async () => {
    const page = await openPage({ viewport: { width: 320, height: 800 } });
    await signInThroughApi(page.context(), fixtures.staff.email, fixtures.staff.password);
    const wide: string[] = [];
    for (const route of Object.keys(staffRoutes())) {
      const path = fixtures.pathOf(route);
      await page.goto(path, { waitUntil: 'load' });
      const widths = await page.evaluate(() => ({
        scroll: document.documentElement.scrollWidth,
        view: window.innerWidth,
      }));
      if (widths.scroll > widths.view) wide.push(`${path}: ${widths.scroll} px`);
    }
    expect(Object.keys(staffRoutes())).toContain('/moderation/reports');
    expect(wide).toEqual([]);
  }, 300_000);

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
