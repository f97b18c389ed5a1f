import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { cache } from 'react';
import { isServiceError } from '@cutroom/core/kernel/errors/service-error';
import { getChannelVideo } from '@cutroom/core/features/money/partner/partner.service';
import { videoMediaUrls } from '@cutroom/core/features/videos/processing/video-processing.service';
import { PremiumBadge } from '@/components/partner/channel-parts';
import { PartnerNav } from '@/components/partner/partner-nav';
import { formatPrice, loadSection } from '@/components/partner/partner-data';
import { IntentLink } from '@/components/ui/intent-link';
import { WatchPlayer } from '@/components/video/watch-player';
import { formatDuration, formatViews } from '@/lib/format';
import { getRuntime } from '@/lib/server/runtime';

export const dynamic = 'force-dynamic';

type Params = { params: Promise<{ id: string }> };

/** One read per request, shared by the page and its metadata. */
const loadVideo = cache(async (id: string) => {
  if (!/^[A-Za-z0-9]{6,32}$/.test(id)) notFound();
  const section = await loadSection();
  const { database } = await getRuntime();
  try {
    return {
      section,
      found: await getChannelVideo({ db: database.db, actor: section.viewer }, section.partner, id),
    };
  } catch (error) {
    if (isServiceError(error) && error.kind === 'not_found') notFound();
    throw error;
  }
});

export async function generateMetadata({ params }: Params): Promise<Metadata> {
  const { section, found } = await loadVideo((await params).id);
  return { title: `${found.video.title} · ${section.partner.name}` };
}

/**
 * A channel video. A premium one plays only for the channel's active subscribers, the partner
 * and staff; anyone else gets its poster, title and the way to subscribe, and no media address
 * (the media route refuses its files to them too).
 */
export default async function ChannelVideoPage({ params }: Params) {
  const { section, found } = await loadVideo((await params).id);
  const { partner, base, manages, viewer } = section;
  const { video, isPremium, playable } = found;
  const { storage } = await getRuntime();
  const urls = videoMediaUrls(storage, video);
  return (
    // On a phone the video comes first (globals.css), the channel's links after it.
    <div data-video-first className="flex flex-col">
      <div className="max-sm:order-1">
        <PartnerNav base={base} name={partner.name} manages={manages} current="" />
      </div>
      <article className="mx-auto w-full max-w-5xl" data-testid="partner-watch-page">
        {playable ? (
          urls ? (
            <WatchPlayer
              videoId={video.id}
              title={video.title}
              masterPlaylistUrl={urls.masterPlaylistUrl}
              posterUrl={urls.posterUrl}
              spritesVttUrl={urls.spritesVttUrl}
              durationSeconds={video.durationSeconds}
              countsViews={video.status === 'published'}
            />
          ) : (
            <div className="flex aspect-video items-center justify-center rounded-xl bg-surface-overlay text-neutral-400">
              The video will play here once it is processed.
            </div>
          )
        ) : (
          <div
            className="relative flex aspect-video items-center justify-center overflow-hidden rounded-xl bg-surface-overlay"
            data-testid="premium-gate"
          >
            {urls && (
              <img
                src={urls.posterUrl}
                alt=""
                className="absolute inset-0 h-full w-full object-cover opacity-40"
              />
            )}
            <div className="relative mx-4 max-w-md rounded-xl bg-black/80 px-5 py-4 text-center">
              <p className="font-semibold">This video is for {partner.name}’s subscribers.</p>
              <p className="mt-1 text-sm text-neutral-300">
                {partner.priceCents > 0
                  ? `Subscribe for ${formatPrice(partner.priceCents, partner.currency)} a month to watch every premium video of the channel.`
                  : 'Subscribe to watch every premium video of the channel.'}
              </p>
              <IntentLink
                href={
                  viewer
                    ? `${base}/subscribe`
                    : `/login?next=${encodeURIComponent(`${base}/video/${video.id}`)}`
                }
                className="mt-3 inline-block rounded-full bg-accent px-5 py-2 font-semibold text-black"
              >
                {viewer ? 'Subscribe' : 'Sign in to subscribe'}
              </IntentLink>
            </div>
          </div>
        )}
        <header className="mt-4">
          <h1 className="flex flex-wrap items-center gap-2 break-words text-xl font-bold">
            <span className="min-w-0 break-words">{video.title}</span>
            {isPremium && <PremiumBadge />}
          </h1>
          <p className="mt-1 text-sm text-neutral-400">
            {formatViews(video.views)}
            {video.durationSeconds != null && ` · ${formatDuration(video.durationSeconds)}`}
            {video.status !== 'published' && ' · not published'}
          </p>
          {video.description && (
            <p className="mt-3 whitespace-pre-line break-words text-neutral-200">
              {video.description}
            </p>
          )}
        </header>
      </article>
    </div>
  );
}
