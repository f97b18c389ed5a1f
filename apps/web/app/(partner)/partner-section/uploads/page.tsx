import type { Metadata } from 'next';
import { listManagedVideos } from '@cutroom/core/features/money/partner/partner.service';
import { ManagedVideoSummary } from '@/components/partner/channel-parts';
import { PartnerNav } from '@/components/partner/partner-nav';
import { loadSection } from '@/components/partner/partner-data';
import { IntentLink } from '@/components/ui/intent-link';
import { ErrorPage } from '@/components/errors/error-page';
import { requirePageViewer } from '@/lib/server/page-access';
import { getRuntime } from '@/lib/server/runtime';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'My uploads' };

/**
 * The partner's uploads to the channel in every state (processing, failed and unpublished ones
 * too), newest first: what the partner checks after uploading. Everyone else reads /all.
 */
export default async function ChannelUploadsPage() {
  await requirePageViewer('partner');
  const { partner, base, manages } = await loadSection();
  if (!manages) {
    return <ErrorPage statusCode={403} description="This page is for the channel’s partner." />;
  }
  const { database } = await getRuntime();
  const uploads = await listManagedVideos(database.db, partner.id);
  return (
    <>
      <PartnerNav base={base} name={partner.name} manages current={`${base}/uploads`} />
      <h1 className="mb-1 text-xl font-bold">My uploads</h1>
      <p className="mb-4 text-sm text-neutral-400">
        Every video you uploaded to the channel, in every state. Manage them in{' '}
        <IntentLink href="/padmin" className="underline">
          partner admin
        </IntentLink>
        .
      </p>
      {uploads.length === 0 ? (
        <p className="text-neutral-300">
          Nothing yet.{' '}
          <IntentLink href={`${base}/upload`} className="underline">
            Upload a video
          </IntentLink>
          .
        </p>
      ) : (
        <ul className="divide-y divide-white/10" data-testid="channel-uploads">
          {uploads.map((video) => (
            <li key={video.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2">
              <ManagedVideoSummary video={video} base={base} />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
