import { sql } from 'drizzle-orm';
import type { Actor } from '../../../kernel/endpoint';
import { queryRows } from '../../discovery/browse';
import type { Call } from '../../../access/call';

/** How many people each list suggests. */
export const SUGGESTIONS_LIMIT = 10;

export interface Suggestion {
  username: string;
  image: string | null;
  isSupporter: boolean;
  /** Friends the two share (befriend), or friends and fellow subscribers who follow them. */
  sharedFriends: number;
  /** Channels both subscribe to (befriend), or people like the member who follow them. */
  sharedSubscriptions: number;
}

export interface UserSuggestions {
  /** People to befriend: friends of friends, and people who subscribe to the same uploaders. */
  befriend: Suggestion[];
  /** Uploaders to follow: whom the member's friends and fellow subscribers subscribe to. */
  follow: Suggestion[];
}

interface Row {
  username: string;
  image: string | null;
  is_supporter: boolean;
  shared_friends: number;
  shared_subscriptions: number;
}

const toSuggestion = (row: Row): Suggestion => ({
  username: row.username,
  image: row.image,
  isSupporter: row.is_supporter,
  sharedFriends: Number(row.shared_friends),
  sharedSubscriptions: Number(row.shared_subscriptions),
});

/**
 * People the member may want to befriend (shared friends count thrice, shared subscriptions
 * once) and uploaders to follow (subscribed to by their friends and fellow subscribers). Never
 * the member, someone they are friends with or asked, an uploader they follow, or a disabled
 * account.
 */
export async function suggestPeople({
  db,
  actor,
}: Pick<Call<Actor>, 'db' | 'actor'>): Promise<UserSuggestions> {
  const me = actor.id;
  const base = sql`
    with my_friends as (
      select case when requester_id = ${me} then addressee_id else requester_id end as id
      from friendships
      where status = 'accepted' and (requester_id = ${me} or addressee_id = ${me})
    ),
    related as (
      select case when requester_id = ${me} then addressee_id else requester_id end as id
      from friendships where requester_id = ${me} or addressee_id = ${me}
    ),
    my_subs as (select channel_id from subscriptions where subscriber_id = ${me}),
    friends_of_friends as (
      select case when f.requester_id = mf.id then f.addressee_id else f.requester_id end as id,
             count(*)::int as n
      from friendships f
      join my_friends mf on f.requester_id = mf.id or f.addressee_id = mf.id
      where f.status = 'accepted'
      group by 1
    ),
    co_subscribers as (
      select s.subscriber_id as id, count(*)::int as n
      from subscriptions s join my_subs m on m.channel_id = s.channel_id
      where s.subscriber_id <> ${me}
      group by 1
    )`;
  const [befriend, follow] = await Promise.all([
    queryRows<Row>(
      db,
      sql`${base}
      select u.username, u.image, u.is_supporter,
             coalesce(f.n, 0) as shared_friends, coalesce(c.n, 0) as shared_subscriptions
      from users u
      left join friends_of_friends f on f.id = u.id
      left join co_subscribers c on c.id = u.id
      where (f.id is not null or c.id is not null)
        and u.id <> ${me} and not u.banned and u.email_verified
        and u.id not in (select id from related)
      order by coalesce(f.n, 0) * 3 + coalesce(c.n, 0) desc, u.username
      limit ${SUGGESTIONS_LIMIT}`,
    ),
    queryRows<Row>(
      db,
      sql`${base},
    followed as (
      select s.channel_id as id,
             count(*) filter (where s.subscriber_id in (select id from my_friends))::int as by_friends,
             count(*) filter (where s.subscriber_id in (select id from co_subscribers))::int as by_fellows
      from subscriptions s
      where s.subscriber_id in (select id from my_friends union select id from co_subscribers)
      group by 1
    )
      select u.username, u.image, u.is_supporter,
             f.by_friends as shared_friends, f.by_fellows as shared_subscriptions
      from followed f join users u on u.id = f.id
      where u.id <> ${me} and not u.banned
        and u.id not in (select channel_id from my_subs)
      order by f.by_friends * 3 + f.by_fellows desc, u.username
      limit ${SUGGESTIONS_LIMIT}`,
    ),
  ]);
  return { befriend: befriend.map(toSuggestion), follow: follow.map(toSuggestion) };
}
