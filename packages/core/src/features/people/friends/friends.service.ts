import { and, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import type { Actor } from '../../../kernel/endpoint';
import { ServiceError } from '../../../kernel/errors/service-error';
import type { Database } from '../../../platform/db/client';
import { friendships, users } from '../../../platform/db/schema';
import {
  findUserByUsername,
  pageOf,
  personColumns,
  type ListPage,
  type PersonSummary,
  PEOPLE_MESSAGES,
} from '../social';
import { requireMemberRight } from '../../../access/rights';
import { isBlocking } from '../../../access/people-rules';
import type { Call } from '../../../access/call';

/** Friends and friend requests a page (docs/limits.md). */
export const FRIENDS_PAGE_SIZE = 18;

export const FRIEND_LISTS = ['friends', 'friendRequests', 'pendingFriendRequests'] as const;
export type FriendList = (typeof FRIEND_LISTS)[number];

/** Where two people stand: `requested` when the viewer asked, `incoming` when the other did. */
export type FriendshipState = 'self' | 'none' | 'friends' | 'requested' | 'incoming';

const pairOf = (a: string, b: string) =>
  or(
    and(eq(friendships.requesterId, a), eq(friendships.addresseeId, b)),
    and(eq(friendships.requesterId, b), eq(friendships.addresseeId, a)),
  );

export async function getFriendshipState(
  db: Database,
  viewerId: string | null,
  otherId: string,
): Promise<FriendshipState> {
  if (!viewerId) return 'none';
  if (viewerId === otherId) return 'self';
  const [row] = await db.select().from(friendships).where(pairOf(viewerId, otherId)).limit(1);
  if (!row) return 'none';
  if (row.status === 'accepted') return 'friends';
  return row.requesterId === viewerId ? 'requested' : 'incoming';
}

/**
 * Asks another user to be friends. When they have already asked the actor, this accepts
 * their request instead of making a second one. Refused (403) between two members when either
 * blocked the other: a blocked member cannot reach the blocker with requests (docs/people.md).
 */
export async function sendFriendRequest(
  { db, actor, now }: Pick<Call, 'db' | 'actor' | 'now'>,
  username: string,
): Promise<FriendshipState> {
  const me = requireMemberRight(actor, 'participate');
  const other = await findUserByUsername(db, username);
  if (other.id === me.id) throw new ServiceError('invalid', PEOPLE_MESSAGES.selfFriend);
  if (await isBlocking(db, other.id, me.id)) {
    throw new ServiceError(
      'forbidden',
      PEOPLE_MESSAGES.friendRequestBlockedByAddressee(other.username),
    );
  }
  if (await isBlocking(db, me.id, other.id)) {
    throw new ServiceError(
      'forbidden',
      PEOPLE_MESSAGES.friendRequestAddresseeBlocked(other.username),
    );
  }
  const state = await getFriendshipState(db, me.id, other.id);
  if (state === 'friends') throw new ServiceError('conflict', PEOPLE_MESSAGES.alreadyFriends);
  if (state === 'requested') {
    throw new ServiceError('conflict', PEOPLE_MESSAGES.requestAlreadySent);
  }
  if (state === 'incoming') return acceptFriendRequest({ db, actor: me, now }, other.username);
  // The unique pair index settles two requests racing each other.
  const inserted = await db
    .insert(friendships)
    .values({ requesterId: me.id, addresseeId: other.id })
    .onConflictDoNothing()
    .returning({ status: friendships.status });
  if (inserted.length === 0) {
    throw new ServiceError('conflict', PEOPLE_MESSAGES.requestAlreadySent);
  }
  return 'requested';
}

/** The request `requesterId` sent `addresseeId`, while it waits for an answer. */
const pendingFrom = (requesterId: string, addresseeId: string) =>
  and(
    eq(friendships.requesterId, requesterId),
    eq(friendships.addresseeId, addresseeId),
    eq(friendships.status, 'pending'),
  );

export async function acceptFriendRequest(
  { db, actor, now }: Pick<Call, 'db' | 'actor' | 'now'>,
  username: string,
): Promise<FriendshipState> {
  const me = requireMemberRight(actor, 'participate');
  const other = await findUserByUsername(db, username);
  const updated = await db
    .update(friendships)
    .set({ status: 'accepted', acceptedAt: now() })
    .where(pendingFrom(other.id, me.id))
    .returning({ status: friendships.status });
  if (updated.length === 0) throw new ServiceError('not_found', PEOPLE_MESSAGES.noIncomingRequest);
  return 'friends';
}

/**
 * Deletes the one friendship row between the actor and `username` that `which` picks; when
 * there is none, answers 404 with `missing`. Declining, cancelling and unfriending differ only
 * in the row they end.
 */
async function endFriendship(
  db: Database,
  actor: Actor | null,
  username: string,
  which: (me: string, other: string) => SQL | undefined,
  missing: string,
): Promise<FriendshipState> {
  const me = requireMemberRight(actor, 'participate');
  const other = await findUserByUsername(db, username);
  const deleted = await db
    .delete(friendships)
    .where(which(me.id, other.id))
    .returning({ status: friendships.status });
  if (deleted.length === 0) throw new ServiceError('not_found', missing);
  return 'none';
}

export const declineFriendRequest = ({ db, actor }: Pick<Call, 'db' | 'actor'>, username: string) =>
  endFriendship(
    db,
    actor,
    username,
    (me, other) => pendingFrom(other, me),
    PEOPLE_MESSAGES.noIncomingRequest,
  );

export const cancelFriendRequest = ({ db, actor }: Pick<Call, 'db' | 'actor'>, username: string) =>
  endFriendship(
    db,
    actor,
    username,
    (me, other) => pendingFrom(me, other),
    PEOPLE_MESSAGES.noOutgoingRequest,
  );

/** Ends a friendship, whoever asked for it first. */
export const removeFriend = ({ db, actor }: Pick<Call, 'db' | 'actor'>, username: string) =>
  endFriendship(
    db,
    actor,
    username,
    (me, other) => and(pairOf(me, other), eq(friendships.status, 'accepted')),
    PEOPLE_MESSAGES.notFriends,
  );

/** How many friends a user has, counted from the rows themselves. */
export async function countFriends(db: Database, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(friendships)
    .where(
      and(
        eq(friendships.status, 'accepted'),
        or(eq(friendships.requesterId, userId), eq(friendships.addresseeId, userId)),
      ),
    );
  return Number(row?.n ?? 0);
}

export type FriendEntry = PersonSummary & { since: string };

/**
 * One page of a friend list. `friends` is public; `friendRequests` (asked of the user) and
 * `pendingFriendRequests` (asked by the user) only the user may see.
 */
export async function listFriends(
  { db, actor }: Pick<Call, 'db' | 'actor'>,
  options: { username?: string; list: FriendList; index?: number },
): Promise<ListPage<FriendEntry>> {
  const index = options.index ?? 0;
  let userId: string;
  if (options.list === 'friends' && options.username) {
    userId = (await findUserByUsername(db, options.username)).id;
  } else {
    const me = requireMemberRight(actor, 'participate');
    if (options.username && options.username.toLowerCase() !== me.username.toLowerCase()) {
      throw new ServiceError('forbidden', PEOPLE_MESSAGES.onlyOwnRequests);
    }
    userId = me.id;
  }
  const condition =
    options.list === 'friends'
      ? and(
          eq(friendships.status, 'accepted'),
          or(eq(friendships.requesterId, userId), eq(friendships.addresseeId, userId)),
        )
      : options.list === 'friendRequests'
        ? and(eq(friendships.status, 'pending'), eq(friendships.addresseeId, userId))
        : and(eq(friendships.status, 'pending'), eq(friendships.requesterId, userId));
  const otherId = sql`case when ${friendships.requesterId} = ${userId} then ${friendships.addresseeId} else ${friendships.requesterId} end`;
  const since = sql<Date>`coalesce(${friendships.acceptedAt}, ${friendships.createdAt})`;
  const [rows, [total]] = await Promise.all([
    db
      .select({ ...personColumns, since })
      .from(friendships)
      .innerJoin(users, eq(users.id, otherId))
      .where(condition)
      .orderBy(desc(since), users.username)
      .limit(FRIENDS_PAGE_SIZE)
      .offset(index * FRIENDS_PAGE_SIZE),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(friendships)
      .where(condition),
  ]);
  return pageOf(
    rows.map((row) => ({ ...row, since: new Date(row.since).toISOString() })),
    Number(total?.n ?? 0),
    index,
    FRIENDS_PAGE_SIZE,
  );
}
