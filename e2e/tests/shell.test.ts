import { describe, expect, it } from 'vitest';
import { baseUrl, openPage } from '../support/browser';

describe('site shell', () => {
  it('answers an unknown path with 404 naming the path', async () => {
    const response = await fetch(`${baseUrl()}/no-such-page`);
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(html).toContain('Page not found: /no-such-page');
    expect(html).toContain('Page Not Found');
  });

  it('gives crawlers no error page, only the status', async () => {
    const response = await fetch(`${baseUrl()}/no-such-page`, {
      headers: { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1)' },
    });
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain('data-testid="error-not-found"');
  });

  it('shows visitors the promotional card, and the mobile banner only on small screens', async () => {
    const desktop = await openPage({ viewport: { width: 1280, height: 800 } });
    await desktop.goto('/');
    const card = desktop.locator('[data-testid="promo-card"] a.ad-link');
    expect(await card.getAttribute('rel')).toMatch(/\bnofollow\b/);
    expect(await card.isVisible()).toBe(true);
    expect(await desktop.locator('[data-testid="mobile-banner"]').isVisible()).toBe(false);

    const phone = await openPage({ viewport: { width: 390, height: 844 } });
    await phone.goto('/');
    const banner = phone.locator('[data-testid="mobile-banner"] a');
    expect(await banner.isVisible()).toBe(true);
    expect(await banner.getAttribute('target')).toBe('_blank');
    expect(await phone.locator('[data-testid="promo-card"]').isVisible()).toBe(true);
  });

  it('holds the page in the orange outlet, and fits a 360 px screen without sideways scrolling', async () => {
    const page = await openPage({ viewport: { width: 360, height: 740 } });
    await page.goto('/faq');
    const outlet = page.locator('[data-testid="page-outlet"]');
    expect(await outlet.evaluate((element) => getComputedStyle(element).borderTopColor)).toBe(
      'rgb(255, 152, 0)',
    );
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBe(0);
  });

  it.each(['/faq', '/contact', '/2257', '/csam', '/dmca', '/policy', '/privacy', '/api'])(
    '%s has real content',
    async (path) => {
      const response = await fetch(`${baseUrl()}${path}`);
      expect(response.status).toBe(200);
      const text = (await response.text()).replace(/<[^>]+>/g, ' ');
      expect(text.length).toBeGreaterThan(1500);
    },
  );

  it('/av1 asks the browser whether it decodes AV1', async () => {
    const page = await openPage();
    await page.goto('/av1');
    const status = page.locator('[data-testid="av1-support"]');
    await page.waitForFunction(
      () =>
        document.querySelector('[data-testid="av1-support"]')?.getAttribute('data-state') !==
        'checking',
      undefined,
      { polling: 100 },
    );
    expect(['true', 'false', 'unknown']).toContain(await status.getAttribute('data-state'));
  });

  it('offers a reload when the server runs a newer build', async () => {
    const page = await openPage();
    await page.route('**/builds/latest.json', (route) =>
      route.fulfill({ json: { id: 'a-newer-build' } }),
    );
    await page.goto('/faq');
    const reload = page.getByRole('button', { name: 'Reload' });
    // The watcher checks when the tab becomes visible; nudge it until the page has hydrated.
    await expect
      .poll(
        async () => {
          await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
          return reload.isVisible();
        },
        { timeout: 20_000, interval: 500 },
      )
      .toBe(true);
  });

  it('documents the API from its schemas', async () => {
    const document = await (await fetch(`${baseUrl()}/api/openapi.json`)).json();
    expect(document.openapi).toBe('3.1.0');
    expect(Object.keys(document.paths)).toContain('/api/checkusername');
  });
});
