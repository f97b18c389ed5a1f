import type { Metadata } from 'next';
import { LISTING_PAGE_SIZE } from '@cutroom/core/features/discovery/browse/browse.schema';
import {
  listChannelVideos,
  type ChannelOrder,
} from '@cutroom/core/features/money/partner/partner.service';
import { pageIndexFrom, type SearchParamsPromise } from '../browse/listing-data';
import { ChannelListing } from './channel-parts';
import { loadSection, toChannelCards } from './partner-data';
import { PartnerNav } from './partner-nav';
import { getRuntime } from '@/lib/server/runtime';

/** The channel's whole lists: where each is served and how it is ordered. */
export const CHANNEL_LISTINGS = {
  all: {
    order: 'newest',
    title: 'All videos',
    description: 'Every video of the channel, newest first.',
  },
  popular: { order: 'popular', title: 'Popular', description: 'The channel’s most viewed videos.' },
} as const satisfies Record<string, { order: ChannelOrder; title: string; description: string }>;

export async function channelListingMetadata(
  kind: keyof typeof CHANNEL_LISTINGS,
): Promise<Metadata> {
  const { partner } = await loadSection();
  return { title: `${CHANNEL_LISTINGS[kind].title} · ${partner.name}` };
}

/** A page of one of the channel's lists (/{slug}/all, /{slug}/popular), 18 a page. */
export async function ChannelListingPage({
  kind,
  searchParams,
}: {
  kind: keyof typeof CHANNEL_LISTINGS;
  searchParams: SearchParamsPromise;
}) {
  const listing = CHANNEL_LISTINGS[kind];
  const { partner, base, manages } = await loadSection();
  const { database } = await getRuntime();
  const index = pageIndexFrom((await searchParams).page);
  const page = await listChannelVideos(database.db, partner.id, {
    order: listing.order,
    index,
    pageSize: LISTING_PAGE_SIZE,
  });
  const basePath = `${base}/${kind}`;
  return (
    <>
      <PartnerNav base={base} name={partner.name} manages={manages} current={basePath} />
      <ChannelListing
        title={listing.title}
        description={listing.description}
        base={base}
        basePath={basePath}
        page={await toChannelCards(page)}
      />
    </>
  );
}
