import type { Metadata } from 'next';
import { listChannelVideos } from '@cutroom/core/partner/partner.service';
import { LISTING_PAGE_SIZE } from '@cutroom/core/browse/browse.schema';
import { pageIndexFrom, type SearchParamsPromise } from '@/components/browse/listing-data';
import { ChannelListing } from '@/components/partner/channel-parts';
import { PartnerNav } from '@/components/partner/partner-nav';
import { loadSection, toChannelCards } from '@/components/partner/partner-data';
import { getRuntime } from '@/lib/runtime';

export const dynamic = 'force-dynamic';

export async function generateMetadata(): Promise<Metadata> {
  const { partner } = await loadSection();
  return { title: `All videos · ${partner.name}` };
}

/** Every video of the channel, newest first. */
export default async function ChannelAllPage({
  searchParams,
}: {
  searchParams: SearchParamsPromise;
}) {
  const { partner, base, manages } = await loadSection();
  const { database } = await getRuntime();
  const index = pageIndexFrom((await searchParams).page);
  const page = await listChannelVideos(database.db, partner.id, {
    order: 'newest',
    index,
    pageSize: LISTING_PAGE_SIZE,
  });
  const basePath = `${base}/all`;
  return (
    <>
      <PartnerNav base={base} name={partner.name} manages={manages} current={basePath} />
      <ChannelListing
        title="All videos"
        description="Every video of the channel, newest first."
        base={base}
        basePath={basePath}
        page={await toChannelCards(page)}
      />
    </>
  );
}
