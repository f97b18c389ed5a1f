import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createVerifiedUser, signInThroughApi } from '../support/accounts';
import { baseUrl, openPage } from '../support/browser';
import { screenshot } from '../support/screenshots';
import { sessionCookie, uploadPublishedVideo } from '../support/videos';

const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';

describe('one’s own account in the browser', () => {
  it('sessions, export, statistics and deleting the account', { timeout: 120_000 }, async () => {
    const user = await createVerifiedUser();
    const cookie = await sessionCookie(user.email, user.password);
    const video = await uploadPublishedVideo(cookie, {
      title: 'Statistics clip',
      username: user.username,
      seconds: 2,
    });
    const viewed = await fetch(`${baseUrl()}/api/v2/view`, {
      method: 'POST',
      headers: { cookie, origin: baseUrl(), 'content-type': 'application/json' },
      body: JSON.stringify({ videoId: video.id }),
    });
    expect(viewed.status).toBeLessThan(300);
    // The player's progress report: two seconds played count as watch time.
    const played = await fetch(`${baseUrl()}/api/v2/library`, {
      method: 'POST',
      headers: { cookie, origin: baseUrl(), 'content-type': 'application/json' },
      body: JSON.stringify({ mode: 'SaveProgress', videoId: video.id, position: 2, duration: 2 }),
    });
    expect(played.status).toBe(200);

    // Two browsers signed in: this one sees both and signs the other out.
    const page = await openPage({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
    await signInThroughApi(page.context(), user.email, user.password);
    const other = await openPage({ viewport: { width: 1280, height: 900 }, userAgent: FIREFOX });
    await signInThroughApi(other.context(), user.email, user.password, FIREFOX);
    await other.goto('/profile/settings');
    await other.getByTestId('sessions-link').waitFor();

    await page.goto('/profile/settings/sessions');
    const sessions = page.getByTestId('session');
    expect(await sessions.count()).toBeGreaterThanOrEqual(2);
    expect(await page.locator('[data-testid="session"][data-current="true"]').count()).toBe(1);
    await expect.poll(() => page.getByText('Firefox on Windows').count()).toBeGreaterThanOrEqual(1);
    await screenshot(page, 'account-sessions-1280.png', { fullPage: true });
    await page.getByTestId('sign-out-others').click();
    await page.getByText('Signed out everywhere else').waitFor();
    expect(await sessions.count()).toBe(1);
    // The other browser's next request is a visitor's.
    await other.goto('/profile/settings');
    expect(await other.getByTestId('sessions-link').count()).toBe(0);

    // The data export downloads as a JSON file.
    await page.goto('/profile/settings/account');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('export-download').click(),
    ]);
    expect(download.suggestedFilename()).toMatch(
      new RegExp(`^cutroom-export-${user.username}-\\d{4}-\\d{2}-\\d{2}\\.json$`),
    );
    const exported = JSON.parse(readFileSync((await download.path())!, 'utf8')) as {
      profile: { username: string; email: string };
      videos: { id: string; title: string }[];
      history: unknown[];
    };
    expect(exported.profile).toMatchObject({ username: user.username, email: user.email });
    expect(exported.videos.map(({ id, title }) => ({ id, title }))).toEqual([
      { id: video.id, title: 'Statistics clip' },
    ]);
    await screenshot(page, 'account-data-1280.png', { fullPage: true });

    // The uploader's statistics: the view is counted and charted.
    await page.goto('/profile/statistics');
    expect(await page.getByTestId('total-views').textContent()).toBe('1');
    expect(await page.getByTestId('total-watch-time').textContent()).toBe('0:02');
    await page.getByTestId('chart-views').locator('svg[role="img"]').waitFor();
    expect(await page.getByTestId('video-row').textContent()).toContain('Statistics clip');
    await screenshot(page, 'account-statistics-1280.png', { fullPage: true });
    // One day of data: the day is marked and the chart names its first and last day.
    const views = page.getByTestId('chart-views');
    expect(await views.getByTestId('sparkline-dot').count()).toBe(1);
    const today = new Date().toISOString().slice(0, 10);
    expect(await views.locator('p').innerText()).toMatch(
      new RegExp(`^\\d{4}-\\d{2}-\\d{2}\\s+${today}$`),
    );
    // At 390 px the video table's headers keep their words on one line (it scrolls instead).
    await page.setViewportSize({ width: 390, height: 844 });
    const headerHeights = await page
      .getByTestId('videos-table')
      .locator('thead th')
      .evaluateAll((cells) => cells.map((cell) => cell.getBoundingClientRect().height));
    const rowHeight = await page
      .getByTestId('videos-table')
      .locator('thead tr')
      .evaluate((row) => parseFloat(getComputedStyle(row).lineHeight));
    for (const height of headerHeights) expect(height).toBeLessThan(rowHeight * 2);
    await screenshot(page, 'account-statistics-390.png', { fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });

    // Deleting the account, videos included: signed out, the video gone, sign-in refused.
    await page.goto('/profile/settings/account');
    await page.getByLabel('Password').fill(user.password);
    await page.getByLabel('Your username').fill(user.username);
    await page.getByTestId('delete-account-submit').click();
    await page.waitForURL((url) => url.pathname === '/', { timeout: 15_000 });
    const gone = await fetch(`${baseUrl()}/video/${video.slug}_${video.id}`, {
      redirect: 'manual',
    });
    expect(gone.status).toBe(404);
    const signIn = await fetch(`${baseUrl()}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: baseUrl() },
      body: JSON.stringify({ email: user.email, password: user.password }),
    });
    expect(signIn.ok).toBe(false);
  });
});
