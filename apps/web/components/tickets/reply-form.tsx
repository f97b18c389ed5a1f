'use client';

import { useRouter } from 'next/navigation';
import { useId, useState, type FormEvent } from 'react';
import { callApi } from '../../lib/client/api';
import { ImagePicker, type PickedImage } from './image-picker';

/**
 * A reply in a ticket's thread: the member's (Reply, which reopens it) or staff's (Answer,
 * which marks it answered and tells the member). Shows the thread again when sent.
 */
export function TicketReplyForm({
  ticketId,
  mode,
  limits,
  label,
}: {
  ticketId: number;
  mode: 'Reply' | 'Answer';
  limits: { message: number; images: number; imageBytes: number };
  label: string;
}) {
  const router = useRouter();
  const id = useId();
  const [message, setMessage] = useState('');
  const [images, setImages] = useState<PickedImage[]>([]);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!message.trim()) {
      setError('Write your message');
      return;
    }
    setBusy(true);
    const result = await callApi('/api/tickets', {
      mode,
      id: ticketId,
      message,
      images: images.map((image) => image.dataUrl),
    });
    setBusy(false);
    if (!result.ok) {
      setError(result.body.error ?? `Failed (status ${result.status})`);
      return;
    }
    setMessage('');
    setImages([]);
    setError('');
    router.refresh();
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-3" data-testid="ticket-reply-form">
      <label htmlFor={id} className="block text-sm font-medium text-neutral-200">
        {label}
      </label>
      <textarea
        id={id}
        value={message}
        onChange={(event) => setMessage(event.target.value)}
        maxLength={limits.message}
        rows={5}
        aria-invalid={Boolean(error) || undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className="w-full resize-y rounded-lg border border-white/15 bg-surface px-3 py-2.5 text-base text-white focus:border-accent focus:outline-none"
        data-testid="ticket-reply-message"
      />
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-400">
          {error}
        </p>
      )}
      <ImagePicker
        images={images}
        onChange={setImages}
        max={limits.images}
        maxBytes={limits.imageBytes}
        testId="ticket-reply-images"
      />
      <button
        type="submit"
        disabled={busy}
        data-testid="ticket-reply-submit"
        className="rounded-full bg-accent px-5 py-2 font-semibold text-black hover:bg-accent-strong disabled:opacity-50"
      >
        {busy ? 'Sending…' : mode === 'Answer' ? 'Send answer' : 'Send reply'}
      </button>
    </form>
  );
}

/** Closes the ticket (the member's Close, staff's StaffClose). */
export function CloseTicketButton({
  ticketId,
  mode,
}: {
  ticketId: number;
  mode: 'Close' | 'StaffClose';
}) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [confirming, setConfirming] = useState(false);
  const close = async () => {
    setBusy(true);
    const result = await callApi('/api/tickets', { mode, id: ticketId });
    setBusy(false);
    if (!result.ok) {
      setError(result.body.error ?? `Failed (status ${result.status})`);
      return;
    }
    setConfirming(false);
    router.refresh();
  };
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      {confirming ? (
        <>
          <span className="text-sm text-neutral-300">Close this ticket?</span>
          <button
            type="button"
            onClick={() => void close()}
            disabled={busy}
            data-testid="ticket-close-confirm"
            className="rounded-full border border-white/20 px-4 py-2 text-sm font-semibold text-white hover:bg-white/10 disabled:opacity-50"
          >
            Yes, close it
          </button>
          <button
            type="button"
            onClick={() => setConfirming(false)}
            className="rounded-full px-4 py-2 text-sm text-neutral-300 hover:bg-white/10"
          >
            Cancel
          </button>
        </>
      ) : (
        <button
          type="button"
          onClick={() => setConfirming(true)}
          disabled={busy}
          data-testid="ticket-close"
          className="rounded-full border border-white/20 px-4 py-2 text-sm text-white hover:bg-white/10 disabled:opacity-50"
        >
          Close ticket
        </button>
      )}
      {error && (
        <span role="alert" className="text-sm text-red-400">
          {error}
        </span>
      )}
    </span>
  );
}
