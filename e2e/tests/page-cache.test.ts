import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createVerifiedUser } from '../support/accounts';
import { baseUrl, useSiteOfItsOwn } from '../support/browser';
import { sessionCookie, uploadPublishedVideo } from '../support/videos';

useSiteOfItsOwn();

/** A GET (or HEAD) as a visitor, or with the given session cookie. */
async function get(path: string, options: { cookie?: string; method?: string } = {}) {
  const response = await fetch(`${baseUrl()}${path}`, {
    method: options.method ?? 'GET',
    headers: options.cookie ? { cookie: options.cookie } : {},
    redirect: 'manual',
  });
  return {
    status: response.status,
    cache: response.headers.get('x-cache'),
    requestId: response.headers.get('x-request-id'),
    cacheControl: response.headers.get('cache-control'),
    html: await response.text(),
  };
}

describe('pages cached for visitors', () => {
  it("serves a visitor's second GET of / from the cache, with its own request id", async () => {
    await get('/');
    const second = await get('/');
    expect(second.status).toBe(200);
    expect(second.cache).toBe('hit');
    expect(second.requestId).toMatch(/^[\w-]{8,64}$/);
    expect(second.html).toContain('data-testid="page-outlet"');
    // The browser itself is still told not to keep the page.
    expect(second.cacheControl).toContain('no-store');
    const third = await get('/');
    expect(third.requestId).not.toBe(second.requestId);
  });

  it('answers HEAD from the cache', async () => {
    await get('/faq');
    const head = await get('/faq', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.cache).toBe('hit');
    expect(head.html).toBe('');
  });

  it('never caches a 404', async () => {
    for (const path of ['/category/cats', '/video/no-such-video_zzzzzzzz', '/playlist/zzzzzzzz']) {
      const first = await get(path);
      const second = await get(path);
      expect([first.status, second.status], path).toEqual([404, 404]);
      expect(second.cache, path).toBe('miss');
    }
  });

  it("serves a signed-in member the visitors' page, with nothing of theirs in it", async () => {
    const user = await createVerifiedUser();
    const cookie = await sessionCookie(user.email, user.password);
    await get('/');
    const visitors = await get('/');
    expect(visitors.cache).toBe('hit');
    for (let i = 0; i < 2; i++) {
      const page = await get('/', { cookie });
      expect(page.status).toBe(200);
      expect(page.cache).toBe('shared');
      expect(page.html).toBe(visitors.html);
      expect(page.html).not.toContain(user.username);
    }
    // Their own parts come from one call after the page.
    const parts = await fetch(`${baseUrl()}/api/member-parts`, {
      method: 'POST',
      headers: { cookie, origin: baseUrl(), 'content-type': 'application/json' },
      body: '{}',
    });
    expect(((await parts.json()) as { viewer: { username: string } }).viewer.username).toBe(
      user.username,
    );
    // Pages with something of the member's own are still rendered for them.
    for (const path of ['/discover', `/profile/${user.username}`, '/?subscriptions=true']) {
      const page = await get(path, { cookie });
      expect(page.cache, path).not.toBe('shared');
      expect(page.html, path).toContain(user.username);
    }
  });

  it('shows a newly published video to visitors at once, and hides it once unpublished', async () => {
    const user = await createVerifiedUser();
    const cookie = await sessionCookie(user.email, user.password);
    const title = `Cache check ${randomBytes(4).toString('hex')}`;
    await get('/');
    expect((await get('/')).cache).toBe('hit');

    const video = await uploadPublishedVideo(cookie, { title, username: user.username });
    // Far sooner than the cache lifetime (30 s): publishing drops the cached pages.
    await expect.poll(async () => (await get('/')).html, { timeout: 5000 }).toContain(title);
    const videoPath = `/video/${video.slug}_${video.id}`;
    expect((await get(videoPath)).status).toBe(200);
    expect((await get(videoPath)).cache).toBe('hit');

    const unpublished = await fetch(`${baseUrl()}/api/v2/videoInput`, {
      method: 'POST',
      headers: { cookie, origin: baseUrl(), 'content-type': 'application/json' },
      body: JSON.stringify({ mode: 'unpublish', _id: video.id }),
    });
    expect(unpublished.status).toBe(200);
    const dashboard = await get('/');
    expect(dashboard.status).toBe(200);
    expect(dashboard.html).not.toContain(title);
    const gone = await get(videoPath);
    expect(gone.status).toBe(401);
    expect(gone.html).not.toContain(title);
  });
});
