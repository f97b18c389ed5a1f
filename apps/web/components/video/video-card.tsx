import Link from 'next/link';
import type { VideoSummary } from '@cutroom/core/browse/browse.service';
import { formatDuration, formatRelativeAge, formatViews } from '@/lib/format';

export function VideoCard({ video }: { video: VideoSummary }) {
  const votes = video.upvotes + video.downvotes;
  return (
    <article className="group">
      <Link href={`/video/${video.slug}_${video.id}`} className="block">
        <div className="relative aspect-video overflow-hidden rounded-lg bg-surface-overlay">
          {video.durationSeconds != null && (
            <span className="absolute bottom-1.5 right-1.5 rounded bg-black/80 px-1.5 py-0.5 text-xs font-medium">
              {formatDuration(video.durationSeconds)}
            </span>
          )}
        </div>
        <h3 className="mt-2 line-clamp-2 text-sm font-semibold text-white group-hover:text-accent">
          {video.title}
        </h3>
      </Link>
      <p className="mt-1 text-xs text-neutral-400">
        <Link href={`/profile/${video.uploader}`} className="hover:text-white">
          {video.uploader}
        </Link>
        {' · '}
        {formatViews(video.views)}
        {video.publishedAt && ` · ${formatRelativeAge(video.publishedAt)}`}
        {votes > 0 && ` · ${Math.round((video.upvotes / votes) * 100)}%`}
      </p>
    </article>
  );
}
