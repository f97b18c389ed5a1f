import type { Metadata } from 'next';
import {
  listEarnings,
  listManagedVideos,
  listSubscribers,
} from '@cutroom/core/features/money/partner/partner.service';
import { ErrorPage } from '@/components/errors/error-page';
import { ManagedVideoSummary } from '@/components/partner/channel-parts';
import { ChannelPriceForm } from '@/components/partner/channel-settings-form';
import { PartnerAction } from '@/components/partner/partner-action';
import { PartnerNav } from '@/components/partner/partner-nav';
import { formatPrice, loadSection } from '@/components/partner/partner-data';
import { IntentLink } from '@/components/ui/intent-link';
import { requirePageViewer } from '@/lib/server/page-access';
import { getRuntime } from '@/lib/server/runtime';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Partner admin' };

const day = (iso: string) => iso.slice(0, 10);

/** Where the partner manages the channel: its videos, subscribers, earnings and price. */
export default async function PartnerAdminPage() {
  await requirePageViewer('partner');
  const { partner, base, manages } = await loadSection();
  if (!manages) {
    return <ErrorPage statusCode={403} description="This page is for the channel’s partner." />;
  }
  const { database } = await getRuntime();
  const [videos, subscribers, earnings] = await Promise.all([
    listManagedVideos(database.db, partner.id),
    listSubscribers(database.db, partner.id),
    listEarnings(database.db, partner.id),
  ]);
  return (
    <div data-testid="padmin">
      <PartnerNav base={base} name={partner.name} manages current="/padmin" />
      <h1 className="mb-6 text-2xl font-bold">Partner admin · {partner.name}</h1>

      <section aria-labelledby="padmin-videos" className="mb-10">
        <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="padmin-videos" className="text-lg font-bold">
            Videos ({videos.length})
          </h2>
          <IntentLink href={`${base}/upload`} className="text-sm text-accent underline">
            Upload a video
          </IntentLink>
        </div>
        {videos.length === 0 ? (
          <p className="text-neutral-300">No videos in the channel yet.</p>
        ) : (
          <ul className="divide-y divide-white/10" data-testid="padmin-videos">
            {videos.map((video) => (
              <li key={video.id} className="flex flex-wrap items-center gap-x-3 gap-y-2 py-2">
                <ManagedVideoSummary video={video} base={base} />
                <span className="ml-auto flex flex-wrap gap-2">
                  <PartnerAction
                    body={{ mode: 'SetPremium', videoId: video.id, isPremium: !video.isPremium }}
                    label={video.isPremium ? 'Make free' : 'Make premium'}
                  />
                  {(video.status === 'published' || video.status === 'unpublished_user') && (
                    <PartnerAction
                      body={{
                        mode: 'SetPublished',
                        videoId: video.id,
                        published: video.status !== 'published',
                      }}
                      label={video.status === 'published' ? 'Unpublish' : 'Publish again'}
                    />
                  )}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>

      <div className="grid gap-10 lg:grid-cols-2">
        <section aria-labelledby="padmin-subscribers">
          <h2 id="padmin-subscribers" className="mb-3 text-lg font-bold">
            Subscribers
          </h2>
          <p data-testid="padmin-subscriber-count">
            <strong className="text-2xl">{subscribers.active}</strong> paying now
            <span className="text-neutral-400"> · {subscribers.total} ever subscribed</span>
          </p>
          {subscribers.recent.length > 0 && (
            <ul className="mt-3 space-y-1 text-sm">
              {subscribers.recent.map((row) => (
                <li key={`${row.username}-${row.since}`}>
                  <IntentLink
                    href={`/profile/${encodeURIComponent(row.username)}`}
                    className="underline"
                  >
                    {row.username}
                  </IntentLink>{' '}
                  <span className="text-neutral-400">
                    {row.status.replace('_', ' ')} since {day(row.since)}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </section>

        <section aria-labelledby="padmin-earnings">
          <h2 id="padmin-earnings" className="mb-1 text-lg font-bold">
            Earnings
          </h2>
          <p className="mb-3 text-sm text-neutral-400">
            The sum of the paid Stripe invoices of your subscribers (each invoice once, as Stripe
            reported it paid), before Stripe’s fees and the site’s share; refunds are not taken off.
          </p>
          {earnings.totals.length === 0 ? (
            <p data-testid="padmin-earnings">No paid invoices yet.</p>
          ) : (
            <ul data-testid="padmin-earnings">
              {earnings.totals.map((total) => (
                <li key={total.currency}>
                  <strong className="text-2xl">
                    {formatPrice(total.amountCents, total.currency)}
                  </strong>{' '}
                  <span className="text-neutral-400">from {total.invoices} invoices</span>
                </li>
              ))}
            </ul>
          )}
          {earnings.recent.length > 0 && (
            <ul className="mt-3 space-y-1 text-sm">
              {earnings.recent.map((row) => (
                <li key={row.invoiceId}>
                  {day(row.paidAt)} · {formatPrice(row.amountCents, row.currency)}
                  {row.username && <span className="text-neutral-400"> · {row.username}</span>}
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>

      <section aria-labelledby="padmin-price" className="mt-10">
        <h2 id="padmin-price" className="mb-1 text-lg font-bold">
          Price
        </h2>
        <p className="mb-3 text-sm text-neutral-400">
          Shown now:{' '}
          {partner.priceCents > 0 ? formatPrice(partner.priceCents, partner.currency) : 'nothing'} a
          month;{' '}
          {partner.stripePriceId ? `Checkout charges ${partner.stripePriceId}` : 'not on sale'}.
        </p>
        <ChannelPriceForm
          stripePriceId={partner.stripePriceId}
          priceCents={partner.priceCents}
          currency={partner.currency}
        />
      </section>
    </div>
  );
}
