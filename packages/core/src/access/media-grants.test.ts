import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { dispatch } from '../kernel/dispatch';
import { videos } from '../platform/db/schema';
import { InProcessEvents, type ProcessingEvent } from '../platform/events/processing-events';
import { createUser } from '../../test-support/factories';
import { createTestContext, testListings } from '../../test-support/test-context';
import { createTestDatabase } from '../../test-support/test-db';
import { configuredTestRedis } from '../../test-support/test-services';
import { Listings, MemoryListingCache, RedisListingCache } from '../platform/cache/listing-cache';
import { createVideo } from '../../test-support/video-factory';
import { videoSettingsEndpoint } from '../features/videos/settings/video-settings.endpoints';
import { unlockVideo } from '../features/videos/settings/video-password.service';
import {
  checkStreamKey,
  issueStreamKey,
  markLiveWatchable,
  saveLiveDetails,
  startLive,
} from '../features/videos/live/live.service';
import { liveEndpoint } from '../features/videos/live/live.endpoints';
import {
  createMediaAccessCheck,
  decideMediaAccess,
  issueMediaGrant,
  loadMediaState,
  mayFetchVideoMedia,
  mediaAddressesFor,
  MEDIA_REFUSALS,
  videoIdOfMediaKey,
  type MediaDecision,
} from './media-grants';

// The media route's rule (docs/security.md, "Media"), hole by hole: what a request for a
// video's bytes gets with no grant, a stranger's session, the owner's, and a grant, before and
// after a change of who may open the video.

const handle = await createTestDatabase();
const redisUrl = await configuredTestRedis();
const { db } = handle;
const SECRET = 'test-secret-of-the-site';
const now = () => new Date();
type Actor = Awaited<ReturnType<typeof createUser>>['actor'];

const media = {
  storage: { publicUrl: (key: string) => `/media/${key}` } as never,
  queue: { send: async () => null } as never,
  events: new InProcessEvents(),
  uploads: { find: async () => null, remove: async () => {} },
};
const call = (actor: Actor | null, body: object) =>
  dispatch(videoSettingsEndpoint, body, { ...createTestContext(db, { actor }), media });

/**
 * What the media route answers for a key of the video: without a grant (as `viewer`, by its
 * session cookie) or with `grant` in the address.
 */
async function fetchAs(
  key: string,
  viewer: Actor | null,
  grant: string | null = null,
): Promise<MediaDecision> {
  const videoId = videoIdOfMediaKey(key)!;
  return decideMediaAccess(
    { db, now, secret: SECRET },
    await loadMediaState(db, videoId),
    grant,
    async () => viewer,
  );
}

async function grantFor(videoId: string, viewer: Actor): Promise<string> {
  const state = (await loadMediaState(db, videoId))!;
  return issueMediaGrant(SECRET, state, viewer.id, now());
}

const segment = (videoId: string) => `videos/${videoId}/vabc123/hls/720p/seg-00001.ts`;

async function setVisibility(owner: Actor, videoId: string, body: object) {
  const answer = await call(owner, { mode: 'SetVisibility', _id: videoId, ...body });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
}

describe("a video's bytes follow who may open its page", () => {
  it('closes a public video made private at once: its old addresses and grants answer nobody else', async () => {
    const owner = await createUser(db);
    const picked = await createUser(db);
    const stranger = await createUser(db);
    const video = await createVideo(db, { ownerId: owner.user.id });
    expect(await fetchAs(segment(video.id), null)).toBe('public');

    const generation = await testListings.currentGeneration();
    await setVisibility(owner.actor, video.id, {
      visibility: 'private',
      viewers: [picked.user.username],
    });
    // Every cache keyed by the generation (pages, listings, the route's marks) drops at once.
    expect(await testListings.currentGeneration()).not.toBe(generation);
    expect(await fetchAs(segment(video.id), null)).toEqual({ refused: MEDIA_REFUSALS.closed });
    expect(await fetchAs(segment(video.id), stranger.actor)).toEqual({
      refused: MEDIA_REFUSALS.closed,
    });
    // Its owner's own cards and settings, and the people picked, still get them, privately.
    expect(await fetchAs(segment(video.id), owner.actor)).toBe('private');
    expect(await fetchAs(segment(video.id), picked.actor)).toBe('private');

    // A grant works for whoever holds its address (an embed, a download) while its holder may
    // open the page; taking the holder off the list ends it at once.
    const grant = await grantFor(video.id, picked.actor);
    expect(await fetchAs(segment(video.id), null, grant)).toBe('private');
    expect(await fetchAs(segment(video.id), null, `${grant.slice(0, -2)}AA`)).toEqual({
      refused: MEDIA_REFUSALS.ended,
    });
    await setVisibility(owner.actor, video.id, { visibility: 'private', viewers: [] });
    expect(await fetchAs(segment(video.id), null, grant)).toEqual({
      refused: MEDIA_REFUSALS.ended,
    });
    expect(await fetchAs(segment(video.id), picked.actor)).toEqual({
      refused: MEDIA_REFUSALS.closed,
    });

    // A grant of one video opens no other.
    const other = await createVideo(db, { ownerId: owner.user.id, status: 'held' });
    expect(await fetchAs(segment(other.id), null, grant)).toEqual({
      refused: MEDIA_REFUSALS.ended,
    });
  });

  it('keeps unlisted media public, and closes it once the video is made private', async () => {
    const owner = await createUser(db);
    const video = await createVideo(db, { ownerId: owner.user.id });
    await setVisibility(owner.actor, video.id, { visibility: 'unlisted' });
    expect(await fetchAs(segment(video.id), null)).toBe('public');
    const ownerGrant = await grantFor(video.id, owner.actor);
    await setVisibility(owner.actor, video.id, { visibility: 'private' });
    expect(await fetchAs(segment(video.id), null)).toEqual({ refused: MEDIA_REFUSALS.closed });
    // A grant given under the earlier state is dead under the new one.
    expect(await fetchAs(segment(video.id), null, ownerGrant)).toEqual({
      refused: MEDIA_REFUSALS.ended,
    });
  });

  it('serves a held, refused, scheduled or processing video to its owner and staff only', async () => {
    const owner = await createUser(db);
    const moderator = await createUser(db, { role: 'moderator' });
    const stranger = await createUser(db);
    const later = new Date(Date.now() + 3_600_000);
    for (const values of [
      { status: 'held' as const },
      { status: 'unpublished_admin' as const },
      { status: 'unpublished_user' as const },
      { status: 'processing' as const },
      { status: 'hidden' as const, visibility: 'unlisted' as const, publishAt: later },
    ]) {
      const video = await createVideo(db, { ownerId: owner.user.id, ...values });
      expect(await fetchAs(segment(video.id), null), values.status).toEqual({
        refused: MEDIA_REFUSALS.closed,
      });
      expect(await fetchAs(segment(video.id), stranger.actor)).toEqual({
        refused: MEDIA_REFUSALS.closed,
      });
      expect(await fetchAs(segment(video.id), owner.actor)).toBe('private');
      expect(await fetchAs(segment(video.id), moderator.actor)).toBe('private');
      // The grant a page hands its owner's player ends when staff release or refuse it.
      const grant = await grantFor(video.id, owner.actor);
      expect(await fetchAs(segment(video.id), null, grant)).toBe('private');
      await db.update(videos).set({ status: 'published' }).where(eq(videos.id, video.id));
      expect(await fetchAs(segment(video.id), null)).toBe('public');
      await db.update(videos).set({ status: 'unpublished_admin' }).where(eq(videos.id, video.id));
      if (values.status !== 'unpublished_admin') {
        expect(await fetchAs(segment(video.id), null, grant)).toEqual({
          refused: MEDIA_REFUSALS.ended,
        });
      }
    }
  });

  it("serves a password video only under its unlock's grant, which a new password ends", async () => {
    const owner = await createUser(db);
    const viewer = await createUser(db);
    const video = await createVideo(db, {
      ownerId: owner.user.id,
      masterPlaylistKey: `videos/x/vabc123/master.m3u8`,
      posterKey: `videos/x/vabc123/poster.jpg`,
    });
    await setVisibility(owner.actor, video.id, { visibility: 'password', password: 'sesame!' });
    // Not even a signed-in viewer who may open the page gets the bytes without the password.
    expect(await fetchAs(segment(video.id), viewer.actor)).toEqual({
      refused: MEDIA_REFUSALS.password,
    });
    const opened = await unlockVideo(
      { db, actor: null, now },
      { videoId: video.id, password: 'sesame!', viewerKey: 'v:one', secret: SECRET },
    );
    const grant = /^\/media\/k\/([^/]+)\//.exec(opened.posterUrl)![1]!;
    expect(await fetchAs(segment(video.id), null, grant)).toBe('private');
    await setVisibility(owner.actor, video.id, { visibility: 'password', password: 'another!' });
    expect(await fetchAs(segment(video.id), null, grant)).toEqual({
      refused: MEDIA_REFUSALS.ended,
    });
  });

  it('refuses every byte of a deleted video', async () => {
    const owner = await createUser(db);
    const video = await createVideo(db, { ownerId: owner.user.id, status: 'held' });
    const grant = await grantFor(video.id, owner.actor);
    await db.delete(videos).where(eq(videos.id, video.id));
    expect(await fetchAs(segment(video.id), owner.actor, grant)).toEqual({
      refused: MEDIA_REFUSALS.missing,
    });
  });

  it('hands the player public addresses for an open video and granted ones for a closed one', async () => {
    const owner = await createUser(db);
    const stranger = await createUser(db);
    const video = await createVideo(db, { ownerId: owner.user.id });
    const publicUrl = (key: string) => `https://cdn.example.com/${key}`;
    const ctx = { db, now, secret: SECRET };
    expect((await mediaAddressesFor(ctx, video.id, null, publicUrl))!('k')).toBe(
      'https://cdn.example.com/k',
    );
    await setVisibility(owner.actor, video.id, { visibility: 'private' });
    expect(await mediaAddressesFor(ctx, video.id, null, publicUrl)).toBeNull();
    expect(await mediaAddressesFor(ctx, video.id, stranger.actor, publicUrl)).toBeNull();
    const urlOf = (await mediaAddressesFor(ctx, video.id, owner.actor, publicUrl))!;
    // Never through MEDIA_BASE_URL: the site's own route checks each request.
    const master = urlOf(`videos/${video.id}/vabc123/master.m3u8`);
    expect(master).toMatch(new RegExp(`^/media/k/[^/]+/videos/${video.id}/vabc123/master.m3u8$`));
    const grant = /^\/media\/k\/([^/]+)\//.exec(master)![1]!;
    expect(await fetchAs(segment(video.id), null, grant)).toBe('private');
  });
});

describe("a live's bytes, details and events", () => {
  async function liveOnAir() {
    const made = await createUser(db);
    const { key } = await issueStreamKey({ db, actor: made.actor, now });
    const check = await checkStreamKey(db, key);
    if (!check.ok) throw new Error(check.reason);
    await saveLiveDetails({ db, actor: made.actor, now }, { title: 'On air' });
    const refreshed = await checkStreamKey(db, key);
    if (!refreshed.ok) throw new Error(refreshed.reason);
    const started = await startLive(
      { db, now },
      { ...refreshed, probe: { width: 1280, height: 720, frameRate: 30 } },
    );
    await markLiveWatchable({ db, now }, started.videoId, {
      masterPlaylistKey: `live/${started.videoId}/master.m3u8`,
      posterKey: null,
    });
    return { ...made, videoId: started.videoId };
  }

  it('closes a live made private through its details at once, on the page caches and its event stream', async () => {
    const live = await liveOnAir();
    const keys = ['master.m3u8', 'v0/index.m3u8', 'v0/seg-00001.ts', 'poster.jpg'].map(
      (file) => `live/${live.videoId}/${file}`,
    );
    for (const key of keys) expect(await fetchAs(key, null)).toBe('public');

    const heard: ProcessingEvent[] = [];
    const events = new InProcessEvents();
    events.subscribe((event) => heard.push(event), { videoId: live.videoId });
    const generation = await testListings.currentGeneration();
    await saveLiveDetails(
      { db, actor: live.actor, now, listings: testListings, events },
      { title: 'On air', visibility: 'private' },
    );
    expect(await testListings.currentGeneration()).not.toBe(generation);
    expect(heard).toEqual([{ type: 'access', videoId: live.videoId, ownerId: live.user.id }]);
    for (const key of keys) {
      expect(await fetchAs(key, null)).toEqual({ refused: MEDIA_REFUSALS.closed });
    }
    expect(await fetchAs(keys[0]!, live.actor)).toBe('private');
    // Its event stream asks the same rule: nobody else hears it any more.
    const state = (await loadMediaState(db, live.videoId))!;
    expect(await mayFetchVideoMedia({ db, now, actor: null }, state)).toBe(false);
    expect(await mayFetchVideoMedia({ db, now, actor: live.actor }, state)).toBe(true);
  });

  it('refuses a password for a live, in its details and in its settings, naming the field', async () => {
    const live = await liveOnAir();
    const details = await dispatch(
      liveEndpoint,
      { mode: 'SaveDetails', visibility: 'password' },
      createTestContext(db, { actor: live.actor }),
    );
    expect(details.status).toBe(400);
    expect(details.body.error).toMatch(/^visibility: .*cannot have a password/);
    const settings = await call(live.actor, {
      mode: 'SetVisibility',
      _id: live.videoId,
      visibility: 'password',
      password: 'sesame!',
    });
    expect(settings.status).toBe(400);
    expect(settings.body.error).toMatch(/^visibility: a live cannot have a password/);
    const [row] = await db.select().from(videos).where(eq(videos.id, live.videoId));
    expect(row!.visibility).toBe('public');
  });
});

describe('across the nodes of a scaled site', () => {
  /**
   * A video made private through node A's API, its media asked of node B's route (its own
   * kept states, keyed by its own view of the listings generation): answers how long B kept
   * serving it.
   */
  async function closesOnTheOtherNode(nodeA: Listings, nodeB: Listings): Promise<number> {
    const owner = await createUser(db);
    const video = await createVideo(db, { ownerId: owner.user.id });
    const onB = createMediaAccessCheck({
      db,
      secret: SECRET,
      generation: () => nodeB.currentGeneration(),
    });
    const visitor = async () => null;
    // Kept by B as open.
    expect(await onB.decide(segment(video.id), null, visitor)).toBe('public');
    expect(await onB.decide(segment(video.id), null, visitor)).toBe('public');
    const answer = await dispatch(
      videoSettingsEndpoint,
      { mode: 'SetVisibility', _id: video.id, visibility: 'private' },
      { ...createTestContext(db, { actor: owner.actor }), listings: nodeA, media },
    );
    expect(answer.status).toBe(200);
    const changed = Date.now();
    while ((await onB.decide(segment(video.id), null, visitor)) === 'public') {
      if (Date.now() - changed > 8_000) throw new Error('node B still serves it after 8 s');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(await onB.decide(segment(video.id), null, visitor)).toEqual({
      refused: MEDIA_REFUSALS.closed,
    });
    return Date.now() - changed;
  }

  it('closes on every node at once without Redis (the nodes tell each other through PostgreSQL)', async () => {
    const nodeA = new Listings(new MemoryListingCache({ ttlSeconds: 30 }));
    const nodeB = new Listings(new MemoryListingCache({ ttlSeconds: 30 }));
    // What the runtime wires to PostgreSQL LISTEN/NOTIFY (create-runtime.ts).
    nodeA.setBroadcast(() => void nodeB.invalidateLocal());
    // Within a second when measured; the bound is a stall's (a node keeps a state 30 s here,
    // so under 5 s shows the other node's word closed it).
    expect(await closesOnTheOtherNode(nodeA, nodeB)).toBeLessThan(5_000);
  });

  describe.runIf(redisUrl)('with Redis', () => {
    const caches: RedisListingCache[] = [];
    afterAll(async () => Promise.all(caches.map((cache) => cache.close())));

    it('closes on another node within a second (the generation shared in Redis)', async () => {
      const make = () => {
        const cache = RedisListingCache.connect(redisUrl!, { ttlSeconds: 30 });
        caches.push(cache);
        return new Listings(cache);
      };
      expect(await closesOnTheOtherNode(make(), make())).toBeLessThan(5_000);
    });
  });
});
