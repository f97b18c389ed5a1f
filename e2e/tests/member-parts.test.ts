import { describe, expect, it } from 'vitest';
import { createVerifiedUser, signInThroughApi } from '../support/accounts';
import { baseUrl, openPage } from '../support/browser';
import { screenshot } from '../support/screenshots';
import { sessionCookie, uploadPublishedVideo } from '../support/videos';

const api = async (cookie: string, path: string, body: object) => {
  const response = await fetch(`${baseUrl()}${path}`, {
    method: 'POST',
    headers: { cookie, origin: baseUrl(), 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(response.status, path).toBeLessThan(300);
};

const rawPage = async (path: string, cookie?: string) => {
  const response = await fetch(`${baseUrl()}${path}`, { headers: cookie ? { cookie } : {} });
  return { cache: response.headers.get('x-cache'), html: await response.text() };
};

describe("members' own parts of the shared page (docs/decisions/0024)", () => {
  it('two members and a visitor get the same video page, and each sees only their own parts', async () => {
    const owner = await createVerifiedUser();
    const fan = await createVerifiedUser();
    const ownerCookie = await sessionCookie(owner.email, owner.password);
    const fanCookie = await sessionCookie(fan.email, fan.password);
    const video = await uploadPublishedVideo(ownerCookie, {
      title: `Shared page ${Date.now().toString(36)}`,
      username: owner.username,
    });
    const path = `/video/${video.slug}_${video.id}`;
    // Kept before the fan acts: the shared page's counts are older than the fan's own.
    await rawPage(path);
    // The fan favorites and upvotes the video and subscribes to its owner.
    await api(fanCookie, '/api/v2/videoInput', { mode: 'favorite', _id: video.id, favorite: true });
    await api(fanCookie, '/api/v2/videoInput', { mode: 'Upvote', _id: video.id });
    await api(fanCookie, '/api/v2/profileInput', {
      mode: 'subscribe',
      username: owner.username,
      subscribe: true,
    });

    // The bytes are the same for all three: nothing member-private is in the shared page.
    // (Kept again right before, in case another file's upload dropped kept pages meanwhile.)
    await rawPage(path);
    const visitor = await rawPage(path);
    const asFan = await rawPage(path, fanCookie);
    const asOwner = await rawPage(path, ownerCookie);
    expect([visitor.cache, asFan.cache, asOwner.cache]).toEqual(['hit', 'shared', 'shared']);
    expect(asFan.html).toBe(visitor.html);
    expect(asOwner.html).toBe(visitor.html);
    expect(visitor.html).not.toContain(fan.username);
    expect(visitor.html).not.toContain('data-testid="owner-panel"');

    // In the browser each fills in their own parts.
    const fanPage = await openPage();
    await signInThroughApi(fanPage.context(), fan.email, fan.password);
    await fanPage.goto(path);
    const fanMenu = fanPage.getByTestId('account-menu');
    await expect.poll(async () => fanMenu.textContent()).toContain(fan.username);
    await expect
      .poll(async () => fanPage.getByTestId('favorite').getAttribute('aria-pressed'))
      .toBe('true');
    expect(await fanPage.getByTestId('upvote').getAttribute('aria-pressed')).toBe('true');
    // Counts never show fewer than the member's own vote and favorite, kept page or not.
    expect(await fanPage.getByTestId('upvote').textContent()).toMatch(/▲ 1/);
    expect(await fanPage.getByTestId('favorite').textContent()).toMatch(/Favorited\s*1/);
    expect(await fanPage.getByTestId('video-ratio').textContent()).toBe('100 % liked (1 vote)');
    expect(await fanPage.getByTestId('subscribe-button').textContent()).toBe('Subscribed');
    expect(await fanPage.getByTestId('owner-panel').count()).toBe(0);
    await screenshot(fanPage, 'member-parts-fan.png');

    const ownerPage = await openPage();
    await signInThroughApi(ownerPage.context(), owner.email, owner.password);
    await ownerPage.goto(path);
    await expect
      .poll(async () => ownerPage.getByTestId('account-menu').textContent())
      .toContain(owner.username);
    await ownerPage.getByTestId('owner-panel').waitFor();
    expect(await ownerPage.getByTestId('subscribe-button').count()).toBe(0);
    expect(await ownerPage.getByTestId('favorite').getAttribute('aria-pressed')).toBe('false');
    expect(await ownerPage.getByTestId('upvote').getAttribute('aria-pressed')).toBe('false');
    expect(await ownerPage.content()).not.toContain(fan.username);

    const visitorPage = await openPage();
    await visitorPage.goto(path);
    await visitorPage.getByRole('link', { name: 'Sign in' }).first().waitFor();
    await visitorPage.waitForLoadState('networkidle');
    expect(await visitorPage.getByTestId('account-menu').count()).toBe(0);
    expect(await visitorPage.getByTestId('owner-panel').count()).toBe(0);
    expect(await visitorPage.getByTestId('favorite').getAttribute('aria-pressed')).toBe('false');
    const html = await visitorPage.content();
    expect(html).not.toContain(fan.username);
  });
});
