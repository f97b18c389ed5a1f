import { describe, expect, it } from 'vitest';
import { reports, subscriptions, videoFavorites, videoVotes } from '../../../platform/db/schema';
import { createUser } from '../../../../test-support/factories';
import { createTestDatabase } from '../../../../test-support/test-db';
import { createVideo } from '../../../../test-support/video-factory';
import { getMemberParts } from './member-parts.service';

const { db } = await createTestDatabase();

const report = (reporterId: string, videoId: string, state: 'open' | 'actioned' = 'open') =>
  db.insert(reports).values({
    id: `r${reporterId.slice(0, 8)}${videoId}`,
    reporterId,
    targetKind: 'video',
    targetId: videoId,
    videoId,
    reason: 'spam',
    state,
  });

describe('getMemberParts', () => {
  it('gives a visitor nothing', async () => {
    const { user } = await createUser(db);
    const video = await createVideo(db, { ownerId: user.id });
    expect(await getMemberParts({ db, actor: null }, { videoId: video.id })).toEqual({
      viewer: null,
      video: null,
    });
  });

  it("reads a member's vote, favorite, subscription and report of a video, each their own", async () => {
    const owner = await createUser(db);
    const member = await createUser(db);
    const other = await createUser(db);
    const video = await createVideo(db, { ownerId: owner.user.id });
    await db.insert(videoVotes).values({ userId: member.user.id, videoId: video.id, value: -1 });
    await db.insert(videoFavorites).values({ userId: member.user.id, videoId: video.id });
    await db
      .insert(subscriptions)
      .values({ subscriberId: member.user.id, channelId: owner.user.id });
    await report(member.user.id, video.id);
    await db.insert(videoVotes).values({ userId: other.user.id, videoId: video.id, value: 1 });

    expect(await getMemberParts({ db, actor: member.actor }, { videoId: video.id })).toEqual({
      viewer: {
        id: member.user.id,
        username: member.user.username,
        staff: false,
        adFree: false,
        unreadMessages: 0,
      },
      video: {
        videoId: video.id,
        myVote: -1,
        isFavorited: true,
        subscribed: true,
        isOwner: false,
        canManage: false,
        hasReported: true,
        openReports: null,
      },
    });
    // Another member's parts of the same video are theirs alone.
    expect((await getMemberParts({ db, actor: other.actor }, { videoId: video.id })).video).toEqual(
      {
        videoId: video.id,
        myVote: 1,
        isFavorited: false,
        subscribed: false,
        isOwner: false,
        canManage: false,
        hasReported: false,
        openReports: null,
      },
    );
    expect(
      (await getMemberParts({ db, actor: owner.actor }, { videoId: video.id })).video,
    ).toMatchObject({
      myVote: 0,
      isOwner: true,
      canManage: true,
    });
  });

  it('counts open reports for staff only, and answers no video for an unknown id', async () => {
    const owner = await createUser(db);
    const moderator = await createUser(db, { role: 'moderator' });
    const video = await createVideo(db, { ownerId: owner.user.id });
    expect(
      (await getMemberParts({ db, actor: moderator.actor }, { videoId: video.id })).video,
    ).toMatchObject({
      openReports: 0,
      canManage: true,
    });
    await report((await createUser(db)).user.id, video.id);
    await report((await createUser(db)).user.id, video.id);
    await report((await createUser(db)).user.id, video.id, 'actioned');
    const parts = await getMemberParts({ db, actor: moderator.actor }, { videoId: video.id });
    expect(parts.viewer?.staff).toBe(true);
    expect(parts.video?.openReports).toBe(2);
    expect(
      (await getMemberParts({ db, actor: moderator.actor }, { videoId: 'nope' })).video,
    ).toBeNull();
  });
});
