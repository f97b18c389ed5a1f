import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { cache } from 'react';
import { isServiceError } from '@cutroom/core/kernel/errors/service-error';
import { getPlaylist } from '@cutroom/core/features/library/playlists/playlists.service';
import { playerMediaFor } from '@/lib/server/media-addresses';
import { getWatchPage } from '@cutroom/core/features/videos/watch/watch.service';
import { listingContext, type SearchParamsPromise } from '@/components/browse/listing-data';
import { PlaylistPlayer } from '@/components/playlist/playlist-player';
import { EmptyState } from '@/components/video/video-grid';

export const dynamic = 'force-dynamic';

type Props = { params: Promise<{ id: string }>; searchParams: SearchParamsPromise };

const loadPlaylist = cache(async (id: string) => {
  if (!/^[A-Za-z0-9]{6,32}$/.test(id)) notFound();
  const context = await listingContext();
  try {
    return { context, playlist: await getPlaylist({ ...context, actor: context.viewer }, id) };
  } catch (error) {
    if (isServiceError(error) && error.kind === 'not_found') notFound();
    throw error;
  }
});

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { playlist } = await loadPlaylist((await params).id);
  return { title: `${playlist.name} (playing)` };
}

/** `/playlist/video/{playlist id}?v={video id}`: a playlist played through in the player. */
export default async function PlaylistVideoPage({ params, searchParams }: Props) {
  const { context, playlist } = await loadPlaylist((await params).id);
  const query = await searchParams;
  if (playlist.videos.length === 0) {
    return (
      <EmptyState
        title="This playlist is empty"
        action={{ href: `/playlist/${playlist.id}`, label: 'Back to the playlist' }}
      >
        Save videos to it from their pages, then play it here.
      </EmptyState>
    );
  }
  const wanted = typeof query.v === 'string' ? query.v : undefined;
  const currentId = playlist.videos.some((video) => video.id === wanted)
    ? wanted!
    : playlist.videos[0]!.id;
  const { video } = await getWatchPage({ ...context, actor: context.viewer }, currentId);
  // Public addresses, or under a grant for this viewer (docs/security.md, "Media").
  const urls = (await playerMediaFor(video, context.viewer))?.urls;
  if (!urls) notFound();
  const cards = context.toCards(playlist.videos);
  return (
    <PlaylistPlayer
      playlistId={playlist.id}
      playlistName={playlist.name}
      autoStart={query.autoplay === '1'}
      items={cards.map((card) => ({
        id: card.id,
        title: card.title,
        uploader: card.uploader,
        posterUrl: card.posterUrl ?? null,
      }))}
      current={{
        id: video.id,
        slug: video.slug,
        title: video.title,
        masterPlaylistUrl: urls.masterPlaylistUrl,
        posterUrl: urls.posterUrl,
        spritesVttUrl: urls.spritesVttUrl,
      }}
    />
  );
}
