import { and, eq } from 'drizzle-orm';
import type { Actor } from '../../../access/actor';
import type { Database } from '../../../platform/db/client';
import { reports, type ReportState, type ReportTarget } from '../../../platform/db/schema';

/** Closes a target's open reports with an outcome, in the action's transaction. */
export async function closeReports(
  tx: Database,
  kind: ReportTarget,
  targetId: string,
  state: Exclude<ReportState, 'open'>,
  staff: Actor,
  now: Date,
): Promise<number> {
  const closed = await tx
    .update(reports)
    .set({ state, resolvedAt: now, resolvedById: staff.id })
    .where(
      and(eq(reports.targetKind, kind), eq(reports.targetId, targetId), eq(reports.state, 'open')),
    )
    .returning({ id: reports.id });
  return closed.length;
}
