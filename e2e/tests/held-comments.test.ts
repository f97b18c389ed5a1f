import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedUser, signInThroughApi } from '../support/accounts';
import { baseUrl, openPage, useOwnSite } from '../support/browser';
import { SHARED_SITE_ENV, startSiteServer } from '../support/global-setup';
import { createStaffAccount } from '../support/routes';
import { screenshot } from '../support/screenshots';
import { sessionCookie, uploadPublishedVideo } from '../support/videos';

// A site that holds new accounts' comments for review (the shared one does not): the comment
// moderation page opens on the held ones while any wait (issue 30, item 18).
let stop: (() => Promise<void>) | undefined;

beforeAll(async () => {
  const { COMMENT_HOLD_NEW_ACCOUNT_HOURS: _, ...env } = SHARED_SITE_ENV;
  const site = await startSiteServer({ ...env, COMMENT_HOLD_NEW_ACCOUNT_HOURS: '24' });
  stop = site.stop;
  useOwnSite(site);
}, 180_000);
afterAll(async () => stop?.());

describe('comment moderation', () => {
  it('opens on the held comments while any wait, with their count', async () => {
    const staff = await createStaffAccount();
    const uploader = await createVerifiedUser();
    const newcomer = await createVerifiedUser();
    const video = await uploadPublishedVideo(
      await sessionCookie(uploader.email, uploader.password),
      { title: 'Held comment walk', username: uploader.username },
    );
    const page = await openPage({ viewport: { width: 1280, height: 900 } });
    await signInThroughApi(page.context(), staff.email, staff.password);
    // Nothing held yet: it opens on the published comments.
    await page.goto('/moderation/comment-moderation');
    expect(
      await page.locator('nav[aria-label="Comment states"] [aria-current="page"]').innerText(),
    ).toBe('Published');

    const created = await fetch(`${baseUrl()}/api/v2/comments`, {
      method: 'POST',
      headers: {
        cookie: await sessionCookie(newcomer.email, newcomer.password),
        origin: baseUrl(),
        'content-type': 'application/json',
      },
      body: JSON.stringify({ mode: 'Create', videoId: video.id, text: 'First words here' }),
    });
    expect(created.status).toBe(201);
    await page.goto('/moderation/comment-moderation');
    expect(
      await page.locator('nav[aria-label="Comment states"] [aria-current="page"]').innerText(),
    ).toBe('Held (1)');
    await page.getByText('First words here').waitFor();
    // The comment's video link opens its page.
    const href = await page.getByRole('link', { name: 'Held comment walk' }).getAttribute('href');
    expect(href).toBe(`/video/${video.slug}_${video.id}`);
    await screenshot(page, 'comment-moderation-held.png', { fullPage: true });
    await page.context().close();
  });
});
