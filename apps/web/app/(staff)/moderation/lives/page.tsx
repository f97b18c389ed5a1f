import type { Metadata } from 'next';
import { listLivesForStaff } from '@cutroom/core/features/videos/live/live.service';
import { listingContext } from '@/components/browse/listing-data';
import { StaffActionButton } from '@/components/moderation/staff-action-button';
import { IntentLink } from '@/components/ui/intent-link';
import { RelativeTime } from '@/components/ui/relative-time';
import { EmptyState } from '@/components/video/video-grid';
import { requirePageViewer } from '@/lib/server/page-access';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Lives on air' };

/**
 * Every live on air, listed or not (docs/live.md): staff end one or disable its streamer's
 * key, each after a second press with an optional reason; the staff log records both.
 */
export default async function StaffLivesPage() {
  const viewer = await requirePageViewer('moderate');
  const { db } = await listingContext();
  const lives = await listLivesForStaff({ db, actor: viewer });
  return (
    <div className="space-y-4" data-testid="moderation-lives">
      <h1 className="text-2xl font-bold">Lives on air</h1>
      <p className="text-sm text-neutral-300">
        Ending a live cuts its stream and processes its recording as at any end. Disabling a key
        refuses the member&apos;s next streams until they make a new key; a live on air goes on
        until it is ended.
      </p>
      {lives.length === 0 ? (
        <EmptyState title="No live on air">Nobody is streaming now.</EmptyState>
      ) : (
        <ul className="space-y-3">
          {lives.map((live) => (
            <li
              key={live.videoId}
              className="flex flex-wrap items-center justify-between gap-3 rounded-lg bg-surface-raised p-4"
              data-testid="staff-live"
            >
              <div className="min-w-0">
                <IntentLink
                  href={`/video/${live.slug}_${live.videoId}`}
                  className="font-semibold text-white hover:underline"
                >
                  {live.title}
                </IntentLink>
                <p className="text-sm text-neutral-400">
                  {live.username} · {live.visibility} · on air since{' '}
                  <RelativeTime date={live.startedAt.toISOString()} />
                  {live.isDropped ? ' · stream dropped, waiting for it' : ''}
                </p>
              </div>
              <div className="flex flex-wrap gap-2">
                <StaffActionButton
                  endpoint="/api/v2/live"
                  mode="StaffEnd"
                  payload={{ videoId: live.videoId }}
                  label="End the live"
                  reason="optional"
                  tone="danger"
                  testId="staff-end-live"
                />
                {live.isKeyDisabled ? (
                  <span className="self-center text-sm text-neutral-400">Key disabled</span>
                ) : (
                  <StaffActionButton
                    endpoint="/api/v2/live"
                    mode="DisableKey"
                    payload={{ userId: live.ownerId }}
                    label="Disable the stream key"
                    reason="optional"
                    tone="danger"
                    testId="staff-disable-key"
                  />
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
