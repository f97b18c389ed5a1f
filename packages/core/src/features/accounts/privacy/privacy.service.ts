import { and, desc, eq, or, sql } from 'drizzle-orm';
import { requireMemberRight } from '../../../access/rights';
import { ServiceError } from '../../../kernel/errors/service-error';
import type { Database } from '../../../platform/db/client';
import { inTransaction } from '../../../platform/db/unit-of-work';
import {
  friendships,
  privacySettings,
  userBlocks,
  users,
  type MessagePrivacy,
} from '../../../platform/db/schema';
import { readPrivacySettings, type PrivacySettings } from '../../../access/people-rules';
import {
  findUserByUsername,
  pageOf,
  personColumns,
  type ListPage,
  type PersonSummary,
  PEOPLE_MESSAGES,
} from '../../people/social';
import { PRIVACY_MESSAGES } from './privacy-messages';
import type { Call } from '../../../access/call';

/** Blocked members a page on the settings page (18 for lists, docs/limits.md). */
export const BLOCKED_PAGE_SIZE = 18;

export interface BlockedMember extends PersonSummary {
  blockedAt: string;
}

/** The signed-in member's privacy choices. */
export async function getPrivacySettings({
  db,
  actor,
}: Pick<Call, 'db' | 'actor'>): Promise<PrivacySettings> {
  const me = requireMemberRight(actor, 'participate');
  return readPrivacySettings(db, me.id);
}

/** Chooses who may send the signed-in member private messages. */
export async function setMessagePrivacy(
  ctx: Pick<Call, 'db' | 'actor'> & Pick<Call, 'now'>,
  messagesFrom: MessagePrivacy,
): Promise<PrivacySettings> {
  const { db, actor } = ctx;
  const now = ctx.now();
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

/**
 * Blocks a member: their messages and comments disappear for the actor; they cannot message the
 * actor or ask to be friends, and a friend request waiting between the two is withdrawn.
 */
export async function blockMember(
  ctx: Pick<Call, 'db' | 'actor'> & Pick<Call, 'now'>,
  username: string,
): Promise<{ username: string; blocked: true }> {
  const { db, actor } = ctx;
  const now = ctx.now();
  const me = requireMemberRight(actor, 'participate');
  const other = await findUserByUsername(db, username);
  if (other.id === me.id) throw new ServiceError('invalid', PRIVACY_MESSAGES.selfBlock);
  await inTransaction({ db }, async ({ db: tx }) => {
    const inserted = await tx
      .insert(userBlocks)
      .values({ blockerId: me.id, blockedId: other.id, createdAt: now })
      .onConflictDoNothing()
      .returning({ blockedId: userBlocks.blockedId });
    if (inserted.length === 0) {
      throw new ServiceError('conflict', PRIVACY_MESSAGES.alreadyBlocked);
    }
    // A request still waiting between the two goes: neither may ask the other while blocked.
    await tx
      .delete(friendships)
      .where(
        and(
          eq(friendships.status, 'pending'),
          or(
            and(eq(friendships.requesterId, other.id), eq(friendships.addresseeId, me.id)),
            and(eq(friendships.requesterId, me.id), eq(friendships.addresseeId, other.id)),
          ),
        ),
      );
  });
  return { username: other.username, blocked: true };
}

/** Lifts a block. Works for a member whose account was disabled since, too. */
export async function unblockMember(
  { db, actor }: Pick<Call, 'db' | 'actor'>,
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
  { db, actor }: Pick<Call, 'db' | 'actor'>,
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
