import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { createVerifiedUser, signInThroughApi } from '../support/accounts';
import { openPage } from '../support/browser';
import { createStaffAccount } from '../support/routes';
import { screenshot } from '../support/screenshots';
import { sessionCookie, uploadPublishedVideo } from '../support/videos';

async function signedInPage(user: { email: string; password: string }) {
  const page = await openPage({ viewport: { width: 1280, height: 900 } });
  await signInThroughApi(page.context(), user.email, user.password);
  return page;
}

/** Presses j until the tagger's current video is this one (others may wait before it). */
async function goToVideo(page: Page, videoId: string) {
  const current = page.getByTestId('tagger-current');
  for (let step = 0; step < 40; step += 1) {
    if ((await current.getAttribute('data-video-id')) === videoId) return;
    await page.keyboard.press('j');
  }
  throw new Error(`video ${videoId} is not in the tagger queue`);
}

describe('the tagging programme in the browser', () => {
  it('a member applies, staff accept, the member tags a video by keyboard, staff revert the change', async () => {
    const member = await createVerifiedUser();
    const staff = await createStaffAccount();
    const uploader = await createVerifiedUser();
    const video = await uploadPublishedVideo(
      await sessionCookie(uploader.email, uploader.password),
      { title: `Tag me ${Date.now().toString(36)}`, username: uploader.username },
    );

    // The member applies.
    const page = await signedInPage(member);
    await page.goto('/tagging/apply');
    await page
      .getByTestId('apply-motivation')
      .fill('I know the music of most PMVs here and spell the artists right.');
    await page
      .getByTestId('apply-sample-tags')
      .fill('For a dance PMV: tags beat sync, split screen; music Daft Punk - One More Time');
    await page.getByTestId('apply-submit').click();
    await page.locator('[data-testid="tagging-application"][data-state="open"]').waitFor();
    // Until staff answer, the queue is closed to them and points the way.
    await page.goto('/tagger');
    await page.getByTestId('not-a-tagger').waitFor();

    // Staff accept it from the queue of applications.
    const moderator = await signedInPage(staff);
    await moderator.goto('/moderation/applications');
    const application = moderator.locator(
      `[data-testid="application"][data-username="${member.username}"]`,
    );
    await application.getByTestId('application-accept').click();
    await application.getByTestId('application-accept-reason').fill('Welcome aboard');
    await application.getByTestId('application-accept-confirm').click();
    await application.waitFor({ state: 'detached' });

    // The member is told under the bell and now opens the tagger queue.
    await page.goto('/tagging/apply');
    await page.waitForFunction(
      () =>
        Number(
          document.querySelector('[data-testid="notification-bell"]')?.getAttribute('data-count'),
        ) > 0,
      undefined,
      { polling: 100 },
    );
    await page.getByTestId('tagging-decision-reason').getByText('Welcome aboard').waitFor();
    await page.getByTestId('open-tagger').click();
    await page.waitForURL('**/tagger');

    // A label added from the keyboard alone: j to the video, t to the tag field, Enter.
    await page.getByTestId('tagger-legend').waitFor();
    await goToVideo(page, video.id);
    await page.keyboard.press('t');
    await page.keyboard.type('e2e tagged');
    await page.keyboard.press('Enter');
    await page.getByTestId('tagger-status').getByText('Added tag “e2e tagged”').waitFor();
    await page.keyboard.press('Escape');
    await screenshot(page, 'tagger.png');

    // Staff revert the change from the label change log; the label is gone.
    await moderator.goto(`/moderation/label-changes?video=${video.id}`);
    const change = moderator.getByTestId('label-change').filter({ hasText: 'e2e tagged' });
    await change.getByTestId('label-change-revert').click();
    await change.getByTestId('label-change-revert-confirm').click();
    await change.getByTestId('label-change-reverted').waitFor();
    await page.reload();
    await goToVideo(page, video.id);
    expect(await page.getByTestId('tagger-tag').textContent()).not.toContain('e2e tagged');
    await moderator.goto('/moderation/logs?action=revert_label_change');
    await moderator.getByText(`${member.username} added the tag “e2e tagged”`).waitFor();

    // The guide, for the screens.
    await page.goto('/tagging/guide');
    await screenshot(page, 'tagging-guide.png', { fullPage: true });
    await page.context().close();
    await moderator.context().close();
  });
});
