import { IntentLink } from '@/components/ui/intent-link';
import type { PlaylistSummary } from '@cutroom/core/features/library/playlists/playlists.service';
import { mediaUrl } from '../video/card-video';

/** Playlist cards: the thumbnail video's poster, the name, how many videos, private or not. */
export function PlaylistGrid({
  playlists,
  mediaBaseUrl,
}: {
  playlists: PlaylistSummary[];
  mediaBaseUrl: string;
}) {
  return (
    <ul
      className="grid grid-cols-1 gap-4 min-[480px]:grid-cols-2 md:grid-cols-3 lg:grid-cols-4 xl:grid-cols-6"
      data-testid="playlist-grid"
    >
      {playlists.map((playlist) => (
        <li key={playlist.id}>
          <IntentLink href={`/playlist/${playlist.id}`} className="group block">
            <div className="relative aspect-video overflow-hidden rounded-lg bg-surface-overlay">
              {playlist.thumbnailPosterKey ? (
                <img
                  src={mediaUrl(mediaBaseUrl, playlist.thumbnailPosterKey)}
                  alt=""
                  loading="lazy"
                  className="h-full w-full object-cover transition group-hover:scale-105"
                />
              ) : (
                <span className="flex h-full items-center justify-center text-sm text-neutral-500">
                  Empty playlist
                </span>
              )}
              <span className="absolute bottom-1 right-1 rounded bg-black/80 px-1.5 py-0.5 text-xs">
                {playlist.videoCount} {playlist.videoCount === 1 ? 'video' : 'videos'}
              </span>
            </div>
            <p className="mt-2 line-clamp-2 font-semibold group-hover:text-accent">
              {playlist.name}
            </p>
            <p className="text-xs text-neutral-400">
              {playlist.isPublic ? 'Public' : 'Private'} · by {playlist.owner}
            </p>
          </IntentLink>
        </li>
      ))}
    </ul>
  );
}
