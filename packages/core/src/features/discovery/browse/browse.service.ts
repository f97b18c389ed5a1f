import { and, eq, sql, type SQL } from 'drizzle-orm';
import { ServiceError } from '../../../kernel/errors/service-error';
import type { Call } from '../../../access/call';
import type { Database } from '../../../platform/db/client';
import {
  publishedCounts,
  users,
  videos,
  type Category,
  type LabelKind,
} from '../../../platform/db/schema';
import {
  COUNT_CAP,
  DEFAULT_FILTERS,
  MAX_RANGE_MINUTES,
  type TimeWindow,
  type VideoFilters,
} from './browse.schema';
import { queryRows } from './query-rows';

/** What a video card shows; dates as ISO strings so it crosses caches and the network as is. */
export interface VideoSummary {
  id: string;
  slug: string;
  title: string;
  category: Category;
  durationSeconds: number | null;
  topQuality: number | null;
  views: number;
  upvotes: number;
  downvotes: number;
  publishedAt: string | null;
  uploader: string;
  isExplicit: boolean;
  hasSeizureWarning: boolean;
  posterKey: string | null;
  posterWebpKey: string | null;
  spritesVttKey: string | null;
}

export interface VideoPage {
  data: VideoSummary[];
  /** Matching videos; when countIsCapped, at least this many. */
  count: number;
  countIsCapped: boolean;
  /** The count is the planner's estimate (large search results), not a count. */
  countIsEstimate?: boolean;
  /** Zero-based page number and its size. */
  index: number;
  pageSize: number;
  hasMore: boolean;
}

export const summaryColumns = {
  id: videos.id,
  slug: videos.slug,
  title: videos.title,
  category: videos.category,
  durationSeconds: videos.durationSeconds,
  topQuality: videos.topQuality,
  views: videos.views,
  upvotes: videos.upvotes,
  downvotes: videos.downvotes,
  publishedAt: videos.publishedAt,
  uploader: users.username,
  isExplicit: videos.isExplicit,
  hasSeizureWarning: videos.hasSeizureWarning,
  posterKey: videos.posterKey,
  posterWebpKey: videos.posterWebpKey,
  spritesVttKey: videos.spritesVttKey,
};

type SummaryRow = Omit<VideoSummary, 'publishedAt'> & { publishedAt: Date | string | null };

export function toSummary(row: SummaryRow): VideoSummary {
  const publishedAt =
    row.publishedAt == null ? null : new Date(row.publishedAt as string | Date).toISOString();
  return { ...row, publishedAt };
}

export const isPublished = sql`${videos.status} = 'published'`;
/** Must match the partial indexes' order exactly (DESC NULLS LAST) for them to be used. */
export const NEWEST_ORDER = sql`${videos.publishedAt} desc nulls last, ${videos.id} desc nulls last`;
export const POPULAR_ORDER = sql`${videos.views} desc nulls last, ${videos.id} desc nulls last`;

const WINDOW_DAYS: Record<Exclude<TimeWindow, 'all'>, number> = {
  day: 1,
  week: 7,
  month: 30,
  year: 365,
};

const LABEL_FILTERS: [keyof VideoFilters & ('tags' | 'music' | 'stars' | 'creators'), LabelKind][] =
  [
    ['tags', 'tag'],
    ['music', 'music'],
    ['stars', 'star'],
    ['creators', 'creator'],
  ];

/** `kind:name` keys as stored in videos.label_keys. */
export const labelKey = (kind: LabelKind, name: string) => `${kind}:${name}`;

/** The row carries every one of these labels (GIN-indexed array containment). */
export const hasLabels = (keys: string[]) =>
  sql`${videos.labelKeys} @> array[${sql.join(
    keys.map((key) => sql`${key}`),
    sql`, `,
  )}]::text[]`;

export interface FilterScope {
  now: Date;
  /** The signed-in viewer, for the subscriptions filter. */
  viewerId: string | null;
}

/** A call's filter scope: its clock's time and its actor as the viewer. */
export const scopeOf = ({ actor, now }: Pick<Call, 'actor' | 'now'>): FilterScope => ({
  now: now(),
  viewerId: actor?.id ?? null,
});

/**
 * The WHERE conditions of a filter set, published videos only.
 *
 * With labels in the filter, the category and the required flags join the labels in one
 * `label_keys` containment (migration 0007 keeps `category:…` and `flag:…` keys there): one GIN
 * lookup then narrows to the videos having all of them, instead of intersecting the labels'
 * matches with a whole category. Without labels, the category stays a column test, so the
 * category indexes can be walked in order.
 */
export function filterConditions(filters: VideoFilters, scope: FilterScope): SQL[] {
  const conditions: SQL[] = [isPublished];
  const keys = LABEL_FILTERS.flatMap(([key, kind]) =>
    filters[key].map((name) => labelKey(kind, name)),
  );
  const foldIntoKeys = keys.length > 0;
  if (filters.category !== 'all') {
    if (foldIntoKeys) keys.push(`category:${filters.category}`);
    else conditions.push(sql`${videos.category} = ${filters.category}`);
  }
  const flags = [
    ['explicit', videos.isExplicit],
    ['sameSex', videos.isSameSex],
    ['trans', videos.isTrans],
    ['seizureWarning', videos.hasSeizureWarning],
  ] as const;
  for (const [flag, column] of flags) {
    const mode = filters[flag];
    if (mode === 'only') {
      if (foldIntoKeys) keys.push(`flag:${flag}`);
      else conditions.push(sql`${column}`);
    }
    if (mode === 'hide') conditions.push(sql`not ${column}`);
  }
  if (keys.length > 0) conditions.push(hasLabels(keys));
  const [low, high] = filters.range;
  if (low > 0) conditions.push(sql`${videos.durationSeconds} >= ${low * 60}`);
  if (high < MAX_RANGE_MINUTES) conditions.push(sql`${videos.durationSeconds} <= ${high * 60}`);
  if (filters.time !== 'all') {
    const since = new Date(scope.now.getTime() - WINDOW_DAYS[filters.time] * 86_400_000);
    conditions.push(sql`${videos.publishedAt} >= ${since.toISOString()}`);
  }
  if (filters.quality !== 'any') {
    conditions.push(sql`${videos.topQuality} >= ${Number(filters.quality)}`);
  }
  if (filters.aspect === 'landscape') conditions.push(sql`${videos.aspectRatio} > 1.1`);
  if (filters.aspect === 'portrait') conditions.push(sql`${videos.aspectRatio} < 0.9`);
  if (filters.aspect === 'square') {
    conditions.push(sql`${videos.aspectRatio} between 0.9 and 1.1`);
  }
  if (filters.subscriptions) {
    if (!scope.viewerId) {
      throw new ServiceError('unauthenticated', 'Sign in to see videos from your subscriptions');
    }
    conditions.push(
      sql`${videos.ownerId} in (select s.channel_id from subscriptions s where s.subscriber_id = ${scope.viewerId})`,
    );
  }
  return conditions;
}

/**
 * When a filter set is exactly one of the keys published_counts keeps (everything, one
 * category, one label), its count is read from there instead of counted.
 */
export function countKeyOf(filters: VideoFilters): { kind: string; name: string } | null {
  const ignored = new Set(['category', 'view', ...LABEL_FILTERS.map(([key]) => key)]);
  const othersAreDefault = (Object.keys(filters) as (keyof VideoFilters)[])
    .filter((key) => !ignored.has(key))
    .every((key) => JSON.stringify(filters[key]) === JSON.stringify(DEFAULT_FILTERS[key]));
  if (!othersAreDefault) return null;
  const labels = LABEL_FILTERS.flatMap(([key, kind]) =>
    filters[key].map((name) => ({ kind, name })),
  );
  if (labels.length === 0) {
    return filters.category === 'all'
      ? { kind: 'all', name: '' }
      : { kind: 'category', name: filters.category };
  }
  if (labels.length === 1 && filters.category === 'all') return labels[0]!;
  return null;
}

export async function readPublishedCount(
  db: Database,
  key: { kind: string; name: string },
): Promise<number> {
  const [row] = await db
    .select({ count: publishedCounts.count })
    .from(publishedCounts)
    .where(and(eq(publishedCounts.kind, key.kind), eq(publishedCounts.name, key.name)));
  return Math.max(0, row?.count ?? 0);
}

/**
 * The planner's row estimate for the conditions, from table statistics: costs a plan, not a
 * scan. Good to within a few per cent for full-text matches (GIN statistics).
 */
export async function estimateCount(db: Database, conditions: SQL[]): Promise<number> {
  const rows = await queryRows<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] | string }>(
    db,
    sql`explain (format json) select 1 from ${videos} where ${and(...conditions)}`,
  );
  const plan = rows[0]?.['QUERY PLAN'];
  const parsed = typeof plan === 'string' ? JSON.parse(plan) : plan;
  return Math.round(Number(parsed?.[0]?.Plan?.['Plan Rows'] ?? 0));
}

/** Counts rows matching the conditions, stopping at COUNT_CAP + 1 so it stays cheap. */
export async function countCapped(
  db: Database,
  conditions: SQL[],
): Promise<{ count: number; countIsCapped: boolean }> {
  const rows = await queryRows<{ n: number | string }>(
    db,
    sql`select count(*)::int as n from (select 1 from ${videos} where ${and(...conditions)} limit ${COUNT_CAP + 1}) as capped`,
  );
  const n = Number(rows[0]?.n ?? 0);
  return n > COUNT_CAP
    ? { count: COUNT_CAP, countIsCapped: true }
    : { count: n, countIsCapped: false };
}

export interface ListVideosOptions {
  filters?: VideoFilters;
  index?: number;
  pageSize: number;
  /** Only this user's videos (username, any case). */
  profile?: string;
  /** Extra conditions from a listing (a month of the archive). */
  extra?: SQL[];
  /** Where the count comes from when the caller knows better than the filters. */
  countKey?: { kind: string; name: string } | null;
}

/**
 * One page of published videos matching the filters, newest or most popular first. The call's
 * clock places the time window; its actor is the viewer whose subscriptions the filter means.
 */
export async function listVideos(
  ctx: Pick<Call, 'db' | 'actor' | 'now'>,
  options: ListVideosOptions,
): Promise<VideoPage> {
  const { db } = ctx;
  const filters = options.filters ?? DEFAULT_FILTERS;
  const index = options.index ?? 0;
  const { pageSize } = options;
  const conditions = filterConditions(filters, scopeOf(ctx));
  if (options.profile) {
    conditions.push(
      sql`${videos.ownerId} = (select u.id from users u where lower(u.username) = lower(${options.profile}))`,
    );
  }
  conditions.push(...(options.extra ?? []));
  // The page's ids first, from the order index alone (it carries the filter columns, migration
  // 0009), then only those rows whole: the rows skipped by the offset and rejected by the
  // filters are never read from the table.
  const isPopular = filters.view === 'popular';
  const page = db
    .select({ id: videos.id, publishedAt: videos.publishedAt, views: videos.views })
    .from(videos)
    .where(and(...conditions))
    .orderBy(isPopular ? POPULAR_ORDER : NEWEST_ORDER)
    .limit(pageSize + 1)
    .offset(index * pageSize)
    .as('page');
  const rows = await db
    .select(summaryColumns)
    .from(page)
    .innerJoin(videos, eq(videos.id, page.id))
    .innerJoin(users, eq(users.id, videos.ownerId))
    .orderBy(
      isPopular
        ? sql`${page.views} desc nulls last, ${page.id} desc nulls last`
        : sql`${page.publishedAt} desc nulls last, ${page.id} desc nulls last`,
    );
  const hasMore = rows.length > pageSize;
  const data = rows.slice(0, pageSize).map(toSummary);
  const counted = await countFor(db, conditions, {
    countKey:
      options.countKey !== undefined
        ? options.countKey
        : options.profile || options.extra?.length
          ? null
          : countKeyOf(filters),
    index,
    pageSize,
    found: data.length,
    hasMore,
  });
  return { data, ...counted, index, pageSize, hasMore };
}

export interface CountInput {
  countKey: { kind: string; name: string } | null;
  index: number;
  pageSize: number;
  /** Rows on this page. */
  found: number;
  hasMore: boolean;
}

/**
 * The count for a page: a short last page tells it exactly for free; otherwise it comes from
 * published_counts when a key applies, else from a capped count.
 */
export async function countFor(
  db: Database,
  conditions: SQL[],
  { countKey, index, pageSize, found, hasMore }: CountInput,
): Promise<{ count: number; countIsCapped: boolean; countIsEstimate?: boolean }> {
  if (!hasMore && (found > 0 || index === 0)) {
    return { count: index * pageSize + found, countIsCapped: false };
  }
  if (countKey) return { count: await readPublishedCount(db, countKey), countIsCapped: false };
  return countFiltered(db, conditions);
}

/**
 * A filter's count without scanning much: the planner's estimate when it expects COUNT_CAP or
 * more (rounded, flagged), else an exact count stopping at COUNT_CAP. A capped count of a
 * common label in a time window took 68 ms at 1M videos; the estimate costs a plan.
 */
export async function countFiltered(
  db: Database,
  conditions: SQL[],
  /** The estimate, when the caller has already asked for it. */
  knownEstimate?: number,
): Promise<{ count: number; countIsCapped: boolean; countIsEstimate?: boolean }> {
  const estimate = knownEstimate ?? (await estimateCount(db, conditions));
  if (estimate >= COUNT_CAP) {
    return { count: Number(estimate.toPrecision(2)), countIsCapped: false, countIsEstimate: true };
  }
  return countCapped(db, conditions);
}

/** Published videos, newest first. */
export async function listNewestVideos(
  db: Database,
  { limit, offset = 0 }: { limit: number; offset?: number },
): Promise<VideoSummary[]> {
  const rows = await db
    .select(summaryColumns)
    .from(videos)
    .innerJoin(users, eq(users.id, videos.ownerId))
    .where(isPublished)
    .orderBy(NEWEST_ORDER)
    .limit(limit)
    .offset(offset);
  return rows.map(toSummary);
}
