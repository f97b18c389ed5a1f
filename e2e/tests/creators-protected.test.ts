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
    uploadPublishedVideo(cookie, { title: 'Locked tour', username: owner.username, seconds: 4 }),
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
    const member = await signedIn(viewer);
    await member.goto(`/video/${locked.slug}_${locked.id}`);
    await member.getByTestId('password-gate').waitFor();
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
    await member.close();

    // The embed asks for it too.
    const frame = await signedIn(viewer);
    await frame.goto(`/video/embed/${locked.id}`);
    await frame.getByTestId('password-gate').waitFor();
    expect(await givePassword(frame, PASSWORD)).toBe(200);
    await frame.locator('.cutroom-player').waitFor();
    await frame.close();
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
    expect((await fetch(`${baseUrl()}${before}`)).status).toBe(404);
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
