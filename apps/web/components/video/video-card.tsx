'use client';

import { IntentLink } from '@/components/ui/intent-link';
import { useState } from 'react';
import { CardProgress, WatchLaterButton } from '@/components/library/library-state';
import { ProfileLink } from '@/components/profile/profile-link';
import { RelativeTime } from '@/components/ui/relative-time';
import { formatDuration, formatRating, formatViews } from '@/lib/format';
import { videoHref, type CardVideo } from './card-video';
import { VideoThumbnail } from './video-thumbnail';

/** One video in a listing: thumbnail (previewing on hover or focus), duration, title, facts. */
export function VideoCard({ video }: { video: CardVideo }) {
  const [isPreviewing, setPreviewing] = useState(false);
  const rating = formatRating(video.upvotes, video.downvotes);
  const start = () => setPreviewing(true);
  const stop = () => setPreviewing(false);
  return (
    <article className="group relative min-w-0" data-testid="video-card" data-video-id={video.id}>
      <IntentLink
        href={videoHref(video)}
        className="block rounded-lg"
        onMouseEnter={start}
        onMouseLeave={stop}
        onFocus={start}
        onBlur={stop}
      >
        <div className="relative">
          <VideoThumbnail
            title={video.title}
            posterUrl={video.posterUrl}
            posterWebpUrl={video.posterWebpUrl}
            previewVttUrl={video.previewVttUrl}
            active={isPreviewing}
          />
          {video.durationSeconds != null && (
            <span className="absolute bottom-1.5 right-1.5 rounded bg-black/80 px-1.5 py-0.5 text-xs font-medium">
              {formatDuration(video.durationSeconds)}
            </span>
          )}
          {video.isLive && (
            <span
              data-testid="card-live-badge"
              className="absolute bottom-1.5 left-1.5 rounded bg-red-600 px-1.5 py-0.5 text-xs font-bold uppercase text-white"
            >
              Live
            </span>
          )}
          {video.topQuality != null && video.topQuality >= 1080 && (
            <span className="absolute left-1.5 top-1.5 rounded bg-black/70 px-1 py-0.5 text-[10px] font-bold">
              {video.topQuality >= 2160 ? '4K' : 'HD'}
            </span>
          )}
          <CardProgress videoId={video.id} />
        </div>
        <h2 className="mt-2 line-clamp-2 break-words text-sm font-semibold text-white group-hover:text-accent">
          {video.title}
        </h2>
      </IntentLink>
      {/* Beside the link, not in it: a button inside a link is not allowed. */}
      <div className="absolute right-1.5 top-1.5">
        <WatchLaterButton videoId={video.id} title={video.title} compact />
      </div>
      <p className="mt-1 text-xs text-neutral-400">
        <ProfileLink username={video.uploader} className="hover:text-white">
          {video.uploader}
        </ProfileLink>
      </p>
      <p className="text-xs text-neutral-400">
        {formatViews(video.views)}
        {video.publishedAt && (
          <>
            {' · '}
            <RelativeTime date={video.publishedAt} />
          </>
        )}
        {rating && (
          <>
            {' · '}
            <span aria-label={`${rating} liked`} className="inline-flex items-center gap-0.5">
              {/* An inline icon: an emoji needs a colour-emoji font many systems lack. */}
              <svg aria-hidden="true" viewBox="0 0 24 24" className="h-3 w-3 fill-current">
                <path d="M2 21h4V9H2v12zm20-11a2 2 0 0 0-2-2h-6.3l1-4.6v-.3c0-.4-.2-.8-.4-1.1L13.2 1 6.6 7.6C6.2 8 6 8.5 6 9v10a2 2 0 0 0 2 2h9c.8 0 1.5-.5 1.8-1.2l3-7.1c.1-.2.2-.5.2-.7v-2z" />
              </svg>
              {rating}
            </span>
          </>
        )}
      </p>
    </article>
  );
}
