import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createVerifiedUser, signInThroughApi } from '../support/accounts';
import { baseUrl, openPage } from '../support/browser';
import { screenshot } from '../support/screenshots';
import { openVideoPage, sessionCookie, uploadPublishedVideo } from '../support/videos';

const REPEAT_UPVOTE = "You've already upvoted this";

async function signedInPage(user: { email: string; password: string }, width = 1280) {
  const page = await openPage({ viewport: { width, height: 900 } });
  await signInThroughApi(page.context(), user.email, user.password);
  return page;
}

const api = async (cookie: string, path: string, body: object) => {
  const response = await fetch(`${baseUrl()}${path}`, {
    method: 'POST',
    headers: { cookie, origin: baseUrl(), 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};

const textOf = async (page: Page, testId: string) =>
  (await page.getByTestId(testId).first().textContent())?.trim();

describe('people in the browser', () => {
  // The longest journey of one person pair (about 110 s alone): a stall's deadline, not 120 s.
  it('befriend, accept, subscribe, watch from /subscriptions, favorite, vote, playlist, play', async () => {
    const a = await createVerifiedUser();
    const b = await createVerifiedUser();
    const pageA = await signedInPage(a);
    const pageB = await signedInPage(b);
    const cookieB = await sessionCookie(b.email, b.password);

    // A asks B to be friends from B's profile.
    await pageA.goto(`/profile/${b.username}`);
    await pageA.getByTestId('friend-SendFriendRequest').click();
    await pageA.getByTestId('friend-CancelFriendRequest').waitFor();
    expect(await textOf(pageA, 'friendship-state')).toBe('Friend request sent');

    // B sees the request on the friends tab and accepts it.
    await pageB.goto(`/profile?tab=friends`);
    await pageB.waitForURL(`**/profile/${b.username}?tab=friends`);
    const requests = pageB.getByTestId('friend-requests');
    expect(await requests.textContent()).toContain(a.username);
    await requests.getByRole('button', { name: `Accept friend request: ${a.username}` }).click();
    await pageB.getByTestId('friends-list').getByText(a.username).waitFor();
    expect(await pageB.getByTestId('friend-requests').count()).toBe(0);

    // A now sees the friendship and subscribes.
    await pageA.reload();
    expect(await textOf(pageA, 'friendship-state')).toBe('Friends');
    await pageA.getByTestId('subscribe-button').click();
    await pageA.getByRole('button', { name: 'Subscribed' }).waitFor();
    expect(await textOf(pageA, 'subscriber-count')).toBe('1 subscriber');

    // B uploads two videos; processing publishes them.
    const [first, second] = await Promise.all([
      uploadPublishedVideo(cookieB, { title: 'Sunset cut', username: b.username }),
      uploadPublishedVideo(cookieB, { title: 'Night cut', username: b.username }),
    ]);

    // They appear on A's /subscriptions.
    await pageA.goto('/subscriptions');
    const grid = pageA.getByTestId('video-grid');
    await grid.getByRole('heading', { name: 'Sunset cut' }).waitFor();
    expect(await grid.textContent()).toContain('Night cut');

    // Favorite and vote on the video page; the second upvote is refused with the message.
    await grid.getByRole('heading', { name: 'Sunset cut' }).click();
    await pageA.waitForURL(`**/video/${first.slug}_${first.id}`);
    await pageA.getByTestId('favorite').click();
    await pageA.getByRole('button', { name: /Favorited/ }).waitFor();
    await pageA.getByTestId('upvote').click();
    await pageA.waitForFunction(
      () =>
        document.querySelector('[data-testid="video-ratio"]')?.textContent ===
        '100 % liked (1 vote)',
      undefined,
      { polling: 100 },
    );
    await pageA.getByTestId('upvote').click();
    const message = pageA.getByTestId('video-action-message');
    await pageA.waitForFunction(
      (text) =>
        document.querySelector('[data-testid="video-action-message"]')?.textContent === text,
      REPEAT_UPVOTE,
      { polling: 100 },
    );
    expect(await message.textContent()).toBe(REPEAT_UPVOTE);
    expect(await textOf(pageA, 'video-ratio')).toBe('100 % liked (1 vote)');
    // The message goes after 5 s.
    await pageA.waitForFunction(
      () => document.querySelector('[data-testid="video-action-message"]')?.textContent === '',
      undefined,
      { polling: 100, timeout: 8000 },
    );

    // Save it to a new playlist from the menu, then the second video too.
    await pageA.getByTestId('add-to-playlist').click();
    await pageA.getByTestId('new-playlist-name').fill('Road trip');
    await pageA.getByTestId('create-playlist').click();
    await pageA.getByTestId('playlist-menu').getByRole('checkbox', { checked: true }).waitFor();
    await pageA.goto(`/video/${second.slug}_${second.id}`);
    await pageA.getByTestId('add-to-playlist').click();
    await pageA.getByTestId('playlist-menu').getByLabel('Road trip').check();
    await pageA.getByTestId('playlist-menu-message').getByText('Added to Road trip').waitFor();

    // The playlist is on A's profile; its page lists both in order; keyboard reorder works.
    await pageA.goto('/profile?tab=playlists');
    await pageA.getByTestId('playlist-grid').getByText('Road trip').click();
    await pageA.getByTestId('playlist-page').waitFor();
    const titles = () =>
      pageA
        .getByTestId('playlist-item')
        .evaluateAll((items) =>
          items.map((item) => item.querySelector('.line-clamp-2')?.textContent),
        );
    expect(await titles()).toEqual(['Sunset cut', 'Night cut']);
    await pageA.getByTestId('playlist-item').first().focus();
    await pageA.keyboard.press('Alt+ArrowDown');
    await pageA.waitForFunction(
      () =>
        document.querySelector('[data-testid="playlist-item"] .line-clamp-2')?.textContent ===
        'Night cut',
      undefined,
      { polling: 100 },
    );
    await pageA.getByTestId('playlist-message').getByText('Order saved').waitFor();
    await pageA.reload();
    expect(await titles()).toEqual(['Night cut', 'Sunset cut']);
    // Dragging a row works too, and is kept.
    await pageA
      .getByTestId('playlist-item')
      .nth(1)
      .dragTo(pageA.getByTestId('playlist-item').first());
    await pageA.waitForFunction(
      () =>
        document.querySelector('[data-testid="playlist-item"] .line-clamp-2')?.textContent ===
        'Sunset cut',
      undefined,
      { polling: 100 },
    );
    await pageA.getByTestId('playlist-message').getByText('Order saved').waitFor();
    await pageA.reload();
    expect(await titles()).toEqual(['Sunset cut', 'Night cut']);
    await pageA.getByTestId('playlist-item').first().focus();
    await pageA.keyboard.press('Alt+ArrowDown');
    await pageA.waitForFunction(
      () =>
        document.querySelector('[data-testid="playlist-item"] .line-clamp-2')?.textContent ===
        'Night cut',
      undefined,
      { polling: 100 },
    );

    // Play it through: the first plays, and when it ends the next starts by itself.
    await pageA.getByTestId('play-all').click();
    await pageA.waitForURL('**/playlist/video/**');
    expect(await textOf(pageA, 'playlist-current-title')).toBe('Night cut');
    expect(await pageA.getByTestId('playlist-previous').getAttribute('aria-disabled')).toBe('true');
    await pageA.waitForSelector('video');
    await pageA.evaluate(async () => {
      const video = document.querySelector('video')!;
      video.muted = true;
      await video.play();
    });
    await pageA.waitForURL(/autoplay=1/, { timeout: 30_000 });
    await pageA.waitForFunction(
      () =>
        document.querySelector('[data-testid="playlist-current-title"]')?.textContent ===
        'Sunset cut',
      undefined,
      { polling: 100 },
    );
    await pageA.waitForFunction(
      () => {
        const video = document.querySelector('video');
        return Boolean(video && video.currentTime > 0.3);
      },
      undefined,
      { polling: 100, timeout: 20_000 },
    );
    expect(await pageA.getByTestId('playlist-next').getAttribute('aria-disabled')).toBe('true');

    // The favorite shows on A's profile.
    await pageA.goto(`/profile/${a.username}?tab=favorites`);
    await pageA.getByTestId('video-grid').getByRole('heading', { name: 'Sunset cut' }).waitFor();

    // B edits a video from its page on a phone: the site's message (docs/messages.md), the new URL,
    // no overflow.
    const phoneB = await signedInPage(b, 360);
    // Used once the page has hydrated, as the other journeys do: on a loaded machine the panel,
    // clicked as soon as it was drawn, was found closed again.
    await openVideoPage(phoneB, `/video/${second.slug}_${second.id}`);
    await phoneB.getByText('Manage this video').click();
    // A refusal shows beside the field it is about, as a sentence.
    await phoneB.getByTestId('edit-title').fill('   ');
    await phoneB.getByTestId('save-video').click();
    expect(await phoneB.locator('#edit-title-error').textContent()).toBe('A title is required');
    expect(await phoneB.getByTestId('edit-title').getAttribute('aria-invalid')).toBe('true');
    await phoneB.getByTestId('edit-title').fill('Night drive');
    // Labels are edited after upload too: a tag and a star added, listed on the page.
    const ownerPanel = phoneB.getByTestId('owner-panel');
    await ownerPanel.getByLabel('Tags').fill('night city');
    await ownerPanel.getByLabel('Tags').press('Enter');
    await ownerPanel.getByLabel('Stars').fill('Headlights');
    await ownerPanel.getByLabel('Stars').press('Enter');
    await phoneB.getByTestId('save-video').click();
    await phoneB.waitForURL(`**/video/night-drive_${second.id}`);
    await phoneB
      .getByTestId('owner-message')
      .getByText("You've successfully edited the video")
      .waitFor();
    await phoneB.getByRole('link', { name: 'night city' }).waitFor();
    await phoneB.getByRole('link', { name: 'Headlights' }).waitFor();
    expect(
      await phoneB.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      ),
    ).toBeLessThanOrEqual(0);
    await phoneB.context().close();

    // B's profile, filled in, at phone and desktop widths for the docs.
    await api(cookieB, '/api/v2/profileInput', {
      mode: 'UpdateProfile',
      description: 'I cut sunsets and night drives into short loops.',
      website: 'https://cutroom.example.org',
      twitter: 'cutroom_b',
      discord: 'cutter.b',
      bitcoin: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
    });
    for (const width of [390, 1280]) {
      const shot = await signedInPage(a, width);
      await shot.goto(`/profile/${b.username}`);
      await shot.getByTestId('video-grid').waitFor();
      expect(await textOf(shot, 'profile-username')).toBe(b.username);
      const overflow = await shot.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
      await screenshot(shot, `profile-${width}.png`, { fullPage: true });
      await shot.context().close();
    }
  }, 240_000);
});
