import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedUser, signInThroughApi } from '../support/accounts';
import { baseUrl, openPage } from '../support/browser';
import { screenshot } from '../support/screenshots';
import { sessionCookie, uploadPublishedVideo } from '../support/videos';

/**
 * The owner's settings of a video (docs/videos.md): unlisted, private, scheduled, the
 * thumbnail and the subtitles, each seen by the people it is about.
 */
type Member = Awaited<ReturnType<typeof createVerifiedUser>>;
let owner: Member;
let friend: Member;
let stranger: Member;
let video: { id: string; slug: string };
const path = () => `/video/${video.slug}_${video.id}`;

beforeAll(async () => {
  [owner, friend, stranger] = await Promise.all([
    createVerifiedUser(),
    createVerifiedUser(),
    createVerifiedUser(),
  ]);
  video = await uploadPublishedVideo(await sessionCookie(owner.email, owner.password), {
    title: 'Owner settings tour',
    username: owner.username,
    seconds: 6,
  });
}, 240_000);

async function signedIn(member: Member | null) {
  const page = await openPage({ viewport: { width: 1280, height: 900 } });
  if (member) await signInThroughApi(page.context(), member.email, member.password);
  return page;
}

/** Ids on the first page of the newest videos, as every visitor's listings get them. */
async function listedIds(): Promise<string[]> {
  const response = await fetch(`${baseUrl()}/api/getmorevideos`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl() },
    body: JSON.stringify({ index: 0 }),
  });
  const body = (await response.json()) as { data: { _id: string }[] };
  return body.data.map((item) => item._id);
}

/** The video page's status for a visitor or a member, and whether its player is there. */
async function visit(member: Member | null): Promise<{ status: number; page: Page }> {
  const page = await signedIn(member);
  const response = await page.goto(path());
  return { status: response?.status() ?? 0, page };
}

/** The owner's page with the panel open and its settings loaded. */
async function ownerPanel(): Promise<Page> {
  const page = await signedIn(owner);
  await page.goto(path());
  await page.getByTestId('owner-panel').locator('summary').click();
  await page.getByTestId('video-settings').waitFor();
  return page;
}

async function saved(page: Page, text: string) {
  await expect
    .poll(() => page.getByTestId('settings-message').textContent(), { timeout: 15_000 })
    .toBe(text);
}

describe("a video's owner settings", () => {
  it('unlisted leaves the listings and opens by link; private refuses a stranger and lets the picked member in', async () => {
    expect(await listedIds()).toContain(video.id);
    const page = await ownerPanel();
    await page.locator('#visibility-unlisted').check();
    await page.getByRole('button', { name: 'Save visibility' }).click();
    await saved(page, 'Visibility saved');
    expect(await listedIds()).not.toContain(video.id);
    const byLink = await visit(null);
    expect(byLink.status).toBe(200);
    await byLink.page.getByText('Unlisted: only people with the link').waitFor();
    await byLink.page.close();

    await page.locator('#visibility-private').check();
    await page.getByLabel('People who may watch').fill(friend.username);
    await page.getByRole('button', { name: 'Save visibility' }).click();
    await saved(page, 'Visibility saved');
    await screenshot(page.getByTestId('visibility-settings'), 'video-visibility-1280.png');
    await page.close();

    const visitor = await visit(null);
    expect(visitor.status).toBe(401);
    await visitor.page.getByText('This video is not accessible anymore').waitFor();
    const refused = await visit(stranger);
    expect(refused.status).toBe(401);
    const picked = await visit(friend);
    expect(picked.status).toBe(200);
    await picked.page.getByText('Private: only its owner').waitFor();
    expect(await listedIds()).not.toContain(video.id);
    await Promise.all([visitor.page.close(), refused.page.close(), picked.page.close()]);
  });

  it('scheduled: refused until its time, then published by the job and listed', async () => {
    const page = await ownerPanel();
    await page.locator('#visibility-public').check();
    await page.getByTestId('schedule-toggle').check();
    // Twenty seconds from now, in the browser's own time as the field takes it: time enough,
    // on a loaded machine, to save and to be refused before it comes.
    const local = await page.evaluate(() => {
      const at = new Date(Date.now() + 20_000);
      return new Date(at.getTime() - at.getTimezoneOffset() * 60_000).toISOString().slice(0, 19);
    });
    await page.getByLabel('Publish at (your time)').fill(local);
    await page.getByRole('button', { name: 'Save visibility' }).click();
    await saved(page, 'Visibility saved');
    const early = await visit(stranger);
    expect(early.status).toBe(401);
    expect(await listedIds()).not.toContain(video.id);
    await early.page.close();

    // The publisher's job wakes at the time.
    await expect.poll(listedIds, { timeout: 60_000, interval: 1000 }).toContain(video.id);
    const later = await visit(stranger);
    expect(later.status).toBe(200);
    await later.page.close();
    await page.close();
  });

  it('picks a frame as the thumbnail, and shows an uploaded SRT caption at its time', async () => {
    const page = await ownerPanel();
    const poster = page.getByTestId('current-poster');
    const before = await poster.getAttribute('src');
    await page.getByTestId('thumbnail-frame').nth(2).click();
    await saved(page, 'Poster changed');
    await expect.poll(() => poster.getAttribute('src')).not.toBe(before);
    expect(await poster.getAttribute('src')).toMatch(/\/poster-[a-f0-9]+\.jpg$/);
    await expect
      .poll(() => poster.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true);
    await screenshot(page.getByTestId('thumbnail-settings'), 'video-thumbnail-1280.png');

    await page.getByLabel('Language code').fill('en');
    await page.getByLabel('Name').fill('English');
    await page.getByLabel('File (.vtt or .srt)').setInputFiles({
      name: 'captions.srt',
      mimeType: 'application/x-subrip',
      buffer: Buffer.from(
        '1\r\n00:00:00,200 --> 00:00:05,500\r\nHello from the <b>captions</b>\r\n\r\n',
      ),
    });
    await page.getByRole('button', { name: 'Add subtitles' }).click();
    await saved(page, 'Subtitles added');
    await page.getByRole('button', { name: 'Delete English' }).waitFor();
    await screenshot(page.getByTestId('subtitle-settings'), 'video-subtitles-1280.png');
    await page.close();

    // A visitor plays the video: the caption shows, as plain text.
    const viewer = await signedIn(null);
    await viewer.goto(path());
    const newPoster = await viewer.evaluate(() => document.documentElement.innerHTML);
    expect(newPoster).toMatch(/poster-[a-f0-9]+\.jpg/);
    await viewer
      .locator('.cutroom-player')
      .getByRole('button', { name: 'Play', exact: true })
      .first()
      .click();
    const caption = viewer.locator('.cr-subtitles');
    await expect
      .poll(() => caption.textContent(), { timeout: 20_000 })
      .toBe('Hello from the captions');
    await viewer.evaluate(() => document.querySelector('video')?.pause());
    await screenshot(viewer.locator('.cutroom-player'), 'video-captions-1280.png');
    await viewer.close();
  });
});
