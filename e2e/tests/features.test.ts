import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedUser } from '../support/accounts';
import { baseUrl, openPage } from '../support/browser';
import { screenshotPath } from '../support/screenshots';
import { sessionCookie, uploadPublishedVideo } from '../support/videos';

// What viewers of other video sites expect: sharing at a time, a light theme, a description
// whose links and timestamps work, watch later and resuming where one left off.

let member: Awaited<ReturnType<typeof createVerifiedUser>>;
let cookie: string;
let video: { id: string; slug: string };
const watchPath = () => `/video/${video.slug}_${video.id}`;

const currentTime = (page: Page) =>
  page.evaluate(() => document.querySelector('video')?.currentTime ?? -1);

beforeAll(async () => {
  member = await createVerifiedUser();
  cookie = await sessionCookie(member.email, member.password);
  video = await uploadPublishedVideo(cookie, {
    title: 'Feature tour',
    username: member.username,
    seconds: 20,
  });
}, 240_000);

describe('share', () => {
  it('shares the link, at the current time, and the embed code in the chosen size', async () => {
    const page = await openPage({ viewport: { width: 1280, height: 900 } });
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto(watchPath());
    const canonical = `${baseUrl()}${watchPath()}`;

    // Play a little, pause, then share at that time.
    await page.getByRole('button', { name: 'Play' }).first().click();
    await expect.poll(() => currentTime(page), { timeout: 20_000 }).toBeGreaterThan(2.2);
    await page.evaluate(() => document.querySelector('video')?.pause());
    const at = Math.floor(await currentTime(page));

    await page.getByTestId('share-button').click();
    const menu = page.getByTestId('share-menu');
    await menu.waitFor();
    expect(await page.getByTestId('share-link').inputValue()).toBe(canonical);
    await menu.getByLabel(/^Start at /).check();
    const link = await page.getByTestId('share-link').inputValue();
    expect(link).toBe(`${canonical}?t=${at}`);

    await menu.getByRole('button', { name: 'Copy Link' }).click();
    await menu.getByRole('button', { name: 'Copy Link' }).filter({ hasText: 'Copied' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);

    await menu.getByLabel('Size').selectOption('853x480');
    const code = await page.getByTestId('share-embed').inputValue();
    expect(code).toContain(`src="${baseUrl()}/video/embed/${video.id}?t=${at}"`);
    expect(code).toContain('width="853" height="480"');
    await menu.getByRole('button', { name: 'Copy Embed code' }).click();
    await menu.getByText('Copied').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code);

    // The oEmbed answer for the shared link writes the very same code at that size.
    const oembed = (await (
      await fetch(`${baseUrl()}/api/oembed?url=${encodeURIComponent(link)}&maxwidth=900`)
    ).json()) as { html: string; width: number; height: number };
    expect(oembed).toMatchObject({ width: 853, height: 480, html: code });

    await page.screenshot({ path: screenshotPath('share-1280.png') });
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
  });

  it('starts a shared link at its ?t= time, on the watch page and in the embed', async () => {
    const page = await openPage({ viewport: { width: 390, height: 844 } });
    for (const path of [`${watchPath()}?t=7`, `/video/embed/${video.id}?t=0m7s`]) {
      await page.goto(path);
      await page.getByRole('button', { name: 'Play' }).first().click();
      await expect.poll(() => currentTime(page), { timeout: 20_000 }).toBeGreaterThanOrEqual(7);
    }
    await page.goto(watchPath());
    await page.getByTestId('share-button').click();
    await page.getByTestId('share-menu').waitFor();
    await page.screenshot({ path: screenshotPath('share-390.png') });
  });
});
