import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createVerifiedUser, signInThroughApi } from '../support/accounts';
import { openPage } from '../support/browser';
import { screenshot } from '../support/screenshots';
import { openVideoPage, sessionCookie, uploadPublishedVideo } from '../support/videos';

async function signedInPage(user: { email: string; password: string }, width = 1280) {
  const page = await openPage({ viewport: { width, height: 900 } });
  await signInThroughApi(page.context(), user.email, user.password);
  return page;
}

const comment = (page: Page, text: string) =>
  page.getByTestId('comment').filter({ hasText: text }).first();

// Read until it shows the expected count: the page's comment list, and its count, are drawn in
// the browser once the list has come, which under load is a moment after its answer.
const commentCount = async (page: Page) =>
  (await page.getByTestId('comment-count').textContent())?.trim();

describe('comments under a video', () => {
  it("B replies to A's comment: A's bell rises live and leads to the reply; B reports A's comment", async () => {
    const uploader = await createVerifiedUser();
    const a = await createVerifiedUser();
    const b = await createVerifiedUser();
    const video = await uploadPublishedVideo(
      await sessionCookie(uploader.email, uploader.password),
      { title: 'Conversation journey', username: uploader.username },
    );
    const path = `/video/${video.slug}_${video.id}`;

    // A comments, then stays on the page.
    const pageA = await signedInPage(a);
    await openVideoPage(pageA, path);
    await pageA.getByPlaceholder('Add a comment').fill('Who made the music?');
    await pageA.getByRole('button', { name: 'Comment', exact: true }).click();
    await comment(pageA, 'Who made the music?').waitFor();
    const bell = pageA.getByTestId('notification-bell');
    await bell.waitFor();
    const before = Number(await bell.getAttribute('data-count'));
    await pageA.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));

    // B replies in the page.
    const pageB = await signedInPage(b);
    await openVideoPage(pageB, path);
    await comment(pageB, 'Who made the music?').getByRole('button', { name: 'Reply' }).click();
    await pageB.getByPlaceholder(`Reply to ${a.username}`).fill('A friend of mine, credits below');
    await pageB.getByRole('button', { name: 'Reply', exact: true }).last().click();
    await comment(pageB, 'A friend of mine').waitFor();

    // A's bell rises without a reload, and its entry leads back to the video.
    await pageA.waitForFunction(
      (count) =>
        document.querySelector('[data-testid="notification-bell"]')?.getAttribute('data-count') ===
        String(count),
      before + 1,
      { polling: 100, timeout: 15_000 },
    );
    expect(await pageA.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(
      true,
    );
    await bell.click();
    await pageA.waitForURL('**/notifications');
    const entry = pageA.getByTestId('notification-entry').first();
    expect(await entry.textContent()).toContain(b.username);
    // It quotes what was said, and leads to the reply itself, marked.
    expect(await entry.textContent()).toContain('A friend of mine, credits below');
    await entry.click();
    await pageA.waitForURL((url) => url.pathname === path && url.hash.startsWith('#comment-'));
    const reply = comment(pageA, 'A friend of mine');
    await reply.waitFor();
    await expect.poll(() => reply.getAttribute('data-marked'), { timeout: 10_000 }).toBe('true');
    expect(`#${String(await reply.getAttribute('id'))}`).toBe(
      await pageA.evaluate(() => window.location.hash),
    );

    // B reports A's comment: a reason from the list, once; B's reports show it waiting.
    const onB = comment(pageB, 'Who made the music?');
    await onB.getByTestId('report-comment').click();
    const dialog = pageB.getByTestId('report-dialog');
    await dialog.waitFor();
    await dialog.getByRole('radio').first().check();
    await dialog.getByTestId('report-submit').click();
    await pageB.getByText('Thank you. Staff will look at your report').waitFor();
    await pageB.keyboard.press('Escape');
    expect(await onB.getByTestId('report-comment').textContent()).toBe('Reported');
    await pageB.goto('/reports');
    expect(await pageB.getByTestId('my-report-state').first().textContent()).toBe(
      'Waiting for staff',
    );
    await pageA.context().close();
    await pageB.context().close();
  });

  it('A comments, B replies, A edits; a timestamp seeks the player; B cannot edit A', async () => {
    const uploader = await createVerifiedUser();
    const a = await createVerifiedUser();
    const b = await createVerifiedUser();
    const video = await uploadPublishedVideo(
      await sessionCookie(uploader.email, uploader.password),
      { title: 'Comment journey', username: uploader.username, seconds: 6 },
    );
    const path = `/video/${video.slug}_${video.id}`;

    // A visitor reads the (empty) comments and is asked to sign in to write.
    const visitor = await openPage();
    await visitor.goto(path);
    await visitor.getByTestId('comments').waitFor();
    await expect.poll(() => commentCount(visitor)).toBe('(0)');
    const prompt = visitor.getByRole('link', { name: 'Sign in to comment' });
    // The page is the one every visitor is served; the way back is filled in once it runs.
    await expect
      .poll(() => prompt.getAttribute('href'))
      .toBe(`/login?next=${encodeURIComponent(path)}`);
    expect(await visitor.locator('[data-testid="comments"] textarea').count()).toBe(0);

    // A comments, with a link and a moment of the video.
    const pageA = await signedInPage(a);
    await openVideoPage(pageA, path);
    await pageA.getByPlaceholder('Add a comment').fill('');
    await pageA.getByRole('button', { name: 'Comment', exact: true }).click();
    await pageA.getByText('Write something first: a comment cannot be empty').waitFor();
    await pageA
      .getByPlaceholder('Add a comment')
      .fill('The best part starts at 0:04, more on https://example.org/notes');
    await pageA.getByRole('button', { name: 'Comment', exact: true }).click();
    await comment(pageA, 'The best part starts at').waitFor();
    await expect.poll(() => commentCount(pageA)).toBe('(1)');
    const link = comment(pageA, 'The best part').getByRole('link', {
      name: 'https://example.org/notes',
    });
    expect(await link.getAttribute('rel')).toBe('nofollow ugc noopener');
    expect(await link.getAttribute('href')).toBe('https://example.org/notes');

    // B sees it, has no Edit on it, and replies.
    const pageB = await signedInPage(b);
    await openVideoPage(pageB, path);
    const aOnB = comment(pageB, 'The best part starts at');
    await aOnB.waitFor();
    expect(await aOnB.getByRole('button', { name: 'Edit' }).count()).toBe(0);
    expect(await aOnB.getByRole('button', { name: 'Delete' }).count()).toBe(0);
    await aOnB.getByRole('button', { name: 'Reply' }).click();
    await pageB.getByPlaceholder(`Reply to ${a.username}`).fill('Agreed, the drop is great');
    await pageB.getByRole('button', { name: 'Reply', exact: true }).last().click();
    await comment(pageB, 'Agreed, the drop is great').waitFor();
    await expect.poll(() => commentCount(pageB)).toBe('(2)');

    // B cannot edit A's comment through the API either.
    const commentId = await aOnB.getAttribute('data-comment-id');
    const refused = await pageB.evaluate(async (id) => {
      const response = await fetch('/api/v2/comments', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ mode: 'Edit', commentId: id, text: 'Not yours' }),
      });
      return { status: response.status, body: await response.json() };
    }, commentId);
    expect(refused).toEqual({
      status: 403,
      body: { error: 'Only the author of a comment can edit it', httpStatusCode: 403 },
    });

    // A sees the reply, edits the comment and gets the edited marker, kept after a reload.
    await openVideoPage(pageA, path);
    await comment(pageA, 'Agreed, the drop is great').waitFor();
    const mine = comment(pageA, 'The best part starts at');
    expect(await mine.getByTestId('comment-edited').count()).toBe(0);
    await mine.getByRole('button', { name: 'Edit' }).click();
    const editor = pageA.getByPlaceholder('Edit your comment');
    await editor.fill('The best part starts at 0:04 (the drop), more on https://example.org/notes');
    await pageA.getByRole('button', { name: 'Save', exact: true }).click();
    await comment(pageA, '(the drop)').getByTestId('comment-edited').first().waitFor();
    await openVideoPage(pageA, path);
    const edited = comment(pageA, '(the drop)');
    expect(await edited.getByTestId('comment-edited').first().textContent()).toBe('(edited)');

    // The timestamp seeks the player to 0:04.
    const seek = edited.getByRole('button', { name: 'Play from 0:04' }).first();
    await seek.click();
    await pageA.waitForFunction(
      () => {
        const media = document.querySelector('video');
        return media !== null && media.currentTime >= 3.9;
      },
      undefined,
      { polling: 100, timeout: 20_000 },
    );
    await screenshot(pageA, 'comments-video-page.png', { fullPage: true });

    // On a phone the thread fits the width.
    const phone = await signedInPage(b, 320);
    await openVideoPage(phone, path);
    await comment(phone, 'Agreed').waitFor();
    const overflow = await phone.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(phone, 'comments-phone.png', { fullPage: true });

    for (const page of [visitor, pageA, pageB, phone]) await page.context().close();
  });

  it('B blocks A on the profile: A disappears from B’s comments and cannot message B', async () => {
    const a = await createVerifiedUser();
    const b = await createVerifiedUser();
    const video = await uploadPublishedVideo(await sessionCookie(a.email, a.password), {
      title: 'Block journey',
      username: a.username,
    });
    const path = `/video/${video.slug}_${video.id}`;
    const pageA = await signedInPage(a);
    await openVideoPage(pageA, path);
    await pageA.getByPlaceholder('Add a comment').fill('A comment by A');
    await pageA.getByRole('button', { name: 'Comment', exact: true }).click();
    await comment(pageA, 'A comment by A').waitFor();

    const pageB = await signedInPage(b);
    await openVideoPage(pageB, path);
    await comment(pageB, 'A comment by A').waitFor();
    await pageB.goto(`/profile/${a.username}`);
    await pageB.getByTestId('block-button').click();
    // Blocking asks first.
    await pageB.getByTestId('block-confirm').click();
    await pageB.getByText(`You blocked ${a.username}`).waitFor();
    expect(await pageB.getByTestId('block-button').getAttribute('aria-pressed')).toBe('true');

    await openVideoPage(pageB, path);
    await expect.poll(() => commentCount(pageB)).toBe('(0)');
    expect(await pageB.getByTestId('comment').count()).toBe(0);

    // A writes to B: a clear refusal, said before anything is written and again on sending
    // (two places: the text alone would match both once the answer is in).
    const refusal = `${b.username} doesn't accept messages from you.`;
    await pageA.goto(`/inbox/new?to=${b.username}`);
    await pageA.getByTestId('message-refused').filter({ hasText: refusal }).waitFor();
    await pageA.getByTestId('compose-subject').fill('Hello');
    await pageA.getByTestId('compose-message').fill('Are you there?');
    await pageA.getByTestId('compose-send').click();
    await pageA.getByTestId('compose-message-note').filter({ hasText: refusal }).waitFor();

    // B finds A in the settings' blocked list and unblocks; A's comment is back.
    await pageB.goto('/profile/settings');
    const blocked = pageB.getByTestId('blocked-members');
    await blocked.getByRole('link', { name: a.username }).waitFor();
    await screenshot(pageB, 'comments-settings-privacy.png', { fullPage: true });
    await blocked.getByRole('button', { name: `Unblock ${a.username}` }).click();
    await blocked.getByText(`You unblocked ${a.username}.`).waitFor();
    await openVideoPage(pageB, path);
    await comment(pageB, 'A comment by A').waitFor();
    for (const page of [pageA, pageB]) await page.context().close();
  });
});
