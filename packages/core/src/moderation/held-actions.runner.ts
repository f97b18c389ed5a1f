import { eq } from 'drizzle-orm';
import { toActor } from '../accounts/session.service';
import { dispatch } from '../api/dispatch';
import type { RequestContext } from '../api/endpoint';
import { users } from '../db/schema';
import type { JobQueue } from '../jobs/job-queue';
import { adminEndpoint } from './admin.endpoints';
import {
  claimHeldStaffAction,
  finishHeldStaffAction,
  heldStaffActionJob,
} from './held-actions.service';

/** What carrying out a held action needs: a request's context, without its actor. */
export type HeldActionRunContext = Omit<RequestContext, 'actor'>;

/**
 * Carries out a held action whose window has passed, as the staff member who sent it (with the
 * rights they have now), through the admin endpoint itself: the same checks, log and notices
 * as an action sent straight away.
 */
export async function runHeldStaffAction(context: HeldActionRunContext, id: string) {
  const claimed = await claimHeldStaffAction(context.db, id);
  if (!claimed) return;
  const [user] = await context.db
    .select()
    .from(users)
    .where(eq(users.id, claimed.actorId))
    .limit(1);
  const actor = user && !user.banned ? toActor(user) : null;
  const result = await dispatch(
    adminEndpoint,
    {
      mode: claimed.mode,
      _id: claimed.targetId,
      ...(claimed.mode === 'ApproveVideo' ? {} : { reason: claimed.reason }),
    },
    { ...context, actor },
  );
  const failure =
    result.status < 300 ? null : String(result.body.error ?? `failed (${result.status})`);
  await finishHeldStaffAction(context.db, id, failure);
}

/** Works the held actions' queue in this process. */
export async function startHeldStaffActions(
  queue: JobQueue,
  context: HeldActionRunContext,
): Promise<{ stop(): Promise<void> }> {
  await queue.ensureQueue(heldStaffActionJob);
  await queue.boss.work(
    heldStaffActionJob.name,
    { pollingIntervalSeconds: 1, batchSize: 1 },
    async (jobs) => {
      for (const job of jobs) {
        const { id } = heldStaffActionJob.schema.parse(job.data);
        await runHeldStaffAction(context, id);
      }
    },
  );
  return {
    stop: () => queue.boss.offWork(heldStaffActionJob.name, { wait: true }),
  };
}
