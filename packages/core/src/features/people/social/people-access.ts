import { and, eq, sql } from 'drizzle-orm';
import { ServiceError } from '../../../kernel/errors/service-error';
import type { Database } from '../../../platform/db/client';
import { users, type User } from '../../../platform/db/schema';
import { PEOPLE_MESSAGES } from './people-messages';

/** A user by username (any case); disabled accounts count as missing. 404 when absent. */
export async function findUserByUsername(db: Database, username: string): Promise<User> {
  const [user] = await db
    .select()
    .from(users)
    .where(and(sql`lower(${users.username}) = lower(${username})`, eq(users.banned, false)))
    .limit(1);
  if (!user) throw new ServiceError('not_found', PEOPLE_MESSAGES.userMissing);
  return user;
}

/** One page of a list: its rows, the total, where it is and whether more follow. */
export interface ListPage<Row> {
  data: Row[];
  count: number;
  index: number;
  pageSize: number;
  hasMore: boolean;
}

export const pageOf = <Row>(
  rows: Row[],
  count: number,
  index: number,
  pageSize: number,
): ListPage<Row> => ({
  data: rows,
  count,
  index,
  pageSize,
  hasMore: (index + 1) * pageSize < count,
});

/** Where a page stands, as list answers give it beside their rows. */
export const pagePosition = ({
  count,
  index,
  hasMore,
}: Pick<ListPage<unknown>, 'count' | 'index' | 'hasMore'>) => ({
  count,
  index,
  hasMore,
});

/** A person as lists show them. */
export interface PersonSummary {
  username: string;
  image: string | null;
  isSupporter: boolean;
}

export const personColumns = {
  username: users.username,
  image: users.image,
  isSupporter: users.isSupporter,
};
