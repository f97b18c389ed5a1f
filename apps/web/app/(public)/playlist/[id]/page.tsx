import type { Metadata } from 'next';
import { IntentLink } from '@/components/ui/intent-link';
import { notFound } from 'next/navigation';
import { cache } from 'react';
import { isServiceError } from '@cutroom/core/kernel/errors/service-error';
import { getPlaylist } from '@cutroom/core/features/library/playlists/playlists.service';
import { listingContext } from '@/components/browse/listing-data';
import { PlaylistEditor } from '@/components/playlist/playlist-editor';

export const dynamic = 'force-dynamic';

type Props = { params: Promise<{ id: string }> };

/** A playlist the viewer may see; private ones are missing to everyone but their owner. */
const loadPlaylist = cache(async (id: string) => {
  const context = await listingContext();
  if (!/^[A-Za-z0-9]{6,32}$/.test(id)) notFound();
  try {
    return { context, playlist: await getPlaylist({ ...context, actor: context.viewer }, id) };
  } catch (error) {
    if (isServiceError(error) && error.kind === 'not_found') notFound();
    throw error;
  }
});

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { playlist } = await loadPlaylist((await params).id);
  return { title: playlist.name, robots: playlist.isPublic ? undefined : { index: false } };
}

export default async function PlaylistPage({ params }: Props) {
  const { context, playlist } = await loadPlaylist((await params).id);
  const cards = context.toCards(playlist.videos);
  return (
    <section
      aria-labelledby="playlist-heading"
      className="max-w-4xl space-y-4"
      data-testid="playlist-page"
    >
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <h1 id="playlist-heading" className="break-words text-2xl font-bold">
            {playlist.name}
          </h1>
          <p className="text-sm text-neutral-400">
            {playlist.isPublic ? 'Public' : 'Private'} playlist by{' '}
            <IntentLink
              href={`/profile/${encodeURIComponent(playlist.owner)}`}
              className="text-accent underline"
            >
              {playlist.owner}
            </IntentLink>{' '}
            · {playlist.videos.length} {playlist.videos.length === 1 ? 'video' : 'videos'}
          </p>
        </div>
        {playlist.videos.length > 0 && (
          <IntentLink
            href={`/playlist/video/${playlist.id}`}
            className="rounded-full bg-accent px-5 py-2 font-semibold text-black hover:bg-accent-strong"
            data-testid="play-all"
          >
            ▶ Play all
          </IntentLink>
        )}
      </header>
      <PlaylistEditor
        playlist={{
          id: playlist.id,
          name: playlist.name,
          isPublic: playlist.isPublic,
          thumbnailVideoId: playlist.thumbnailVideoId,
        }}
        isOwner={playlist.isOwner}
        videos={cards.map((card) => ({
          id: card.id,
          slug: card.slug,
          title: card.title,
          uploader: card.uploader,
          durationSeconds: card.durationSeconds,
          posterUrl: card.posterUrl ?? null,
        }))}
      />
    </section>
  );
}
