'use client';

import { callApi, type ApiPayload } from '@/lib/client/api';
import { failedWithStatus } from '@cutroom/core/features/people/social/people-messages';
import { useRouter } from 'next/navigation';
import { useEffect, useRef, useState, type DragEvent, type FormEvent } from 'react';
import { Upload, type DetailedError } from 'tus-js-client';
import {
  addSample,
  formatSpeed,
  formatTimeLeft,
  measureProgress,
  type ProgressSample,
} from '@/lib/client/upload-progress';
import { FieldError } from '@/components/auth/form-parts';
import { useFormErrors } from '@/lib/client/use-form-errors';
import {
  ERROR_MESSAGE_MS,
  UPLOAD_MESSAGE_MS,
  useTimedMessage,
} from '@/lib/client/use-timed-message';
import { LABEL_FIELDS, LabelInput, type LabelKind, type LabelSuggestion } from './label-input';

/** The categories an upload may name (the select offers the site's list of them). */
type UploadCategory = NonNullable<ApiPayload<'/api/v2/upload'>['category']>;

export interface UploadFormProps {
  maxBytes: number;
  maxBytesText: string;
  categories: { id: string; name: string }[];
  suggestions?: Partial<Record<LabelKind, LabelSuggestion[]>>;
  /** Where Publish sends the details (the partner channel's upload has its own call). */
  publishPath?: '/api/v2/upload' | '/api/v2/partnerUpload';
  /** Offer the partner channel's premium switch (subscribers only). */
  premiumSwitch?: boolean;
}

type Phase = 'idle' | 'uploading' | 'paused' | 'done' | 'publishing';

const FLAGS = [
  { name: 'isExplicit', label: 'Explicit' },
  { name: 'isSameSex', label: 'Same-sex' },
  { name: 'isTrans', label: 'Trans' },
  { name: 'hasSeizureWarning', label: 'Seizure warning (flashing images)' },
] as const;

/** The server's refusal text inside a tus error, or a sentence for a lost connection. */
function uploadErrorText(error: Error | DetailedError): string {
  const body = 'originalResponse' in error ? error.originalResponse?.getBody() : undefined;
  if (body && body.length < 300 && !body.trimStart().startsWith('<')) return body.trim();
  return 'The upload stopped: the connection to the server was lost. Press Resume to go on.';
}

/** The details a publish refusal can name, by the API's field names. */
const DETAIL_FIELDS = {
  title: { id: 'title', label: 'Title' },
  description: { id: 'description', label: 'Description' },
};

/** A refused file's reason stays until another file is picked. */
const REFUSAL_MESSAGE_MS = 10 * 60_000;

const titleFromFile = (name: string) =>
  name
    .replace(/\.[^.]+$/, '')
    .replace(/[_.]+/g, ' ')
    .trim()
    .slice(0, 200);

/**
 * Pick or drop a file; it uploads at once (resumable, surviving reloads and dropped
 * connections) while the details are filled in; Publish sends them when the upload is done.
 */
export function UploadForm({
  maxBytes,
  maxBytesText,
  categories,
  suggestions = {},
  publishPath = '/api/v2/upload',
  premiumSwitch = false,
}: UploadFormProps) {
  const router = useRouter();
  const upload = useRef<Upload | null>(null);
  const dropZone = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [phase, setPhase] = useState<Phase>('idle');
  const [samples, setSamples] = useState<ProgressSample[]>([]);
  const [uploadId, setUploadId] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const [message, showMessage] = useTimedMessage();
  const detailErrors = useFormErrors(DETAIL_FIELDS);
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [category, setCategory] = useState<UploadCategory>('other');
  const [labels, setLabels] = useState<Record<LabelKind, string[]>>({
    tag: [],
    music: [],
    star: [],
    creator: [],
  });
  const [flags, setFlags] = useState<Record<(typeof FLAGS)[number]['name'], boolean>>({
    isExplicit: false,
    isSameSex: false,
    isTrans: false,
    hasSeizureWarning: false,
  });
  const [isPremium, setPremium] = useState(false);

  useEffect(() => () => void upload.current?.abort(), []);

  const progress = measureProgress(samples, file?.size ?? 0);

  async function start(chosen: File) {
    if (chosen.size > maxBytes) {
      showMessage(
        { text: `This file is larger than the upload limit of ${maxBytesText}`, tone: 'error' },
        ERROR_MESSAGE_MS,
      );
      return;
    }
    await upload.current?.abort();
    setFile(chosen);
    setUploadId(null);
    setSamples([{ at: Date.now(), bytes: 0 }]);
    setTitle((current) => current || titleFromFile(chosen.name));
    const next = new Upload(chosen, {
      endpoint: '/api/uploads',
      retryDelays: [0, 1_000, 3_000, 5_000, 10_000, 20_000],
      chunkSize: 16 * 1024 * 1024,
      metadata: { filename: chosen.name, filetype: chosen.type },
      storeFingerprintForResuming: true,
      removeFingerprintOnSuccess: true,
      onProgress: (bytes) => setSamples((current) => addSample(current, { at: Date.now(), bytes })),
      onSuccess: () => {
        const id = next.url?.split('/').pop() ?? null;
        setUploadId(id);
        setPhase('done');
        showMessage(
          { text: 'Upload complete. Add the details and publish.', tone: 'info' },
          UPLOAD_MESSAGE_MS,
        );
      },
      onError: (error) => {
        const text = uploadErrorText(error);
        const refused =
          'originalResponse' in error && (error.originalResponse?.getStatus() ?? 0) >= 400;
        if (!refused) {
          setPhase('paused');
          showMessage({ text, tone: 'error' }, ERROR_MESSAGE_MS);
          return;
        }
        // Nothing of the refused file stays: not its name, not the title taken from it, and
        // the reason stays until another file is picked.
        upload.current = null;
        setPhase('idle');
        setFile(null);
        setSamples([]);
        setTitle((current) => (current === titleFromFile(chosen.name) ? '' : current));
        showMessage({ text, tone: 'error' }, REFUSAL_MESSAGE_MS);
        dropZone.current?.focus();
      },
    });
    upload.current = next;
    // A file picked again after a reload or a crash continues where it stopped.
    const previous = await next.findPreviousUploads();
    if (previous[0]) {
      next.resumeFromPreviousUpload(previous[0]);
      showMessage(
        { text: 'Resuming your earlier upload of this file.', tone: 'info' },
        UPLOAD_MESSAGE_MS,
      );
    }
    setPhase('uploading');
    next.start();
  }

  function pause() {
    void upload.current?.abort();
    setPhase('paused');
  }

  function resume() {
    setSamples((current) => current.slice(-1).map((sample) => ({ ...sample, at: Date.now() })));
    upload.current?.start();
    setPhase('uploading');
  }

  async function publish(event: FormEvent) {
    event.preventDefault();
    if (!uploadId) return;
    setPhase('publishing');
    detailErrors.show(null);
    try {
      const answer = await callApi(publishPath, {
        uploadId,
        title,
        description,
        category,
        labels,
        ...flags,
        ...(premiumSwitch ? { isPremium } : {}),
      });
      if (answer.status === 0) throw new Error(answer.message);
      if (!answer.ok) {
        setPhase('done');
        const text = answer.message ?? failedWithStatus(answer.status);
        detailErrors.show(text);
        // A refusal of one detail shows beside it; the rest in the upload's message.
        if (!detailErrors.placed(text)) showMessage({ text, tone: 'error' }, UPLOAD_MESSAGE_MS);
        return;
      }
      router.push(`/processing?uploaded=${answer.body.video.id}`);
    } catch {
      setPhase('done');
      showMessage(
        { text: 'Network error: the video was not published. Please try again.', tone: 'error' },
        ERROR_MESSAGE_MS,
      );
    }
  }

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    const dropped = event.dataTransfer.files[0];
    if (dropped) void start(dropped);
  };

  return (
    <form
      method="post"
      onSubmit={publish}
      className="grid gap-6 md:grid-cols-[minmax(0,1fr)_minmax(0,1.2fr)]"
    >
      <section aria-label="File" className="space-y-4">
        <label
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          className={`flex min-h-48 cursor-pointer flex-col items-center justify-center rounded-xl border-2 border-dashed px-4 py-8 text-center transition ${
            dragging ? 'border-accent bg-accent/10' : 'border-white/20 hover:border-white/40'
          }`}
        >
          <span className="text-lg font-semibold">{file ? file.name : 'Drop a video here'}</span>
          <span className="mt-1 text-sm text-neutral-400">
            {file
              ? 'Pick another file to replace it'
              : message?.tone === 'error'
                ? `Choose another file (up to ${maxBytesText})`
                : `or click to choose one (up to ${maxBytesText})`}
          </span>
          <input
            type="file"
            accept="video/*,.mkv,.mov,.avi,.wmv,.flv,.m4v,.ts"
            ref={dropZone}
            aria-describedby={message?.tone === 'error' ? 'upload-message' : undefined}
            className="sr-only"
            data-testid="file-input"
            onChange={(event) => {
              const chosen = event.target.files?.[0];
              if (chosen) void start(chosen);
              event.target.value = '';
            }}
          />
        </label>

        {file && phase !== 'idle' && (
          <div className="rounded-xl bg-surface-raised p-4" data-testid="upload-progress">
            <div className="flex items-baseline justify-between text-sm">
              <span className="font-semibold">
                {phase === 'done' || phase === 'publishing'
                  ? 'Uploaded'
                  : `${progress.percent.toFixed(0)} %`}
              </span>
              <span className="text-neutral-400">
                {phase === 'uploading' &&
                progress.bytesPerSecond !== null &&
                progress.secondsLeft !== null
                  ? `${formatSpeed(progress.bytesPerSecond)} · ${formatTimeLeft(progress.secondsLeft)}`
                  : phase === 'paused'
                    ? 'Paused'
                    : ''}
              </span>
            </div>
            <div
              role="progressbar"
              aria-label="Upload progress"
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={Math.round(
                phase === 'done' || phase === 'publishing' ? 100 : progress.percent,
              )}
              className="mt-2 h-2 overflow-hidden rounded-full bg-white/10"
            >
              <div
                className="h-full rounded-full bg-accent transition-[width]"
                style={{
                  width: `${phase === 'done' || phase === 'publishing' ? 100 : progress.percent}%`,
                }}
              />
            </div>
            {(phase === 'uploading' || phase === 'paused') && (
              <button
                type="button"
                onClick={phase === 'uploading' ? pause : resume}
                className="mt-3 rounded-full border border-white/20 px-4 py-1.5 text-sm hover:bg-white/10"
              >
                {phase === 'uploading' ? 'Pause' : 'Resume'}
              </button>
            )}
          </div>
        )}

        {message && (
          <p
            id="upload-message"
            data-testid="upload-message"
            role={message.tone === 'error' ? 'alert' : 'status'}
            className={`rounded-lg px-4 py-3 text-sm ${message.tone === 'error' ? 'bg-red-500/15 text-red-200' : 'bg-accent/15 text-orange-100'}`}
          >
            {message.text}
          </p>
        )}
      </section>

      <section aria-label="Details" className="space-y-4">
        <div>
          <label htmlFor="title" className="block text-sm font-medium text-neutral-200">
            Title
          </label>
          <input
            id="title"
            required
            maxLength={200}
            value={title}
            onChange={(event) => setTitle(event.target.value)}
            aria-invalid={detailErrors.fieldErrors.title ? true : undefined}
            aria-describedby={detailErrors.fieldErrors.title ? 'title-error' : undefined}
            className="mt-1 w-full rounded-lg border border-white/15 bg-surface px-3 py-2 focus:border-accent focus:outline-none"
          />
          {detailErrors.fieldErrors.title && (
            <FieldError id="title-error">{detailErrors.fieldErrors.title}</FieldError>
          )}
        </div>
        <div>
          <label htmlFor="description" className="block text-sm font-medium text-neutral-200">
            Description
          </label>
          <textarea
            id="description"
            rows={4}
            maxLength={5000}
            value={description}
            onChange={(event) => setDescription(event.target.value)}
            aria-invalid={detailErrors.fieldErrors.description ? true : undefined}
            aria-describedby={
              detailErrors.fieldErrors.description ? 'description-error' : undefined
            }
            className="mt-1 w-full rounded-lg border border-white/15 bg-surface px-3 py-2 focus:border-accent focus:outline-none"
          />
          {detailErrors.fieldErrors.description && (
            <FieldError id="description-error">{detailErrors.fieldErrors.description}</FieldError>
          )}
        </div>
        <div>
          <label htmlFor="category" className="block text-sm font-medium text-neutral-200">
            Category
          </label>
          <select
            id="category"
            value={category}
            onChange={(event) => setCategory(event.target.value as UploadCategory)}
            className="mt-1 w-full rounded-lg border border-white/15 bg-surface px-3 py-2 focus:border-accent focus:outline-none"
          >
            {categories.map((option) => (
              <option key={option.id} value={option.id}>
                {option.name}
              </option>
            ))}
          </select>
        </div>
        {LABEL_FIELDS.map(({ kind, label }) => (
          <LabelInput
            key={kind}
            label={label}
            name={kind}
            values={labels[kind]}
            suggestions={suggestions[kind]}
            onChange={(values) => setLabels((current) => ({ ...current, [kind]: values }))}
          />
        ))}
        <fieldset>
          <legend className="text-sm font-medium text-neutral-200">Content flags</legend>
          <div className="mt-2 grid gap-2 sm:grid-cols-2">
            {FLAGS.map((flag) => (
              <label key={flag.name} className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  checked={flags[flag.name]}
                  onChange={(event) =>
                    setFlags((current) => ({ ...current, [flag.name]: event.target.checked }))
                  }
                  className="h-4 w-4 accent-[var(--color-accent)]"
                />
                {flag.label}
              </label>
            ))}
          </div>
        </fieldset>
        {premiumSwitch && (
          <label className="flex items-start gap-2 text-sm">
            <input
              type="checkbox"
              name="isPremium"
              checked={isPremium}
              onChange={(event) => setPremium(event.target.checked)}
              className="mt-0.5 h-4 w-4 accent-[var(--color-accent)]"
            />
            <span>
              Premium: only the channel’s paying subscribers can watch it (everyone sees its title
              and poster)
            </span>
          </label>
        )}
        <button
          type="submit"
          disabled={phase !== 'done' || title.trim() === ''}
          className="w-full rounded-full bg-accent px-5 py-2.5 font-semibold text-black hover:bg-accent-strong disabled:cursor-not-allowed disabled:opacity-40"
        >
          {phase === 'publishing'
            ? 'Publishing…'
            : phase === 'done'
              ? 'Publish'
              : 'Publish (when the upload is done)'}
        </button>
      </section>
    </form>
  );
}
