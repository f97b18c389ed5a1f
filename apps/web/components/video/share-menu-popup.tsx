'use client';

import { Popover } from '@base-ui/react/popover';
import {
  embedSizesFor,
  embedCode,
  embedPageUrl,
} from '@cutroom/core/features/videos/watch/embed-code';
import { useId, useRef, useState } from 'react';
import { formatDuration } from '@/lib/format';
import { getCurrentPlayer } from './current-player';

const fieldClass =
  'w-full rounded border border-white/20 bg-black/40 px-2 py-1.5 font-mono text-xs text-neutral-100';
const buttonClass =
  'shrink-0 rounded-full border border-white/20 px-3 py-1 text-sm hover:bg-white/10';

/** A copy button that says "Copied" (to screen readers too) for two seconds after copying. */
function CopyField({
  label,
  value,
  multiline,
  testId,
}: {
  label: string;
  value: string;
  multiline?: boolean;
  testId: string;
}) {
  const id = useId();
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setCopied(false), 2000);
    } catch {
      setCopied(false);
    }
  };
  const select = (event: { currentTarget: HTMLInputElement | HTMLTextAreaElement }) =>
    event.currentTarget.select();
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-semibold">
        {label}
      </label>
      <div className="flex items-start gap-2">
        {multiline ? (
          <textarea
            id={id}
            readOnly
            // The whole code in view: its end (allow, allowfullscreen) is what gets cut.
            rows={Math.min(9, Math.ceil(value.length / 34))}
            value={value}
            onFocus={select}
            className={fieldClass}
            data-testid={testId}
          />
        ) : (
          <input
            id={id}
            readOnly
            value={value}
            onFocus={select}
            className={fieldClass}
            data-testid={testId}
          />
        )}
        <button type="button" onClick={copy} className={buttonClass} aria-label={`Copy ${label}`}>
          {copied ? 'Copied' : 'Copy'}
        </button>
      </div>
      <p role="status" className="sr-only">
        {copied ? `${label} copied` : ''}
      </p>
    </div>
  );
}

export interface ShareMenuProps {
  /** The canonical address of the watch page. */
  pageUrl: string;
  publicUrl: string;
  videoId: string;
  title: string;
  /** Only published videos have an embed page. */
  canEmbed: boolean;
  /** Width / height: a vertical video is offered vertical frame sizes. */
  aspectRatio?: number | null;
}

const currentSecond = () => Math.floor(getCurrentPlayer()?.video.currentTime ?? 0);

/**
 * The share menu of a watch page: the page's address (optionally at the player's current time)
 * and the embed code at a chosen size, each with a copy button. Loaded on the first press of
 * its button (share-menu.tsx), and then open.
 */
export function SharePopover({
  pageUrl,
  publicUrl,
  videoId,
  title,
  canEmbed,
  aspectRatio,
}: ShareMenuProps) {
  const { sizes, initial } = embedSizesFor(aspectRatio);
  const [atTime, setAtTime] = useState(false);
  const [time, setTime] = useState(currentSecond);
  const [size, setSize] = useState(`${initial.width}x${initial.height}`);
  const checkboxId = useId();
  const sizeId = useId();
  const start = atTime && time > 0 ? time : 0;
  const link = start ? `${pageUrl}?t=${start}` : pageUrl;
  const [width, height] = size.split('x').map(Number) as [number, number];
  const code = embedCode({
    embedUrl: embedPageUrl(publicUrl, videoId, start),
    title,
    width,
    height,
  });

  return (
    <Popover.Root
      defaultOpen
      onOpenChange={(open) => {
        if (open) setTime(currentSecond());
      }}
    >
      <Popover.Trigger
        className="rounded-full border border-white/20 px-3 py-1 text-sm hover:bg-white/10"
        data-testid="share-button"
      >
        Share
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Positioner sideOffset={8} align="start" collisionPadding={8} className="z-40">
          <Popover.Popup
            className="w-[min(26rem,calc(100vw-1rem))] space-y-4 rounded-lg border border-white/10 bg-surface-overlay p-4 text-white shadow-xl outline-none"
            data-testid="share-menu"
          >
            <div className="flex items-center justify-between gap-2">
              <Popover.Title className="text-base font-semibold">Share</Popover.Title>
              <Popover.Close className="rounded px-2 py-0.5 text-sm text-neutral-300 hover:bg-white/10">
                Close
              </Popover.Close>
            </div>
            <CopyField label="Link" value={link} testId="share-link" />
            <div className="flex items-center gap-2 text-sm">
              <input
                id={checkboxId}
                type="checkbox"
                checked={atTime}
                onChange={(event) => {
                  setTime(Math.floor(getCurrentPlayer()?.video.currentTime ?? 0));
                  setAtTime(event.target.checked);
                }}
                className="h-4 w-4 accent-accent"
              />
              <label htmlFor={checkboxId}>Start at {formatDuration(time)}</label>
            </div>
            {canEmbed && (
              <>
                <CopyField label="Embed code" value={code} multiline testId="share-embed" />
                <div className="flex items-center gap-2 text-sm">
                  <label htmlFor={sizeId}>Size</label>
                  <select
                    id={sizeId}
                    value={size}
                    onChange={(event) => setSize(event.target.value)}
                    className="rounded border border-white/20 bg-surface-raised px-2 py-1 text-neutral-100"
                  >
                    {sizes.map(({ width: w, height: h }) => (
                      <option key={w} value={`${w}x${h}`}>
                        {w} × {h}
                      </option>
                    ))}
                  </select>
                </div>
              </>
            )}
          </Popover.Popup>
        </Popover.Positioner>
      </Popover.Portal>
    </Popover.Root>
  );
}
