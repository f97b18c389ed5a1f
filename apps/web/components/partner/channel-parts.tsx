import type { ManagedVideo, Partner } from '@cutroom/core/features/money/partner/partner.service';
import { IntentLink } from '@/components/ui/intent-link';
import { formatDuration, formatViews } from '@/lib/format';
import type { CardPage } from '../browse/listing-data';
import { Pagination } from '../browse/pagination';
import type { CardVideo } from '../video/card-video';
import { EmptyState } from '../video/video-grid';
import { VideoThumbnail } from '../video/video-thumbnail';
import { formatPrice } from './partner-data';

export type ChannelCards = CardPage & { premium: string[] };

/** A channel video's address in the partner section. */
export const channelVideoHref = (base: string, video: { id: string }) =>
  `${base}/video/${video.id}`;

/** A premium marker: words, not only a colour. */
export function PremiumBadge() {
  return (
    <span className="rounded bg-accent px-1.5 py-0.5 text-[11px] font-bold uppercase text-black">
      Premium
    </span>
  );
}

function ChannelCard({
  video,
  base,
  premium,
}: {
  video: CardVideo;
  base: string;
  premium: boolean;
}) {
  return (
    <article className="group min-w-0" data-testid="channel-card" data-video-id={video.id}>
      <IntentLink href={channelVideoHref(base, video)} className="block rounded-lg">
        <div className="relative">
          {/* No hover preview: a premium video's frames are its subscribers' (docs/partner.md). */}
          <VideoThumbnail
            title={video.title}
            posterUrl={video.posterUrl}
            posterWebpUrl={video.posterWebpUrl}
            active={false}
          />
          {premium && (
            <span className="absolute left-1.5 top-1.5">
              <PremiumBadge />
            </span>
          )}
          {video.durationSeconds != null && (
            <span className="absolute bottom-1.5 right-1.5 rounded bg-black/80 px-1.5 py-0.5 text-xs font-medium">
              {formatDuration(video.durationSeconds)}
            </span>
          )}
        </div>
        <h2 className="mt-2 line-clamp-2 break-words text-sm font-semibold text-white group-hover:text-accent">
          {video.title}
        </h2>
      </IntentLink>
      <p className="text-xs text-neutral-400">{formatViews(video.views)}</p>
    </article>
  );
}

/** The channel's cards in the site's responsive grid. */
export function ChannelGrid({ page, base }: { page: ChannelCards; base: string }) {
  return (
    <ul
      className="grid grid-cols-1 gap-x-4 gap-y-6 min-[480px]:grid-cols-2 md:grid-cols-3 lg:grid-cols-4 xl:grid-cols-6"
      data-testid="video-grid"
    >
      {page.data.map((video) => (
        <li key={video.id}>
          <ChannelCard video={video} base={base} premium={page.premium.includes(video.id)} />
        </li>
      ))}
    </ul>
  );
}

/** A titled row of channel videos with a link to the whole list. */
export function ChannelStrip({
  title,
  href,
  base,
  page,
}: {
  title: string;
  href: string;
  base: string;
  page: ChannelCards;
}) {
  return (
    <section className="mb-8" aria-labelledby={`strip-${title}`}>
      <div className="mb-3 flex items-baseline justify-between gap-2">
        <h2 id={`strip-${title}`} className="text-lg font-bold">
          {title}
        </h2>
        <IntentLink href={href} className="text-sm text-accent underline underline-offset-2">
          See all
        </IntentLink>
      </div>
      {page.data.length === 0 ? (
        <EmptyState title="No videos yet">The channel’s videos show up here.</EmptyState>
      ) : (
        <ChannelGrid page={page} base={base} />
      )}
    </section>
  );
}

/** A whole listing of the channel, paged by `?page=`. */
export function ChannelListing({
  title,
  description,
  base,
  basePath,
  page,
}: {
  title: string;
  description: string;
  base: string;
  basePath: string;
  page: ChannelCards;
}) {
  return (
    <section aria-labelledby="listing-heading">
      <header className="mb-4">
        <h1 id="listing-heading" className="text-xl font-bold">
          {title}
        </h1>
        <p className="mt-1 text-sm text-neutral-400">{description}</p>
      </header>
      {page.data.length === 0 ? (
        <EmptyState
          title={page.index > 0 ? 'No more videos here' : 'No videos yet'}
          action={page.index > 0 ? { href: basePath, label: 'Back to the first page' } : undefined}
        >
          {page.index > 0
            ? 'This page is past the end of the list.'
            : 'The channel’s videos show up here.'}
        </EmptyState>
      ) : (
        <ChannelGrid page={page} base={base} />
      )}
      <Pagination
        basePath={basePath}
        index={page.index}
        hasMore={page.hasMore}
        count={page.count}
        pageSize={page.pageSize}
      />
    </section>
  );
}

/** The channel's price and the way to subscribe. */
export function SubscribeCall({ base, partner }: { base: string; partner: Partner }) {
  return (
    <div
      className="rounded-xl border border-accent/40 bg-accent/10 px-4 py-3"
      data-testid="subscribe-call"
    >
      <p className="text-sm text-neutral-200">
        {partner.priceCents > 0
          ? `${formatPrice(partner.priceCents, partner.currency)} a month`
          : 'Subscriptions open soon'}
        {' · premium videos for subscribers'}
      </p>
      <IntentLink
        href={`${base}/subscribe`}
        className="mt-2 inline-block rounded-full bg-accent px-4 py-1.5 text-sm font-semibold text-black"
      >
        Subscribe
      </IntentLink>
    </div>
  );
}

const STATUS_NAMES: Record<string, string> = {
  published: 'Published',
  processing: 'Processing',
  failed: 'Failed',
  unpublished_user: 'Unpublished',
  unpublished_admin: 'Unpublished by a moderator',
};

/** A channel video in the partner's own lists: its title, premium mark, state and views. */
export function ManagedVideoSummary({ video, base }: { video: ManagedVideo; base: string }) {
  return (
    <>
      <IntentLink
        href={channelVideoHref(base, video)}
        className="min-w-0 break-words font-semibold hover:text-accent"
      >
        {video.title}
      </IntentLink>
      {video.isPremium && <PremiumBadge />}
      <span className="text-sm text-neutral-400">
        {STATUS_NAMES[video.status] ?? video.status} · {formatViews(video.views)}
      </span>
    </>
  );
}
