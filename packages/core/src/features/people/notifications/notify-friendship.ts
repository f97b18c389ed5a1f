import type { RequestContext } from '../../../kernel/endpoint';
import type { FriendshipState } from '../friends';
import { findUserByUsername } from '../social';
import { notificationSinkOf } from './notifications.endpoints';
import { notify } from './notifications.service';
import { unitOf } from '../../../platform/db/unit-of-work';

/**
 * After a friend action of the caller toward `username`: a new request tells them (the bell
 * and their notification inbox), a request that became a friendship tells the one who asked.
 * Declining, cancelling and unfriending tell nobody.
 */
export async function notifyFriendship(
  context: RequestContext,
  username: string,
  friendship: FriendshipState,
): Promise<void> {
  if (!context.actor || (friendship !== 'requested' && friendship !== 'friends')) return;
  const other = await findUserByUsername(context.db, username);
  await notify(unitOf(context), notificationSinkOf(context), {
    userId: other.id,
    kind: friendship === 'requested' ? 'friend_request' : 'friend_accepted',
    actorId: context.actor.id,
    targetPath:
      friendship === 'requested'
        ? '/profile?tab=friends'
        : `/profile/${encodeURIComponent(context.actor.username)}`,
  });
}
