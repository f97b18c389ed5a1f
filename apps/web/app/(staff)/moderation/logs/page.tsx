import type { Metadata } from 'next';
import {
  listStaffActions,
  STAFF_ACTION_KINDS,
  STAFF_ACTION_LABELS,
  type StaffActionKind,
} from '@cutroom/core/features/moderation/staff-actions/staff-log.service';
import {
  listingContext,
  pageIndexFrom,
  type SearchParamsPromise,
} from '@/components/browse/listing-data';
import { Pagination } from '@/components/browse/pagination';
import { StaffLogTable } from '@/components/moderation/staff-log-table';
import { requirePageViewer } from '@/lib/server/page-access';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Staff log' };

const one = (value: string | string[] | undefined) =>
  typeof value === 'string' ? value.trim() : '';
const isDay = (value: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value));

/** Every staff action, newest first; filter by who, what, target and dates. Read-only. */
export default async function StaffLogPage({
  searchParams,
}: {
  searchParams: SearchParamsPromise;
}) {
  await requirePageViewer('moderate');
  const query = await searchParams;
  const actor = one(query.actor).slice(0, 64);
  const actionText = one(query.action);
  const action = (STAFF_ACTION_KINDS as readonly string[]).includes(actionText)
    ? (actionText as StaffActionKind)
    : undefined;
  const target = one(query.target).slice(0, 200);
  const from = isDay(one(query.from)) ? one(query.from) : undefined;
  const to = isDay(one(query.to)) ? one(query.to) : undefined;
  const index = pageIndexFrom(query.page);
  const { db } = await listingContext();
  const page = await listStaffActions(db, {
    actor: actor || undefined,
    action,
    target: target || undefined,
    from,
    to,
    index,
  });
  const params = new URLSearchParams();
  if (actor) params.set('actor', actor);
  if (action) params.set('action', action);
  if (target) params.set('target', target);
  if (from) params.set('from', from);
  if (to) params.set('to', to);
  const field = 'w-full rounded border border-white/20 bg-black/40 px-2 py-1.5';
  return (
    <div className="space-y-4" data-testid="moderation-logs">
      <h1 className="text-2xl font-bold">Staff log</h1>
      <p className="text-sm text-neutral-300">
        Every staff action, as it was made. Entries cannot be changed or removed.
      </p>
      <form
        action="/moderation/logs"
        method="get"
        className="grid grid-cols-1 gap-3 rounded-lg border border-white/10 p-3 sm:grid-cols-2 xl:grid-cols-6"
      >
        <label className="text-sm">
          <span className="mb-1 block font-semibold">Staff member</span>
          <input name="actor" defaultValue={actor} maxLength={64} className={field} />
        </label>
        <label className="text-sm">
          <span className="mb-1 block font-semibold">Action</span>
          <select name="action" defaultValue={action ?? ''} className={field}>
            <option value="">Any</option>
            {STAFF_ACTION_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {STAFF_ACTION_LABELS[kind]}
              </option>
            ))}
          </select>
        </label>
        <label className="text-sm">
          <span className="mb-1 block font-semibold">Target</span>
          <input
            name="target"
            defaultValue={target}
            maxLength={200}
            placeholder="id, title or username"
            className={field}
          />
        </label>
        <label className="text-sm">
          <span className="mb-1 block font-semibold">From</span>
          <input type="date" name="from" defaultValue={from} className={field} />
        </label>
        <label className="text-sm">
          <span className="mb-1 block font-semibold">To</span>
          <input type="date" name="to" defaultValue={to} className={field} />
        </label>
        <div className="flex items-end gap-2">
          <button
            type="submit"
            className="rounded-full bg-accent px-4 py-2 font-semibold text-black"
          >
            Filter
          </button>
          <a href="/moderation/logs" className="rounded-full px-3 py-2 text-sm hover:bg-white/10">
            Clear
          </a>
        </div>
      </form>
      <p className="text-sm text-neutral-400" data-testid="log-count">
        {page.count} entr{page.count === 1 ? 'y' : 'ies'}
      </p>
      <StaffLogTable entries={page.data} />
      <Pagination
        basePath="/moderation/logs"
        params={params}
        index={page.index}
        pageSize={page.pageSize}
        count={page.count}
        hasMore={page.hasMore}
      />
    </div>
  );
}
