import type { LabelKind } from '@cutroom/core/platform/db/schema';
import { SimpleListing } from './simple-listing';

const KINDS: Record<
  LabelKind,
  { path: string; filter: 'tags' | 'music' | 'stars' | 'creators'; noun: string }
> = {
  tag: { path: 'tags', filter: 'tags', noun: 'Tag' },
  music: { path: 'music', filter: 'music', noun: 'Music' },
  star: { path: 'star', filter: 'stars', noun: 'Star' },
  creator: { path: 'creator', filter: 'creators', noun: 'Creator' },
};

/** `/tags/{id}` and its siblings: the videos with one label, newest first. */
export function LabelListing({
  kind,
  id,
  pageParam,
}: {
  kind: LabelKind;
  id: string;
  pageParam: string | string[] | undefined;
}) {
  const { path, filter, noun } = KINDS[kind];
  const name = decodeLabel(id);
  return (
    <SimpleListing
      title={name}
      description={noun}
      filters={{ [filter]: [name] }}
      basePath={`/${path}/${encodeURIComponent(name)}`}
      pageParam={pageParam}
      empty={{
        title: `No videos with ${noun.toLowerCase()} “${name}”`,
        body: 'Labels appear here once a published video carries them.',
        action: { href: '/', label: 'Browse all videos' },
      }}
    />
  );
}

/** Route params arrive percent-encoded; a malformed escape is taken literally. */
export function decodeLabel(id: string): string {
  try {
    return decodeURIComponent(id).trim().slice(0, 100);
  } catch {
    return id.slice(0, 100);
  }
}
