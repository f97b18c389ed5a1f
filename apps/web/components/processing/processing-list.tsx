'use client';

import { callApi } from '@/lib/client/api';
import { HELD_UPLOAD_TEXT } from '@cutroom/core/features/moderation/reuploads/reupload-messages';
import { failedWithStatus } from '@cutroom/core/features/people/social/people-messages';
import { IntentLink } from '@/components/ui/intent-link';
import { useEffect, useState } from 'react';
import { ERROR_MESSAGE_MS, useTimedMessage } from '@/lib/client/use-timed-message';

export interface ProcessingItem {
  id: string;
  slug: string;
  title: string;
  /** `held`: processed, but held as a copy of another member's video until staff decide. */
  status: 'processing' | 'failed' | 'published' | 'held' | 'removed';
  progress: number;
  failureReason: string | null;
  /** The first quality (its height), once it plays while the others are made; else null. */
  playableQuality: number | null;
}

type StreamEvent =
  | { type: 'progress'; videoId: string; progress: number }
  | { type: 'playable'; videoId: string; quality: number }
  | { type: 'published'; videoId: string }
  | { type: 'held'; videoId: string }
  | { type: 'failed'; videoId: string; reason: string }
  | { type: 'processing'; videoId: string }
  | { type: 'removed'; videoId: string };

/** Applies one server event to the list. */
export function applyProcessingEvent(
  items: ProcessingItem[],
  event: StreamEvent,
): ProcessingItem[] {
  return items.map((item) => {
    if (item.id !== event.videoId) return item;
    switch (event.type) {
      case 'progress':
        return { ...item, status: 'processing', progress: Math.max(item.progress, event.progress) };
      case 'playable':
        return { ...item, playableQuality: event.quality };
      case 'published':
        return { ...item, status: 'published', progress: 100 };
      case 'held':
        return { ...item, status: 'held', progress: 100, playableQuality: null };
      case 'failed':
        return { ...item, status: 'failed', failureReason: event.reason, playableQuality: null };
      case 'processing':
        return {
          ...item,
          status: 'processing',
          progress: 0,
          failureReason: null,
          playableQuality: null,
        };
      case 'removed':
        return { ...item, status: 'removed' };
    }
  });
}

/** What an item's line under its progress bar says. */
export function processingText(item: ProcessingItem): string {
  if (item.status === 'published') return 'Published';
  if (item.status === 'held') return HELD_UPLOAD_TEXT;
  const percent = `${Math.round(item.progress)} %`;
  return item.playableQuality !== null
    ? `${percent}: playable now at ${item.playableQuality}p; the other qualities follow`
    : percent;
}

/** The member's videos in processing, kept live by server-sent events, with cancel and retry. */
export function ProcessingList({
  initial,
  highlight,
}: {
  initial: ProcessingItem[];
  highlight?: string;
}) {
  const [items, setItems] = useState(initial);
  const [busy, setBusy] = useState<string | null>(null);
  const [message, showMessage] = useTimedMessage();

  useEffect(() => {
    const source = new EventSource('/api/processing/events');
    const onEvent = (event: MessageEvent<string>) => {
      const data = JSON.parse(event.data) as StreamEvent;
      setItems((current) => applyProcessingEvent(current, data));
    };
    const types = ['progress', 'playable', 'published', 'held', 'failed', 'processing', 'removed'];
    for (const type of types) {
      source.addEventListener(type, onEvent);
    }
    return () => source.close();
  }, []);

  async function act(mode: 'cancel' | 'retry', id: string) {
    setBusy(id);
    const answer = await callApi('/api/v2/videoInput', { mode, _id: id });
    setBusy(null);
    if (!answer.ok) {
      showMessage(
        { text: answer.message ?? failedWithStatus(answer.status), tone: 'error' },
        ERROR_MESSAGE_MS,
      );
      return;
    }
    setItems((current) =>
      mode === 'cancel'
        ? current.map((item) => (item.id === id ? { ...item, status: 'removed' } : item))
        : applyProcessingEvent(current, { type: 'processing', videoId: id }),
    );
  }

  const visible = items.filter((item) => item.status !== 'removed');
  if (visible.length === 0) {
    return (
      <div className="rounded-lg border border-dashed border-white/15 px-6 py-12 text-center">
        <p className="font-semibold">Nothing is processing</p>
        <p className="mt-2 text-sm text-neutral-400">Videos you upload show their progress here.</p>
        <IntentLink
          href="/upload"
          className="mt-5 inline-block rounded-full bg-accent px-5 py-2 font-semibold text-black"
        >
          Upload a video
        </IntentLink>
      </div>
    );
  }
  return (
    <div className="space-y-3">
      {message && (
        <p role="alert" className="rounded-lg bg-red-500/15 px-4 py-3 text-sm text-red-200">
          {message.text}
        </p>
      )}
      <ul className="space-y-3">
        {visible.map((item) => (
          <li
            key={item.id}
            data-testid="processing-item"
            data-status={item.status}
            className={`rounded-xl bg-surface-raised p-4 ${item.id === highlight ? 'ring-2 ring-accent' : ''}`}
          >
            <div className="flex flex-wrap items-center justify-between gap-3">
              <h2 className="min-w-0 flex-1 truncate font-semibold">{item.title}</h2>
              <div className="flex gap-2">
                {(item.status === 'published' ||
                  item.status === 'held' ||
                  (item.status === 'processing' && item.playableQuality !== null)) && (
                  <IntentLink
                    href={`/video/${item.slug}_${item.id}`}
                    className="rounded-full bg-accent px-4 py-1.5 text-sm font-semibold text-black"
                  >
                    {item.status === 'held' ? 'See why' : 'Watch'}
                  </IntentLink>
                )}
                {item.status === 'failed' && (
                  <button
                    type="button"
                    disabled={busy === item.id}
                    onClick={() => void act('retry', item.id)}
                    className="rounded-full bg-accent px-4 py-1.5 text-sm font-semibold text-black disabled:opacity-50"
                  >
                    Retry
                  </button>
                )}
                {(item.status === 'processing' || item.status === 'failed') && (
                  <button
                    type="button"
                    disabled={busy === item.id}
                    onClick={() => void act('cancel', item.id)}
                    className="rounded-full border border-white/20 px-4 py-1.5 text-sm hover:bg-white/10 disabled:opacity-50"
                  >
                    Cancel
                  </button>
                )}
              </div>
            </div>
            {item.status === 'failed' ? (
              <p className="mt-2 text-sm text-red-300">
                Processing failed: {item.failureReason ?? 'unknown reason'}
              </p>
            ) : item.status === 'held' ? (
              <p className="mt-2 text-sm text-amber-200" data-testid="processing-progress">
                {HELD_UPLOAD_TEXT}
              </p>
            ) : (
              <>
                <div
                  role="progressbar"
                  aria-label={`Processing ${item.title}`}
                  aria-valuemin={0}
                  aria-valuemax={100}
                  aria-valuenow={Math.round(item.progress)}
                  className="mt-3 h-2 overflow-hidden rounded-full bg-white/10"
                >
                  <div
                    className="h-full rounded-full bg-accent transition-[width]"
                    style={{ width: `${item.progress}%` }}
                  />
                </div>
                <p className="mt-1 text-xs text-neutral-400" data-testid="processing-progress">
                  {processingText(item)}
                </p>
              </>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
