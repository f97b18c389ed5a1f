import { and, eq } from 'drizzle-orm';
import type { Actor } from '../../../access/actor';
import { reports, type ReportState, type ReportTarget } from '../../../platform/db/schema';
import type { Call } from '../../../access/call';

/** Closes a target's open reports with an outcome, in the action's transaction. */
export async function closeReports(
  ctx: Pick<Call<Actor>, 'db' | 'actor' | 'now'>,
  kind: ReportTarget,
  targetId: string,
  state: Exclude<ReportState, 'open'>,
): Promise<number> {
  const { db: tx, actor: staff } = ctx;
  const now = ctx.now();
  const closed = await tx
    .update(reports)
    .set({ state, resolvedAt: now, resolvedById: staff.id })
    .where(
      and(eq(reports.targetKind, kind), eq(reports.targetId, targetId), eq(reports.state, 'open')),
    )
    .returning({ id: reports.id });
  return closed.length;
}
