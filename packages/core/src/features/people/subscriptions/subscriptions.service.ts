import { requireMemberRight } from '../../../access/rights';
import { and, desc, eq, sql } from 'drizzle-orm';
import { ServiceError } from '../../../kernel/errors/service-error';
import type { Database } from '../../../platform/db/client';
import { subscriptions, users } from '../../../platform/db/schema';
import {
  findUserByUsername,
  pageOf,
  personColumns,
  type ListPage,
  type PersonSummary,
  PEOPLE_MESSAGES,
} from '../social';
import type { Call } from '../../../access/call';

/** Page sizes (docs/limits.md): subscriptions 18, subscribers 3. */
export const SUBSCRIPTIONS_PAGE_SIZE = 18;
export const SUBSCRIBERS_PAGE_SIZE = 3;

export async function countSubscribers(db: Database, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(subscriptions)
    .where(eq(subscriptions.channelId, userId));
  return Number(row?.n ?? 0);
}

export async function countSubscriptions(db: Database, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(subscriptions)
    .where(eq(subscriptions.subscriberId, userId));
  return Number(row?.n ?? 0);
}

export async function isSubscribed(
  db: Database,
  subscriberId: string | null,
  channelId: string,
): Promise<boolean> {
  if (!subscriberId) return false;
  const [row] = await db
    .select({ id: subscriptions.channelId })
    .from(subscriptions)
    .where(
      and(eq(subscriptions.subscriberId, subscriberId), eq(subscriptions.channelId, channelId)),
    )
    .limit(1);
  return Boolean(row);
}

/**
 * Subscribes to a user's uploads or stops: `subscribe` says which, or when absent the
 * current state flips (a toggle, docs/people.md). Answers the new state and the subscriber count.
 */
export async function setSubscription(
  { db, actor }: Pick<Call, 'db' | 'actor'>,
  username: string,
  subscribe?: boolean,
): Promise<{ subscribed: boolean; subscribersCount: number; username: string }> {
  const me = requireMemberRight(actor, 'participate');
  const channel = await findUserByUsername(db, username);
  if (channel.id === me.id) throw new ServiceError('invalid', PEOPLE_MESSAGES.selfSubscribe);
  const wanted = subscribe ?? !(await isSubscribed(db, me.id, channel.id));
  if (wanted) {
    await db
      .insert(subscriptions)
      .values({ subscriberId: me.id, channelId: channel.id })
      .onConflictDoNothing();
  } else {
    await db
      .delete(subscriptions)
      .where(and(eq(subscriptions.subscriberId, me.id), eq(subscriptions.channelId, channel.id)));
  }
  return {
    subscribed: wanted,
    subscribersCount: await countSubscribers(db, channel.id),
    username: channel.username,
  };
}

/** Whom a user subscribes to (18 a page), most recent first. */
export async function listSubscriptions(
  db: Database,
  username: string,
  index = 0,
): Promise<ListPage<PersonSummary>> {
  const user = await findUserByUsername(db, username);
  const where = eq(subscriptions.subscriberId, user.id);
  const rows = await db
    .select(personColumns)
    .from(subscriptions)
    .innerJoin(users, eq(users.id, subscriptions.channelId))
    .where(where)
    .orderBy(desc(subscriptions.createdAt), users.username)
    .limit(SUBSCRIPTIONS_PAGE_SIZE)
    .offset(index * SUBSCRIPTIONS_PAGE_SIZE);
  return pageOf(rows, await countSubscriptions(db, user.id), index, SUBSCRIPTIONS_PAGE_SIZE);
}

/** Who subscribes to a user (3 a page), most recent first. */
export async function listSubscribers(
  db: Database,
  username: string,
  index = 0,
): Promise<ListPage<PersonSummary>> {
  const user = await findUserByUsername(db, username);
  const rows = await db
    .select(personColumns)
    .from(subscriptions)
    .innerJoin(users, eq(users.id, subscriptions.subscriberId))
    .where(eq(subscriptions.channelId, user.id))
    .orderBy(desc(subscriptions.createdAt), users.username)
    .limit(SUBSCRIBERS_PAGE_SIZE)
    .offset(index * SUBSCRIBERS_PAGE_SIZE);
  return pageOf(rows, await countSubscribers(db, user.id), index, SUBSCRIBERS_PAGE_SIZE);
}
