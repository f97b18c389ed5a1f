import type { Metadata } from 'next';
import { listChannelVideos } from '@cutroom/core/features/money/partner/partner.service';
import { PartnerNav } from '@/components/partner/partner-nav';
import { ChannelStrip, SubscribeCall } from '@/components/partner/channel-parts';
import { loadSection, toChannelCards } from '@/components/partner/partner-data';
import { getRuntime } from '@/lib/server/runtime';

export const dynamic = 'force-dynamic';

export async function generateMetadata(): Promise<Metadata> {
  const { partner } = await loadSection();
  return { title: partner.name };
}

/** The partner channel's home: who it is, its price, the latest and the most viewed videos. */
export default async function PartnerHomePage() {
  const { partner, base, manages } = await loadSection();
  const { database } = await getRuntime();
  const [latest, popular] = await Promise.all([
    listChannelVideos(database.db, partner.id, { order: 'newest', index: 0, pageSize: 6 }),
    listChannelVideos(database.db, partner.id, { order: 'popular', index: 0, pageSize: 6 }),
  ]);
  return (
    <div data-testid="partner-home">
      <PartnerNav base={base} name={partner.name} manages={manages} current={base} />
      <header className="mb-6 flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0 max-w-2xl">
          <h1 className="break-words text-2xl font-bold">{partner.name}</h1>
          {partner.description && (
            <p className="mt-2 whitespace-pre-line break-words text-neutral-300">
              {partner.description}
            </p>
          )}
        </div>
        <SubscribeCall base={base} partner={partner} />
      </header>
      <ChannelStrip
        title="Latest"
        href={`${base}/all`}
        base={base}
        page={await toChannelCards(latest)}
      />
      <ChannelStrip
        title="Popular"
        href={`${base}/popular`}
        base={base}
        page={await toChannelCards(popular)}
      />
    </div>
  );
}
