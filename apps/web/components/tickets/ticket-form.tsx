'use client';

import { useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import {
  TICKET_CATEGORIES,
  TICKET_CATEGORY_LABELS,
  type TicketCategory,
} from '@cutroom/core/features/community/tickets/ticket-labels';
import { callApi } from '../../lib/client/api';
import { ImagePicker, type PickedImage } from './image-picker';

const inputClass =
  'mt-1 w-full rounded-lg border border-white/15 bg-surface px-3 py-2.5 text-base text-white placeholder:text-neutral-500 focus:border-accent focus:outline-none';

type Field = 'category' | 'subject' | 'message' | 'images';

/** The field an answer's error names ("subject: is required"), so it shows beside it. */
function fieldOf(error: string): Field | null {
  const field = error.split(':')[0]?.trim();
  return field === 'category' || field === 'subject' || field === 'message' || field === 'images'
    ? field
    : null;
}

/** Opens a support ticket through /api/tickets, then shows its thread. */
export function TicketForm({
  limits,
}: {
  limits: { subject: number; message: number; images: number; imageBytes: number };
}) {
  const router = useRouter();
  const [category, setCategory] = useState<TicketCategory | ''>('');
  const [subject, setSubject] = useState('');
  const [message, setMessage] = useState('');
  const [images, setImages] = useState<PickedImage[]>([]);
  const [errors, setErrors] = useState<Partial<Record<Field | 'form', string>>>({});
  const [busy, setBusy] = useState(false);
  /** A field's error goes once the field changes. */
  const edited = (field: Field) =>
    setErrors((current) => {
      if (!current[field]) return current;
      const { [field]: _gone, ...rest } = current;
      return rest;
    });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const missing: Partial<Record<Field, string>> = {};
    if (!category) missing.category = 'Choose what your question is about';
    if (!subject.trim()) missing.subject = 'Write a subject';
    if (!message.trim()) missing.message = 'Write your message';
    setErrors(missing);
    if (!category || Object.keys(missing).length > 0) return;
    setBusy(true);
    const result = await callApi('/api/tickets', {
      mode: 'Create',
      category,
      subject,
      message,
      images: images.map((image) => image.dataUrl),
    });
    setBusy(false);
    if (!result.ok) {
      const error = result.body.error ?? `Failed (status ${result.status})`;
      const field = fieldOf(error);
      setErrors(field ? { [field]: error.slice(field.length + 1).trim() } : { form: error });
      return;
    }
    router.push(`/ticket/history/${result.body.id}?created=1`);
  };

  const describe = (field: Field) => (errors[field] ? `ticket-${field}-error` : undefined);
  const errorOf = (field: Field) =>
    errors[field] ? (
      <span id={`ticket-${field}-error`} className="mt-1 block text-sm text-red-400">
        {errors[field]}
      </span>
    ) : null;

  return (
    <form onSubmit={submit} noValidate className="space-y-4" data-testid="ticket-form">
      <label className="block text-sm font-medium text-neutral-200">
        Category
        <select
          name="category"
          value={category}
          onChange={(event) => {
            setCategory(event.target.value as TicketCategory);
            edited('category');
          }}
          aria-invalid={Boolean(errors.category) || undefined}
          aria-describedby={describe('category')}
          className={inputClass}
          data-testid="ticket-category"
        >
          <option value="">Choose one</option>
          {TICKET_CATEGORIES.map((value) => (
            <option key={value} value={value}>
              {TICKET_CATEGORY_LABELS[value]}
            </option>
          ))}
        </select>
        {errorOf('category')}
      </label>
      <label className="block text-sm font-medium text-neutral-200">
        Subject
        <input
          name="subject"
          value={subject}
          onChange={(event) => {
            setSubject(event.target.value);
            edited('subject');
          }}
          maxLength={limits.subject}
          aria-invalid={Boolean(errors.subject) || undefined}
          aria-describedby={describe('subject')}
          className={inputClass}
          data-testid="ticket-subject"
        />
        {errorOf('subject')}
      </label>
      <label className="block text-sm font-medium text-neutral-200">
        Message
        <textarea
          name="message"
          value={message}
          onChange={(event) => {
            setMessage(event.target.value);
            edited('message');
          }}
          maxLength={limits.message}
          rows={8}
          aria-invalid={Boolean(errors.message) || undefined}
          aria-describedby={describe('message')}
          className={`${inputClass} min-h-40 resize-y`}
          data-testid="ticket-message"
        />
        {errorOf('message')}
      </label>
      <ImagePicker
        images={images}
        onChange={(next) => {
          setImages(next);
          edited('images');
        }}
        max={limits.images}
        maxBytes={limits.imageBytes}
        testId="ticket-images"
      />
      {errorOf('images')}
      {errors.form && (
        <p role="alert" className="text-sm text-red-400">
          {errors.form}
        </p>
      )}
      <button
        type="submit"
        disabled={busy}
        data-testid="ticket-submit"
        className="rounded-full bg-accent px-5 py-2 font-semibold text-black hover:bg-accent-strong disabled:opacity-50"
      >
        {busy ? 'Sending…' : 'Open ticket'}
      </button>
    </form>
  );
}
