import type { Metadata } from 'next';
import { listFeed } from '@cutroom/core/features/discovery/feed/feed.service';
import { ShortsFeed } from '@/components/feed/shorts-feed';
import { getRuntime } from '@/lib/server/runtime';
import { getViewer } from '@/lib/server/session';
import { videoAdSettings } from '@/lib/server/site';
import { headers } from 'next/headers';

export const metadata: Metadata = { title: 'Shorts' };

/** Videos before the start one that a reload brings back, to scroll up to. */
const BEFORE_START = 3;

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** The vertical feed (docs/feed.md): `?v=` names the video on screen, which a reload keeps. */
export default async function ShortsPage({ searchParams }: Props) {
  const { v } = await searchParams;
  const { database, storage, config } = await getRuntime();
  const db = database.db;
  const start = typeof v === 'string' && /^[A-Za-z0-9_-]{1,40}$/.test(v) ? v : null;
  // A video that left the feed (or an unknown one) starts it from the newest again.
  const fromStart = start ? await listFeed(db, storage, { kind: 'from', videoId: start }) : null;
  const found = start !== null && fromStart !== null && fromStart.data.length > 0;
  const page = found ? fromStart : await listFeed(db, storage, { kind: 'newest' });
  const before = found
    ? await listFeed(db, storage, { kind: 'before', videoId: start }, BEFORE_START)
    : { data: [], hasMore: false };
  const viewer = await getViewer(await headers());
  return (
    <ShortsFeed
      initial={[...before.data, ...page.data]}
      startIndex={before.data.length}
      hasMoreAfter={page.hasMore}
      hasMoreBefore={before.hasMore}
      publicUrl={config.PUBLIC_URL}
      videoAds={videoAdSettings()}
      signedIn={viewer !== null}
    />
  );
}
