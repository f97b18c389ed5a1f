/** A pre-roll before every fifth video a non-supporter watches in the feed (docs/feed.md). */
export const FEED_AD_EVERY = 5;

/**
 * The pre-roll tag for a feed video, or null. `order` is the video's place among those the
 * reader has watched in the feed (1 for the first), known for the video on screen and the
 * next one; `notSupporter` is null while the reader's status is not known.
 */
export function feedPreroll(options: {
  tag: string | null | undefined;
  notSupporter: boolean | null;
  order: number | undefined;
}): string | null {
  const { tag, notSupporter, order } = options;
  if (!tag || notSupporter !== true || order === undefined) return null;
  return order % FEED_AD_EVERY === 0 ? tag : null;
}
