import { describe, expect, it } from 'vitest';
import { createVerifiedUser, signInThroughApi } from '../support/accounts';
import { baseUrl, openPage } from '../support/browser';
import { createStaffAccount } from '../support/routes';
import { screenshot } from '../support/screenshots';
import {
  sessionCookie,
  uploadPublishedVideo,
  uploadVideo,
  waitUntilPublished,
} from '../support/videos';

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

/** A call of `/api/v2/reuploads` or `/api/notifications` with a session's cookie. */
async function api(cookie: string, path: string, body: object) {
  const response = await fetch(`${baseUrl()}${path}`, {
    method: 'POST',
    headers: { cookie, origin: baseUrl(), 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

interface Notice {
  kind: string;
  targetTitle: string;
  targetPath: string;
  text: string;
  detail: string;
}
const noticesOf = async (cookie: string) =>
  ((await api(cookie, '/api/notifications', { mode: 'List' })).body.data as Notice[]) ?? [];

interface HeldAnswer {
  video: { id: string };
  matched: { id: string } | null;
  lineage: { video: { id: string }; decidedBy: string | null; reason: string | null }[];
}
const heldItem = async (cookie: string, id: string) =>
  ((await api(cookie, '/api/v2/reuploads', { mode: 'LoadHeld' })).body.data as HeldAnswer[]).find(
    (hold) => hold.video.id === id,
  );

describe('re-uploads (docs/reuploads.md)', () => {
  it("keeps the original the original: staff's decisions, the creator's own upload, a copy of a copy", async () => {
    const staff = await createStaffAccount();
    const [creator, copier, third] = await Promise.all([
      createVerifiedUser(),
      createVerifiedUser(),
      createVerifiedUser(),
    ]);
    const [staffCookie, creatorCookie, copierCookie, thirdCookie] = await Promise.all([
      sessionCookie(staff.email, staff.password),
      sessionCookie(creator.email, creator.password),
      sessionCookie(copier.email, copier.password),
      sessionCookie(third.email, third.password),
    ]);
    const seed = Math.floor(Math.random() * 2 ** 31);
    const original = await uploadPublishedVideo(creatorCookie, {
      title: 'Zorq original',
      username: creator.username,
      seconds: 4,
      seed,
    });
    const [letThrough, refused] = await Promise.all([
      uploadVideo(copierCookie, { title: 'Zorq copy t1', seconds: 4, seed }),
      uploadVideo(copierCookie, { title: 'Zorq copy t2', seconds: 4, seed }),
    ]);
    for (const copy of [letThrough, refused]) {
      await expect
        .poll(() => heldIds(staffCookie), { timeout: 120_000, interval: 500 })
        .toContain(copy.id);
    }
    const release = await api(staffCookie, '/api/v2/reuploads', {
      mode: 'Release',
      _id: letThrough.id,
      reason: 'Licensed from the creator',
    });
    expect(release.status).toBe(200);
    const reject = await api(staffCookie, '/api/v2/reuploads', {
      mode: 'Reject',
      _id: refused.id,
      reason: 'A plain copy',
    });
    expect(reject.status).toBe(200);

    // The creator uploads her work again: it matches only copies of it, so it is published.
    const again = await uploadVideo(creatorCookie, { title: 'Zorq again', seconds: 4, seed });
    await waitUntilPublished(creatorCookie, creator.username, again.id);
    // A third member copies it: held against the creator's original, the copy staff let
    // through shown in its lineage.
    const copyOfCopy = await uploadVideo(thirdCookie, {
      title: 'Zorq copy of a copy',
      seconds: 4,
      seed,
    });
    await expect
      .poll(() => heldIds(staffCookie), { timeout: 120_000, interval: 500 })
      .toContain(copyOfCopy.id);
    const item = await heldItem(staffCookie, copyOfCopy.id);
    expect(item?.matched?.id).toBe(original.id);
    expect(item?.lineage.map((copy) => [copy.video.id, copy.reason])).toEqual([
      [letThrough.id, 'Licensed from the creator'],
    ]);

    // Everyone told once, in words: the creator of each copy and each decision; the copier of
    // their own uploads only, never of the creator's or the third member's.
    const creatorNotices = await noticesOf(creatorCookie);
    for (const [copy, title, who] of [
      [letThrough, 'Zorq copy t1', copier.username],
      [refused, 'Zorq copy t2', copier.username],
      [copyOfCopy, 'Zorq copy of a copy', third.username],
    ] as const) {
      const about = creatorNotices.filter(
        (notice) => notice.kind === 'reupload_of_yours' && notice.targetTitle === title,
      );
      expect(about).toHaveLength(1);
      expect(about[0]).toMatchObject({
        text: `${who} uploaded “${title}”, a copy of your video: it is held for staff`,
        targetPath: `/reuploads/${copy.id}`,
      });
    }
    expect(
      creatorNotices
        .filter((notice) => notice.kind === 'reupload_copy_decided')
        .map((notice) => notice.detail)
        .sort(),
    ).toEqual([
      expect.stringMatching(/^Published: .*Licensed from the creator$/),
      expect.stringMatching(/^Refused: .*A plain copy$/),
    ]);
    const copierNotices = await noticesOf(copierCookie);
    expect(copierNotices.filter((notice) => notice.kind === 'reupload_of_yours')).toEqual([]);
    expect(
      copierNotices
        .filter((notice) => notice.kind === 'reupload_decided')
        .map((n) => n.targetTitle),
    ).toEqual(expect.arrayContaining(['Zorq copy t1', 'Zorq copy t2']));
    expect(
      (await noticesOf(staffCookie)).filter(
        (notice) =>
          notice.kind === 'reupload_waiting' && notice.targetTitle === 'Zorq copy of a copy',
      ),
    ).toHaveLength(1);

    // A visitor who reaches the held copy reads that it waits for review.
    const visitorAnswer = await fetch(`${baseUrl()}/video/${copyOfCopy.slug}_${copyOfCopy.id}`);
    expect(visitorAnswer.status).toBe(403);
    expect(await visitorAnswer.text()).toContain('held for review');

    // Staff see the lineage beside both players, started at the matched stretch.
    const desk = await signedIn(staff);
    await desk.goto('/moderation/reuploads');
    const card = desk.getByTestId('held-reupload').filter({ hasText: 'Zorq copy of a copy' });
    await card.getByTestId('hold-lineage').getByText('Zorq copy t1').waitFor();
    expect(await card.getByTestId('hold-lineage').innerText()).toContain(
      'Licensed from the creator',
    );
    await card.getByTestId('hold-side-matched').getByText('Zorq original').waitFor();
    expect(await card.getByTestId('hold-side-start').count()).toBe(2);
    await screenshot(card, 'moderation-reuploads-lineage-1280.png');
    await desk.close();

    // The creator follows her notice to the copy's hold page.
    const owner = await signedIn(creator);
    await owner.goto(`/reuploads/${copyOfCopy.id}`);
    await owner.getByTestId('hold-page').getByText('Zorq copy of a copy').first().waitFor();
    await owner.getByRole('link', { name: 'Zorq original' }).waitFor();
    await screenshot(owner.getByTestId('hold-page'), 'reupload-hold-page-1280.png');
    await owner.close();
  }, 400_000);

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
    // Held: nobody but its owner and staff opens it; a visitor reads that it waits for review.
    const visitorAnswer = await fetch(`${baseUrl()}/video/${copy.slug}_${copy.id}`);
    expect(visitorAnswer.status).toBe(403);
    expect(await visitorAnswer.text()).toContain('This video is held for review');

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
    // The decision stays on the video's page for its uploader after it is published.
    await told.goto(`/video/${copy.slug}_${copy.id}`);
    await told
      .getByTestId('hold-decision')
      .getByText('Staff published it after a review')
      .waitFor();
    await told.close();
    // The original's owner: one notice naming the copy, leading to its hold page, and the
    // decision with the reason.
    const owner = await signedIn(creator);
    await owner.goto('/notifications');
    const notice = owner.getByText(
      `${copier.username} uploaded “Copied life”, a copy of your video: it is held for staff`,
    );
    expect(await notice.count()).toBe(1);
    await owner.getByText('Staff decided on “Copied life”, a copy of your video').waitFor();
    await owner.getByText(/Published: .*Filmed together: not a copy/).waitFor();
    await notice.click();
    await owner.waitForURL(`**/reuploads/${copy.id}`);
    await owner
      .getByTestId('hold-page')
      .getByText(`by ${copier.username}`, { exact: false })
      .first()
      .waitFor();
    await owner
      .getByTestId('hold-decision')
      .getByText('Filmed together: not a copy', { exact: false })
      .waitFor();
    await owner.close();
    expect(original.id).not.toBe(copy.id);
  }, 300_000);
});
