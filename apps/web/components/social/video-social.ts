import type { Actor } from '@cutroom/core/kernel/endpoint';
import type { Database } from '@cutroom/core/platform/db/client';
import {
  countSubscribers,
  isSubscribed,
} from '@cutroom/core/features/people/subscriptions/subscriptions.service';
import { getFavoriteState, getMyVote } from '@cutroom/core/features/library/votes/votes.service';

/** What the video page's social controls start from, for this viewer. */
export async function loadVideoSocial(
  db: Database,
  viewer: Actor | null,
  video: { id: string; ownerId: string },
) {
  const viewerId = viewer?.id ?? null;
  const [myVote, favorite, subscribed, subscribers] = await Promise.all([
    getMyVote(db, viewerId, video.id),
    getFavoriteState(db, viewerId, video.id),
    isSubscribed(db, viewerId, video.ownerId),
    countSubscribers(db, video.ownerId),
  ]);
  return { myVote, favorite, subscribed, subscribers };
}
