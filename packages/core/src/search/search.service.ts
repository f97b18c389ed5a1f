import { and, eq, sql, type SQL } from 'drizzle-orm';
import { DEFAULT_FILTERS, LISTING_PAGE_SIZE, type VideoFilters } from '../browse/browse.schema';
import {
  POPULAR_ORDER,
  countFiltered,
  estimateCount,
  filterConditions,
  summaryColumns,
  toSummary,
  type VideoPage,
  type VideoSummary,
} from '../browse/browse.service';
import { queryRows } from '../browse/query-rows';
import type { Database } from '../db/client';
import { users, videos } from '../db/schema';

/** Words a query keeps; more add cost without narrowing much. */
export const MAX_QUERY_WORDS = 8;
/**
 * Relevance ranking covers the most popular matches up to this many (11 pages); past it
 * results go on by popularity. Finding them walks the popularity index, about
 * RANK_BOUND / (share of videos matching) rows: at 1M videos, 200 keeps a term in 3 % of
 * videos near 20 ms, where 1000 took 450 ms; ranking every match costs 100+ ms (docs/browse.md).
 */
export const RANK_BOUND = 200;
/**
 * Above this many expected matches the candidates come from walking the popularity index
 * (about RANK_BOUND / share rows); below it from the full-text index (every match). The two
 * cost the same near RANK_BOUND × 1M / threshold = threshold, i.e. about 14,000 at 1M.
 */
const WALK_THRESHOLD = 14_000;
const POPULAR_BY_VALUE = sql`${videos.views} + 0 desc, ${videos.id} desc`;

export interface SearchOptions {
  query: string;
  filters?: VideoFilters;
  index?: number;
  pageSize?: number;
  now?: Date;
  viewerId?: string | null;
}

export interface SearchPage extends VideoPage {
  query: string;
  /** The query as searched after typo correction, when a word was corrected. */
  correctedQuery: string | null;
}

/** Lowercase words of a query: letters and digits of any script. */
export function tokenizeQuery(query: string): string[] {
  const words = query
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0 && word.length <= 64);
  return [...new Set(words)].slice(0, MAX_QUERY_WORDS);
}

interface WordAnalysis {
  word: string;
  lexemes: string;
  suggestion: string | null;
  suggestionLexemes: string | null;
}

/**
 * Each word's lexemes, and for a word no published title or label contains, the closest
 * dictionary term by trigram similarity (the GIN trigram index over search_terms).
 */
async function analyseWords(db: Database, words: string[]): Promise<WordAnalysis[]> {
  const rows = await queryRows<{
    word: string;
    lexemes: string;
    suggestion: string | null;
  }>(
    db,
    sql`select w.word,
        plainto_tsquery('english', w.word)::text as lexemes,
        case when length(w.word) < 3 or exists (select 1 from search_terms t where t.term = w.word)
          then null
          else (select t.term from search_terms t where t.term % w.word
                order by similarity(t.term, w.word) desc, t.frequency desc, t.term limit 1)
        end as suggestion
      from unnest(string_to_array(${words.join(' ')}, ' ')) as w(word)`,
  );
  const suggestions = rows.map((row) => row.suggestion).filter((s): s is string => s !== null);
  const suggestionLexemes = new Map<string, string>();
  if (suggestions.length > 0) {
    const lexemeRows = await queryRows<{ term: string; lexemes: string }>(
      db,
      sql`select t.term, plainto_tsquery('english', t.term)::text as lexemes
        from unnest(string_to_array(${suggestions.join('\n')}, E'\n')) as t(term)`,
    );
    for (const row of lexemeRows) suggestionLexemes.set(row.term, row.lexemes);
  }
  return rows.map((row) => ({
    word: row.word,
    lexemes: row.lexemes,
    suggestion: row.suggestion,
    suggestionLexemes: row.suggestion ? (suggestionLexemes.get(row.suggestion) ?? null) : null,
  }));
}

/** A tsquery: every word must match, as typed or as corrected. Null when nothing is left. */
function buildTsQuery(analysis: WordAnalysis[]): string | null {
  const groups = analysis
    .map((word) =>
      [word.lexemes, word.suggestionLexemes]
        .filter((part): part is string => !!part && part.trim().length > 0)
        .map((part) => `(${part})`)
        .join(' | '),
    )
    .filter((group) => group.length > 0);
  return groups.length > 0 ? groups.map((group) => `(${group})`).join(' & ') : null;
}

const emptyPage = (query: string, index: number, pageSize: number): SearchPage => ({
  data: [],
  count: 0,
  countIsCapped: false,
  index,
  pageSize,
  hasMore: false,
  query,
  correctedQuery: null,
});

/**
 * Full-text search over titles, labels and descriptions of published videos, tolerant of
 * typos, ranked by relevance then popularity, with the dashboard filters applied.
 */
export async function searchVideos(db: Database, options: SearchOptions): Promise<SearchPage> {
  const index = options.index ?? 0;
  const pageSize = options.pageSize ?? LISTING_PAGE_SIZE;
  const query = options.query.trim();
  const words = tokenizeQuery(query);
  if (words.length === 0) return emptyPage(query, index, pageSize);
  const analysis = await analyseWords(db, words);
  const tsQuery = buildTsQuery(analysis);
  if (!tsQuery) return emptyPage(query, index, pageSize);
  const corrected = analysis.some((word) => word.suggestion)
    ? analysis.map((word) => word.suggestion ?? word.word).join(' ')
    : null;

  const matches = sql`${videos.searchVector} @@ ${tsQuery}::tsquery`;
  const conditions = [
    ...filterConditions(options.filters ?? DEFAULT_FILTERS, {
      now: options.now ?? new Date(),
      viewerId: options.viewerId ?? null,
    }),
    matches,
  ];
  const offset = index * pageSize;
  const wanted = pageSize + 1;
  const estimate = await estimateCount(db, conditions);
  const rows: VideoSummary[] = [];
  if (offset < RANK_BOUND) {
    rows.push(
      ...(await rankedSlice(db, conditions, tsQuery, {
        offset,
        limit: Math.min(wanted, RANK_BOUND - offset),
        walkPopularIndex: estimate > WALK_THRESHOLD,
      })),
    );
  }
  const restStart = Math.max(offset, RANK_BOUND);
  const restEnd = offset + wanted;
  if (restEnd > restStart && (offset >= RANK_BOUND || rows.length === RANK_BOUND - offset)) {
    const rest = await db
      .select(summaryColumns)
      .from(videos)
      .innerJoin(users, eq(users.id, videos.ownerId))
      .where(and(...conditions))
      .orderBy(POPULAR_ORDER)
      .limit(restEnd - restStart)
      .offset(restStart);
    rows.push(...rest.map(toSummary));
  }
  const hasMore = rows.length > pageSize;
  const data = rows.slice(0, pageSize);
  const counted =
    !hasMore && (data.length > 0 || index === 0)
      ? { count: offset + data.length, countIsCapped: false }
      : await countFiltered(db, conditions, estimate);
  return { data, ...counted, index, pageSize, hasMore, query, correctedQuery: corrected };
}

/**
 * Positions [offset, offset + limit) of the ranked order: the RANK_BOUND most popular matches,
 * ordered by relevance (title over labels over description), then popularity.
 */
async function rankedSlice(
  db: Database,
  conditions: SQL[],
  tsQuery: string,
  { offset, limit, walkPopularIndex }: { offset: number; limit: number; walkPopularIndex: boolean },
): Promise<VideoSummary[]> {
  // The rank is computed on the RANK_BOUND candidates only, not on every match the sort reads
  // (6 of 24 ms for a term in 0.8 % of videos at 1M).
  const candidates = db
    .select({ id: videos.id })
    .from(videos)
    .where(and(...conditions))
    // `views + 0` keeps the planner off the popularity index: for a term with few matches,
    // fetching them all through the full-text index and sorting reads fewer rows than walking.
    .orderBy(walkPopularIndex ? POPULAR_ORDER : POPULAR_BY_VALUE)
    .limit(RANK_BOUND)
    .as('candidates');
  const rows = await db
    .select(summaryColumns)
    .from(candidates)
    .innerJoin(videos, eq(videos.id, candidates.id))
    .innerJoin(users, eq(users.id, videos.ownerId))
    .orderBy(sql`ts_rank_cd(${videos.searchVector}, ${tsQuery}::tsquery) desc`, POPULAR_ORDER)
    .limit(limit)
    .offset(offset);
  return rows.map(toSummary);
}
