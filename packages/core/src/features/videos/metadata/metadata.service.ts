import { and, desc, eq, gt, sql } from 'drizzle-orm';
import type { Database } from '../../../platform/db/client';
import { publishedCounts } from '../../../platform/db/schema';
import {
  DEFAULT_LIST_LIMIT,
  LIST_KIND,
  METADATA_LISTS,
  TOP_TAGS_LIMIT,
  type MetadataList,
} from './metadata.schema';
import { inTransaction } from '../../../platform/db/unit-of-work';

/** A name-to-count map, most used first (object keys keep insertion order). */
export type CountMap = Record<string, number>;

export interface ListCountsOptions {
  limit?: number;
  /** Only names starting with this, any case. */
  prefix?: string;
}

/** One metadata list over published videos, read from the trigger-kept counts. */
export async function listLabelCounts(
  db: Database,
  list: MetadataList,
  { limit = DEFAULT_LIST_LIMIT, prefix = '' }: ListCountsOptions = {},
): Promise<CountMap> {
  const conditions = [eq(publishedCounts.kind, LIST_KIND[list]), gt(publishedCounts.count, 0)];
  if (prefix) {
    const escaped = prefix.replace(/[\\%_]/g, (c) => `\\${c}`);
    conditions.push(sql`${publishedCounts.name} ilike ${`${escaped}%`}`);
  }
  const rows = await db
    .select({ name: publishedCounts.name, count: publishedCounts.count })
    .from(publishedCounts)
    .where(and(...conditions))
    .orderBy(desc(publishedCounts.count), publishedCounts.name)
    .limit(limit);
  return Object.fromEntries(rows.map((row) => [row.name, row.count]));
}

export interface MetadataLists {
  tags: CountMap;
  music: CountMap;
  stars: CountMap;
  creators: CountMap;
  /** The 20 most used tags. */
  topTags: CountMap;
}

/** All four lists (docs/browse.md) and the top tags. */
export async function getMetadataLists(
  db: Database,
  options: ListCountsOptions = {},
): Promise<MetadataLists> {
  const [tags, music, stars, creators] = await Promise.all(
    METADATA_LISTS.map((list) => listLabelCounts(db, list, options)),
  );
  return {
    tags: tags!,
    music: music!,
    stars: stars!,
    creators: creators!,
    topTags: await getTopTags(db),
  };
}

export function getTopTags(db: Database): Promise<CountMap> {
  return listLabelCounts(db, 'tags', { limit: TOP_TAGS_LIMIT });
}

/** Published videos a month, newest month first ("YYYY-MM" → count), for the archive. */
export async function listArchiveMonths(db: Database): Promise<{ month: string; count: number }[]> {
  const rows = await db
    .select({ month: publishedCounts.name, count: publishedCounts.count })
    .from(publishedCounts)
    .where(and(eq(publishedCounts.kind, 'month'), gt(publishedCounts.count, 0)))
    .orderBy(desc(publishedCounts.name));
  return rows;
}

/**
 * Recomputes every published count from scratch, in one transaction. The triggers keep them
 * current; this is for bulk loads that bypass triggers (the benchmark generator) and repairs.
 */
export async function rebuildPublishedCounts(db: Database): Promise<void> {
  await inTransaction({ db }, async ({ db: tx }) => {
    await tx.execute(sql`delete from published_counts`);
    await tx.execute(sql`
      insert into published_counts (kind, name, count)
      select k, n, count(*) from (
        select 'all' as k, '' as n from videos where status = 'published'
        union all select 'category', category::text from videos where status = 'published'
        union all select 'month', to_char(published_at at time zone 'UTC', 'YYYY-MM') from videos
          where status = 'published' and published_at is not null
        union all select l.kind::text, l.name from video_labels l
          join videos v on v.id = l.video_id where v.status = 'published'
      ) as keys group by k, n`);
  });
}
