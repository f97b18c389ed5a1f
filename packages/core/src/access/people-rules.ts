import { and, eq, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { ServiceError } from '../kernel/errors/service-error';
import type { Database } from '../platform/db/client';
import {
  friendships,
  privacySettings,
  userBlocks,
  type MessagePrivacy,
  type User,
} from '../platform/db/schema';
import { MESSAGE_REFUSALS } from './refusal-messages';

// The rules between two members that other features ask: blocks and who may message whom
// (docs/people.md). The privacy feature sets them; comments, messages and profiles obey them.

export interface PrivacySettings {
  messagesFrom: MessagePrivacy;
}

/**
 * A condition for queries that show other members' content to a viewer: true unless the
 * viewer blocked the member in `authorColumn`. A visitor (null) has blocked no one.
 */
export function notBlockedBy(viewerId: string | null, authorColumn: AnyColumn): SQL {
  if (!viewerId) return sql`true`;
  return sql`not exists (select 1 from ${userBlocks} where ${userBlocks.blockerId} = ${viewerId} and ${userBlocks.blockedId} = ${authorColumn})`;
}

/** Whether `blockerId` has blocked `blockedId`. */
export async function isBlocking(
  db: Database,
  blockerId: string,
  blockedId: string,
): Promise<boolean> {
  const [row] = await db
    .select({ blockedId: userBlocks.blockedId })
    .from(userBlocks)
    .where(and(eq(userBlocks.blockerId, blockerId), eq(userBlocks.blockedId, blockedId)))
    .limit(1);
  return Boolean(row);
}

/** A member's privacy choices (the defaults when they never chose). */
export async function readPrivacySettings(db: Database, userId: string): Promise<PrivacySettings> {
  const [row] = await db
    .select({ messagesFrom: privacySettings.messagesFrom })
    .from(privacySettings)
    .where(eq(privacySettings.userId, userId))
    .limit(1);
  return { messagesFrom: row?.messagesFrom ?? 'everyone' };
}

async function areFriends(db: Database, a: string, b: string): Promise<boolean> {
  const [row] = await db
    .select({ status: friendships.status })
    .from(friendships)
    .where(
      and(
        eq(friendships.status, 'accepted'),
        or(
          and(eq(friendships.requesterId, a), eq(friendships.addresseeId, b)),
          and(eq(friendships.requesterId, b), eq(friendships.addresseeId, a)),
        ),
      ),
    )
    .limit(1);
  return Boolean(row);
}

/**
 * Why `sender` may not message `recipient`, in the words a send would be refused with, or null
 * when they may: the recipient blocked the sender, the sender blocked the recipient, or the
 * recipient takes messages from friends only and the two are not friends. The profile and the
 * compose form say it before anything is written (docs/people.md).
 */
export async function messageRefusal(
  db: Database,
  senderId: string,
  recipient: Pick<User, 'id' | 'username'>,
): Promise<string | null> {
  if (await isBlocking(db, recipient.id, senderId)) {
    return MESSAGE_REFUSALS.blockedByRecipient(recipient.username);
  }
  if (await isBlocking(db, senderId, recipient.id)) {
    return MESSAGE_REFUSALS.recipientBlocked(recipient.username);
  }
  const { messagesFrom } = await readPrivacySettings(db, recipient.id);
  if (messagesFrom === 'friends' && !(await areFriends(db, senderId, recipient.id))) {
    return MESSAGE_REFUSALS.friendsOnly(recipient.username);
  }
  return null;
}

/** Refuses (403) when `sender` may not message `recipient` (`messageRefusal`). */
export async function assertMayMessage(
  db: Database,
  senderId: string,
  recipient: Pick<User, 'id' | 'username'>,
): Promise<void> {
  const refusal = await messageRefusal(db, senderId, recipient);
  if (refusal) throw new ServiceError('forbidden', refusal);
}
