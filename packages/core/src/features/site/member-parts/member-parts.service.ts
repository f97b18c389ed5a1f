import { eq, sql } from 'drizzle-orm';
import { can, STAFF_RIGHT } from '../../../access/rights';
import type { Actor } from '../../../kernel/endpoint';
import type { Database } from '../../../platform/db/client';
import type { MemberCache } from './member-cache';
import {
  reports,
  subscriptions,
  videoFavorites,
  videos,
  videoVotes,
} from '../../../platform/db/schema';
import { countUnread } from '../../people/messages';
import { canManageVideo } from '../../../access/video-rules';
import type { MemberParts, VideoParts } from './member-parts.schema';
import type { Call } from '../../../access/call';

/** The shell's parts for a signed-in member (the account menu, its badge, promotions). */
export async function shellParts(
  { db, actor }: Pick<Call<Actor>, 'db' | 'actor'>,
  cache?: MemberCache,
): Promise<MemberParts['viewer']> {
  let unreadMessages = cache?.unreadMessages(actor.id);
  if (unreadMessages === undefined) {
    const ticket = cache?.ticket();
    unreadMessages = await countUnread(db, actor.id);
    cache?.keepUnreadMessages(actor.id, ticket!, unreadMessages);
  }
  return {
    id: actor.id,
    username: actor.username,
    staff: can(actor, STAFF_RIGHT),
    adFree: can(actor, 'adFree'),
    unreadMessages,
  };
}

/** `videoParts`, from the member's cached entry when it holds them (docs/decisions/0036). */
async function cachedVideoParts(
  db: Database,
  actor: Actor,
  videoId: string,
  cache: MemberCache | undefined,
): Promise<VideoParts | null> {
  const kept = cache?.videoParts(actor.id, videoId);
  if (kept !== undefined) return kept;
  const ticket = cache?.ticket();
  const parts = await videoParts({ db, actor }, videoId);
  cache?.keepVideoParts(actor.id, ticket!, can(actor, STAFF_RIGHT), videoId, parts);
  return parts;
}

/**
 * A video page's parts for a member, null when the video does not exist: one query, since
 * every member's view of a shared video page asks for them (docs/decisions/0024).
 */
export async function videoParts(
  { db, actor }: Pick<Call<Actor>, 'db' | 'actor'>,
  videoId: string,
): Promise<VideoParts | null> {
  const isStaff = can(actor, STAFF_RIGHT);
  // Drizzle writes a single-table select's columns unqualified, so inside these subqueries
  // `videos.id` would name the inner table's own id: the id is bound, the owner qualified.
  const [video] = await db
    .select({
      id: videos.id,
      ownerId: videos.ownerId,
      myVote: sql<number | null>`(select ${videoVotes.value} from ${videoVotes}
        where ${videoVotes.userId} = ${actor.id} and ${videoVotes.videoId} = ${videoId})`,
      isFavorited: sql<boolean>`exists (select 1 from ${videoFavorites}
        where ${videoFavorites.userId} = ${actor.id} and ${videoFavorites.videoId} = ${videoId})`,
      subscribed: sql<boolean>`exists (select 1 from ${subscriptions}
        where ${subscriptions.subscriberId} = ${actor.id}
        and ${subscriptions.channelId} = ${videos}.owner_id)`,
      hasReported: sql<boolean>`exists (select 1 from ${reports}
        where ${reports.reporterId} = ${actor.id} and ${reports.targetKind} = 'video'
        and ${reports.targetId} = ${videoId})`,
      openReports: isStaff
        ? sql<number>`(select count(*)::int from ${reports} where ${reports.targetKind} = 'video'
            and ${reports.targetId} = ${videoId} and ${reports.state} = 'open')`
        : sql<null>`null`,
    })
    .from(videos)
    .where(eq(videos.id, videoId))
    .limit(1);
  if (!video) return null;
  return {
    videoId: video.id,
    myVote: video.myVote === 1 ? 1 : video.myVote === -1 ? -1 : 0,
    isFavorited: video.isFavorited,
    subscribed: video.subscribed,
    isOwner: actor.id === video.ownerId,
    canManage: canManageVideo(actor, video),
    hasReported: video.hasReported,
    openReports: isStaff ? Number(video.openReports ?? 0) : null,
  };
}

/**
 * What a page served alike to everyone (the shared page cache) lacks for this member: asked
 * by the page after it loads. A visitor gets `{ viewer: null, video: null }`. With `cache`,
 * answered from memory until the database announces a change (docs/decisions/0036).
 */
export async function getMemberParts(
  { db, actor }: Pick<Call, 'db' | 'actor'>,
  input: { videoId?: string },
  cache?: MemberCache,
): Promise<MemberParts> {
  if (!actor) return { viewer: null, video: null };
  const [viewer, video] = await Promise.all([
    shellParts({ db, actor }, cache),
    input.videoId ? cachedVideoParts(db, actor, input.videoId, cache) : null,
  ]);
  return { viewer, video };
}
