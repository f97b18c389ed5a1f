import type { SearchParamsPromise } from '@/components/browse/listing-data';
import {
  ChannelListingPage,
  channelListingMetadata,
} from '@/components/partner/channel-listing-page';

export const dynamic = 'force-dynamic';

export const generateMetadata = () => channelListingMetadata('all');

/** The channel's list at /{slug}/all (docs/partner.md). */
export default function ChannelAllPage({ searchParams }: { searchParams: SearchParamsPromise }) {
  return <ChannelListingPage kind="all" searchParams={searchParams} />;
}
