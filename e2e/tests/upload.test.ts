import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createVerifiedUser, signInThroughApi } from '../support/accounts';
import { baseUrl, openPage } from '../support/browser';
import { testPatternVideo } from '../support/media';
import { sessionCookie, uploadVideo } from '../support/videos';

async function signedInPage(viewport = { width: 1280, height: 900 }) {
  const user = await createVerifiedUser();
  const page = await openPage({ viewport });
  await signInThroughApi(page.context(), user.email, user.password);
  return { page, user };
}

/**
 * Opens the player's list of qualities: the settings menu's own list, or, when the bar has
 * moved some of its buttons into that menu (a narrow player), its "Quality: …" entry. Answers
 * the radio entries the menu had before that entry was opened.
 */
async function openQualities(page: Page): Promise<string[]> {
  await page.getByRole('button', { name: 'Quality' }).click();
  const top = await page.getByRole('menuitemradio').allTextContents();
  const entry = page.getByRole('menuitem', { name: /^Quality: / });
  if (await entry.count()) await entry.click();
  return top;
}

/** The choices the settings menu offers for the picture and the sound, in its order. */
async function offeredQualities(page: Page): Promise<string[]> {
  const top = await openQualities(page);
  const levels = await page.getByRole('menuitemradio').allTextContents();
  // On a narrow player "audio only" stays in the settings menu beside the moved buttons.
  return levels.includes('auto') && !levels.includes('audio only')
    ? [...levels, ...top.filter((label) => label === 'audio only')]
    : levels;
}

describe('uploading a video', () => {
  it('uploads through the page, processes live to published, and plays at two qualities', async () => {
    const { page } = await signedInPage();
    const file = testPatternVideo({ seconds: 20, height: 720 });
    await page.goto('/upload');
    await page.locator('[data-testid="file-input"]').setInputFiles(file);
    await page.getByLabel('Title').fill('E2E test pattern');
    await page.getByLabel('Category').selectOption('other');
    const publish = page.getByRole('button', { name: 'Publish', exact: true });
    await publish.waitFor({ timeout: 60_000 });
    expect(
      await page
        .getByRole('progressbar', { name: 'Upload progress' })
        .getAttribute('aria-valuenow'),
    ).toBe('100');
    await publish.click();

    await page.waitForURL(/\/processing\?uploaded=/);
    const item = page.locator('[data-testid="processing-item"]').first();
    await expect
      .poll(() => item.getAttribute('data-status'), { timeout: 240_000, interval: 1_000 })
      .toBe('published');
    expect(await item.locator('[data-testid="processing-progress"]').textContent()).toBe(
      'Published',
    );

    await item.getByRole('link', { name: 'Watch' }).click();
    await page.waitForURL(/\/video\/e2e-test-pattern_/);
    // The player loads no media before play (preload="none"): play once it is drawn.
    const play = page.getByRole('button', { name: 'Play' }).first();
    await play.waitFor({ state: 'visible', timeout: 30_000 });
    await play.click();
    const currentTime = () => page.evaluate(() => document.querySelector('video')!.currentTime);
    await expect.poll(currentTime, { timeout: 30_000 }).toBeGreaterThan(1);

    const quality = page.getByRole('button', { name: 'Quality' });
    await expect.poll(() => quality.isVisible(), { timeout: 15_000 }).toBe(true);
    const offered = await offeredQualities(page);
    // A 720p upload gets the ladder 720/480/360/240 (and the automatic choice), and the sound
    // alone (docs/player/features.md).
    expect(offered).toEqual(['auto', '720pHD', '480p', '360p', '240p', 'audio only']);
    await page.keyboard.press('Escape');
    for (const label of ['240p', '720p']) {
      // Back to the start, so the 20 s video does not end before the switch.
      await page.evaluate(async () => {
        const video = document.querySelector('video')!;
        video.currentTime = 0;
        await video.play();
      });
      const segment = page.waitForResponse(
        (response) => response.url().includes(`/hls/${label}/seg-`) && response.ok(),
        { timeout: 30_000 },
      );
      await openQualities(page);
      await page.getByRole('menuitemradio', { name: new RegExp(`^${label}`) }).click();
      await segment;
      const before = await currentTime();
      await expect.poll(currentTime, { timeout: 15_000 }).toBeGreaterThan(before + 0.5);
    }
  });

  it("plays on its owner's page as soon as its first quality lands, then takes the whole ladder, without a reload", async () => {
    const { page, user } = await signedInPage();
    const cookie = await sessionCookie(user.email, user.password);
    const video = await uploadVideo(cookie, { title: 'Live ladder', seconds: 12, height: 720 });
    await page.goto(`/video/${video.slug}_${video.id}`);
    // Kept by the page as long as it is never loaded again.
    await page.evaluate(() => Object.assign(window, { cutroomKept: true }));
    const kept = () => page.evaluate(() => 'cutroomKept' in window);
    const processing = page.getByText(
      'This video is still processing: only you can see it for now.',
    );

    const play = page.getByRole('button', { name: 'Play' }).first();
    await play.waitFor({ state: 'visible', timeout: 120_000 });
    expect(await kept()).toBe(true);
    await expect
      .poll(() => processing.isVisible(), { timeout: 240_000, interval: 500 })
      .toBe(false);
    expect(await kept()).toBe(true);

    await page.getByRole('button', { name: 'Play' }).first().click();
    const currentTime = () => page.evaluate(() => document.querySelector('video')!.currentTime);
    await expect.poll(currentTime, { timeout: 30_000 }).toBeGreaterThan(0.5);
    const quality = page.getByRole('button', { name: 'Quality' });
    await expect.poll(() => quality.isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await offeredQualities(page)).toEqual([
      'auto',
      '720pHD',
      '480p',
      '360p',
      '240p',
      'audio only',
    ]);
    await page.keyboard.press('Escape');
  }, 300_000);

  it('refuses a text file named .mp4 with a clear message and keeps nothing', async () => {
    const { page } = await signedInPage();
    const fake = join(tmpdir(), 'not-a-video.mp4');
    writeFileSync(fake, 'this is only text\n'.repeat(200));
    await page.goto('/upload');
    await page.locator('[data-testid="file-input"]').setInputFiles(fake);
    await expect
      .poll(() => page.getByTestId('upload-message').textContent(), { timeout: 30_000 })
      .toMatch(/not a video/);
    // Nothing of the refused file stays in the form: its name, the title taken from it.
    expect(await page.getByText('not-a-video.mp4').count()).toBe(0);
    expect(await page.getByLabel('Title').inputValue()).toBe('');
    expect(await page.getByText(/^Choose another file/).isVisible()).toBe(true);
    expect(await page.getByTestId('upload-progress').count()).toBe(0);
    await page.goto('/processing');
    expect(await page.getByText('Nothing is processing').isVisible()).toBe(true);
  });

  it('resumes an interrupted upload from the offset the server kept', async () => {
    const user = await createVerifiedUser();
    const session = await openPage();
    await signInThroughApi(session.context(), user.email, user.password);
    const cookie = (await session.context().cookies())
      .map((entry) => `${entry.name}=${entry.value}`)
      .join('; ');
    const { readFileSync } = await import('node:fs');
    const bytes = readFileSync(testPatternVideo({ seconds: 4, height: 360 }));
    const tus = { 'tus-resumable': '1.0.0', cookie, origin: baseUrl() };
    const created = await fetch(`${baseUrl()}/api/uploads`, {
      method: 'POST',
      headers: {
        ...tus,
        'upload-length': String(bytes.length),
        'upload-metadata': 'filename c21hbGwubXA0',
      },
    });
    expect(created.status).toBe(201);
    const location = new URL(created.headers.get('location')!, baseUrl()).toString();
    const half = Math.floor(bytes.length / 2);
    const patch = (offset: number, body: Buffer) =>
      fetch(location, {
        method: 'PATCH',
        headers: {
          ...tus,
          'upload-offset': String(offset),
          'content-type': 'application/offset+octet-stream',
        },
        body: new Uint8Array(body),
      });
    expect((await patch(0, bytes.subarray(0, half))).status).toBe(204);
    // The connection dropped here; the client asks where to go on from.
    const head = await fetch(location, { method: 'HEAD', headers: tus });
    expect(head.headers.get('upload-offset')).toBe(String(half));
    const finished = await patch(half, bytes.subarray(half));
    expect(finished.status).toBe(204);
    expect(finished.headers.get('upload-offset')).toBe(String(bytes.length));

    // A visitor cannot touch it.
    const stranger = await fetch(location, {
      method: 'HEAD',
      headers: { 'tus-resumable': '1.0.0' },
    });
    expect(stranger.status).toBe(401);
  });

  it('answers every call on an upload to its owner alone; odd ids are 404 with a message', async () => {
    const cookieOf = async () => {
      const user = await createVerifiedUser();
      const session = await openPage();
      await signInThroughApi(session.context(), user.email, user.password);
      const cookies = await session.context().cookies();
      await session.close();
      return cookies.map((entry) => `${entry.name}=${entry.value}`).join('; ');
    };
    const [owner, other] = [await cookieOf(), await cookieOf()];
    const tus = (cookie?: string) => ({
      'tus-resumable': '1.0.0',
      origin: baseUrl(),
      ...(cookie ? { cookie } : {}),
    });
    const created = await fetch(`${baseUrl()}/api/uploads`, {
      method: 'POST',
      headers: { ...tus(owner), 'upload-length': '1000' },
    });
    expect(created.status).toBe(201);
    const location = new URL(created.headers.get('location')!, baseUrl()).toString();
    const stillThere = async () =>
      (await fetch(location, { method: 'HEAD', headers: tus(owner) })).status;

    for (const id of ['not-hex!', '..%2f..%2fetc', 'a'.repeat(500), '0'.repeat(32)]) {
      const response = await fetch(`${baseUrl()}/api/uploads/${id}`, {
        method: 'DELETE',
        headers: tus(owner),
      });
      expect(response.status, id).toBe(404);
      expect(await response.text()).toBe('This upload does not exist, or is not yours');
    }
    const byVisitor = await fetch(location, { method: 'DELETE', headers: tus() });
    expect(byVisitor.status).toBe(401);
    const byOther = await fetch(location, { method: 'DELETE', headers: tus(other) });
    expect(byOther.status).toBe(404);
    // The owner's own cookie, sent by a page that names no origin (a forged request): refused.
    const forged = await fetch(location, {
      method: 'DELETE',
      headers: { 'tus-resumable': '1.0.0', cookie: owner },
    });
    expect(forged.status).toBe(403);
    expect(await stillThere()).toBe(200);

    const byOwner = await fetch(location, { method: 'DELETE', headers: tus(owner) });
    expect(byOwner.status).toBe(204);
    expect(await stillThere()).toBe(404);
  });

  it('refuses uploads from visitors', async () => {
    const response = await fetch(`${baseUrl()}/api/uploads`, {
      method: 'POST',
      headers: { 'tus-resumable': '1.0.0', 'upload-length': '100', origin: baseUrl() },
    });
    expect(response.status).toBe(401);
    expect(await response.text()).toBe('Please sign in to upload videos');
  });
});
