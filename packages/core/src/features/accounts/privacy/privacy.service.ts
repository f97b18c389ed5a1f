import { and, desc, eq, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { requireMemberRight } from '../../../access/rights';
import type { Actor } from '../../../kernel/endpoint';
import { ServiceError } from '../../../kernel/errors/service-error';
import type { Database } from '../../../platform/db/client';
import {
  friendships,
  privacySettings,
  userBlocks,
  users,
  type MessagePrivacy,
  type User,
} from '../../../platform/db/schema';
import {
  findUserByUsername,
  pageOf,
  personColumns,
  type ListPage,
  type PersonSummary,
} from '../../people/social/people-access';
import { PEOPLE_MESSAGES } from '../../people/social/people-messages';
import { PRIVACY_MESSAGES } from './privacy-messages';

/** Blocked members a page on the settings page (18 for lists, docs/limits.md). */
export const BLOCKED_PAGE_SIZE = 18;

export interface PrivacySettings {
  messagesFrom: MessagePrivacy;
}

export interface BlockedMember extends PersonSummary {
  blockedAt: string;
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

/** The signed-in member's privacy choices. */
export async function getPrivacySettings(
  db: Database,
  actor: Actor | null,
): Promise<PrivacySettings> {
  const me = requireMemberRight(actor, 'participate');
  return readPrivacySettings(db, me.id);
}

/** Chooses who may send the signed-in member private messages. */
export async function setMessagePrivacy(
  db: Database,
  actor: Actor | null,
  messagesFrom: MessagePrivacy,
  now: Date = new Date(),
): Promise<PrivacySettings> {
  const me = requireMemberRight(actor, 'participate');
  await db
    .insert(privacySettings)
    .values({ userId: me.id, messagesFrom, updatedAt: now })
    .onConflictDoUpdate({
      target: privacySettings.userId,
      set: { messagesFrom, updatedAt: now },
    });
  return { messagesFrom };
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
    return PRIVACY_MESSAGES.blockedByRecipient(recipient.username);
  }
  if (await isBlocking(db, senderId, recipient.id)) {
    return PRIVACY_MESSAGES.recipientBlocked(recipient.username);
  }
  const { messagesFrom } = await readPrivacySettings(db, recipient.id);
  if (messagesFrom === 'friends' && !(await areFriends(db, senderId, recipient.id))) {
    return PRIVACY_MESSAGES.friendsOnly(recipient.username);
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

/** Blocks a member: their messages and comments disappear for the actor; they cannot message the actor. */
export async function blockMember(
  db: Database,
  actor: Actor | null,
  username: string,
  now: Date = new Date(),
): Promise<{ username: string; blocked: true }> {
  const me = requireMemberRight(actor, 'participate');
  const other = await findUserByUsername(db, username);
  if (other.id === me.id) throw new ServiceError('invalid', PRIVACY_MESSAGES.selfBlock);
  const inserted = await db
    .insert(userBlocks)
    .values({ blockerId: me.id, blockedId: other.id, createdAt: now })
    .onConflictDoNothing()
    .returning({ blockedId: userBlocks.blockedId });
  if (inserted.length === 0) {
    throw new ServiceError('conflict', PRIVACY_MESSAGES.alreadyBlocked);
  }
  return { username: other.username, blocked: true };
}

/** Lifts a block. Works for a member whose account was disabled since, too. */
export async function unblockMember(
  db: Database,
  actor: Actor | null,
  username: string,
): Promise<{ username: string; blocked: false }> {
  const me = requireMemberRight(actor, 'participate');
  const [other] = await db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username})`)
    .limit(1);
  if (!other) throw new ServiceError('not_found', PEOPLE_MESSAGES.userMissing);
  const deleted = await db
    .delete(userBlocks)
    .where(and(eq(userBlocks.blockerId, me.id), eq(userBlocks.blockedId, other.id)))
    .returning({ blockedId: userBlocks.blockedId });
  if (deleted.length === 0) throw new ServiceError('not_found', PRIVACY_MESSAGES.notBlocked);
  return { username: other.username, blocked: false };
}

/** The members the actor blocked, most recent first. */
export async function listBlockedMembers(
  db: Database,
  actor: Actor | null,
  options: { index?: number; pageSize?: number } = {},
): Promise<ListPage<BlockedMember>> {
  const me = requireMemberRight(actor, 'participate');
  const index = options.index ?? 0;
  const pageSize = options.pageSize ?? BLOCKED_PAGE_SIZE;
  const mine = eq(userBlocks.blockerId, me.id);
  const [rows, [total]] = await Promise.all([
    db
      .select({ ...personColumns, blockedAt: userBlocks.createdAt })
      .from(userBlocks)
      .innerJoin(users, eq(users.id, userBlocks.blockedId))
      .where(mine)
      .orderBy(desc(userBlocks.createdAt), desc(users.username))
      .limit(pageSize)
      .offset(index * pageSize),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(userBlocks)
      .where(mine),
  ]);
  const data = rows.map((row) => ({ ...row, blockedAt: row.blockedAt.toISOString() }));
  return pageOf(data, Number(total?.n ?? 0), index, pageSize);
}

/** Whether the viewer has blocked the member with this username (for the profile page). */
export async function hasBlockedUsername(
  db: Database,
  viewerId: string,
  username: string,
): Promise<boolean> {
  const [row] = await db
    .select({ blockedId: userBlocks.blockedId })
    .from(userBlocks)
    .innerJoin(users, eq(users.id, userBlocks.blockedId))
    .where(
      and(eq(userBlocks.blockerId, viewerId), sql`lower(${users.username}) = lower(${username})`),
    )
    .limit(1);
  return Boolean(row);
}
