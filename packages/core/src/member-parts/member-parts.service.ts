import { eq } from 'drizzle-orm';
import { can, STAFF_RIGHT } from '../access/rights';
import type { Actor } from '../api/endpoint';
import type { Database } from '../db/client';
import { videos } from '../db/schema';
import { countUnread } from '../messages/messages.service';
import { countOpenReports, hasReported as hasReportedVideo } from '../reports/reports.service';
import { isSubscribed } from '../subscriptions/subscriptions.service';
import { getFavoriteState, getMyVote } from '../votes/votes.service';
import { canManageVideo } from '../watch/watch.service';
import type { MemberParts, VideoParts } from './member-parts.schema';

/** The shell's parts for a signed-in member (the account menu, its badge, promotions). */
export async function shellParts(db: Database, actor: Actor): Promise<MemberParts['viewer']> {
  return {
    id: actor.id,
    username: actor.username,
    staff: can(actor, STAFF_RIGHT),
    adFree: can(actor, 'adFree'),
    unreadMessages: await countUnread(db, actor.id),
  };
}

/** A video page's parts for a member: null when the video does not exist. */
export async function videoParts(
  db: Database,
  actor: Actor,
  videoId: string,
): Promise<VideoParts | null> {
  const [video] = await db
    .select({ id: videos.id, ownerId: videos.ownerId })
    .from(videos)
    .where(eq(videos.id, videoId))
    .limit(1);
  if (!video) return null;
  const isStaff = can(actor, STAFF_RIGHT);
  const [myVote, favorite, subscribed, hasReported, openReports] = await Promise.all([
    getMyVote(db, actor.id, video.id),
    getFavoriteState(db, actor.id, video.id),
    isSubscribed(db, actor.id, video.ownerId),
    hasReportedVideo(db, actor, 'video', video.id),
    isStaff ? countOpenReports(db, 'video', video.id) : null,
  ]);
  return {
    videoId: video.id,
    myVote,
    isFavorited: favorite.isFavorited,
    subscribed,
    isOwner: actor.id === video.ownerId,
    canManage: canManageVideo(actor, video),
    hasReported,
    openReports,
  };
}

/**
 * What a page served alike to everyone (the shared page cache) lacks for this member: asked
 * by the page after it loads. A visitor gets `{ viewer: null, video: null }`.
 */
export async function getMemberParts(
  db: Database,
  actor: Actor | null,
  input: { videoId?: string },
): Promise<MemberParts> {
  if (!actor) return { viewer: null, video: null };
  const [viewer, video] = await Promise.all([
    shellParts(db, actor),
    input.videoId ? videoParts(db, actor, input.videoId) : null,
  ]);
  return { viewer, video };
}
