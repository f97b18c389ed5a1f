'use client';

import { IntentLink } from '@/components/ui/intent-link';
import { useRouter } from 'next/navigation';
import { useEffect, useRef, useState } from 'react';
import { ERROR_MESSAGE_MS, useTimedMessage } from '@/lib/client/use-timed-message';
import { formatDuration } from '@/lib/format';
import { callApi } from '../../lib/client/api';
import { TimedNote } from '../social/timed-note';

export interface EditorVideo {
  id: string;
  slug: string;
  title: string;
  uploader: string;
  durationSeconds: number | null;
  posterUrl: string | null;
}

interface PlaylistEditorProps {
  playlist: { id: string; name: string; isPublic: boolean; thumbnailVideoId: string | null };
  videos: EditorVideo[];
  isOwner: boolean;
}

/**
 * A playlist's videos in order. Its owner reorders them by dragging, or from the keyboard with
 * the move buttons (or Alt+Arrow keys on a row), removes them, renames the playlist, picks its
 * thumbnail, makes it public or private and deletes it.
 */
export function PlaylistEditor({ playlist, videos: initialVideos, isOwner }: PlaylistEditorProps) {
  const router = useRouter();
  const [videos, setVideos] = useState(initialVideos);
  const [name, setName] = useState(playlist.name);
  const [isPublic, setIsPublic] = useState(playlist.isPublic);
  const [thumbnail, setThumbnail] = useState(playlist.thumbnailVideoId);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [announce, setAnnounce] = useState('');
  const [message, show] = useTimedMessage();
  const dragged = useRef<number | null>(null);
  const rows = useRef<(HTMLLIElement | null)[]>([]);

  const fail = (text?: string) =>
    show({ text: text ?? 'Something went wrong', tone: 'error' }, ERROR_MESSAGE_MS);

  // Saves run one after another, each with the whole order, so the server ends with the last
  // order shown even when moves come faster than answers; a failure returns to the order last
  // saved. While one is on its way the list is busy and leaving the page asks first.
  const savedOrder = useRef(initialVideos);
  const saving = useRef<Promise<void>>(Promise.resolve());
  const pending = useRef(0);
  const [pendingSaves, setPendingSaves] = useState(0);
  useEffect(() => {
    if (pendingSaves === 0) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [pendingSaves]);

  const persistOrder = (next: EditorVideo[]) => {
    setVideos(next);
    setPendingSaves(++pending.current);
    saving.current = saving.current.then(async () => {
      const result = await callApi('/api/v2/playlists', {
        mode: 'reorder',
        _id: playlist.id,
        videoIds: next.map((video) => video.id),
      });
      if (result.ok) {
        savedOrder.current = next;
      } else {
        setVideos(savedOrder.current);
        fail(result.body.error);
      }
      setPendingSaves(--pending.current);
      if (pending.current === 0 && result.ok) {
        show({ text: 'Order saved', tone: 'info' }, ERROR_MESSAGE_MS);
      }
    });
  };

  const move = (from: number, to: number, focus = false) => {
    if (to < 0 || to >= videos.length || from === to) return;
    const next = [...videos];
    const [item] = next.splice(from, 1);
    next.splice(to, 0, item!);
    persistOrder(next);
    setAnnounce(`${item!.title} moved to position ${to + 1} of ${next.length}`);
    if (focus) requestAnimationFrame(() => rows.current[to]?.focus());
  };

  const remove = async (video: EditorVideo) => {
    const result = await callApi('/api/v2/playlists', {
      mode: 'removeVideo',
      _id: playlist.id,
      videoId: video.id,
    });
    if (!result.ok) return fail(result.body.error);
    setVideos((current) => current.filter((item) => item.id !== video.id));
    setAnnounce(`${video.title} removed`);
    router.refresh();
  };

  const update = async (changes: { name?: string; isPublic?: boolean; thumbnail?: string }) => {
    const result = await callApi('/api/v2/playlists', {
      mode: 'update',
      _id: playlist.id,
      ...changes,
    });
    if (!result.ok) return fail(result.body.error) ?? false;
    show({ text: 'Saved', tone: 'info' }, ERROR_MESSAGE_MS);
    router.refresh();
    return true;
  };

  const destroy = async () => {
    const result = await callApi('/api/v2/playlists', { mode: 'delete', _id: playlist.id });
    if (!result.ok) return fail(result.body.error);
    router.push('/profile?tab=playlists');
  };

  const smallButton =
    'rounded border border-white/20 px-2 py-1 text-xs hover:bg-white/10 disabled:opacity-40';

  return (
    <div className="space-y-4">
      {isOwner && (
        <div className="flex flex-wrap items-end gap-3 rounded-lg bg-surface-raised p-4">
          <form
            method="post"
            className="flex flex-wrap items-end gap-2"
            onSubmit={(event) => {
              event.preventDefault();
              void update({ name });
            }}
          >
            <label className="text-sm">
              Name
              <input
                value={name}
                onChange={(event) => setName(event.target.value)}
                required
                maxLength={100}
                className="mt-1 block w-64 max-w-full rounded border border-white/15 bg-surface px-3 py-2 text-sm"
                data-testid="playlist-name-input"
              />
            </label>
            <button
              type="submit"
              className="rounded-full border border-white/20 px-4 py-2 text-sm hover:bg-white/10"
            >
              Rename
            </button>
          </form>
          <label className="flex items-center gap-2 pb-2 text-sm">
            <input
              type="checkbox"
              checked={!isPublic}
              onChange={async (event) => {
                const wanted = !event.target.checked;
                if (await update({ isPublic: wanted })) setIsPublic(wanted);
              }}
              className="accent-[#ff9800]"
            />
            Private (only you can see it)
          </label>
          {confirmDelete ? (
            <span
              className="flex flex-wrap items-center gap-2 text-sm"
              role="group"
              aria-label="Confirm deletion"
            >
              Delete this playlist?
              <button
                type="button"
                onClick={destroy}
                className="rounded-full bg-red-600 px-4 py-2 font-semibold text-white"
              >
                Delete
              </button>
              <button
                type="button"
                onClick={() => setConfirmDelete(false)}
                className="rounded-full border border-white/20 px-4 py-2 hover:bg-white/10"
              >
                Cancel
              </button>
            </span>
          ) : (
            <button
              type="button"
              onClick={() => setConfirmDelete(true)}
              className="rounded-full border border-red-500/60 px-4 py-2 text-sm text-red-300 hover:bg-red-500/10"
            >
              Delete playlist…
            </button>
          )}
        </div>
      )}
      <TimedNote message={message} testId="playlist-message" />
      <p className="sr-only" aria-live="polite">
        {announce}
      </p>
      {videos.length === 0 ? (
        <div
          className="rounded-lg border border-dashed border-white/15 px-6 py-16 text-center"
          data-testid="empty-state"
        >
          <p className="text-lg font-semibold">This playlist is empty</p>
          <p className="mt-2 text-neutral-400">Save videos to it from their pages.</p>
        </div>
      ) : (
        <ol className="space-y-2" data-testid="playlist-items" aria-busy={pendingSaves > 0}>
          {videos.map((video, index) => (
            <li
              key={video.id}
              ref={(node) => {
                rows.current[index] = node;
              }}
              tabIndex={isOwner ? 0 : undefined}
              draggable={isOwner}
              onDragStart={(event) => {
                dragged.current = index;
                event.dataTransfer.effectAllowed = 'move';
                event.dataTransfer.setData('text/plain', video.id);
              }}
              onDragOver={(event) => {
                if (dragged.current !== null) event.preventDefault();
              }}
              onDrop={(event) => {
                event.preventDefault();
                if (dragged.current !== null) move(dragged.current, index);
                dragged.current = null;
              }}
              onDragEnd={() => (dragged.current = null)}
              onKeyDown={(event) => {
                if (!isOwner || !event.altKey || event.target !== event.currentTarget) return;
                if (event.key === 'ArrowUp') {
                  event.preventDefault();
                  move(index, index - 1, true);
                }
                if (event.key === 'ArrowDown') {
                  event.preventDefault();
                  move(index, index + 1, true);
                }
              }}
              aria-label={
                isOwner ? `${index + 1}. ${video.title}. Alt+Arrow keys move it.` : undefined
              }
              data-testid="playlist-item"
              className="flex items-center gap-3 rounded-lg bg-surface-raised p-2 focus:outline focus:outline-2 focus:outline-accent"
            >
              {isOwner && (
                <span aria-hidden="true" className="cursor-grab select-none px-1 text-neutral-500">
                  ⠿
                </span>
              )}
              <span className="w-6 shrink-0 text-right text-sm text-neutral-400">{index + 1}</span>
              <IntentLink
                href={`/playlist/video/${playlist.id}?v=${video.id}`}
                className="flex min-w-0 flex-1 items-center gap-3"
              >
                <span className="relative aspect-video w-28 shrink-0 overflow-hidden rounded bg-surface-overlay sm:w-36">
                  {video.posterUrl && (
                    <img
                      src={video.posterUrl}
                      alt=""
                      loading="lazy"
                      className="h-full w-full object-cover"
                    />
                  )}
                  {video.durationSeconds != null && (
                    <span className="absolute bottom-0.5 right-0.5 rounded bg-black/80 px-1 text-xs">
                      {formatDuration(video.durationSeconds)}
                    </span>
                  )}
                </span>
                <span className="min-w-0">
                  <span className="line-clamp-2 font-semibold">{video.title}</span>
                  <span className="text-xs text-neutral-400">{video.uploader}</span>
                </span>
              </IntentLink>
              {isOwner && (
                <span className="flex shrink-0 flex-col gap-1 sm:flex-row">
                  <button
                    type="button"
                    className={smallButton}
                    onClick={() => move(index, index - 1)}
                    disabled={index === 0}
                    aria-label={`Move ${video.title} up`}
                  >
                    ↑
                  </button>
                  <button
                    type="button"
                    className={smallButton}
                    onClick={() => move(index, index + 1)}
                    disabled={index === videos.length - 1}
                    aria-label={`Move ${video.title} down`}
                    data-testid="move-down"
                  >
                    ↓
                  </button>
                  <button
                    type="button"
                    className={smallButton}
                    onClick={async () => {
                      if (await update({ thumbnail: video.id })) setThumbnail(video.id);
                    }}
                    disabled={thumbnail === video.id}
                    aria-label={`Use ${video.title} as the thumbnail`}
                  >
                    {thumbnail === video.id ? 'Thumbnail' : 'Use as thumbnail'}
                  </button>
                  <button
                    type="button"
                    className={smallButton}
                    onClick={() => remove(video)}
                    aria-label={`Remove ${video.title} from the playlist`}
                  >
                    Remove
                  </button>
                </span>
              )}
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
