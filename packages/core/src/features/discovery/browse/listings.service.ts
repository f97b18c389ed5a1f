import { createHash, randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Call } from '../../../access/call';
import type { Database } from '../../../platform/db/client';
import { users, videos } from '../../../platform/db/schema';
import { LISTING_PAGE_SIZE } from './browse.schema';
import {
  POPULAR_ORDER,
  isPublished,
  readPublishedCount,
  summaryColumns,
  toSummary,
  type VideoPage,
  type VideoSummary,
} from './browse.service';
import { queryRows } from './query-rows';

/** Days of views trending gathers, and how much each older day counts (×0.6 a day). */
export const TRENDING_DAYS = 7;
export const TRENDING_DECAY = 0.6;
/** Candidates each shared label contributes to recommendations; bounds the work per video. */
const CANDIDATES_PER_LABEL = 50;
/**
 * Candidates sharing the most labels (counted from the label index alone) that are then read
 * from the videos table to rank by category and views: bounds the heap reads per video page,
 * which cost 25–40 ms at p95 for 500 candidates at 1M videos with a cold cache.
 */
const RANKED_CANDIDATES = 100;
/** Below this many published videos discover shuffles the whole set exactly. */
const EXACT_SHUFFLE_LIMIT = 5000;

const fromRows = (
  rows: Parameters<typeof toSummary>[0][],
  { index, pageSize, count }: { index: number; pageSize: number; count: number },
): VideoPage => ({
  data: rows.slice(0, pageSize).map(toSummary),
  count,
  countIsCapped: false,
  index,
  pageSize,
  hasMore: rows.length > pageSize,
});

/**
 * Videos by views gathered in the last days (up to the call's today), each day weighted less
 * than the one after it.
 */
export async function listTrendingVideos(
  { db, now }: Pick<Call, 'db' | 'now'>,
  { index = 0, pageSize = LISTING_PAGE_SIZE }: { index?: number; pageSize?: number } = {},
): Promise<VideoPage> {
  const today = now().toISOString().slice(0, 10);
  // The best scores first, then the videos: joining every scored video to the catalogue
  // before sorting cost over a second at 1M videos. A few spare rows cover unpublished ones.
  const wanted = (index + 1) * pageSize + 1;
  const rows = await queryRows<Record<string, unknown> & { total: number }>(
    db,
    sql`with scores as (
        select d.video_id, sum(d.views * power(${TRENDING_DECAY}::float8, (${today}::date - d.day))) as score
        from video_daily_views d
        where d.day > ${today}::date - ${TRENDING_DAYS}::int and d.day <= ${today}::date
        group by d.video_id
      ), best as (
        select video_id, score, count(*) over () as total from scores
        order by score desc, video_id desc limit ${Math.ceil(wanted * 1.2) + 20}
      )
      select v.id, v.slug, v.title, v.category, v.duration_seconds as "durationSeconds",
        v.top_quality as "topQuality", v.views, v.upvotes, v.downvotes,
        v.published_at as "publishedAt", u.username as uploader, v.is_explicit as "isExplicit",
        v.has_seizure_warning as "hasSeizureWarning", v.poster_key as "posterKey",
        v.poster_webp_key as "posterWebpKey", v.sprites_vtt_key as "spritesVttKey",
        b.total::int as total
      from best b
      join videos v on v.id = b.video_id and v.status = 'published'
      join users u on u.id = v.owner_id
      order by b.score desc, v.views desc, v.id desc
      limit ${pageSize + 1} offset ${index * pageSize}`,
  );
  const counted = [{ n: rows[0]?.total ?? (index === 0 ? 0 : index * pageSize) }];
  const page = fromRows(rows.map(({ total: _total, ...row }) => row) as never, {
    index,
    pageSize,
    count: Number(counted[0]!.n),
  });
  return { ...page, countIsCapped: false };
}

/** A fresh seed for discover's order; the page URL carries it so pages stay consistent. */
export function newDiscoverSeed(): string {
  return randomBytes(6).toString('hex');
}

/** A point in the id space from a seed, so a seed and page always give the same videos. */
function idStart(seed: string, index: number): string {
  const alphabet = '0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';
  const digest = createHash('sha256').update(`${seed}:${index}`).digest();
  return Array.from(digest.subarray(0, 4), (b) => alphabet[b % alphabet.length]).join('');
}

/**
 * A varied sample: a shuffled order fixed by the seed. Videos the viewer (the call's actor) has
 * watched are left out. Small catalogues are shuffled exactly; large ones take each page from a
 * random point of the (random) id space, which costs one index range scan.
 */
export async function listDiscoverVideos(
  { db, actor }: Pick<Call, 'db' | 'actor'>,
  {
    seed,
    index = 0,
    pageSize = LISTING_PAGE_SIZE,
  }: { seed: string; index?: number; pageSize?: number },
): Promise<VideoPage> {
  const viewerId = actor?.id ?? null;
  const total = await readPublishedCount(db, { kind: 'all', name: '' });
  const notWatched = viewerId
    ? sql`not exists (select 1 from watch_history h where h.user_id = ${viewerId} and h.video_id = ${videos.id})`
    : sql`true`;
  const base = db
    .select(summaryColumns)
    .from(videos)
    .innerJoin(users, eq(users.id, videos.ownerId))
    .where(and(isPublished, notWatched));
  if (total <= EXACT_SHUFFLE_LIMIT) {
    const rows = await base
      .orderBy(sql`md5(${videos.id} || ${seed})`)
      .limit(pageSize + 1)
      .offset(index * pageSize);
    return fromRows(rows, { index, pageSize, count: total });
  }
  const start = idStart(seed, index);
  const rows = await db
    .select(summaryColumns)
    .from(videos)
    .innerJoin(users, eq(users.id, videos.ownerId))
    .where(and(isPublished, notWatched, sql`${videos.id} >= ${start}`))
    .orderBy(videos.id)
    .limit(pageSize);
  // Pages are independent random windows; there is always another one.
  return { ...fromRows(rows, { index, pageSize, count: total }), hasMore: true };
}

/** One random published video (id and slug, for its canonical URL), or null when none. */
export async function pickRandomVideo(db: Database): Promise<{ id: string; slug: string } | null> {
  const start = idStart(newDiscoverSeed(), 0);
  const pick = (where: ReturnType<typeof and>) =>
    db
      .select({ id: videos.id, slug: videos.slug })
      .from(videos)
      .where(where)
      .orderBy(videos.id)
      .limit(1);
  const [after] = await pick(and(isPublished, sql`${videos.id} >= ${start}`));
  if (after) return after;
  const [first] = await pick(isPublished);
  return first ?? null;
}

/** Published videos of one month ("YYYY-MM"), newest first. */
export async function listArchiveMonth(
  db: Database,
  {
    month,
    index = 0,
    pageSize = LISTING_PAGE_SIZE,
  }: { month: string; index?: number; pageSize?: number },
): Promise<VideoPage> {
  const start = new Date(`${month}-01T00:00:00Z`);
  const end = new Date(start);
  end.setUTCMonth(end.getUTCMonth() + 1);
  const rows = await db
    .select(summaryColumns)
    .from(videos)
    .innerJoin(users, eq(users.id, videos.ownerId))
    .where(
      and(
        isPublished,
        sql`${videos.publishedAt} >= ${start.toISOString()} and ${videos.publishedAt} < ${end.toISOString()}`,
      ),
    )
    .orderBy(sql`${videos.publishedAt} desc nulls last, ${videos.id} desc nulls last`)
    .limit(pageSize + 1)
    .offset(index * pageSize);
  const count = await readPublishedCount(db, { kind: 'month', name: month });
  return fromRows(rows, { index, pageSize, count });
}

/**
 * Videos to watch next: those sharing the most labels with this one, then the same category,
 * then the most viewed; never the video itself. Each label contributes a bounded number of
 * candidates, so a label on half the catalogue costs no more than a rare one. When labels give
 * too few, the category's most viewed fill up.
 */
export async function listRecommendedVideos(
  db: Database,
  videoId: string,
  { limit = 12, category }: { limit?: number; category?: string } = {},
): Promise<VideoSummary[]> {
  // The video's page knows its category already: one read fewer.
  const [me] =
    category === undefined
      ? await db.select({ category: videos.category }).from(videos).where(eq(videos.id, videoId))
      : [{ category }];
  if (!me) return [];
  // Ranked in the database: only the `limit` best candidates come back whole, with their
  // uploader.
  const ranked = await queryRows<{ id: string }>(
    db,
    sql`with shared as (
        select c.video_id as id, count(*) as labels
        from video_labels mine
        cross join lateral (
          select l.video_id from video_labels l
          where l.kind = mine.kind and l.name = mine.name and l.video_id <> ${videoId}
          limit ${CANDIDATES_PER_LABEL}
        ) c
        where mine.video_id = ${videoId}
        group by c.video_id
        order by count(*) desc, c.video_id
        limit ${RANKED_CANDIDATES}
      )
      select v.id from shared s
      join videos v on v.id = s.id and v.status = 'published'
      order by s.labels desc, (v.category = ${me.category}) desc, v.views desc, v.id desc
      limit ${limit}`,
  );
  const picked: VideoSummary[] = [];
  if (ranked.length > 0) {
    const order = new Map(ranked.map((row, position) => [row.id, position]));
    const rows = await db
      .select(summaryColumns)
      .from(videos)
      .innerJoin(users, eq(users.id, videos.ownerId))
      .where(sql`${videos.id} in ${ranked.map((row) => row.id)}`);
    picked.push(...rows.map(toSummary).sort((a, b) => order.get(a.id)! - order.get(b.id)!));
  }
  // Too few shared labels: the category's most viewed, then the site's (in one read).
  if (picked.length < limit) {
    const exclude = [videoId, ...picked.map((video) => video.id)];
    const fill = await db
      .select(summaryColumns)
      .from(videos)
      .innerJoin(users, eq(users.id, videos.ownerId))
      .where(and(isPublished, sql`${videos.id} not in ${exclude}`))
      .orderBy(sql`(${videos.category} = ${me.category}) desc`, POPULAR_ORDER)
      .limit(limit - picked.length);
    picked.push(...fill.map(toSummary));
  }
  return picked;
}
