import { describe, expect, it } from 'vitest';
import { createVerifiedUser, signInThroughApi } from '../support/accounts';
import { baseUrl, openPage } from '../support/browser';
import { createStaffAccount } from '../support/routes';
import { screenshot } from '../support/screenshots';
import { sessionCookie, uploadPublishedVideo } from '../support/videos';

/** Waits until `check` holds (a server's work done in the background), or fails naming it. */
async function eventually(check: () => Promise<boolean>, what: string, timeoutMs = 30_000) {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`Waited ${timeoutMs} ms for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

const DISABLED = 'This account has been disabled. Have you been a bad boy? Please contact support';

async function signedInPage(user: { email: string; password: string }, width = 1280) {
  const page = await openPage({ viewport: { width, height: 900 } });
  await signInThroughApi(page.context(), user.email, user.password);
  return page;
}

describe('moderation in the browser', () => {
  it('a member reports a video, staff delete it from the queue by key, the uploader is told, the log shows it', async () => {
    const uploader = await createVerifiedUser();
    const reporter = await createVerifiedUser();
    const staff = await createStaffAccount();
    const title = `Reported in e2e ${Date.now().toString(36)}`;
    const video = await uploadPublishedVideo(
      await sessionCookie(uploader.email, uploader.password),
      {
        title,
        username: uploader.username,
      },
    );

    // The member reports it from the video page.
    const member = await signedInPage(reporter);
    await member.goto(`/video/${video.slug}_${video.id}`);
    await member.getByTestId('report-video').click();
    const dialog = member.getByTestId('report-dialog');
    await dialog.waitFor();
    await dialog.getByLabel('Copyright infringement').check();
    await dialog.getByLabel('Details').fill('This is my footage, re-uploaded.');
    await dialog.getByTestId('report-submit').click();
    await member.getByText('Thank you. Staff will look at your report').waitFor();
    await member.keyboard.press('Escape');
    await member.goto('/reports');
    expect(await member.getByTestId('my-report-state').first().textContent()).toBe(
      'Waiting for staff',
    );

    // Staff see the marker on the video page, then work the queue with the keyboard.
    const moderator = await signedInPage(staff);
    await moderator.goto(`/video/${video.slug}_${video.id}`);
    await moderator.getByTestId('reported-marker').waitFor();
    await moderator.goto('/moderation/reports');
    const current = moderator.getByTestId('queue-current');
    await current.getByText(title).waitFor();
    await current.getByText('This is my footage, re-uploaded.').waitFor();
    await moderator.getByTestId('queue-legend').waitFor();
    await screenshot(moderator, 'moderation-queue.png', { fullPage: true });
    // Pick this video (others' reports may wait in the same queue), then d.
    await moderator.getByTestId('queue-item').filter({ hasText: title }).click();
    await moderator.getByTestId('queue-reason').fill('Re-upload of someone else’s video');
    await moderator.locator('body').click({ position: { x: 5, y: 5 } });
    const sent = moderator.waitForResponse(
      (response) =>
        response.url().endsWith('/api/v2/admin') &&
        (response.request().postData() ?? '').includes('DeleteReportVideo'),
      { timeout: 15_000 },
    );
    await moderator.keyboard.press('d');
    await moderator.getByTestId('queue-undo').waitFor();
    // The server holds the action for the undo window: it answers at once.
    expect((await sent).status()).toBe(202);
    // Closing the page at once loses nothing: the server carries the action out.
    await moderator.close();

    // The video is gone, the reporter sees the outcome, the uploader is told in the inbox.
    await eventually(
      async () => (await fetch(`${baseUrl()}/video/${video.slug}_${video.id}`)).status === 404,
      'the held deletion to be carried out',
    );
    await member.goto('/reports');
    expect(await member.getByTestId('my-report-state').first().textContent()).toBe(
      'Reviewed: acted on',
    );
    const owner = await signedInPage(uploader);
    await owner.goto('/inbox');
    await owner.getByText(`Your video "${title}" was removed`).waitFor();

    // The staff log shows it, filtered by the action.
    const staffAgain = await signedInPage(staff);
    await staffAgain.goto('/moderation/logs?action=delete_video');
    const entry = staffAgain.getByTestId('staff-log-entry').filter({ hasText: title });
    await entry.waitFor();
    expect(await entry.textContent()).toContain('Re-upload of someone else’s video');
    expect(await entry.textContent()).toContain(staff.username);
  });

  it('undoes the last action: the video comes back and the server never carries it out', async () => {
    const uploader = await createVerifiedUser();
    const reporter = await createVerifiedUser();
    const staff = await createStaffAccount();
    const title = `Undo in e2e ${Date.now().toString(36)}`;
    const video = await uploadPublishedVideo(
      await sessionCookie(uploader.email, uploader.password),
      {
        title,
        username: uploader.username,
      },
    );
    const report = await fetch(`${baseUrl()}/api/v2/reports`, {
      method: 'POST',
      headers: {
        cookie: await sessionCookie(reporter.email, reporter.password),
        origin: baseUrl(),
        'content-type': 'application/json',
      },
      body: JSON.stringify({
        mode: 'Report',
        targetKind: 'video',
        targetId: video.id,
        reason: 'spam',
      }),
    });
    expect(report.status).toBe(201);
    const moderator = await signedInPage(staff, 390);
    const adminAnswer = (mode: string) =>
      moderator.waitForResponse(
        (response) =>
          response.url().endsWith('/api/v2/admin') &&
          (response.request().postData() ?? '').includes(`"mode":"${mode}"`),
        { timeout: 15_000 },
      );
    await moderator.goto('/moderation/reports');
    await moderator.getByTestId('queue-item').filter({ hasText: title }).click();
    // The queue's player shows the video's length before its media loads (not "0:00 / 0:00").
    await expect
      .poll(() => moderator.getByTestId('queue-current').locator('.cr-time').textContent())
      .toBe('0:00 / 0:03');
    const held = adminAnswer('HoldAction');
    await moderator.getByTestId('queue-approve').click();
    expect((await held).status()).toBe(202);
    const undone = adminAnswer('UndoAction');
    await moderator.getByTestId('queue-undo').click();
    const undoAnswer = await undone;
    expect(undoAnswer.status()).toBe(200);
    // Undone on the server: the job finds nothing to carry out when the window has passed.
    expect(await undoAnswer.json()).toMatchObject({ data: { state: 'undone' } });
    await moderator.getByTestId('queue-item').filter({ hasText: title }).waitFor();
    await moderator.reload();
    await moderator.getByTestId('queue-item').filter({ hasText: title }).waitFor();
    const overflow = await moderator.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBe(0);
  });

  it("a disabled member's open session ends on its next request; sign-in tells them why", async () => {
    const target = await createVerifiedUser();
    const staff = await createStaffAccount();
    const member = await signedInPage(target);
    await member.goto('/inbox');
    await member.getByTestId('inbox-page').waitFor();

    const moderator = await signedInPage(staff);
    await moderator.goto(`/moderation/users?member=${encodeURIComponent(target.username)}`);
    await moderator.getByTestId('member-disable').click();
    await moderator.getByTestId('member-disable-reason').fill('Spam in messages');
    await moderator.getByTestId('member-disable-confirm').click();
    await moderator.getByTestId('member-enable').waitFor();
    expect(await moderator.getByTestId('member-state').textContent()).toContain(
      'Disabled: Spam in messages',
    );

    // The same browser, its next request: signed out.
    await member.reload();
    await member.getByTestId('sign-in-prompt').waitFor();
    const signIn = await fetch(`${baseUrl()}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: baseUrl() },
      body: JSON.stringify({ email: target.email, password: target.password }),
    });
    expect(signIn.status).toBe(403);
    // The site's sentence (docs/messages.md, "Sign-in") word for word, then the reason staff gave.
    expect(((await signIn.json()) as { message: string }).message).toBe(
      `${DISABLED}. Reason: Spam in messages`,
    );

    // Enabled again, they sign in.
    await moderator.getByTestId('member-enable').click();
    await moderator.getByTestId('member-enable-confirm').click();
    await moderator.getByTestId('member-disable').waitFor();
    await signInThroughApi(member.context(), target.email, target.password);
    await member.goto('/inbox');
    await member.getByTestId('inbox-page').waitFor();
  });
});
