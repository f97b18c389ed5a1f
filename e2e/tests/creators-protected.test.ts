import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedUser, signInThroughApi } from '../support/accounts';
import { baseUrl, openPage } from '../support/browser';
import { createStaffAccount } from '../support/routes';
import { screenshot } from '../support/screenshots';
import { makeTinyMp4, openVideoPage, sessionCookie, uploadPublishedVideo } from '../support/videos';

/**
 * What protects a creator's videos (docs/videos.md): a password asked on the page and the
 * embed, the sites allowed to embed a video. Each test works on videos of its own.
 */
type Member = Awaited<ReturnType<typeof createVerifiedUser>>;
let owner: Member;
let viewer: Member;
let locked: { id: string; slug: string };
let embedded: { id: string; slug: string };
let framing: Server;
let framingPort: number;

const PASSWORD = 'e2e open sesame';

beforeAll(async () => {
  [owner, viewer] = await Promise.all([createVerifiedUser(), createVerifiedUser()]);
  const cookie = await sessionCookie(owner.email, owner.password);
  [locked, embedded] = await Promise.all([
    // Long enough to be still playing when its owner has saved a new password.
    uploadPublishedVideo(cookie, { title: 'Locked tour', username: owner.username, seconds: 20 }),
    uploadPublishedVideo(cookie, { title: 'Framed tour', username: owner.username, seconds: 5 }),
  ]);
  // Another site: a page framing the embed, reached as 127.0.0.1 and as localhost (two origins).
  framing = createServer((request, response) => {
    const id = new URL(request.url ?? '/', 'http://x').searchParams.get('v') ?? '';
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(
      `<!doctype html><title>Blog</title><iframe src="${baseUrl()}/video/embed/${id}" width="640" height="360" allow="autoplay"></iframe>`,
    );
  });
  await new Promise<void>((resolve) => framing.listen(0, '127.0.0.1', resolve));
  framingPort = (framing.address() as AddressInfo).port;
}, 240_000);

afterAll(async () => {
  if (framing) await new Promise((resolve) => framing.close(resolve));
});

async function signedIn(member: Member | null, width = 1280) {
  const page = await openPage({ viewport: { width, height: 900 } });
  if (member) await signInThroughApi(page.context(), member.email, member.password);
  return page;
}

/** The owner's page of a video with the panel open and its settings loaded. */
async function ownerPanel(video: { id: string; slug: string }): Promise<Page> {
  const page = await signedIn(owner);
  await page.goto(`/video/${video.slug}_${video.id}`);
  await page.getByTestId('owner-panel').locator('summary').click();
  await page.getByTestId('video-settings').waitFor();
  return page;
}

async function saved(page: Page, text: string) {
  await expect
    .poll(() => page.getByTestId('settings-message').textContent(), { timeout: 15_000 })
    .toBe(text);
}

/** Plays the player in a page or frame and waits until its video has moved. */
async function plays(where: Page | Frame) {
  await where
    .locator('.cutroom-player')
    .getByRole('button', { name: 'Play', exact: true })
    .first()
    .click();
  await expect
    .poll(() => where.evaluate(() => document.querySelector('video')?.currentTime ?? 0), {
      timeout: 30_000,
    })
    .toBeGreaterThan(0);
}

/** Gives a password in the page's gate and waits for the unlock's answer. */
async function givePassword(page: Page, password: string): Promise<number> {
  const gate = page.getByTestId('password-gate');
  await gate.getByPlaceholder('Password').fill(password);
  const [answer] = await Promise.all([
    // The answer to this password (a signed-in reader's page first asks without one).
    page.waitForResponse(
      (response) =>
        response.url().endsWith('/api/v2/videoSettings') &&
        (response.request().postData() ?? '').includes('"password"'),
    ),
    gate.getByRole('button', { name: 'Watch', exact: true }).click(),
  ]);
  return answer.status();
}

describe('a password-protected video', () => {
  it('asks its password, refuses after too many tries, plays for the right one, and serves its media only under the token', async () => {
    const panel = await ownerPanel(locked);
    await panel.locator('#visibility-password').check();
    await panel.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await panel.getByRole('button', { name: 'Save visibility' }).click();
    await saved(panel, 'Visibility saved');
    await panel.close();

    // A visitor (on a 320 px screen): the page names no media; five wrong tries, then even the
    // right one is refused.
    const visitor = await signedIn(null, 320);
    const response = await visitor.goto(`/video/${locked.slug}_${locked.id}`);
    expect(response?.status()).toBe(200);
    await visitor.getByTestId('password-gate').waitFor();
    expect(await visitor.content()).not.toContain(`/media/videos/${locked.id}/`);
    expect(await visitor.locator('.cutroom-player').count()).toBe(0);
    for (let attempt = 1; attempt <= 5; attempt++) {
      expect(await givePassword(visitor, `guess ${attempt}`)).toBe(403);
      await expect
        .poll(() => visitor.getByTestId('password-gate').getByRole('alert').textContent())
        .toBe('This is not the password of this video');
    }
    expect(await givePassword(visitor, PASSWORD)).toBe(429);
    await expect
      .poll(() => visitor.getByTestId('password-gate').getByRole('alert').textContent())
      .toMatch(/^Too many wrong tries/);
    expect(await visitor.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      320,
    );
    await screenshot(visitor.getByTestId('password-gate'), 'video-password-320.png');
    expect(await visitor.locator('.cutroom-player').count()).toBe(0);
    await visitor.close();

    // A member with the right password plays it; its files answer only under the token.
    // Nothing is asked of the server before the member types: no refused call on loading.
    const member = await signedIn(viewer);
    const refusals: string[] = [];
    member.on('response', (answer) => {
      if (answer.status() === 400) refusals.push(answer.url());
    });
    await member.goto(`/video/${locked.slug}_${locked.id}`);
    await member.getByTestId('password-gate').waitFor();
    await member.waitForLoadState('networkidle');
    expect(refusals).toEqual([]);
    expect(await givePassword(member, PASSWORD)).toBe(200);
    await member.locator('.cutroom-player').waitFor();
    await plays(member);
    const master = await member.evaluate(
      () =>
        performance
          .getEntriesByType('resource')
          .map((entry) => entry.name)
          .find((name) => name.includes('/media/k/') && name.endsWith('.m3u8')) ?? '',
    );
    expect(master).toMatch(new RegExp(`/media/k/[^/]+/videos/${locked.id}/`));
    expect((await fetch(master)).status).toBe(200);
    const bare = master.replace(/\/media\/k\/[^/]+\//, '/media/');
    const refused = await fetch(bare);
    expect(refused.status).toBe(403);
    expect(refused.headers.get('cache-control')).toBe('no-store');
    // The member's page stays open: its video's events, closed to it until the password was
    // given, opened then (below, the owner's new password reaches it).

    // The embed asks for it too.
    const frame = await signedIn(viewer);
    await frame.goto(`/video/embed/${locked.id}`);
    await frame.getByTestId('password-gate').waitFor();
    expect(await givePassword(frame, PASSWORD)).toBe(200);
    await frame.locator('.cutroom-player').waitFor();
    await frame.close();

    // Its owner changes the password on the open page: their player follows at once (the
    // media's new addresses) and keeps playing from where it was, with no press of play.
    const own = await ownerPanel(locked);
    await own.locator('.cutroom-player').waitFor();
    await plays(own);
    const masters = () =>
      own.evaluate(() =>
        performance
          .getEntriesByType('resource')
          .map((entry) => entry.name)
          .filter((name) => name.includes('/media/k/') && name.endsWith('.m3u8')),
      );
    const first = (await masters())[0];
    expect(first).toBeDefined();
    // Past its second second, then the player is watched every 25 ms through the change.
    await expect
      .poll(() => own.evaluate(() => document.querySelector('video')?.currentTime ?? 0), {
        timeout: 30_000,
      })
      .toBeGreaterThan(2);
    await own.getByLabel(/New password/).fill(`${PASSWORD}-new`);
    const before = await own.evaluate(() => {
      const old = document.querySelector('video')!;
      const samples: { isOld: boolean; time: number; isPlaying: boolean }[] = [];
      (window as unknown as { samples: typeof samples }).samples = samples;
      setInterval(() => {
        const video = document.querySelector('video');
        if (!video) return;
        samples.push({
          isOld: video === old,
          time: video.currentTime,
          isPlaying: !video.paused,
        });
      }, 25);
      return { time: old.currentTime, isPlaying: !old.paused };
    });
    expect(before.isPlaying).toBe(true);
    await own.getByRole('button', { name: 'Save visibility' }).click();
    await saved(own, 'Visibility saved');
    await expect
      .poll(async () => (await masters()).some((name) => name !== first), { timeout: 30_000 })
      .toBe(true);
    type Sample = { isOld: boolean; time: number; isPlaying: boolean };
    const samples = () =>
      own.evaluate(() => (window as unknown as { samples: Sample[] }).samples.slice());
    // The new player plays on by itself from where the old one was (not from the start).
    const moving = (list: Sample[]) => list.filter((s) => !s.isOld && s.isPlaying && s.time > 0);
    await expect
      .poll(async () => moving(await samples()).length, { timeout: 30_000 })
      .toBeGreaterThan(4);
    const list = await samples();
    const resumed = moving(list)[0]!;
    expect(resumed.time).toBeGreaterThanOrEqual(before.time);
    await own.close();
    // The member who gave the old password is asked for the new one on the open page.
    await member.getByTestId('password-gate').waitFor({ timeout: 30_000 });
    expect(await member.locator('.cutroom-player').count()).toBe(0);
    await member.close();
  });
});

describe('the sites that may embed a video', () => {
  it('plays in a frame of a listed site and shows a notice in a frame of another', async () => {
    const panel = await ownerPanel(embedded);
    await panel
      .getByLabel(/Sites that may embed this video/)
      .fill(`http://127.0.0.1:${framingPort}`);
    await panel.getByRole('button', { name: 'Save embedding' }).click();
    await saved(panel, 'Embedding saved');
    await panel.close();

    const listed = await signedIn(null);
    await listed.goto(`http://127.0.0.1:${framingPort}/?v=${embedded.id}`);
    const allowedFrame = listed.frameLocator('iframe');
    await allowedFrame.locator('.cutroom-player').waitFor();
    const frame = listed.frames().find((one) => one.url().includes('/video/embed/'))!;
    await plays(frame);
    await listed.close();

    const other = await signedIn(null);
    await other.goto(`http://localhost:${framingPort}/?v=${embedded.id}`);
    const refusedFrame = other.frameLocator('iframe');
    await refusedFrame.getByTestId('embed-refused').waitFor();
    expect(await refusedFrame.getByTestId('embed-refused').textContent()).toContain(
      'This video cannot be played on this site',
    );
    expect(await refusedFrame.locator('.cutroom-player').count()).toBe(0);
    await screenshot(other, 'video-embed-refused-1280.png');
    await other.close();
  });
});

describe("replacing a video's file", () => {
  it('puts the new file in place of the old with the page and its comments kept', async () => {
    const path = `/video/${embedded.slug}_${embedded.id}`;
    const comment = `Kept through the new file ${Date.now().toString(36)}`;
    const created = await fetch(`${baseUrl()}/api/v2/comments`, {
      method: 'POST',
      headers: {
        cookie: await sessionCookie(viewer.email, viewer.password),
        origin: baseUrl(),
        'content-type': 'application/json',
      },
      body: JSON.stringify({ mode: 'Create', videoId: embedded.id, text: comment }),
    });
    expect(created.status).toBe(201);
    const masterOf = async () => {
      const html = await (await fetch(`${baseUrl()}${path}`)).text();
      return new RegExp(`/media/videos/${embedded.id}/v[a-z0-9]+/[\\w/.-]*?\\.m3u8`).exec(
        html,
      )?.[0];
    };
    const before = await masterOf();
    expect(before).toBeDefined();
    /** A visitor's page of the video, and the playlists it asked for; playing round if asked. */
    const visitorPage = async (isPlaying: boolean) => {
      const page = await signedIn(null);
      const asked: string[] = [];
      page.on('request', (request) => {
        if (request.url().endsWith('.m3u8')) asked.push(new URL(request.url()).pathname);
      });
      await page.goto(path);
      if (isPlaying) {
        await plays(page);
        await page.evaluate(() => {
          document.querySelector('video')!.loop = true;
        });
      }
      return { page, asked };
    };
    // A visitor's page open before the new file: it follows the replacement.
    const { page: open, asked } = await visitorPage(false);
    await expect.poll(() => asked.includes(before!), { timeout: 30_000 }).toBe(true);
    // A visitor watching it as the new file arrives: told, not cut off. The 5 s video goes
    // round while the new file is processed.
    const { page: watching, asked: watchingAsked } = await visitorPage(true);
    // Another, who will pause once told: the new file is loaded then, without being asked.
    const { page: pausing, asked: pausingAsked } = await visitorPage(true);

    const panel = await ownerPanel(embedded);
    await panel.getByLabel('New file (a video)').setInputFiles({
      name: 'new-cut.mp4',
      mimeType: 'video/mp4',
      buffer: await makeTinyMp4(6, 480),
    });
    await saved(panel, 'New file received: it plays here once processed');
    await screenshot(panel.getByTestId('replace-settings'), 'video-replace-1280.png');
    await panel.close();

    // The old file plays until the new one is processed; then the page names the new one.
    await expect.poll(masterOf, { timeout: 120_000, interval: 1000 }).not.toBe(before);
    // The old files stay a while for the pages playing them (OLD_MEDIA_GRACE_SECONDS).
    expect((await fetch(`${baseUrl()}${before}`)).status).toBe(200);
    // The open page loaded the new file without a reload, and plays it.
    const after = await masterOf();
    await expect.poll(() => asked.includes(after!), { timeout: 30_000 }).toBe(true);
    await plays(open);
    await open.close();
    // The one watching is told, and plays on in the old file until asked.
    const banner = watching.getByTestId('new-version');
    await banner.waitFor({ timeout: 30_000 });
    expect(await banner.textContent()).toBe('A new version of this video is ready: play it');
    expect(watchingAsked).not.toContain(after);
    expect(
      await watching.evaluate(() => !document.querySelector<HTMLVideoElement>('video')!.paused),
    ).toBe(true);
    await screenshot(banner, 'video-new-version-1280.png');
    await watching.evaluate(() => {
      document.querySelector('video')!.dataset.old = '';
    });
    await banner.getByRole('button', { name: 'play it' }).click();
    await expect.poll(() => watchingAsked.includes(after!), { timeout: 30_000 }).toBe(true);
    expect(await banner.count()).toBe(0);
    // A new player plays the new file at once, with no press of play.
    await expect
      .poll(
        () =>
          watching.evaluate(() => {
            const video = document.querySelector<HTMLVideoElement>('video');
            return video?.dataset.old === undefined && (video?.played.length ?? 0) > 0;
          }),
        { timeout: 30_000 },
      )
      .toBe(true);
    await watching.close();
    // The one who pauses the old file once told gets the new one there and then.
    await pausing.getByTestId('new-version').waitFor({ timeout: 30_000 });
    expect(pausingAsked).not.toContain(after);
    await pausing.evaluate(() => document.querySelector('video')!.pause());
    await expect.poll(() => pausingAsked.includes(after!), { timeout: 30_000 }).toBe(true);
    expect(await pausing.getByTestId('new-version').count()).toBe(0);
    await pausing.close();
    const page = await signedIn(null);
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    await page.getByText(comment).waitFor();
    await page.getByText('480p').first().waitFor();
    await plays(page);
    await page.close();
  });
});

describe('watched words', () => {
  it("a staff list's word, written as a variant, holds a comment for review", async () => {
    const staff = await createStaffAccount();
    const staffPage = await openPage({ viewport: { width: 1280, height: 900 } });
    await signInThroughApi(staffPage.context(), staff.email, staff.password);
    await staffPage.goto('/moderation/watched-words');
    // A word of this test's own: the shared server's other comments never use it.
    const word = `glorbnak${Date.now().toString(36).replace(/[0-9]/g, '')}`;
    const form = staffPage.getByTestId('watched-word-list').last();
    await form.getByLabel('Name').fill('E2E review');
    await form.getByLabel('Hold it for review').check();
    await form.getByLabel(/Words and phrases/).fill(word);
    await form.getByRole('button', { name: 'Add list' }).click();
    const kept = staffPage.getByTestId('watched-word-list').filter({ hasText: 'Delete list' });
    await kept.first().waitFor();
    await screenshot(staffPage, 'moderation-watched-words-1280.png');

    // A member writes it spaced, in capitals with an accent and a letter repeated.
    const variant = word.toUpperCase().replace('O', 'ÓÓ').split('').join(' ');
    const text = `Have you heard of ${variant}?`;
    const member = await signedIn(viewer);
    await openVideoPage(member, `/video/${embedded.slug}_${embedded.id}`);
    await member.getByPlaceholder('Add a comment').fill(text);
    await member.getByRole('button', { name: 'Comment', exact: true }).click();
    const mine = member.getByTestId('comment').filter({ hasText: text }).first();
    await mine.getByTestId('comment-held').waitFor();
    await member.close();

    // The member's own list, on a 320 px screen.
    const own = await signedIn(viewer, 320);
    await own.goto('/watched-words');
    await own.getByTestId('watched-word-list').waitFor();
    expect(await own.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    await screenshot(own, 'my-watched-words-320.png');
    await own.close();

    // Staff find it among the held comments; the list's save is in the staff log.
    await staffPage.goto('/moderation/comments');
    await staffPage.getByText(text).waitFor();
    await staffPage.goto('/moderation/logs');
    await staffPage
      .getByTestId('staff-log')
      .getByText('Saved a list of watched words')
      .first()
      .waitFor();

    // The list goes, so the shared server's other tests never meet it.
    await staffPage.goto('/moderation/watched-words');
    staffPage.once('dialog', (dialog) => void dialog.accept());
    const lists = staffPage.getByTestId('watched-word-list');
    const ourIndex = async () => {
      for (let index = 0; index < (await lists.count()); index++) {
        if ((await lists.nth(index).locator('textarea').inputValue()) === word) return index;
      }
      return -1;
    };
    const index = await ourIndex();
    expect(index).toBeGreaterThanOrEqual(0);
    await lists.nth(index).getByRole('button', { name: 'Delete list' }).click();
    await expect.poll(ourIndex).toBe(-1);
    await staffPage.close();
  });
});
