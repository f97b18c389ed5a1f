import { describe, expect, it } from 'vitest';
import { createVerifiedUser, signInThroughApi } from '../support/accounts';
import { baseUrl, openPage } from '../support/browser';
import { createStaffAccount } from '../support/routes';
import { screenshot } from '../support/screenshots';
import { sessionCookie, uploadPublishedVideo, uploadVideo } from '../support/videos';

type Member = Awaited<ReturnType<typeof createVerifiedUser>>;

async function signedIn(member: Pick<Member, 'email' | 'password'>) {
  const page = await openPage({ viewport: { width: 1280, height: 900 } });
  await signInThroughApi(page.context(), member.email, member.password);
  return page;
}

/** The staff queue's held uploads, as the API answers them. */
async function heldIds(cookie: string): Promise<string[]> {
  const response = await fetch(`${baseUrl()}/api/v2/reuploads`, {
    method: 'POST',
    headers: { cookie, origin: baseUrl(), 'content-type': 'application/json' },
    body: JSON.stringify({ mode: 'LoadHeld' }),
  });
  const body = (await response.json()) as { data?: { video: { id: string } }[] };
  return (body.data ?? []).map((hold) => hold.video.id);
}

describe('re-uploads (docs/reuploads.md)', () => {
  it("holds another member's copy before publishing; the uploader disputes, staff publish it", async () => {
    const staff = await createStaffAccount();
    const [creator, copier] = await Promise.all([createVerifiedUser(), createVerifiedUser()]);
    const staffCookie = await sessionCookie(staff.email, staff.password);
    // The same pictures, uploaded by two members.
    const seed = Math.floor(Math.random() * 2 ** 31);
    const original = await uploadPublishedVideo(
      await sessionCookie(creator.email, creator.password),
      { title: 'Original life', username: creator.username, seconds: 4, seed },
    );
    const copy = await uploadVideo(await sessionCookie(copier.email, copier.password), {
      title: 'Copied life',
      seconds: 4,
      seed,
    });
    await expect
      .poll(() => heldIds(staffCookie), { timeout: 120_000, interval: 500 })
      .toContain(copy.id);
    // Held: nobody but its owner and staff opens it.
    expect((await fetch(`${baseUrl()}/video/${copy.slug}_${copy.id}`)).status).toBe(401);

    const uploader = await signedIn(copier);
    await uploader.goto(`/video/${copy.slug}_${copy.id}`);
    const panel = uploader.getByTestId('hold-panel');
    await panel.getByRole('link', { name: 'Original life' }).waitFor();
    expect(await panel.getByTestId('matched-stretches').innerText()).toMatch(
      /0:0\d–0:0\d of this upload is 0:0\d–0:0\d of “Original life”/,
    );
    await panel.getByLabel('Dispute: why is this not a copy?').fill('We filmed it together');
    await panel.getByRole('button', { name: 'Send to staff' }).click();
    await panel.getByText('Sent: staff read it when they decide.').waitFor();
    await screenshot(panel, 'reupload-held-owner-1280.png');
    await uploader.close();

    const desk = await signedIn(staff);
    await desk.goto('/moderation/reuploads');
    const item = desk.getByTestId('held-reupload').filter({ hasText: 'Copied life' });
    await item.getByTestId('hold-dispute').getByText('We filmed it together').waitFor();
    await item.getByTestId('hold-side-held').locator('.cutroom-player').waitFor();
    await item.getByTestId('hold-side-matched').getByText('Original life').waitFor();
    await screenshot(item, 'moderation-reuploads-1280.png');
    await item.getByTestId('hold-release').click();
    await item.getByTestId('hold-release-reason').fill('Filmed together: not a copy');
    await item.getByTestId('hold-release-confirm').click();
    await expect.poll(() => item.count(), { timeout: 15_000 }).toBe(0);
    await desk.goto('/moderation/logs');
    await desk
      .getByTestId('staff-log-entry')
      .filter({ hasText: 'Published a held re-upload' })
      .filter({ hasText: 'Copied life' })
      .first()
      .waitFor();
    await desk.close();

    // Published now: anyone opens it; its uploader heard the decision, the creator of the copy.
    expect((await fetch(`${baseUrl()}/video/${copy.slug}_${copy.id}`)).status).toBe(200);
    const told = await signedIn(copier);
    await told.goto('/notifications');
    await told.getByText('Staff decided on your held video “Copied life”').waitFor();
    await told.close();
    const owner = await signedIn(creator);
    await owner.goto('/notifications');
    await owner
      .getByText(`${copier.username} uploaded a video matching your “Original life”`)
      .first()
      .waitFor();
    await owner.close();
    expect(original.id).not.toBe(copy.id);
  }, 300_000);
});
