import { z } from 'zod';
import type { LabelKind } from '../../../platform/db/schema';

/** The metadata lists (docs/browse.md) and the label kind each counts. */
export const METADATA_LISTS = ['tags', 'music', 'stars', 'creators'] as const;
export type MetadataList = (typeof METADATA_LISTS)[number];
export const LIST_KIND: Record<MetadataList, LabelKind> = {
  tags: 'tag',
  music: 'music',
  stars: 'star',
  creators: 'creator',
};

/** The top tags list is capped at 20 (docs/limits.md). */
export const TOP_TAGS_LIMIT = 20;
/** Entries a list answers by default, most used first; the long tail comes by prefix. */
export const DEFAULT_LIST_LIMIT = 500;
export const MAX_LIST_LIMIT = 5000;

/** Input of POST /api/metadata: one list or all four, optionally narrowed by a name prefix. */
export const MetadataInput = z
  .object({
    list: z
      .enum(METADATA_LISTS, {
        error: (issue) =>
          `Unknown list ${JSON.stringify(issue.input)}; expected one of ${METADATA_LISTS.join(', ')}`,
      })
      .optional(),
    limit: z
      .number({ error: 'limit is a number' })
      .int('limit is a whole number')
      .min(1, 'limit is at least 1')
      .max(MAX_LIST_LIMIT, `limit is at most ${MAX_LIST_LIMIT}`)
      .default(DEFAULT_LIST_LIMIT),
    prefix: z.string().trim().max(100, 'prefix is at most 100 characters').default(''),
  })
  .strict();
export type MetadataInput = z.output<typeof MetadataInput>;
