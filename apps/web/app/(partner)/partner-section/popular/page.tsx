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
  return { title: `Popular · ${partner.name}` };
}

/** The channel’s most viewed videos. */
export default async function ChannelPopularPage({
  searchParams,
}: {
  searchParams: SearchParamsPromise;
}) {
  const { partner, base, manages } = await loadSection();
  const { database } = await getRuntime();
  const index = pageIndexFrom((await searchParams).page);
  const page = await listChannelVideos(database.db, partner.id, {
    order: 'popular',
    index,
    pageSize: LISTING_PAGE_SIZE,
  });
  const basePath = `${base}/popular`;
  return (
    <>
      <PartnerNav base={base} name={partner.name} manages={manages} current={basePath} />
      <ChannelListing
        title="Popular"
        description="The channel’s most viewed videos."
        base={base}
        basePath={basePath}
        page={await toChannelCards(page)}
      />
    </>
  );
}
