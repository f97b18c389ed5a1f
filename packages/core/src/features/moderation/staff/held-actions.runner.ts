import { eq } from 'drizzle-orm';
import { toActor } from '../../accounts/auth';
import { dispatch } from '../../../kernel/dispatch';
import type { RequestContext } from '../../../kernel/endpoint';
import { users } from '../../../platform/db/schema';
import type { JobQueue } from '../../../platform/jobs/job-queue';
import { adminEndpoint } from './admin.endpoints';
import {
  abandonedHeldStaffActions,
  claimHeldStaffAction,
  finishHeldStaffAction,
  HELD_ACTION_STALE_SECONDS,
  heldStaffActionJob,
} from './held-actions.service';

/** What carrying out a held action needs: a request's context, without its actor. */
export type HeldActionRunContext = Omit<RequestContext, 'actor' | 'heldAction'>;

/**
 * Carries out a held action whose window has passed, as the staff member who sent it (with the
 * rights they have now), through the admin endpoint itself: the same checks, log and notices
 * as an action sent straight away. The action's transaction marks this attempt done; an attempt
 * that dies first leaves the row running with nothing committed, and it is taken again once it
 * began before `staleBefore` (by default HELD_ACTION_STALE_SECONDS ago).
 */
export async function runHeldStaffAction(
  context: HeldActionRunContext,
  id: string,
  staleBefore?: Date,
) {
  const claimed = await claimHeldStaffAction(context, id, staleBefore);
  if (!claimed) return;
  const held = { id, attempt: claimed.attempt };
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
    { ...context, actor, heldAction: held },
  );
  const failure =
    result.status < 300 ? null : String(result.body.error ?? `failed (${result.status})`);
  await finishHeldStaffAction(context.db, held, failure);
}

/**
 * Takes again the held actions an attempt left running (its process died or stopped mid-run)
 * or whose time passed without their job: those whose attempt or time is before `staleBefore`.
 * Answers how many were taken.
 */
export async function recoverHeldStaffActions(
  context: HeldActionRunContext,
  staleBefore: Date,
): Promise<number> {
  const ids = await abandonedHeldStaffActions(context.db, staleBefore);
  for (const id of ids) await runHeldStaffAction(context, id, staleBefore);
  return ids.length;
}

/** How often a process looks for held actions left behind by another (every minute). */
const RECOVERY_INTERVAL_MS = 60_000;

/**
 * Works the held actions' queue in this process, and first takes again those left behind. When
 * this process is the database's only one (the embedded database), an action left running was
 * left by a process that is gone, whatever its age. Then, every minute, those another process
 * left running for longer than HELD_ACTION_STALE_SECONDS.
 */
export async function startHeldStaffActions(
  queue: JobQueue,
  context: HeldActionRunContext,
  options: { soleProcess: boolean },
): Promise<{ stop(): Promise<void> }> {
  await queue.ensureQueue(heldStaffActionJob);
  const staleSince = () => new Date(context.now().getTime() - HELD_ACTION_STALE_SECONDS * 1000);
  const recover = (staleBefore: Date) =>
    recoverHeldStaffActions(context, staleBefore).then(
      (count) => {
        if (count > 0) context.log.info({ count }, 'held actions left behind taken again');
      },
      (error: unknown) =>
        context.log.error({ err: error }, 'held actions left behind could not be taken again'),
    );
  let recovery = recover(options.soleProcess ? context.now() : staleSince());
  const sweep = setInterval(() => {
    recovery = recovery.then(() => recover(staleSince()));
  }, RECOVERY_INTERVAL_MS);
  sweep.unref();
  // A held action sent from this process wakes the worker when it falls due (JobQueue.send).
  await queue.work(heldStaffActionJob, { batchSize: 1 }, async (jobs) => {
    for (const job of jobs) {
      const { id } = heldStaffActionJob.schema.parse(job.data);
      await runHeldStaffAction(context, id);
    }
  });
  return {
    async stop() {
      clearInterval(sweep);
      await recovery;
      await queue.offWork(heldStaffActionJob, { wait: true });
    },
  };
}
