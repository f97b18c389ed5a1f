import { sql, type SQL } from 'drizzle-orm';
import { queryRows } from '../../discovery/browse';
import type { Listings } from '../../../platform/cache/listing-cache';
import { FEW_LABELS_WHERE } from './tagger.service';
import type { Call } from '../../../access/call';

/** Counts above this read "10,000+": the count stops walking its index there. */
export const FIGURE_CAP = 10_000;
/** How long the figures are kept before they are counted again. */
export const FIGURES_TTL_SECONDS = 60;

export interface ContributeFigures {
  /** Published videos with fewer than three labels (at most FIGURE_CAP + 1). */
  videosNeedingLabels: number;
  /** Videos whose labels are disputed now. */
  disputedVideos: number;
  taggers: number;
  /** Label changes made by taggers in the last seven days that still stand. */
  labelChangesThisWeek: number;
  /** Reports waiting for staff. */
  openReports: number;
  supporters: number;
}

const capped = (query: SQL) =>
  sql`select count(*)::int as n from (${query} limit ${FIGURE_CAP + 1}) as capped`;

/** The live figures of /contribute; every count reads an index, and stops at FIGURE_CAP. */
export async function countContributeFigures(
  ctx: Pick<Call, 'db' | 'now'>,
): Promise<ContributeFigures> {
  const { db } = ctx;
  const now = ctx.now();
  const weekAgo = new Date(now.getTime() - 7 * 24 * 3600 * 1000).toISOString();
  const queries = [
    capped(sql`select 1 from videos where ${FEW_LABELS_WHERE}`),
    capped(sql`select 1 from label_disputes where settled_at is null`),
    sql`select count(*)::int as n from users where 'tagger' = any(string_to_array(role, ',')) and not banned`,
    capped(
      sql`select 1 from label_changes where created_at >= ${weekAgo}::timestamptz and reverted_at is null`,
    ),
    capped(sql`select 1 from reports where state = 'open'`),
    sql`select count(*)::int as n from users where is_supporter and not banned`,
  ];
  const results = await Promise.all(queries.map((query) => queryRows<{ n: number }>(db, query)));
  const [needing, disputed, taggers, changes, reports, supporters] = results.map((rows) =>
    Number(rows[0]?.n ?? 0),
  );
  return {
    videosNeedingLabels: needing!,
    disputedVideos: disputed!,
    taggers: taggers!,
    labelChangesThisWeek: changes!,
    openReports: reports!,
    supporters: supporters!,
  };
}

/** The figures, counted at most once a minute for everyone (they are the same for all). */
export function loadContributeFigures(
  ctx: Pick<Call, 'db' | 'now'>,
  listings: Listings,
): Promise<ContributeFigures> {
  return listings.forVisitors(
    'contribute:figures',
    true,
    () => countContributeFigures(ctx),
    FIGURES_TTL_SECONDS,
  );
}
