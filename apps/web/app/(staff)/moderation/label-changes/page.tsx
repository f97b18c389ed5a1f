import type { Metadata } from 'next';
import {
  CHANGES_PAGE_SIZE,
  listLabelChanges,
} from '@cutroom/core/features/community/tagging/tagger.service';
import { pageIndexFrom, type SearchParamsPromise } from '@/components/browse/listing-data';
import { Pagination } from '@/components/browse/pagination';
import { StaffActionButton } from '@/components/moderation/staff-action-button';
import { IntentLink } from '@/components/ui/intent-link';
import { RelativeTime } from '@/components/ui/relative-time';
import { requirePageViewer } from '@/lib/server/page-access';
import { getRuntime } from '@/lib/server/runtime';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Label changes' };

const one = (value: string | string[] | undefined) =>
  typeof value === 'string' ? value.trim() : '';

/** Every label change taggers made, newest first; staff revert one (logged). */
export default async function LabelChangesPage({
  searchParams,
}: {
  searchParams: SearchParamsPromise;
}) {
  const viewer = await requirePageViewer('moderate');
  const query = await searchParams;
  const tagger = one(query.tagger).slice(0, 40);
  const videoId = one(query.video).slice(0, 40);
  const { database } = await getRuntime();
  const page = await listLabelChanges(
    { db: database.db, actor: viewer },
    {
      tagger,
      videoId,
      index: pageIndexFrom(query.page),
    },
  );
  const params = new URLSearchParams();
  if (tagger) params.set('tagger', tagger);
  if (videoId) params.set('video', videoId);
  const field = 'w-full rounded border border-white/20 bg-black/40 px-2 py-1.5';
  return (
    <div className="space-y-4" data-testid="moderation-label-changes">
      <h1 className="text-2xl font-bold">Label changes</h1>
      <p className="text-sm text-neutral-300">
        Each label a tagger added or removed. Reverting puts the label back as it was and is written
        in the staff log.
      </p>
      <form
        action="/moderation/label-changes"
        method="get"
        className="grid grid-cols-1 gap-3 rounded-lg border border-white/10 p-3 sm:grid-cols-3"
      >
        <label className="text-sm">
          <span className="mb-1 block font-semibold">Tagger</span>
          <input name="tagger" defaultValue={tagger} maxLength={40} className={field} />
        </label>
        <label className="text-sm">
          <span className="mb-1 block font-semibold">Video id</span>
          <input name="video" defaultValue={videoId} maxLength={40} className={field} />
        </label>
        <div className="flex items-end gap-2">
          <button
            type="submit"
            className="rounded-full bg-accent px-4 py-2 font-semibold text-black"
          >
            Filter
          </button>
          <a
            href="/moderation/label-changes"
            className="rounded-full px-3 py-2 text-sm hover:bg-white/10"
          >
            Clear
          </a>
        </div>
      </form>
      <p className="text-sm text-neutral-400">
        {page.count} change{page.count === 1 ? '' : 's'}
      </p>
      <ul className="divide-y divide-white/10 rounded-lg bg-surface-raised">
        {page.data.map((change) => (
          <li
            key={change.id}
            className="flex flex-wrap items-center justify-between gap-2 p-3 text-sm"
            data-testid="label-change"
            data-video-id={change.videoId}
          >
            <p className="min-w-0 break-words">
              <IntentLink
                href={`/moderation/label-changes?tagger=${encodeURIComponent(change.tagger)}`}
                className="font-semibold underline hover:no-underline"
              >
                {change.tagger}
              </IntentLink>{' '}
              {change.action} the {change.kind}{' '}
              <span className={change.revertedAt ? 'line-through' : 'font-medium'}>
                “{change.name}”
              </span>{' '}
              {change.action === 'added' ? 'to' : 'from'}{' '}
              <IntentLink
                href={`/video/${change.videoSlug}_${change.videoId}`}
                className="underline hover:no-underline"
              >
                {change.videoTitle}
              </IntentLink>{' '}
              <span className="text-neutral-400">
                <RelativeTime date={change.createdAt} />
              </span>
            </p>
            {change.revertedAt ? (
              <span className="text-neutral-400" data-testid="label-change-reverted">
                Reverted by {change.revertedBy ?? 'staff'}
              </span>
            ) : (
              <StaffActionButton
                endpoint="/api/tagging"
                mode="Revert"
                payload={{ id: change.id }}
                label="Revert"
                reason="optional"
                tone="danger"
                testId="label-change-revert"
              />
            )}
          </li>
        ))}
      </ul>
      <Pagination
        basePath="/moderation/label-changes"
        params={params}
        index={page.index}
        pageSize={CHANGES_PAGE_SIZE}
        count={page.count}
        hasMore={page.hasMore}
      />
    </div>
  );
}
