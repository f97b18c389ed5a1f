import type { StaffAction } from '@cutroom/core/platform/db/schema';
import { describeStaffAction } from '@cutroom/core/features/moderation/staff-actions/staff-log.service';
import { RelativeTime } from '@/components/ui/relative-time';

/** Where a log entry's target can be looked at. */
function targetHref(entry: StaffAction): string | null {
  if (entry.targetKind === 'video') return `/moderation/video/${entry.targetId}`;
  if (entry.targetKind === 'member') {
    return `/moderation/users?member=${encodeURIComponent(entry.targetLabel)}`;
  }
  return null;
}

/** Staff log entries as a list of cards (a table would scroll sideways on a phone). */
export function StaffLogTable({ entries }: { entries: StaffAction[] }) {
  if (entries.length === 0) {
    return (
      <p
        className="rounded-lg border border-dashed border-white/15 p-6 text-center text-neutral-400"
        data-testid="empty-state"
      >
        No staff actions yet.
      </p>
    );
  }
  return (
    <ol
      className="divide-y divide-white/10 rounded-lg border border-white/10"
      data-testid="staff-log"
    >
      {entries.map((entry) => {
        const href = targetHref(entry);
        const label = entry.targetLabel || entry.targetId;
        return (
          <li
            key={entry.id}
            className="grid gap-1 p-3 text-sm sm:grid-cols-[10rem_minmax(0,1fr)]"
            data-testid="staff-log-entry"
          >
            <div className="text-neutral-400">
              <RelativeTime date={entry.createdAt} />
              <span className="block">{entry.actorUsername}</span>
            </div>
            <div className="min-w-0">
              <p>
                <span className="font-semibold">{describeStaffAction(entry)}</span>{' '}
                {href ? (
                  <a href={href} className="break-words text-accent underline hover:no-underline">
                    {label}
                  </a>
                ) : (
                  <span className="break-words">{label}</span>
                )}
              </p>
              {entry.reason && (
                <p className="whitespace-pre-line break-words text-neutral-300">{entry.reason}</p>
              )}
            </div>
          </li>
        );
      })}
    </ol>
  );
}
