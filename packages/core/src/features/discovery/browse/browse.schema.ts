import { z } from 'zod';
import { CATEGORIES, type Category } from '../../../platform/db/schema';

/** Page sizes (docs/limits.md). */
export const DASHBOARD_PAGE_SIZE = 24;
export const LISTING_PAGE_SIZE = 18;
/** The duration range is in minutes; its top value means "this long or longer" (docs/limits.md). */
export const MAX_RANGE_MINUTES = 40;
/** Deepest page an offset listing serves; deeper offsets cost more than anyone scrolls. */
export const MAX_PAGE_INDEX = 999;
/** Counts stop at this many; the UI shows "1,000+". Exact counts need a scan at 1M rows. */
export const COUNT_CAP = 1000;

export const TIME_WINDOWS = ['all', 'day', 'week', 'month', 'year'] as const;
export type TimeWindow = (typeof TIME_WINDOWS)[number];
/** A content flag either does not matter, is required, or is excluded. */
export const FLAG_MODES = ['any', 'only', 'hide'] as const;
export type FlagMode = (typeof FLAG_MODES)[number];
/** Minimum top rendition height. */
export const QUALITIES = ['any', '720', '1080', '1440', '2160'] as const;
export const ASPECTS = ['any', 'landscape', 'portrait', 'square'] as const;
export const VIEWS = ['newest', 'popular'] as const;
export const CATEGORY_CHOICES = ['all', ...CATEGORIES] as const;
export type CategoryChoice = 'all' | Category;

const oneOf =
  (what: string, values: readonly string[]) =>
  (issue: { input?: unknown }): string =>
    `Unknown ${what} ${JSON.stringify(issue.input)}; expected one of ${values.join(', ')}`;

const flag = z.enum(FLAG_MODES, { error: oneOf('flag mode', FLAG_MODES) }).default('any');
const labelNames = z
  .array(z.string().trim().min(1, 'label names are not empty').max(100, 'label names are short'))
  .max(10, 'at most 10 names a filter')
  .default([]);
const minutes = z
  .number({ error: 'range bounds are numbers of minutes' })
  .int('range bounds are whole minutes')
  .min(0, 'range bounds are at least 0')
  .max(MAX_RANGE_MINUTES, `range bounds are at most ${MAX_RANGE_MINUTES}`);

/** Every dashboard filter (docs/browse.md), with its default (docs/limits.md). */
export const VideoFilters = z
  .object({
    category: z
      .enum(CATEGORY_CHOICES, { error: oneOf('category', CATEGORY_CHOICES) })
      .default('all'),
    explicit: flag,
    sameSex: flag,
    trans: flag,
    seizureWarning: flag,
    tags: labelNames,
    music: labelNames,
    stars: labelNames,
    creators: labelNames,
    range: z
      .tuple([minutes, minutes])
      .default([0, MAX_RANGE_MINUTES])
      .refine(([low, high]) => low <= high, 'the lower bound must not exceed the upper bound'),
    time: z.enum(TIME_WINDOWS, { error: oneOf('time window', TIME_WINDOWS) }).default('all'),
    quality: z.enum(QUALITIES, { error: oneOf('quality', QUALITIES) }).default('any'),
    aspect: z.enum(ASPECTS, { error: oneOf('aspect ratio', ASPECTS) }).default('any'),
    view: z.enum(VIEWS, { error: oneOf('view', VIEWS) }).default('newest'),
    /** Only videos from channels the signed-in viewer subscribes to. */
    subscriptions: z.boolean().default(false),
  })
  .strict();
export type VideoFilters = z.output<typeof VideoFilters>;
export type VideoFiltersInput = z.input<typeof VideoFilters>;

export const DEFAULT_FILTERS: VideoFilters = VideoFilters.parse({});

type SearchParams = Record<string, string | string[] | undefined>;

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);
/** `tags=a,b` or `tags=a&tags=b`. */
const list = (value: string | string[] | undefined) =>
  (Array.isArray(value) ? value : value ? [value] : [])
    .flatMap((part) => part.split(','))
    .map((part) => part.trim())
    .filter(Boolean);

/**
 * Filters from a page URL's query. Anything not understood is reported, and the page falls
 * back to the defaults for the whole set rather than guessing.
 */
export function parseFiltersFromSearchParams(params: SearchParams): {
  filters: VideoFilters;
  error: string | null;
} {
  const raw: Record<string, unknown> = {};
  const set = (key: string, value: unknown) => {
    if (value !== undefined && value !== '') raw[key] = value;
  };
  set('category', first(params.category));
  set('explicit', first(params.explicit));
  set('sameSex', first(params.sameSex));
  set('trans', first(params.trans));
  set('seizureWarning', first(params.seizureWarning));
  for (const key of ['tags', 'music', 'stars', 'creators'] as const) {
    const names = list(params[key]);
    if (names.length > 0) raw[key] = names;
  }
  const range = first(params.range);
  if (range) {
    const match = /^(\d{1,3})-(\d{1,3})$/.exec(range);
    raw.range = match ? [Number(match[1]), Number(match[2])] : range;
  }
  // The filter form without JavaScript sends the bounds as two fields.
  const [rangeMin, rangeMax] = [first(params.rangeMin), first(params.rangeMax)];
  if (!range && (rangeMin || rangeMax)) {
    raw.range = [Number(rangeMin || 0), Number(rangeMax || MAX_RANGE_MINUTES)];
  }
  set('time', first(params.time));
  set('quality', first(params.quality));
  set('aspect', first(params.aspect));
  set('view', first(params.view));
  const subscriptions = first(params.subscriptions);
  if (subscriptions) raw.subscriptions = subscriptions === '1' || subscriptions === 'true';
  const parsed = VideoFilters.safeParse(raw);
  if (parsed.success) return { filters: parsed.data, error: null };
  const issue = parsed.error.issues[0]!;
  const where = issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
  return { filters: DEFAULT_FILTERS, error: `${where}${issue.message}` };
}

/** The URL query for a set of filters, leaving out every default so links stay short. */
export function filtersToSearchParams(filters: VideoFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.category !== 'all') params.set('category', filters.category);
  for (const key of ['explicit', 'sameSex', 'trans', 'seizureWarning'] as const) {
    if (filters[key] !== 'any') params.set(key, filters[key]);
  }
  for (const key of ['tags', 'music', 'stars', 'creators'] as const) {
    if (filters[key].length > 0) params.set(key, filters[key].join(','));
  }
  if (filters.range[0] !== 0 || filters.range[1] !== MAX_RANGE_MINUTES) {
    params.set('range', `${filters.range[0]}-${filters.range[1]}`);
  }
  if (filters.time !== 'all') params.set('time', filters.time);
  if (filters.quality !== 'any') params.set('quality', filters.quality);
  if (filters.aspect !== 'any') params.set('aspect', filters.aspect);
  if (filters.view !== 'newest') params.set('view', filters.view);
  if (filters.subscriptions) params.set('subscriptions', '1');
  return params;
}

/** Input of POST /api/getmorevideos (docs/api.md). */
export const GetMoreVideosInput = z
  .object({
    filters: VideoFilters.default(DEFAULT_FILTERS),
    /** Zero-based page number. */
    index: z
      .number({ error: 'index is a page number' })
      .int('index is a whole number')
      .min(0, 'index is at least 0')
      .max(MAX_PAGE_INDEX, `index is at most ${MAX_PAGE_INDEX}`)
      .default(0),
    /** Search words; with them, results are ranked by relevance (18 a page). */
    query: z.string().trim().max(200, 'query is at most 200 characters').default(''),
    /** A username: only that user's videos. */
    profile: z.string().trim().min(1).max(64).optional(),
  })
  .strict();
export type GetMoreVideosInput = z.output<typeof GetMoreVideosInput>;
