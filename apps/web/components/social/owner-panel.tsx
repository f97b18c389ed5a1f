'use client';

import { useRouter } from 'next/navigation';
import { lazy, Suspense, useEffect, useState } from 'react';
import { ERROR_MESSAGE_MS, useTimedMessage } from '@/lib/client/use-timed-message';
import { CATEGORY_NAMES } from '@/lib/category-names';
import { FieldError } from '@/components/auth/form-parts';
import { useFormErrors } from '@/lib/client/use-form-errors';
import { LABEL_FIELDS, LabelInput, type LabelKind } from '@/components/upload/label-input';
import { callApi, type ApiResult } from '../../lib/client/api';
import { TimedNote } from './timed-note';

interface OwnerPanelProps {
  video: {
    id: string;
    title: string;
    description: string;
    category: keyof typeof CATEGORY_NAMES;
    status: string;
    isExplicit: boolean;
    isSameSex: boolean;
    isTrans: boolean;
    hasSeizureWarning: boolean;
    labels: Record<LabelKind, string[]>;
  };
}

/** Visibility, thumbnail and subtitles: the owner's code, loaded for the owner only. */
const VideoSettingsPanel = lazy(() => import('@/components/video-settings/video-settings-panel'));

const EDITED_PARAM = 'edited';
/** The edit's fields a refusal can name, by the API's field names. */
const EDIT_FIELDS = {
  title: { id: 'edit-title', label: 'Title' },
  description: { id: 'edit-description', label: 'Description' },
};
/** docs/messages.md ("Videos"), word for word (the service answers it too). */
const EDIT_SUCCESS_MESSAGE = "You've successfully edited the video";

const FLAGS = [
  ['isExplicit', 'Explicit'],
  ['isSameSex', 'Same-sex'],
  ['isTrans', 'Trans'],
  ['hasSeizureWarning', 'Seizure warning'],
] as const;

/** The owner's controls on a video page: edit, unpublish or publish, delete. */
export function OwnerPanel({ video }: OwnerPanelProps) {
  const router = useRouter();
  const [form, setForm] = useState({
    title: video.title,
    description: video.description,
    category: video.category,
    isExplicit: video.isExplicit,
    isSameSex: video.isSameSex,
    isTrans: video.isTrans,
    hasSeizureWarning: video.hasSeizureWarning,
    labels: video.labels,
  });
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [message, show] = useTimedMessage();
  const editErrors = useFormErrors(EDIT_FIELDS);

  useEffect(() => {
    const url = new URL(window.location.href);
    if (!url.searchParams.has(EDITED_PARAM)) return;
    show({ text: EDIT_SUCCESS_MESSAGE, tone: 'info' }, ERROR_MESSAGE_MS);
    url.searchParams.delete(EDITED_PARAM);
    window.history.replaceState(window.history.state, '', url);
  }, [show]);

  /** Makes one call about the video; a refusal shows, a success goes on with its answer. */
  const act = async <Body,>(call: () => Promise<ApiResult<Body>>, after: (body: Body) => void) => {
    setBusy(true);
    const result = await call();
    setBusy(false);
    if (!result.ok) {
      const text = result.body.error ?? 'Something went wrong';
      // A refusal of one field of the edit shows beside it.
      if (editErrors.placed(text)) editErrors.show(text);
      else show({ text, tone: 'error' }, ERROR_MESSAGE_MS);
      return;
    }
    after(result.body);
  };
  /** The call of a mode that needs the video alone. */
  const videoCall = (mode: 'publish' | 'unpublish' | 'delete') => () =>
    callApi('/api/v2/videoInput', { _id: video.id, mode });

  const save = (event: React.FormEvent) => {
    event.preventDefault();
    editErrors.show(null);
    const change = () =>
      callApi('/api/v2/videoInput', { _id: video.id, mode: 'ChangeVideo', ...form });
    void act(change, (body) => {
      // A new title changes the URL and remounts the page: the message travels in the query.
      router.replace(`/video/${body.video.slug}_${video.id}?${EDITED_PARAM}=1`);
      router.refresh();
    });
  };

  const inputClass =
    'mt-1 w-full rounded border border-white/15 bg-surface px-3 py-2 text-sm focus:border-accent focus:outline-none';
  return (
    <div className="mt-6">
      <details
        className="rounded-lg border border-white/10 bg-surface-raised p-4"
        data-testid="owner-panel"
      >
        <summary className="cursor-pointer font-semibold">Manage this video</summary>
        <form method="post" onSubmit={save} className="mt-4 space-y-3">
          <label className="block text-sm">
            Title
            <input
              value={form.title}
              onChange={(event) => setForm({ ...form, title: event.target.value })}
              required
              maxLength={200}
              className={inputClass}
              data-testid="edit-title"
              id="edit-title"
              aria-invalid={editErrors.fieldErrors.title ? true : undefined}
              aria-describedby={editErrors.fieldErrors.title ? 'edit-title-error' : undefined}
            />
          </label>
          {editErrors.fieldErrors.title && (
            <FieldError id="edit-title-error">{editErrors.fieldErrors.title}</FieldError>
          )}
          <label className="block text-sm">
            Description
            <textarea
              value={form.description}
              onChange={(event) => setForm({ ...form, description: event.target.value })}
              maxLength={5000}
              rows={4}
              className={inputClass}
              id="edit-description"
              aria-invalid={editErrors.fieldErrors.description ? true : undefined}
              aria-describedby={
                editErrors.fieldErrors.description ? 'edit-description-error' : undefined
              }
            />
          </label>
          {editErrors.fieldErrors.description && (
            <FieldError id="edit-description-error">
              {editErrors.fieldErrors.description}
            </FieldError>
          )}
          <label className="block text-sm">
            Category
            <select
              value={form.category}
              onChange={(event) =>
                setForm({
                  ...form,
                  category: event.target.value as OwnerPanelProps['video']['category'],
                })
              }
              className={inputClass}
            >
              {Object.entries(CATEGORY_NAMES).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          </label>
          {LABEL_FIELDS.map(({ kind, label }) => (
            <LabelInput
              key={kind}
              label={label}
              name={kind}
              values={form.labels[kind]}
              onChange={(values) =>
                setForm({ ...form, labels: { ...form.labels, [kind]: values } })
              }
            />
          ))}
          <fieldset className="flex flex-wrap gap-x-4 gap-y-2 text-sm">
            <legend className="mb-1">Flags</legend>
            {FLAGS.map(([key, label]) => (
              <label key={key} className="flex items-center gap-2">
                <input
                  type="checkbox"
                  checked={form[key]}
                  onChange={(event) => setForm({ ...form, [key]: event.target.checked })}
                  className="accent-[#ff9800]"
                />
                {label}
              </label>
            ))}
          </fieldset>
          <button
            type="submit"
            disabled={busy}
            className="rounded-full bg-accent px-4 py-2 text-sm font-semibold text-black disabled:opacity-60"
            data-testid="save-video"
          >
            Save changes
          </button>
        </form>
        <Suspense fallback={null}>
          <VideoSettingsPanel videoId={video.id} />
        </Suspense>
        <div className="mt-4 flex flex-wrap gap-2 border-t border-white/10 pt-4">
          {(video.status === 'published' || video.status === 'hidden') && (
            <button
              type="button"
              disabled={busy}
              onClick={() =>
                act(videoCall('unpublish'), () => {
                  show({ text: 'The video is unpublished', tone: 'info' }, ERROR_MESSAGE_MS);
                  router.refresh();
                })
              }
              className="rounded-full border border-white/20 px-4 py-2 text-sm hover:bg-white/10"
            >
              Unpublish
            </button>
          )}
          {video.status === 'unpublished_user' && (
            <button
              type="button"
              disabled={busy}
              onClick={() =>
                act(videoCall('publish'), () => {
                  show({ text: 'The video is published again', tone: 'info' }, ERROR_MESSAGE_MS);
                  router.refresh();
                })
              }
              className="rounded-full border border-white/20 px-4 py-2 text-sm hover:bg-white/10"
            >
              Publish again
            </button>
          )}
          {confirming ? (
            <span
              className="flex flex-wrap items-center gap-2 text-sm"
              role="group"
              aria-label="Confirm deletion"
            >
              Delete this video and all its files?
              <button
                type="button"
                disabled={busy}
                onClick={() => act(videoCall('delete'), () => router.push('/profile'))}
                className="rounded-full bg-red-600 px-4 py-2 font-semibold text-white"
                data-testid="confirm-delete"
              >
                Delete for good
              </button>
              <button
                type="button"
                onClick={() => setConfirming(false)}
                className="rounded-full border border-white/20 px-4 py-2 hover:bg-white/10"
              >
                Cancel
              </button>
            </span>
          ) : (
            <button
              type="button"
              onClick={() => setConfirming(true)}
              className="rounded-full border border-red-500/60 px-4 py-2 text-sm text-red-300 hover:bg-red-500/10"
            >
              Delete…
            </button>
          )}
        </div>
      </details>
      <TimedNote message={message} testId="owner-message" />
    </div>
  );
}
