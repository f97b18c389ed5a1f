import type { SearchParamsPromise } from '@/components/browse/listing-data';
import {
  ChannelListingPage,
  channelListingMetadata,
} from '@/components/partner/channel-listing-page';

export const dynamic = 'force-dynamic';

export const generateMetadata = () => channelListingMetadata('popular');

/** The channel's list at /{slug}/popular (docs/partner.md). */
export default function ChannelPopularPage({
  searchParams,
}: {
  searchParams: SearchParamsPromise;
}) {
  return <ChannelListingPage kind="popular" searchParams={searchParams} />;
}
