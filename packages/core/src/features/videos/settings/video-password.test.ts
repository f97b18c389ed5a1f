import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { dispatch } from '../../../kernel/dispatch';
import { listVideos } from '../../discovery/browse/browse.service';
import { videoPasswords, videos } from '../../../platform/db/schema';
import { JobQueue } from '../../../platform/jobs/job-queue';
import { LocalStorage } from '../../../platform/storage/local-storage';
import { createUser } from '../../../../test-support/factories';
import { createTestContext } from '../../../../test-support/test-context';
import { createTestDatabase } from '../../../../test-support/test-db';
import { createVideo } from '../../../../test-support/video-factory';
import { InProcessEvents } from '../../../platform/events/processing-events';
import { videoSettingsEndpoint } from './video-settings.endpoints';
import {
  unlockVideo,
  VIDEO_PASSWORD_ADDRESS_TRIES,
  VIDEO_PASSWORD_MESSAGES,
  VIDEO_PASSWORD_TRIES,
} from './video-password.service';
import { checkMediaGrant, loadMediaState } from '../../../access/media-grants';
import { publishScheduledJob } from './visibility.service';

const handle = await createTestDatabase();
const { db } = handle;
const root = mkdtempSync(join(tmpdir(), 'cutroom-video-password-'));
const storage = new LocalStorage({ root, publicBaseUrl: '/media' });
const queue = await JobQueue.start(handle, [publishScheduledJob]);
const media = {
  storage,
  queue,
  events: new InProcessEvents(),
  uploads: { find: async () => null, remove: async () => {} },
};
afterAll(async () => {
  await queue.stop({ graceful: false });
  rmSync(root, { recursive: true, force: true });
});

const SECRET = 'test-secret-of-the-site';
type Actor = Awaited<ReturnType<typeof createUser>>['actor'];
const call = (actor: Actor | null, body: object) =>
  dispatch(videoSettingsEndpoint, body, { ...createTestContext(db, { actor }), media });

/** A video with its media in place, as processing leaves it. */
async function playableVideo(ownerId: string) {
  const video = await createVideo(db, { ownerId });
  const prefix = `videos/${video.id}/vabc123/`;
  await db
    .update(videos)
    .set({
      mediaPrefix: prefix,
      masterPlaylistKey: `${prefix}master.m3u8`,
      posterKey: `${prefix}poster.jpg`,
      spritesVttKey: `${prefix}sprites.vtt`,
    })
    .where(eq(videos.id, video.id));
  return video;
}

const unlock = (
  videoId: string,
  password: string | undefined,
  viewerKey: string,
  actor: Actor | null = null,
  more: { unlock?: string; addressKey?: string } = {},
) =>
  unlockVideo(
    { db, actor, now: () => new Date() },
    { videoId, password, viewerKey, secret: SECRET, ...more },
  );

/** Whether a media grant opens the video's files now (the media route's check). */
async function grantWorks(videoId: string, grant: string, at = new Date(), secret = SECRET) {
  const state = await loadMediaState(db, videoId);
  return state !== null && checkMediaGrant(secret, state, grant, at) !== null;
}

describe('password-protected videos', () => {
  it('asks a password to set it, keeps it hashed, never answers it, and lists the video nowhere', async () => {
    const owner = await createUser(db);
    const video = await playableVideo(owner.user.id);

    const missing = await call(owner.actor, {
      mode: 'SetVisibility',
      _id: video.id,
      visibility: 'password',
    });
    expect(missing.status).toBe(400);
    expect(missing.body.error).toBe(VIDEO_PASSWORD_MESSAGES.missingForVisibility);
    const short = await call(owner.actor, {
      mode: 'SetVisibility',
      _id: video.id,
      visibility: 'password',
      password: 'abc',
    });
    expect(short.status).toBe(400);
    expect(short.body.error).toMatch(/^password: /);
    expect((await db.select().from(videos).where(eq(videos.id, video.id)))[0]!.visibility).toBe(
      'public',
    );

    const set = await call(owner.actor, {
      mode: 'SetVisibility',
      _id: video.id,
      visibility: 'password',
      password: 'open sesame',
    });
    expect(set.status).toBe(200);
    expect(set.body.video).toMatchObject({
      visibility: 'password',
      status: 'hidden',
      hasPassword: true,
    });
    expect(JSON.stringify(set.body)).not.toContain('open sesame');
    const [kept] = await db
      .select()
      .from(videoPasswords)
      .where(eq(videoPasswords.videoId, video.id));
    expect(kept!.hash).not.toContain('open sesame');
    const visitor = { db, actor: null, now: () => new Date() };
    expect((await listVideos(visitor, { pageSize: 500 })).data.map((v) => v.id)).not.toContain(
      video.id,
    );
    // The owner's settings name its poster under a token: the media route serves it no other way.
    const settings = await dispatch(
      videoSettingsEndpoint,
      { mode: 'get', _id: video.id },
      {
        ...createTestContext(db, { actor: owner.actor }),
        media,
        accounts: { settings: { secret: SECRET } } as never,
      },
    );
    const posterUrl = String((settings.body.video as { posterUrl: string }).posterUrl);
    const posterToken = /^\/media\/k\/([^/]+)\/videos\//.exec(posterUrl)?.[1] ?? '';
    expect(await grantWorks(video.id, posterToken)).toBe(true);

    // Saving again without a password keeps it; another visibility forgets it.
    const again = await call(owner.actor, {
      mode: 'SetVisibility',
      _id: video.id,
      visibility: 'password',
    });
    expect(again.status).toBe(200);
    expect((await unlock(video.id, 'open sesame', 'v:first')).posterUrl).toMatch(/^\/media\/k\//);
    await call(owner.actor, { mode: 'SetVisibility', _id: video.id, visibility: 'unlisted' });
    expect(
      await db.select().from(videoPasswords).where(eq(videoPasswords.videoId, video.id)),
    ).toEqual([]);
    expect(await grantWorks(video.id, posterToken)).toBe(false);
  });

  it('opens with the right password under a token, refuses a wrong one, and stops after too many tries', async () => {
    const owner = await createUser(db);
    const video = await playableVideo(owner.user.id);
    await call(owner.actor, {
      mode: 'SetVisibility',
      _id: video.id,
      visibility: 'password',
      password: 'correct horse',
    });

    await expect(unlock(video.id, undefined, 'v:guest')).rejects.toMatchObject({
      kind: 'invalid',
      message: VIDEO_PASSWORD_MESSAGES.required,
    });
    const opened = await unlock(video.id, 'correct horse', 'v:guest');
    const token = /^\/media\/k\/([^/]+)\//.exec(opened.masterPlaylistUrl)![1]!;
    expect(opened.masterPlaylistUrl).toBe(
      `/media/k/${token}/videos/${video.id}/vabc123/master.m3u8`,
    );
    expect(await grantWorks(video.id, token)).toBe(true);
    const other = await playableVideo(owner.user.id);
    expect(await grantWorks(other.id, token)).toBe(false);
    expect(await grantWorks(video.id, token, new Date(), 'another-secret')).toBe(false);
    expect(await grantWorks(video.id, token, new Date(Date.now() + 7 * 3600 * 1000))).toBe(false);

    // Wrong tries count; past the limit even the right password is refused to that viewer.
    const viewer = 'v:guesser';
    for (let attempt = 1; attempt <= VIDEO_PASSWORD_TRIES.max; attempt++) {
      await expect(unlock(video.id, `guess ${attempt}`, viewer)).rejects.toMatchObject({
        kind: 'forbidden',
        message: VIDEO_PASSWORD_MESSAGES.wrong,
      });
    }
    await expect(unlock(video.id, 'correct horse', viewer)).rejects.toMatchObject({
      kind: 'rate_limited',
      message: VIDEO_PASSWORD_MESSAGES.tooManyTries,
    });
    // Another viewer still has their tries.
    expect((await unlock(video.id, 'correct horse', 'v:other')).posterUrl).toContain('/media/k/');

    // The owner and staff need no password; a new password ends the old tokens.
    const moderator = await createUser(db, { role: 'moderator' });
    await expect(
      unlock(video.id, undefined, `u:${owner.user.id}`, owner.actor),
    ).resolves.toBeTruthy();
    await expect(
      unlock(video.id, undefined, `u:${moderator.user.id}`, moderator.actor),
    ).resolves.toBeTruthy();
    await call(owner.actor, {
      mode: 'SetVisibility',
      _id: video.id,
      visibility: 'password',
      password: 'battery staple',
    });
    expect(await grantWorks(video.id, token)).toBe(false);
  });

  it('never counts a right answer, keeps the browser session unlocked until the password changes, and lets one visitor lock out no other', async () => {
    const owner = await createUser(db);
    const video = await playableVideo(owner.user.id);
    await call(owner.actor, {
      mode: 'SetVisibility',
      _id: video.id,
      visibility: 'password',
      password: 'right one',
    });
    // Right answers, as many as a viewer gives, never use up their tries.
    for (let attempt = 0; attempt <= VIDEO_PASSWORD_TRIES.max; attempt++) {
      await unlock(video.id, 'right one', 'v:reloader');
    }
    for (let attempt = 1; attempt < VIDEO_PASSWORD_TRIES.max; attempt++) {
      await expect(unlock(video.id, 'wrong', 'v:reloader')).rejects.toMatchObject({
        kind: 'forbidden',
      });
    }
    const opened = await unlock(video.id, 'right one', 'v:reloader');

    // The unlock kept for the session opens it again (a reload, a new tab) without a try.
    const again = await unlock(video.id, undefined, 'v:another-tab', null, {
      unlock: opened.unlock,
    });
    expect(await grantWorks(video.id, /^\/media\/k\/([^/]+)\//.exec(again.posterUrl)![1]!)).toBe(
      true,
    );
    await call(owner.actor, {
      mode: 'SetVisibility',
      _id: video.id,
      visibility: 'password',
      password: 'new words',
    });
    await expect(
      unlock(video.id, undefined, 'v:another-tab', null, { unlock: opened.unlock }),
    ).rejects.toMatchObject({ kind: 'invalid', message: VIDEO_PASSWORD_MESSAGES.unlockEnded });

    // Visitors behind one address: one browser's wrong tries are its own; together they stop
    // at the address's number, and only then is the others' right answer refused.
    const address = 'a:shared';
    for (let attempt = 1; attempt <= VIDEO_PASSWORD_TRIES.max; attempt++) {
      await expect(
        unlock(video.id, 'guess', `${address}:guesser`, null, { addressKey: address }),
      ).rejects.toMatchObject({ kind: 'forbidden' });
    }
    await expect(
      unlock(video.id, 'guess', `${address}:guesser`, null, { addressKey: address }),
    ).rejects.toMatchObject({ kind: 'rate_limited' });
    await expect(
      unlock(video.id, 'new words', `${address}:neighbour`, null, { addressKey: address }),
    ).resolves.toBeTruthy();
    let browsers = 0;
    for (
      let used = VIDEO_PASSWORD_TRIES.max;
      used < VIDEO_PASSWORD_ADDRESS_TRIES.max;
      used++, browsers++
    ) {
      await expect(
        unlock(video.id, 'guess', `${address}:b${Math.floor(browsers / 4)}`, null, {
          addressKey: address,
        }),
      ).rejects.toMatchObject({ kind: 'forbidden' });
    }
    await expect(
      unlock(video.id, 'new words', `${address}:neighbour`, null, { addressKey: address }),
    ).rejects.toMatchObject({ kind: 'rate_limited' });
  });

  it('refuses to unlock a video that is not password-protected or that the viewer may not open', async () => {
    const owner = await createUser(db);
    const open = await playableVideo(owner.user.id);
    await expect(unlock(open.id, 'anything', 'v:x')).rejects.toMatchObject({
      kind: 'invalid',
      message: VIDEO_PASSWORD_MESSAGES.notProtected,
    });
    const unpublished = await playableVideo(owner.user.id);
    await call(owner.actor, {
      mode: 'SetVisibility',
      _id: unpublished.id,
      visibility: 'password',
      password: 'secret words',
    });
    await db
      .update(videos)
      .set({ status: 'unpublished_user' })
      .where(eq(videos.id, unpublished.id));
    await expect(unlock(unpublished.id, 'secret words', 'v:x')).rejects.toMatchObject({
      kind: 'unauthenticated',
    });
    // The endpoint names the field of bad input.
    const bad = await call(null, { mode: 'Unlock', _id: open.id, password: 42 });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/^password: /);
  });
});
