import { describe, expect, it } from 'vitest';
import { dispatch } from '../../../kernel/dispatch';
import { InProcessEvents } from '../../../platform/events/processing-events';
import { createUser } from '../../../../test-support/factories';
import { createTestContext } from '../../../../test-support/test-context';
import { createTestDatabase } from '../../../../test-support/test-db';
import { createVideo } from '../../../../test-support/video-factory';
import {
  checkStreamKey,
  issueStreamKey,
  readLiveStream,
  saveLiveDetails,
  startLive,
} from '../live/live.service';
import { unlockCookieName } from './unlock-cookie';
import { videoSettingsEndpoint } from './video-settings.endpoints';
import { unlockVideo } from './video-password.service';
import { mayFollowVideoPage, unlockOf } from './page-events';

// Who may hear an open page's events (a video's, a live's): the media's rule, asked again on
// every change of who may open the video (docs/security.md, "Media").

const { db } = await createTestDatabase();
const secret = 'a-secret-of-the-site-for-page-events';
const now = () => new Date();
type Actor = Awaited<ReturnType<typeof createUser>>['actor'];

const media = {
  storage: { publicUrl: (key: string) => `/media/${key}` } as never,
  queue: { send: async () => null } as never,
  events: new InProcessEvents(),
  uploads: { find: async () => null, remove: async () => {} },
};

async function setVisibility(owner: Actor, videoId: string, body: object) {
  const answer = await dispatch(
    videoSettingsEndpoint,
    { mode: 'SetVisibility', _id: videoId, ...body },
    { ...createTestContext(db, { actor: owner }), media },
  );
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
}

const mayFollow = (
  actor: Actor | null,
  videoId: string,
  options?: Parameters<typeof mayFollowVideoPage>[2],
) => mayFollowVideoPage({ db, now, actor, secret }, videoId, options);

describe('mayFollowVideoPage', () => {
  it("follows who may fetch the video's media, as it changes", async () => {
    const owner = await createUser(db);
    const picked = await createUser(db);
    const stranger = await createUser(db);
    const video = await createVideo(db, { ownerId: owner.user.id });
    expect(await mayFollow(null, video.id)).toBe(true);

    await setVisibility(owner.actor, video.id, {
      visibility: 'private',
      viewers: [picked.user.username],
    });
    expect(await mayFollow(null, video.id)).toBe(false);
    expect(await mayFollow(stranger.actor, video.id)).toBe(false);
    expect(await mayFollow(picked.actor, video.id)).toBe(true);
    expect(await mayFollow(owner.actor, video.id)).toBe(true);

    await setVisibility(owner.actor, video.id, { visibility: 'private', viewers: [] });
    expect(await mayFollow(picked.actor, video.id)).toBe(false);
    expect(await mayFollow(null, 'nosuchvideo1')).toBe(false);
  });

  it("opens a password video's page to the browser holding its unlock, until a new password", async () => {
    const owner = await createUser(db);
    const playable = {
      ownerId: owner.user.id,
      masterPlaylistKey: 'videos/x/vabc123/master.m3u8',
      posterKey: 'videos/x/vabc123/poster.jpg',
    };
    const video = await createVideo(db, playable);
    await setVisibility(owner.actor, video.id, { visibility: 'password', password: 'sesame!' });
    expect(await mayFollow(null, video.id)).toBe(false);
    expect(await mayFollow(owner.actor, video.id)).toBe(true);

    const { unlock } = await unlockVideo(
      { db, actor: null, now },
      { videoId: video.id, password: 'sesame!', viewerKey: 'v:events', secret },
    );
    expect(await mayFollow(null, video.id, { unlock })).toBe(true);
    // Another video's unlock, or one signed with another secret, opens nothing.
    const other = await createVideo(db, playable);
    await setVisibility(owner.actor, other.id, { visibility: 'password', password: 'sesame!' });
    expect(await mayFollow(null, other.id, { unlock })).toBe(false);
    expect(
      await mayFollowVideoPage({ db, now, actor: null, secret: 'another' }, video.id, { unlock }),
    ).toBe(false);

    await setVisibility(owner.actor, video.id, { visibility: 'password', password: 'another!' });
    expect(await mayFollow(null, video.id, { unlock })).toBe(false);
    expect(await mayFollow(owner.actor, video.id)).toBe(true);
  });

  it('opens a live between its states by its visibility, as its page does', async () => {
    const streamer = await createUser(db);
    const { key } = await issueStreamKey({ db, actor: streamer.actor, now });
    await saveLiveDetails({ db, actor: streamer.actor, now }, { title: 'Starting soon' });
    const checked = await checkStreamKey(db, key);
    if (!checked.ok) throw new Error(checked.reason);
    const started = await startLive(
      { db, now },
      { ...checked, probe: { width: 1280, height: 720, frameRate: 30 } },
    );
    // Its first seconds on their way: the video is processing, the live on air.
    const live = await readLiveStream(db, started.videoId);
    expect(live?.state).toBe('live');
    expect(await mayFollow(null, started.videoId, { live })).toBe(true);
    // Not a live's page: a processing video is its owner's alone.
    expect(await mayFollow(null, started.videoId)).toBe(false);

    await saveLiveDetails(
      { db, actor: streamer.actor, now },
      { title: 'Starting soon', visibility: 'private' },
    );
    expect(await mayFollow(null, started.videoId, { live })).toBe(false);
    expect(await mayFollow(streamer.actor, started.videoId, { live })).toBe(true);
  });
});

describe('unlockOf', () => {
  it("reads the video's unlock from a Cookie header, and nothing else", () => {
    const name = unlockCookieName('abc123');
    expect(unlockOf(`a=1; ${name}=${encodeURIComponent('k1.x_y-z')}; b=2`, 'abc123')).toBe(
      'k1.x_y-z',
    );
    expect(unlockOf(`${unlockCookieName('other')}=k1.x`, 'abc123')).toBeNull();
    expect(unlockOf(`${name}=%E0%A4%A`, 'abc123')).toBeNull();
    expect(unlockOf(null, 'abc123')).toBeNull();
  });
});
