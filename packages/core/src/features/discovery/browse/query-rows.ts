import type { SQL } from 'drizzle-orm';
import type { Database } from '../../../platform/db/client';

/** Runs raw SQL and answers its rows; PGlite and node-postgres both answer `{ rows }`. */
export async function queryRows<Row>(db: Database, query: SQL): Promise<Row[]> {
  const result = (await db.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}
