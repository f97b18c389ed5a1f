'use client';

import { useRouter } from 'next/navigation';
import { useCallback, useEffect, useState } from 'react';
import { Upload } from 'tus-js-client';
import { FieldError } from '@/components/auth/form-parts';
import { followNewMedia } from '@/components/video/media-follower';
import { callApi, type ApiPayload } from '@/lib/client/api';
import { TimedNote } from '@/components/social/timed-note';
import { useFormErrors } from '@/lib/client/use-form-errors';
import { ERROR_MESSAGE_MS, useTimedMessage } from '@/lib/client/use-timed-message';

/** The owner's settings of a video as `/api/v2/videoSettings` answers them. */
interface Settings {
  _id: string;
  status: string;
  visibility: 'public' | 'unlisted' | 'private' | 'password';
  publishAt: string | null;
  viewers: string[];
  hasPassword: boolean;
  embedSites: string[];
  replacement: { status: string; failureReason: string | null } | null;
  posterUrl: string | null;
  frames: string[];
  subtitles: { language: string; label: string; url: string }[];
}

/** A call that changes the settings (each answers them all), but the video's id. */
type SettingsChange =
  ApiPayload<'/api/v2/videoSettings'> extends infer Payload
    ? Payload extends { mode: 'get' | 'Unlock' }
      ? never
      : Omit<Payload, '_id'>
    : never;

const VISIBILITIES = [
  { value: 'public', label: 'Public', hint: 'Listed everywhere: home, search, your profile.' },
  { value: 'unlisted', label: 'Unlisted', hint: 'Only people with the link can watch it.' },
  { value: 'private', label: 'Private', hint: 'Only you and the people you pick.' },
  {
    value: 'password',
    label: 'Password',
    hint: 'People with the link who give its password; listed nowhere.',
  },
] as const;

const FIELDS = {
  visibility: { id: 'visibility-public', label: 'Visibility' },
  viewers: { id: 'visibility-viewers', label: 'People who may watch' },
  password: { id: 'visibility-password-text', label: 'Password' },
  sites: { id: 'embed-sites', label: 'Sites' },
  uploadId: { id: 'replace-file', label: 'New file' },
  publishAt: { id: 'visibility-publish-at', label: 'Publish at' },
  frame: { id: 'thumbnail-frames', label: 'Frame' },
  image: { id: 'thumbnail-upload', label: 'Image' },
  language: { id: 'subtitle-language', label: 'Language code' },
  label: { id: 'subtitle-label', label: 'Name' },
  file: { id: 'subtitle-file', label: 'File' },
};

const inputClass =
  'mt-1 w-full rounded border border-white/15 bg-surface px-3 py-2 text-sm focus:border-accent focus:outline-none';
const buttonClass =
  'rounded-full border border-white/20 px-4 py-2 text-sm hover:bg-white/10 disabled:opacity-60';

/** A `datetime-local` value (the browser's time zone) for an ISO time, and back. */
const toLocalInput = (iso: string) => {
  const date = new Date(iso);
  return new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 19);
};

function readFile(file: File, as: 'text' | 'dataUrl'): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    if (as === 'text') reader.readAsText(file);
    else reader.readAsDataURL(file);
  });
}

/**
 * Who may watch the video and when it goes out, its poster, and its subtitles: the parts of
 * the owner's panel that are the owner's alone, read from the API (never in the page everyone
 * is served).
 */
export default function VideoSettingsPanel({ videoId }: { videoId: string }) {
  const router = useRouter();
  const [settings, setSettings] = useState<Settings | null>(null);
  const [visibility, setVisibility] = useState<Settings['visibility']>('public');
  const [viewers, setViewers] = useState('');
  const [password, setPassword] = useState('');
  const [embedSites, setEmbedSites] = useState('');
  const [sent, setSent] = useState<number | null>(null);
  const [scheduled, setScheduled] = useState(false);
  const [publishAt, setPublishAt] = useState('');
  const [language, setLanguage] = useState('');
  const [label, setLabel] = useState('');
  const [busy, setBusy] = useState(false);
  const [message, show] = useTimedMessage();
  const errors = useFormErrors(FIELDS);

  const take = useCallback((next: Settings) => {
    setSettings(next);
    setVisibility(next.visibility);
    setViewers(next.viewers.join(', '));
    setPassword('');
    setEmbedSites(next.embedSites.join('\n'));
    setScheduled(Boolean(next.publishAt));
    setPublishAt(next.publishAt ? toLocalInput(next.publishAt) : '');
  }, []);

  const call = async (payload: SettingsChange, done: string) => {
    setBusy(true);
    errors.show(null);
    const result = await callApi('/api/v2/videoSettings', {
      _id: videoId,
      ...payload,
    });
    setBusy(false);
    if (!result.ok) {
      const text = result.body.error ?? 'Something went wrong';
      if (errors.placed(text)) errors.show(text);
      else show({ text, tone: 'error' }, ERROR_MESSAGE_MS);
      return false;
    }
    take(result.body.video);
    show({ text: done, tone: 'info' }, ERROR_MESSAGE_MS);
    router.refresh();
    return true;
  };

  useEffect(() => {
    void callApi('/api/v2/videoSettings', { mode: 'get', _id: videoId }).then((result) => {
      if (result.ok) take(result.body.video);
    });
  }, [videoId, take]);

  if (!settings) return <p className="mt-4 text-sm text-neutral-400">Loading the settings…</p>;

  const saveVisibility = (event: React.FormEvent) => {
    event.preventDefault();
    void call(
      {
        mode: 'SetVisibility',
        visibility,
        viewers: viewers
          .split(/[,\s]+/)
          .map((name) => name.replace(/^@/, ''))
          .filter(Boolean),
        publishAt: scheduled && publishAt ? new Date(publishAt).toISOString() : null,
        ...(visibility === 'password' && password ? { password } : {}),
      },
      'Visibility saved',
    ).then((isSaved) => {
      // A new password gives the media new addresses: the page's player follows at once, and
      // plays on from where it is.
      if (isSaved && visibility === 'password' && password) followNewMedia(videoId);
    });
  };

  const saveEmbedSites = (event: React.FormEvent) => {
    event.preventDefault();
    void call(
      { mode: 'SetEmbedSites', sites: embedSites.split(/[\s,]+/).filter(Boolean) },
      'Embedding saved',
    );
  };

  /** Sends a new file by the resumable upload, then gives it to the video (docs/videos.md). */
  const replaceFile = (file: File | undefined) => {
    if (!file) return;
    setBusy(true);
    setSent(0);
    errors.show(null);
    const upload = new Upload(file, {
      endpoint: '/api/uploads',
      retryDelays: [0, 1_000, 3_000, 5_000],
      chunkSize: 16 * 1024 * 1024,
      metadata: { filename: file.name, filetype: file.type },
      onProgress: (bytes, total) => setSent(total > 0 ? Math.floor((bytes / total) * 100) : 0),
      onError: () => {
        setBusy(false);
        setSent(null);
        show({ text: 'The upload failed. Please try again', tone: 'error' }, ERROR_MESSAGE_MS);
      },
      onSuccess: () => {
        const uploadId = upload.url?.split('/').pop() ?? '';
        void callApi('/api/v2/replaceFile', { _id: videoId, uploadId }).then(async (result) => {
          setSent(null);
          setBusy(false);
          if (!result.ok) {
            const text = result.body.error ?? 'Something went wrong';
            if (errors.placed(text)) errors.show(text);
            else show({ text, tone: 'error' }, ERROR_MESSAGE_MS);
            return;
          }
          show(
            { text: 'New file received: it plays here once processed', tone: 'info' },
            ERROR_MESSAGE_MS,
          );
          const fresh = await callApi('/api/v2/videoSettings', {
            mode: 'get',
            _id: videoId,
          });
          if (fresh.ok) take(fresh.body.video);
        });
      },
    });
    upload.start();
  };

  const uploadPoster = async (file: File | undefined) => {
    if (!file) return;
    await call({ mode: 'UploadPoster', image: await readFile(file, 'dataUrl') }, 'Poster changed');
  };

  const addSubtitles = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const file = (form.elements.namedItem('subtitle-file') as HTMLInputElement).files?.[0];
    if (!file) {
      errors.show('file: choose a .vtt or .srt file');
      return;
    }
    const added = await call(
      { mode: 'AddSubtitles', language, label, file: await readFile(file, 'text') },
      'Subtitles added',
    );
    if (added) {
      form.reset();
      setLanguage('');
      setLabel('');
    }
  };

  const fieldError = (name: keyof typeof FIELDS) =>
    errors.fieldErrors[name] ? (
      <FieldError id={`${FIELDS[name].id}-error`}>{errors.fieldErrors[name]}</FieldError>
    ) : null;
  const described = (name: keyof typeof FIELDS) => ({
    'aria-invalid': errors.fieldErrors[name] ? true : undefined,
    'aria-describedby': errors.fieldErrors[name] ? `${FIELDS[name].id}-error` : undefined,
  });

  return (
    <div className="mt-4 space-y-4 border-t border-white/10 pt-4" data-testid="video-settings">
      {errors.formError && <p className="text-sm text-red-400">{errors.formError}</p>}
      <section aria-labelledby="visibility-heading" data-testid="visibility-settings">
        <h3 id="visibility-heading" className="font-semibold">
          Visibility
        </h3>
        <form onSubmit={saveVisibility} className="mt-2 space-y-3">
          <fieldset className="space-y-1 text-sm">
            <legend className="sr-only">Who may watch</legend>
            {VISIBILITIES.map((option) => (
              <label key={option.value} className="flex items-start gap-2">
                <input
                  type="radio"
                  name="visibility"
                  id={`visibility-${option.value}`}
                  value={option.value}
                  checked={visibility === option.value}
                  onChange={() => setVisibility(option.value)}
                  className="mt-1 accent-[#ff9800]"
                />
                <span>
                  <span className="font-medium">{option.label}</span>{' '}
                  <span className="text-neutral-400">{option.hint}</span>
                </span>
              </label>
            ))}
          </fieldset>
          {fieldError('visibility')}
          {visibility === 'private' && (
            <label className="block text-sm">
              People who may watch
              <input
                id={FIELDS.viewers.id}
                value={viewers}
                onChange={(event) => setViewers(event.target.value)}
                placeholder="usernames, separated by commas"
                className={inputClass}
                {...described('viewers')}
              />
            </label>
          )}
          {fieldError('viewers')}
          {visibility === 'password' && (
            <label className="block text-sm">
              {settings.hasPassword && settings.visibility === 'password'
                ? 'New password (leave empty to keep the current one)'
                : 'Password'}
              <input
                id={FIELDS.password.id}
                type="password"
                autoComplete="new-password"
                value={password}
                onChange={(event) => setPassword(event.target.value)}
                required={!(settings.hasPassword && settings.visibility === 'password')}
                minLength={4}
                maxLength={128}
                className={inputClass}
                {...described('password')}
              />
            </label>
          )}
          {fieldError('password')}
          <label className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              checked={scheduled}
              onChange={(event) => setScheduled(event.target.checked)}
              className="accent-[#ff9800]"
              data-testid="schedule-toggle"
            />
            Publish later
          </label>
          {scheduled && (
            <label className="block text-sm">
              Publish at (your time)
              <input
                type="datetime-local"
                step={1}
                id={FIELDS.publishAt.id}
                value={publishAt}
                onChange={(event) => setPublishAt(event.target.value)}
                required
                className={inputClass}
                {...described('publishAt')}
              />
            </label>
          )}
          {fieldError('publishAt')}
          <button type="submit" disabled={busy} className={buttonClass}>
            Save visibility
          </button>
        </form>
      </section>

      <section aria-labelledby="embed-heading" data-testid="embed-settings">
        <h3 id="embed-heading" className="font-semibold">
          Embedding
        </h3>
        <form onSubmit={saveEmbedSites} className="mt-2 space-y-2">
          <label className="block text-sm">
            Sites that may embed this video (one a line; empty: every site)
            <textarea
              id={FIELDS.sites.id}
              value={embedSites}
              onChange={(event) => setEmbedSites(event.target.value)}
              rows={3}
              placeholder="https://blog.example"
              className={inputClass}
              {...described('sites')}
            />
          </label>
          {fieldError('sites')}
          <p className="text-xs text-neutral-400">
            Other sites&apos; frames show a notice instead of the video.
          </p>
          <button type="submit" disabled={busy} className={buttonClass}>
            Save embedding
          </button>
        </form>
      </section>

      <section aria-labelledby="replace-heading" data-testid="replace-settings">
        <h3 id="replace-heading" className="font-semibold">
          Replace the file
        </h3>
        <p className="mt-1 text-xs text-neutral-400">
          The new file is processed like an upload while this one keeps playing; then it takes its
          place. The page, its comments, votes, views and links stay.
        </p>
        {settings.replacement?.status === 'processing' && (
          <p className="mt-2 text-sm" role="status" data-testid="replacement-status">
            A new file is being processed.
          </p>
        )}
        {settings.replacement?.status === 'failed' && (
          <p className="mt-2 text-sm text-red-400" data-testid="replacement-status">
            The last new file could not be used: {settings.replacement.failureReason}
          </p>
        )}
        <label className="mt-2 block text-sm">
          New file (a video)
          <input
            type="file"
            accept="video/*"
            id={FIELDS.uploadId.id}
            disabled={busy || settings.replacement?.status === 'processing'}
            onChange={(event) => replaceFile(event.target.files?.[0])}
            className="mt-1 block w-full text-sm"
            {...described('uploadId')}
          />
        </label>
        {fieldError('uploadId')}
        {sent !== null && (
          <p className="mt-1 text-sm" role="status">
            Uploading… {sent} %
          </p>
        )}
      </section>

      <section aria-labelledby="thumbnail-heading" data-testid="thumbnail-settings">
        <h3 id="thumbnail-heading" className="font-semibold">
          Thumbnail
        </h3>
        {settings.frames.length > 0 ? (
          <div
            id={FIELDS.frame.id}
            tabIndex={-1}
            className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-4"
            role="group"
            aria-label="Frames taken from the video"
          >
            {settings.frames.map((url, index) => (
              <button
                key={url}
                type="button"
                disabled={busy}
                onClick={() => void call({ mode: 'ChooseFrame', frame: index }, 'Poster changed')}
                className="overflow-hidden rounded border border-white/15 hover:border-accent focus:border-accent"
                data-testid="thumbnail-frame"
              >
                <img
                  src={url}
                  alt={`Use frame ${index + 1} as the thumbnail`}
                  className="aspect-video w-full object-cover"
                />
              </button>
            ))}
          </div>
        ) : (
          <p className="mt-2 text-sm text-neutral-400">No frames were taken of this video.</p>
        )}
        {fieldError('frame')}
        <label className="mt-3 block text-sm">
          Or upload an image (JPEG, PNG or WebP, at most 5 MB)
          <input
            type="file"
            id={FIELDS.image.id}
            accept="image/jpeg,image/png,image/webp"
            disabled={busy}
            onChange={(event) => void uploadPoster(event.target.files?.[0])}
            className="mt-1 block w-full text-sm"
            {...described('image')}
          />
        </label>
        {fieldError('image')}
        {settings.posterUrl && (
          <p className="mt-2 flex items-center gap-3 text-sm text-neutral-400">
            Now:
            <img
              src={settings.posterUrl}
              alt="The current thumbnail"
              className="h-14 rounded"
              data-testid="current-poster"
            />
          </p>
        )}
      </section>

      <section aria-labelledby="subtitles-heading" data-testid="subtitle-settings">
        <h3 id="subtitles-heading" className="font-semibold">
          Subtitles and captions
        </h3>
        {settings.subtitles.length > 0 ? (
          <ul className="mt-2 space-y-1 text-sm">
            {settings.subtitles.map((track) => (
              <li key={track.language} className="flex flex-wrap items-center gap-2">
                <span>
                  {track.label} <span className="text-neutral-400">({track.language})</span>
                </span>
                <button
                  type="button"
                  disabled={busy}
                  onClick={() =>
                    void call(
                      { mode: 'DeleteSubtitles', language: track.language },
                      'Subtitles removed',
                    )
                  }
                  className="rounded-full border border-red-500/60 px-3 py-1 text-xs text-red-300 hover:bg-red-500/10"
                >
                  Delete {track.label}
                </button>
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-2 text-sm text-neutral-400">No subtitles yet.</p>
        )}
        <form
          onSubmit={(event) => void addSubtitles(event)}
          className="mt-3 grid gap-3 sm:grid-cols-3"
        >
          <label className="block text-sm">
            Language code
            <input
              id={FIELDS.language.id}
              value={language}
              onChange={(event) => setLanguage(event.target.value)}
              placeholder="en, pt-BR"
              required
              maxLength={35}
              className={inputClass}
              {...described('language')}
            />
            {fieldError('language')}
          </label>
          <label className="block text-sm">
            Name
            <input
              id={FIELDS.label.id}
              value={label}
              onChange={(event) => setLabel(event.target.value)}
              placeholder="English"
              required
              maxLength={40}
              className={inputClass}
              {...described('label')}
            />
            {fieldError('label')}
          </label>
          <label className="block text-sm">
            File (.vtt or .srt)
            <input
              type="file"
              id={FIELDS.file.id}
              name="subtitle-file"
              accept=".vtt,.srt,text/vtt"
              className="mt-1 block w-full text-sm"
              {...described('file')}
            />
            {fieldError('file')}
          </label>
          <div className="sm:col-span-3">
            <button type="submit" disabled={busy} className={buttonClass}>
              Add subtitles
            </button>
          </div>
        </form>
      </section>
      <TimedNote message={message} testId="settings-message" />
    </div>
  );
}
