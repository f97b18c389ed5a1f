import { and, eq, sql, type SQL } from 'drizzle-orm';
import {
  DEFAULT_FILTERS,
  LISTING_PAGE_SIZE,
  type VideoFilters,
  POPULAR_ORDER,
  countFiltered,
  estimateCount,
  filterConditions,
  summaryColumns,
  toSummary,
  type VideoPage,
  type VideoSummary,
  queryRows,
  scopeOf,
  type FilterScope,
} from '../browse';
import type { Call } from '../../../access/call';
import type { Database } from '../../../platform/db/client';
import { users, videos } from '../../../platform/db/schema';

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

/** Dictionary terms tried in place of a word, at most. */
export const CANDIDATES_PER_WORD = 4;
/** Combinations of candidates checked for matches, best first, before giving up. */
export const MAX_COMBINATIONS_CHECKED = 6;
/**
 * Words this long or shorter are also matched one edit away: trigrams miss swapped letters in
 * short words ("tset", "dnace"), and find longer words' typos well by themselves.
 */
const MAX_EDITED_LENGTH = 8;
/** How close a term one edit away counts, against trigram similarity (0 to 1). */
const ONE_EDIT_CLOSENESS = 0.8;

interface Candidate {
  term: string;
  lexemes: string;
  /** 0 to 1: trigram similarity, or ONE_EDIT_CLOSENESS when higher for a term one edit away. */
  closeness: number;
  /** Published videos that brought the term in. */
  frequency: number;
}

interface WordAnalysis {
  word: string;
  lexemes: string;
  /** Whether some published title or label has the word. */
  isKnown: boolean;
  /** The closest dictionary terms, best first (never the word itself). */
  candidates: Candidate[];
}

/** One reading of the query: for each word, itself (null) or a dictionary term instead. */
type Reading = (Candidate | null)[];

/**
 * Every string one edit (a letter left out, swapped with the next, changed or added) away from
 * a word: about 54 per letter, looked up by the dictionary's primary key.
 */
export function oneEditAway(word: string): string[] {
  const letters = [...word];
  const alphabet = [...new Set([...'abcdefghijklmnopqrstuvwxyz', ...letters])];
  const edits = new Set<string>();
  for (let i = 0; i <= letters.length; i++) {
    const head = letters.slice(0, i).join('');
    const tail = letters.slice(i);
    if (tail.length > 0) edits.add(head + tail.slice(1).join(''));
    if (tail.length > 1) edits.add(head + tail[1] + tail[0] + tail.slice(2).join(''));
    for (const letter of alphabet) {
      if (tail.length > 0) edits.add(head + letter + tail.slice(1).join(''));
      edits.add(head + letter + tail.join(''));
    }
  }
  edits.delete(word);
  return [...edits];
}

/**
 * Each word's lexemes, whether the dictionary of published title words and labels
 * (search_terms) has it, and its closest terms there: the most frequent terms one edit away
 * (primary-key lookups) and the most similar by trigrams (the trigram index), a few each.
 * One query; its work is bounded by the words, not by the catalogue.
 */
async function analyseWords(db: Database, words: string[]): Promise<WordAnalysis[]> {
  const editPositions: number[] = [];
  const editTerms: string[] = [];
  words.forEach((word, i) => {
    if (word.length < 3 || word.length > MAX_EDITED_LENGTH) return;
    for (const edit of oneEditAway(word)) {
      editPositions.push(i + 1);
      editTerms.push(edit);
    }
  });
  const rows = await queryRows<{
    word: string;
    lexemes: string;
    is_known: boolean;
    term: string | null;
    term_lexemes: string | null;
    is_one_edit: boolean | null;
    similarity: number | null;
    frequency: number | null;
  }>(
    db,
    sql`with w as (
        select word, position
        from unnest(string_to_array(${words.join(' ')}, ' ')) with ordinality as w(word, position)
      ), edits as (
        select position, term
        from unnest(string_to_array(${editPositions.join(' ')}, ' ')::int[],
                    string_to_array(${editTerms.join(' ')}, ' ')) as e(position, term)
      )
      select w.word, w.position,
        plainto_tsquery('english', w.word)::text as lexemes,
        exists (select 1 from search_terms t where t.term = w.word) as is_known,
        c.term, plainto_tsquery('english', c.term)::text as term_lexemes,
        c.is_one_edit, similarity(c.term, w.word)::float8 as similarity, c.frequency
      from w
      left join lateral (
        (select t.term, true as is_one_edit, t.frequency
          from edits e join search_terms t on t.term = e.term
          where e.position = w.position
          order by t.frequency desc, t.term
          limit ${CANDIDATES_PER_WORD})
        union all
        (select t.term, false, t.frequency
          from search_terms t
          where length(w.word) >= 3 and t.term % w.word and t.term <> w.word
          order by similarity(t.term, w.word) desc, t.frequency desc, t.term
          limit ${CANDIDATES_PER_WORD})
      ) c on true
      order by w.position`,
  );
  const byWord = new Map<string, WordAnalysis>();
  for (const row of rows) {
    let analysis = byWord.get(row.word);
    if (!analysis) {
      analysis = { word: row.word, lexemes: row.lexemes, isKnown: row.is_known, candidates: [] };
      byWord.set(row.word, analysis);
    }
    if (!row.term || !row.term_lexemes?.trim()) continue;
    const similarity = Number(row.similarity);
    const closeness = row.is_one_edit ? Math.max(similarity, ONE_EDIT_CLOSENESS) : similarity;
    const known = analysis.candidates.find((candidate) => candidate.term === row.term);
    if (known) known.closeness = Math.max(known.closeness, closeness);
    else {
      analysis.candidates.push({
        term: row.term,
        lexemes: row.term_lexemes,
        closeness,
        frequency: Number(row.frequency),
      });
    }
  }
  return words.map((word) => {
    const analysis = byWord.get(word)!;
    analysis.candidates = analysis.candidates
      .sort((a, b) => b.closeness - a.closeness || b.frequency - a.frequency)
      .slice(0, CANDIDATES_PER_WORD);
    return analysis;
  });
}

/**
 * Readings of the query to try, best first: a word the dictionary lacks takes one of its
 * candidates (or stays as typed when it has none); with `correctKnownWords`, known words may
 * take a candidate too, after every reading that keeps them. Ordered by the number of words
 * kept, then total closeness, then the rarest chosen term's frequency (document frequency:
 * a term in more titles is the likelier meaning).
 */
function rankReadings(analysis: WordAnalysis[], correctKnownWords: boolean): Reading[] {
  const options = analysis.map((word): Reading => {
    if (word.candidates.length === 0) return [null];
    if (!word.isKnown) return word.candidates;
    return correctKnownWords ? [null, ...word.candidates] : [null];
  });
  let readings: Reading[] = [[]];
  for (const choices of options) {
    readings = readings.flatMap((reading) => choices.map((choice) => [...reading, choice]));
    // Bounded: at most 8 words of at most 4 choices; keep the best few hundred as it grows.
    if (readings.length > 512) readings = readings.sort(compareReadings).slice(0, 512);
  }
  return readings.sort(compareReadings);
}

function compareReadings(a: Reading, b: Reading): number {
  const kept = (r: Reading) => r.filter((choice) => choice === null).length;
  const closeness = (r: Reading) => r.reduce((sum, c) => sum + (c ? c.closeness : 1), 0);
  const rarest = (r: Reading) => Math.min(...r.map((c) => (c ? c.frequency : Infinity)));
  return kept(b) - kept(a) || closeness(b) - closeness(a) || rarest(b) - rarest(a);
}

/**
 * A tsquery: every word must match, as typed or as the reading corrects it. Null when nothing
 * is left (only stop words).
 */
function buildTsQuery(analysis: WordAnalysis[], reading: Reading): string | null {
  const groups = analysis
    .map((word, i) =>
      [word.lexemes, reading[i]?.lexemes]
        .filter((part): part is string => !!part && part.trim().length > 0)
        .map((part) => `(${part})`)
        .join(' | '),
    )
    .filter((group) => group.length > 0);
  return groups.length > 0 ? groups.map((group) => `(${group})`).join(' & ') : null;
}

async function hasPublishedMatch(db: Database, tsQuery: string): Promise<boolean> {
  const [row] = await queryRows<{ found: boolean }>(
    db,
    sql`select exists (select 1 from ${videos}
      where ${videos.status} = 'published' and ${videos.searchVector} @@ ${tsQuery}::tsquery) as found`,
  );
  return row?.found ?? false;
}

/**
 * The reading to search: the query as typed when every word is in the dictionary (or when
 * `correctKnownWords` and it matches); otherwise the best reading, by rankReadings, that
 * matches a published video, trying at most MAX_COMBINATIONS_CHECKED; the best one when none
 * does. Each word is corrected on its own, so a typo in every word is still found.
 */
async function chooseReading(
  db: Database,
  analysis: WordAnalysis[],
  { correctKnownWords }: { correctKnownWords: boolean },
): Promise<Reading> {
  const readings = rankReadings(analysis, correctKnownWords);
  const asTyped: Reading = analysis.map(() => null);
  if (readings.length <= 1) return readings[0] ?? asTyped;
  for (const reading of readings.slice(0, MAX_COMBINATIONS_CHECKED)) {
    const tsQuery = buildTsQuery(analysis, reading);
    if (tsQuery && (await hasPublishedMatch(db, tsQuery))) return reading;
  }
  return readings[0]!;
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
 * typos, ranked by relevance then popularity, with the dashboard filters applied (the call's
 * clock places their time window; its actor is the viewer of the subscriptions filter).
 */
export async function searchVideos(
  ctx: Pick<Call, 'db' | 'actor' | 'now'>,
  options: SearchOptions,
): Promise<SearchPage> {
  const { db } = ctx;
  const scope = scopeOf(ctx);
  const index = options.index ?? 0;
  const pageSize = options.pageSize ?? LISTING_PAGE_SIZE;
  const query = options.query.trim();
  const words = tokenizeQuery(query);
  if (words.length === 0) return emptyPage(query, index, pageSize);
  const analysis = await analyseWords(db, words);
  const isAllKnown = analysis.every((word) => word.isKnown || word.candidates.length === 0);
  const reading: Reading = isAllKnown
    ? analysis.map(() => null)
    : await chooseReading(db, analysis, { correctKnownWords: false });
  let page = await searchReading(db, options, scope, { query, index, pageSize, analysis, reading });
  // Every word is some title's word, yet together they match nothing: a typo may have made
  // another real word ("dart" for "dark"); try their neighbours too.
  if (page && page.count === 0 && reading.every((choice) => choice === null)) {
    const corrected = await chooseReading(db, analysis, { correctKnownWords: true });
    if (corrected.some((choice) => choice !== null)) {
      const correctedPage = await searchReading(db, options, scope, {
        query,
        index,
        pageSize,
        analysis,
        reading: corrected,
      });
      if (correctedPage && correctedPage.count > 0) page = correctedPage;
    }
  }
  return page ?? emptyPage(query, index, pageSize);
}

async function searchReading(
  db: Database,
  options: SearchOptions,
  scope: FilterScope,
  {
    query,
    index,
    pageSize,
    analysis,
    reading,
  }: { query: string; index: number; pageSize: number; analysis: WordAnalysis[]; reading: Reading },
): Promise<SearchPage | null> {
  const tsQuery = buildTsQuery(analysis, reading);
  if (!tsQuery) return null;
  const corrected = reading.some((choice) => choice !== null)
    ? analysis.map((word, i) => reading[i]?.term ?? word.word).join(' ')
    : null;

  const matches = sql`${videos.searchVector} @@ ${tsQuery}::tsquery`;
  const conditions = [...filterConditions(options.filters ?? DEFAULT_FILTERS, scope), matches];
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
