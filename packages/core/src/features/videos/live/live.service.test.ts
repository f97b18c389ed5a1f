import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { dispatch } from '../../../kernel/dispatch';
import type { Actor, MediaServices } from '../../../kernel/endpoint';
import { commentsEndpoint } from '../../community/comments/comments.endpoints';
import { adminEndpoint } from '../../moderation/staff/admin.endpoints';
import { getWatchPage } from '../watch/watch.service';
import { publishProcessedVideo } from '../processing/video-processing.service';
import { VIDEO_INACCESSIBLE_MESSAGE } from '../../../access/video-rules';
import {
  comments,
  liveStreams,
  notifications,
  staffActions,
  streamKeys,
  subscriptions,
  users,
  videos,
} from '../../../platform/db/schema';
import { createUser } from '../../../../test-support/factories';
import { createTestContext } from '../../../../test-support/test-context';
import { liveEndpoint } from './live.endpoints';
import { createTestDatabase } from '../../../../test-support/test-db';
import { InProcessEvents, type ProcessingEvent } from '../../../platform/events/processing-events';
import {
  checkStreamKey,
  disableStreamKey,
  endLive,
  hashStreamKey,
  issueStreamKey,
  LIVE_END_REASONS,
  LIVE_REFUSALS,
  listLivesForStaff,
  markLiveDropped,
  markLiveWatchable,
  notifyLiveStarted,
  readGoLive,
  recordRefusal,
  recordRefusalByKey,
  saveLiveDetails,
  SCHEDULE_MESSAGES,
  scheduleLive,
  staffEndLive,
  startLive,
} from './live.service';

const handle = await createTestDatabase();
const db = handle.db;
const probe = { width: 1280, height: 720, frameRate: 30 };

async function streamer() {
  const made = await createUser(db);
  const { key } = await issueStreamKey({ db, actor: made.actor, now: () => new Date() });
  const check = await checkStreamKey(db, key);
  if (!check.ok) throw new Error(check.reason);
  return { ...made, key, check };
}

describe('stream keys', () => {
  it('keeps only the hash of a key shown once, and a new key ends the old', async () => {
    const { user, actor } = await createUser(db);
    const first = await issueStreamKey({ db, actor, now: () => new Date() });
    const [row] = await db.select().from(streamKeys).where(eq(streamKeys.userId, user.id));
    expect(row!.keyHash).toBe(hashStreamKey(first.key));
    expect(JSON.stringify(row)).not.toContain(first.key);
    expect((await readGoLive({ db, actor })).hasKey).toBe(true);
    const second = await issueStreamKey({ db, actor, now: () => new Date() });
    expect(await checkStreamKey(db, first.key)).toMatchObject({
      ok: false,
      reason: LIVE_REFUSALS.unknownKey,
    });
    expect(await checkStreamKey(db, second.key)).toMatchObject({ ok: true, userId: user.id });
  });

  it('refuses a disabled account and asks for a key before details', async () => {
    const { user, actor } = await createUser(db);
    await expect(
      saveLiveDetails({ db, actor, now: () => new Date() }, { title: 'Soon' }),
    ).rejects.toThrow('stream key');
    const { key } = await issueStreamKey({ db, actor, now: () => new Date() });
    await db.update(users).set({ banned: true }).where(eq(users.id, user.id));
    expect(await checkStreamKey(db, key)).toMatchObject({
      ok: false,
      reason: LIVE_REFUSALS.noRight,
    });
  });
});

describe('a live', () => {
  it('continues after a drop, refuses a second stream, and takes details while on air', async () => {
    const { user, actor, key, check } = await streamer();
    await saveLiveDetails(
      { db, actor, now: () => new Date() },
      { title: 'Morning', visibility: 'public' },
    );
    const refreshed = await checkStreamKey(db, key);
    if (!refreshed.ok) throw new Error(refreshed.reason);
    const started = await startLive({ db, now: () => new Date() }, { ...refreshed, probe });
    expect(started.isContinued).toBe(false);
    await expect(startLive({ db, now: () => new Date() }, { ...check, probe })).rejects.toThrow(
      LIVE_REFUSALS.secondStream,
    );
    await markLiveWatchable({ db, now: () => new Date() }, started.videoId, {
      masterPlaylistKey: `live/${started.videoId}/master.m3u8`,
      posterKey: null,
    });
    const [onSite] = await db.select().from(videos).where(eq(videos.id, started.videoId));
    expect(onSite).toMatchObject({ title: 'Morning', status: 'published' });

    // Unlisted while on air: off the listings at once.
    await saveLiveDetails(
      { db, actor, now: () => new Date() },
      { title: 'Morning', visibility: 'unlisted' },
    );
    const [hidden] = await db.select().from(videos).where(eq(videos.id, started.videoId));
    expect(hidden!.status).toBe('hidden');

    const droppedAt = new Date();
    await markLiveDropped({ db, now: () => droppedAt }, started.videoId);
    const again = await startLive(
      { db, now: () => new Date(droppedAt.getTime() + 30_000) },
      { ...check, probe },
    );
    expect(again).toEqual({ videoId: started.videoId, isContinued: true });

    // Ended: off the site until its replay is processed.
    await endLive({ db, now: () => new Date() }, started.videoId, 'The stream stopped');
    const [ended] = await db.select().from(videos).where(eq(videos.id, started.videoId));
    expect(ended).toMatchObject({ status: 'processing', masterPlaylistKey: null });
    expect((await readGoLive({ db, actor })).live).toBeNull();
    expect(user.id).toBe(ended!.ownerId);
  });

  it('starts anew when the stream comes back after the minute', async () => {
    const { check } = await streamer();
    const first = await startLive({ db, now: () => new Date() }, { ...check, probe });
    await markLiveWatchable({ db, now: () => new Date() }, first.videoId, {
      masterPlaylistKey: `live/${first.videoId}/master.m3u8`,
      posterKey: null,
    });
    const droppedAt = new Date();
    await markLiveDropped({ db, now: () => droppedAt }, first.videoId);
    const later = await startLive(
      { db, now: () => new Date(droppedAt.getTime() + 61_000) },
      { ...check, probe },
    );
    expect(later.videoId).not.toBe(first.videoId);
    const [old] = await db.select().from(liveStreams).where(eq(liveStreams.videoId, first.videoId));
    expect(old!.state).toBe('ended');
    // Ended as its node's timer would have: its video waits for the replay, and the caller is
    // told to announce it (the node holding its recording then finishes it).
    const [oldVideo] = await db.select().from(videos).where(eq(videos.id, first.videoId));
    expect(oldVideo).toMatchObject({ status: 'processing', masterPlaylistKey: null });
    expect(later.ended).toEqual({
      videoId: first.videoId,
      ownerId: old!.ownerId,
      reason: 'The stream stopped',
    });
  });
});

describe('staff', () => {
  it('end a live and disable a key; the staff log records both', async () => {
    const { user, key, check } = await streamer();
    const { actor: moderator } = await createUser(db, { role: 'moderator' });
    const { actor: member } = await createUser(db);
    const events = new InProcessEvents();
    const heard: ProcessingEvent[] = [];
    events.subscribe((event) => heard.push(event));
    const live = await startLive({ db, now: () => new Date() }, { ...check, probe });
    await expect(listLivesForStaff({ db, actor: member })).rejects.toThrow('moderators');
    expect(await listLivesForStaff({ db, actor: moderator })).toContainEqual(
      expect.objectContaining({ videoId: live.videoId, ownerId: user.id, isKeyDisabled: false }),
    );

    await expect(
      staffEndLive({ db, events, actor: member, now: () => new Date() }, { videoId: live.videoId }),
    ).rejects.toThrow('moderators');
    await staffEndLive(
      { db, events, actor: moderator, now: () => new Date() },
      { videoId: live.videoId, reason: 'Rules' },
    );
    const [row] = await db.select().from(liveStreams).where(eq(liveStreams.videoId, live.videoId));
    expect(row).toMatchObject({
      state: 'ended',
      endReason: `${LIVE_END_REASONS.byStaff}: Rules`,
    });
    expect(heard).toContainEqual(
      expect.objectContaining({ type: 'live-ended', videoId: live.videoId }),
    );
    await expect(
      staffEndLive(
        { db, events, actor: moderator, now: () => new Date() },
        { videoId: live.videoId },
      ),
    ).rejects.toThrow('not on air');

    await disableStreamKey(
      { db, actor: moderator, now: () => new Date() },
      { userId: user.id, reason: 'Spam' },
    );
    expect(await checkStreamKey(db, key)).toMatchObject({
      ok: false,
      reason: LIVE_REFUSALS.disabledKey,
    });
    const log = await db.select().from(staffActions).where(eq(staffActions.ownerId, user.id));
    expect(log.map((entry) => [entry.action, entry.reason]).sort()).toEqual([
      ['disable_stream_key', 'Spam'],
      ['end_live', 'Rules'],
    ]);
  });
});

/** A live on air and on the site (public unless said), as the ingest leaves it. */
async function liveOnSite(visibility: 'public' | 'unlisted' = 'public') {
  const made = await streamer();
  await saveLiveDetails(
    { db, actor: made.actor, now: () => new Date() },
    { title: 'Evening', visibility },
  );
  const check = await checkStreamKey(db, made.key);
  if (!check.ok) throw new Error(check.reason);
  const { videoId } = await startLive({ db, now: () => new Date() }, { ...check, probe });
  const marked = await markLiveWatchable({ db, now: () => new Date() }, videoId, {
    masterPlaylistKey: `live/${videoId}/master.m3u8`,
    posterKey: null,
  });
  return { ...made, videoId, marked: marked! };
}

describe('the chat of a live', () => {
  it("is its comments: a post and a staff deletion each tell the live's pages, under the comment rate limit", async () => {
    const { videoId, user } = await liveOnSite();
    const { actor: viewer } = await createUser(db);
    const { actor: moderator } = await createUser(db, { role: 'moderator' });
    const events = new InProcessEvents();
    const heard: ProcessingEvent[] = [];
    events.subscribe((event) => heard.push(event), { videoId });
    const call = (actor: Actor, mode: string, body: object) =>
      dispatch(
        commentsEndpoint,
        { mode, ...body },
        { ...createTestContext(db, { actor }), media: { events } as unknown as MediaServices },
      );

    const posted = await call(viewer, 'Create', { videoId, text: 'Hello live' });
    expect(posted.status).toBe(201);
    expect(heard).toEqual([{ type: 'chat', videoId, ownerId: user.id }]);
    const { id } = posted.body as { id: string };
    await call(moderator, 'Delete', { commentId: id, reason: 'Spam' });
    expect(heard).toHaveLength(2);

    // Rate limits and the rest of the comment rules hold in the chat as under any video.
    const tooMany = [];
    for (let n = 0; n < 12; n++)
      tooMany.push(await call(viewer, 'Create', { videoId, text: `${n}` }));
    expect(tooMany.map((answer) => answer.status)).toContain(429);

    // A video that is not a live on air tells no one.
    await endLive({ db, now: () => new Date() }, videoId, 'The stream stopped');
    heard.length = 0;
    await call(moderator, 'Delete', { commentId: (tooMany[0]!.body as { id: string }).id });
    expect(heard).toEqual([]);
  });
});

describe('the chat of a live, moderated', () => {
  it("a held message approved or deleted from the moderation area tells the live's pages", async () => {
    const { videoId, user } = await liveOnSite();
    const { user: writer } = await createUser(db);
    const { actor: moderator } = await createUser(db, { role: 'moderator' });
    const [held] = await db
      .insert(comments)
      .values({ id: `held${Date.now()}`, videoId, authorId: writer.id, body: 'Hi', status: 'held' })
      .returning({ id: comments.id });
    const events = new InProcessEvents();
    const heard: ProcessingEvent[] = [];
    events.subscribe((event) => heard.push(event), { videoId });
    const call = (mode: string) =>
      dispatch(
        adminEndpoint,
        { mode, commentId: held!.id },
        {
          ...createTestContext(db, { actor: moderator }),
          media: { events } as unknown as MediaServices,
        },
      );
    expect((await call('ApproveComment')).status).toBe(200);
    expect(heard).toEqual([{ type: 'chat', videoId, ownerId: user.id }]);
    expect((await call('DeleteComment')).status).toBe(200);
    expect(heard).toHaveLength(2);
  });
});

describe("a live's page between its states", () => {
  it('opens to its viewers while its first seconds come and after its end, until its replay', async () => {
    const made = await streamer();
    const { actor: visitor } = await createUser(db);
    const { videoId } = await startLive({ db, now: () => new Date() }, {
      ...made.check,
      probe,
    } as Parameters<typeof startLive>[1]);
    const open = (actor: Actor | null) =>
      getWatchPage({ db, actor, now: () => new Date() }, videoId);
    // Starting (processing, no media yet): a visitor's page is the live's, not "not accessible".
    expect((await open(null)).video.status).toBe('processing');
    expect((await open(visitor)).video.id).toBe(videoId);
    // Ended, its replay processing: still open (the page says the replay is being prepared).
    await endLive({ db, now: () => new Date() }, videoId, 'The streamer ended the live');
    expect((await open(null)).video.status).toBe('processing');
    // A failed replay is no page for its viewers.
    await db.update(videos).set({ status: 'failed' }).where(eq(videos.id, videoId));
    await expect(open(null)).rejects.toThrow(VIDEO_INACCESSIBLE_MESSAGE);
  });

  it('keeps a private live between its states to those it is for', async () => {
    const made = await streamer();
    await saveLiveDetails(
      { db, actor: made.actor, now: () => new Date() },
      { title: 'Closed', visibility: 'private' },
    );
    const check = await checkStreamKey(db, made.key);
    if (!check.ok) throw new Error(check.reason);
    const { videoId } = await startLive({ db, now: () => new Date() }, { ...check, probe });
    await expect(getWatchPage({ db, actor: null, now: () => new Date() }, videoId)).rejects.toThrow(
      VIDEO_INACCESSIBLE_MESSAGE,
    );
  });
});

describe('going live tells subscribers', () => {
  it('tells each subscriber of a public live once, and no one of an unlisted one', async () => {
    const { videoId, user, marked } = await liveOnSite();
    const { user: fan } = await createUser(db);
    await db.insert(subscriptions).values({ subscriberId: fan.id, channelId: user.id });
    const events = new InProcessEvents();
    const bells: ProcessingEvent[] = [];
    events.subscribe((event) => bells.push(event), { ownerId: fan.id });
    expect(
      await notifyLiveStarted({ db, now: () => new Date() }, { events }, { videoId, ...marked }),
    ).toBe(1);
    const [told] = await db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, fan.id), eq(notifications.kind, 'live_started')));
    expect(told).toMatchObject({
      actorId: user.id,
      targetPath: `/video/${videoId}`,
      targetTitle: 'Evening',
    });
    expect(bells).toEqual([{ type: 'notifications', ownerId: fan.id }]);

    const unlisted = await liveOnSite('unlisted');
    await db.insert(subscriptions).values({ subscriberId: fan.id, channelId: unlisted.user.id });
    expect(unlisted.marked.status).toBe('hidden');
    expect(
      await notifyLiveStarted(
        { db, now: () => new Date() },
        { events },
        { videoId: unlisted.videoId, ...unlisted.marked },
      ),
    ).toBe(0);
  });
});

describe('a scheduled live', () => {
  it('puts a waiting page up that the stream turns into the live, moved or taken back before', async () => {
    const { actor, key } = await streamer();
    const now = new Date();
    const later = new Date(now.getTime() + 3_600_000);
    await expect(
      scheduleLive(
        { db, actor, now: () => now },
        { startsAt: new Date(now.getTime() - 1_000).toISOString() },
      ),
    ).rejects.toThrow(SCHEDULE_MESSAGES.past);
    await saveLiveDetails({ db, actor, now: () => new Date() }, { title: 'Launch night' });

    const first = await scheduleLive(
      { db, actor, now: () => now },
      { startsAt: later.toISOString() },
    );
    const [waiting] = await db.select().from(videos).where(eq(videos.id, first!.videoId));
    expect(waiting).toMatchObject({ title: 'Launch night', status: 'hidden' });
    expect((await readGoLive({ db, actor })).scheduled).toEqual({
      videoId: first!.videoId,
      slug: first!.slug,
      startsAt: later,
    });
    // Moved: the same page, the new time.
    const moved = new Date(later.getTime() + 60_000);
    expect(
      (await scheduleLive({ db, actor, now: () => now }, { startsAt: moved.toISOString() }))!
        .videoId,
    ).toBe(first!.videoId);

    const check = await checkStreamKey(db, key);
    if (!check.ok) throw new Error(check.reason);
    const started = await startLive({ db, now: () => new Date() }, { ...check, probe });
    expect(started).toEqual({ videoId: first!.videoId, isContinued: false });
    const [row] = await db
      .select()
      .from(liveStreams)
      .where(eq(liveStreams.videoId, first!.videoId));
    expect(row).toMatchObject({ state: 'live', scheduledFor: moved, inputWidth: 1280 });
    const marked = await markLiveWatchable({ db, now: () => new Date() }, first!.videoId, {
      masterPlaylistKey: `live/${first!.videoId}/master.m3u8`,
      posterKey: null,
    });
    expect(marked!.status).toBe('published');
    expect((await readGoLive({ db, actor })).scheduled).toBeNull();
    await expect(
      scheduleLive({ db, actor, now: () => now }, { startsAt: later.toISOString() }),
    ).rejects.toThrow(SCHEDULE_MESSAGES.onAir);
  });

  it("opens its chat on a public live's waiting page, told live, and none on an unlisted one", async () => {
    const { actor, user } = await streamer();
    const now = new Date();
    const startsAt = new Date(now.getTime() + 3_600_000).toISOString();
    const waiting = await scheduleLive({ db, actor, now: () => now }, { startsAt });
    const videoId = waiting!.videoId;
    const { actor: viewer } = await createUser(db);
    const events = new InProcessEvents();
    const heard: ProcessingEvent[] = [];
    events.subscribe((event) => heard.push(event), { videoId });
    const call = (body: object) =>
      dispatch(
        commentsEndpoint,
        { mode: 'Create', videoId, ...body },
        {
          ...createTestContext(db, { actor: viewer }),
          media: { events } as unknown as MediaServices,
        },
      );
    const posted = await call({ text: 'Can not wait' });
    expect(posted.status).toBe(201);
    expect(heard).toEqual([{ type: 'chat', videoId, ownerId: user.id }]);
    // Read as its writer (a new account's comment may be held, seen by its author alone).
    const listed = await dispatch(
      commentsEndpoint,
      { mode: 'List', videoId },
      createTestContext(db, { actor: viewer }),
    );
    expect(JSON.stringify(listed.body)).toContain('Can not wait');

    // Unlisted: no chat, as an unlisted video has no comments.
    await saveLiveDetails({ db, actor, now: () => new Date() }, { visibility: 'unlisted' });
    await scheduleLive({ db, actor, now: () => now }, { startsAt });
    expect((await call({ text: 'Hello?' })).status).toBe(404);
  });

  it('is taken back with its waiting page', async () => {
    const { actor } = await streamer();
    const now = new Date();
    const made = await scheduleLive(
      { db, actor, now: () => now },
      { startsAt: new Date(now.getTime() + 60_000).toISOString() },
    );
    const bad = await dispatch(
      liveEndpoint,
      { mode: 'Schedule', startsAt: 'tomorrow' },
      createTestContext(db, { actor }),
    );
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('startsAt');
    // Taken back: its open waiting pages hear it (their stream's end, without a replay).
    const events = new InProcessEvents();
    const heard: ProcessingEvent[] = [];
    events.subscribe((event) => heard.push(event));
    expect(
      await scheduleLive({ db, actor, events, now: () => now }, { startsAt: null }),
    ).toBeNull();
    expect(await db.select().from(videos).where(eq(videos.id, made!.videoId))).toEqual([]);
    expect(heard).toContainEqual({ type: 'removed', videoId: made!.videoId, ownerId: actor.id });
    expect((await readGoLive({ db, actor })).scheduled).toBeNull();
  });
});

describe('the streamer told', () => {
  const noticesOf = (userId: string) =>
    db
      .select({
        kind: notifications.kind,
        targetPath: notifications.targetPath,
        detail: notifications.detail,
      })
      .from(notifications)
      .where(eq(notifications.userId, userId));

  it("hears that the live ended and why, staff's reason included, on Go live and by a notice", async () => {
    const { user, actor, check } = await streamer();
    const { actor: moderator } = await createUser(db, { role: 'moderator' });
    const { videoId } = await startLive({ db, now: () => new Date() }, { ...check, probe });
    await staffEndLive(
      { db, events: new InProcessEvents(), actor: moderator, now: () => new Date() },
      { videoId, reason: 'Against the rules' },
    );
    const reason = `${LIVE_END_REASONS.byStaff}: Against the rules`;
    expect(await noticesOf(user.id)).toEqual([
      { kind: 'live_ended', targetPath: `/video/${videoId}`, detail: reason },
    ]);
    expect((await readGoLive({ db, actor })).lastEnded).toMatchObject({
      videoId,
      reason,
      replay: 'processing',
      // Ended before any segment was made: nothing of it plays yet.
      replayPlays: false,
    });
    // The replay made of its segments in place (its ladder still to come): it plays.
    await db
      .update(videos)
      .set({ masterPlaylistKey: `live/${videoId}/replay.m3u8` })
      .where(eq(videos.id, videoId));
    expect((await readGoLive({ db, actor })).lastEnded).toMatchObject({
      replay: 'processing',
      replayPlays: true,
    });

    // The key disabled: a notice with staff's reason, and the Go live page says it.
    await disableStreamKey(
      { db, actor: moderator, now: () => new Date() },
      { userId: user.id, reason: 'Spam streams' },
    );
    expect(await noticesOf(user.id)).toContainEqual({
      kind: 'live_key_disabled',
      targetPath: '/go-live',
      detail: 'Spam streams',
    });
    expect(await readGoLive({ db, actor })).toMatchObject({
      isDisabled: true,
      disabledReason: 'Spam streams',
    });
  });

  it('sees a refusal from before the live no more beside it, and one since (a second stream)', async () => {
    const { user, actor, key, check } = await streamer();
    const before = new Date(Date.now() - 60_000);
    await recordRefusal({ db, now: () => before }, user.id, LIVE_REFUSALS.wrongApp);
    expect((await readGoLive({ db, actor })).lastRefusal).toBe(LIVE_REFUSALS.wrongApp);
    await startLive({ db, now: () => new Date() }, { ...check, probe });
    expect((await readGoLive({ db, actor })).lastRefusal).toBeNull();
    // Refused before its key is checked (the ingest knows the key only): noted on it all the same.
    await recordRefusalByKey(
      { db, now: () => new Date(Date.now() + 1_000) },
      key,
      LIVE_REFUSALS.secondStream,
    );
    expect((await readGoLive({ db, actor })).lastRefusal).toBe(LIVE_REFUSALS.secondStream);
    await recordRefusalByKey({ db, now: () => new Date() }, 'not-a-key', 'x');
  });
});

describe('subscribers told once a live', () => {
  it('hear of a scheduled public live once, moved or not, and not again of its replay', async () => {
    const { user, actor, check } = await streamer();
    const { user: fan } = await createUser(db);
    await db.insert(subscriptions).values({ subscriberId: fan.id, channelId: user.id });
    const at = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();
    const scheduled = await scheduleLive(
      { db, actor, now: () => new Date() },
      { startsAt: at(30) },
    );
    await scheduleLive({ db, actor, now: () => new Date() }, { startsAt: at(60) });
    const fanNotices = () =>
      db
        .select({ kind: notifications.kind, targetPath: notifications.targetPath })
        .from(notifications)
        .where(eq(notifications.userId, fan.id));
    expect(await fanNotices()).toEqual([
      { kind: 'live_scheduled', targetPath: `/video/${scheduled!.videoId}` },
    ]);

    // The live, then its replay processed: the replay tells its streamer, not the subscribers.
    const { videoId } = await startLive({ db, now: () => new Date() }, { ...check, probe });
    await endLive({ db, now: () => new Date() }, videoId, 'The streamer ended the live');
    const published = await publishProcessedVideo(
      {
        db,
        storage: {} as never,
        queue: {} as never,
        events: new InProcessEvents(),
        now: () => new Date(),
      },
      {
        videoId,
        mediaPrefix: `videos/${videoId}/v1/`,
        masterPlaylistKey: `videos/${videoId}/v1/hls/master.m3u8`,
        posterKey: `videos/${videoId}/v1/poster.jpg`,
        posterWebpKey: null,
        spritesVttKey: null,
        av1Key: null,
        durationSeconds: 60,
        width: 1280,
        height: 720,
        aspectRatio: 16 / 9,
        topQuality: 720,
      },
    );
    expect(published).toBe('published');
    expect((await fanNotices()).map((notice) => notice.kind)).toEqual(['live_scheduled']);
    const [owner] = await db
      .select({ kind: notifications.kind })
      .from(notifications)
      .where(and(eq(notifications.userId, user.id), eq(notifications.kind, 'video_processed')));
    expect(owner).toBeDefined();
  });
});
