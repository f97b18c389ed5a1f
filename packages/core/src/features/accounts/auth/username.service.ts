import { sql } from 'drizzle-orm';
import type { Database } from '../../../platform/db/client';
import { users } from '../../../platform/db/schema';

/** Whether nobody holds this username yet, compared without regard to case. */
export async function isUsernameAvailable(db: Database, username: string): Promise<boolean> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username})`)
    .limit(1);
  return rows.length === 0;
}
