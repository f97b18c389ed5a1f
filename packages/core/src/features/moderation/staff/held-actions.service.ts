import { randomBytes } from 'node:crypto';
import { and, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import { requireMemberRight } from '../../../access/rights';
import type { HeldActionAttempt } from '../../../kernel/endpoint';
import { ServiceError } from '../../../kernel/errors/service-error';
import type { Database } from '../../../platform/db/client';
import { heldStaffActions, type HeldActionState } from '../../../platform/db/schema';
import { inTransaction } from '../../../platform/db/unit-of-work';
import { defineJob } from '../../../platform/jobs/job-definitions';
import type { JobQueue } from '../../../platform/jobs/job-queue';
import type { Call } from '../../../access/call';

/**
 * Queue actions the server holds for the undo window (docs/moderation.md, docs/decisions/0037):
 * the page sends an action at the click and may be left or closed at once; the action is
 * carried out when the window has passed, unless Undo reached the server first.
 */

/** Seconds an action waits on the server before it is carried out. */
export const UNDO_WINDOW_SECONDS = 6;

/** The queue actions that may be held, by the admin endpoint's mode. */
export const HELD_ACTION_MODES = [
  'ApproveVideo',
  'DeleteReportVideo',
  'UnpublishVideoAdmin',
] as const;
export type HeldActionMode = (typeof HELD_ACTION_MODES)[number];

/**
 * Seconds after which an attempt still marked running is taken to have died with its process
 * (the server stopped or crashed mid-run) and the action is taken again. An attempt's work is
 * bounded well below it (statement and lock timeouts, DATABASE_STATEMENT_TIMEOUT_MS); were an
 * old attempt still alive, it could not commit the action any more (`settleHeldStaffAction`).
 */
export const HELD_ACTION_STALE_SECONDS = 300;

export const HELD_ACTION_MESSAGES = {
  missing: 'This action does not exist',
  tooLate: 'Too late to undo: this action was already carried out',
  takenAgain: 'This action was taken again by another attempt',
} as const;

/** Carries out one held action once its window has passed. */
export const heldStaffActionJob = defineJob({
  name: 'moderation.held-action',
  schema: z.object({ id: z.string().min(1).max(64) }),
  settings: { retryLimit: 3, retryDelaySeconds: 5, expireInSeconds: 300, heartbeatSeconds: 0 },
});

export interface HeldActionContext {
  db: Database;
  queue: JobQueue;
  now: () => Date;
}

export interface HeldActionView {
  id: string;
  mode: HeldActionMode;
  targetId: string;
  state: HeldActionState;
  failure: string | null;
  runAt: string;
}

const toView = (row: typeof heldStaffActions.$inferSelect): HeldActionView => ({
  id: row.id,
  mode: row.mode as HeldActionMode,
  targetId: row.targetId,
  state: row.state,
  failure: row.failure,
  runAt: row.runAt.toISOString(),
});

/** Holds an action for the undo window: the row and its job commit together. */
export async function holdStaffAction(
  ctx: HeldActionContext & Pick<Call, 'actor'>,
  input: { mode: HeldActionMode; targetId: string; reason?: string },
): Promise<HeldActionView> {
  const { actor } = ctx;
  const staff = requireMemberRight(actor, 'moderate');
  const runAt = new Date(ctx.now().getTime() + UNDO_WINDOW_SECONDS * 1000);
  return inTransaction(ctx, async (unit) => {
    const [row] = await unit.db
      .insert(heldStaffActions)
      .values({
        id: randomBytes(9).toString('base64url'),
        actorId: staff.id,
        mode: input.mode,
        targetId: input.targetId,
        reason: input.reason ?? '',
        runAt,
      })
      .returning();
    await ctx.queue.send(
      heldStaffActionJob,
      { id: row!.id },
      { on: unit, startAfterSeconds: UNDO_WINDOW_SECONDS },
    );
    return toView(row!);
  });
}

/** Undoes a held action of the caller's while it still waits; after that, 409. */
export async function undoStaffAction(
  ctx: Pick<HeldActionContext, 'db'> & Pick<Call, 'actor'>,
  id: string,
): Promise<HeldActionView> {
  const { actor } = ctx;
  const staff = requireMemberRight(actor, 'moderate');
  const mine = and(eq(heldStaffActions.id, id), eq(heldStaffActions.actorId, staff.id));
  const [undone] = await ctx.db
    .update(heldStaffActions)
    .set({ state: 'undone' })
    .where(and(mine, eq(heldStaffActions.state, 'held')))
    .returning();
  if (undone) return toView(undone);
  const [row] = await ctx.db.select().from(heldStaffActions).where(mine).limit(1);
  if (!row) throw new ServiceError('not_found', HELD_ACTION_MESSAGES.missing);
  if (row.state === 'undone') return toView(row);
  throw new ServiceError('conflict', HELD_ACTION_MESSAGES.tooLate);
}

/** The caller's held actions among `ids`, as they stand now (the page shows failures). */
export async function listHeldStaffActions(
  ctx: Pick<HeldActionContext, 'db'> & Pick<Call, 'actor'>,
  ids: string[],
): Promise<HeldActionView[]> {
  const { actor } = ctx;
  const staff = requireMemberRight(actor, 'moderate');
  if (ids.length === 0) return [];
  const rows = await ctx.db
    .select()
    .from(heldStaffActions)
    .where(and(inArray(heldStaffActions.id, ids), eq(heldStaffActions.actorId, staff.id)));
  return rows.map(toView);
}

/** The row to run now: still held, or running in an attempt that began before `staleBefore`. */
const claimable = (staleBefore: Date) =>
  or(
    eq(heldStaffActions.state, 'held'),
    and(
      eq(heldStaffActions.state, 'running'),
      or(isNull(heldStaffActions.startedAt), lte(heldStaffActions.startedAt, staleBefore)),
    ),
  );

/**
 * Takes a held action to carry out, as a new attempt: answers it only if it still waited (not
 * undone, not carried out, not running in a live attempt), marking it running. One left running
 * since before `staleBefore` is taken again: its attempt died before its action committed, since
 * the action's own transaction marks it done (`settleHeldStaffAction`).
 */
export async function claimHeldStaffAction(
  ctx: Pick<Call, 'db' | 'now'>,
  id: string,
  staleBefore?: Date,
) {
  const { db } = ctx;
  const now = ctx.now();
  staleBefore ??= new Date(now.getTime() - HELD_ACTION_STALE_SECONDS * 1000);
  const [row] = await db
    .update(heldStaffActions)
    .set({ state: 'running', attempt: sql`${heldStaffActions.attempt} + 1`, startedAt: now })
    .where(and(eq(heldStaffActions.id, id), claimable(staleBefore)))
    .returning();
  return row ?? null;
}

/**
 * Marks an attempt at a held action done inside the action's own transaction, so that the action
 * and its "done" commit together: a row still running has not taken effect. If a later attempt
 * took the action meanwhile, this one's transaction fails (and rolls the action back), so an
 * action is carried out once. No attempt (an action sent straight away): nothing to do.
 */
export async function settleHeldStaffAction(
  tx: Database,
  held: HeldActionAttempt | undefined,
): Promise<void> {
  if (!held) return;
  const [settled] = await tx
    .update(heldStaffActions)
    .set({ state: 'done', failure: null })
    .where(
      and(
        eq(heldStaffActions.id, held.id),
        eq(heldStaffActions.state, 'running'),
        eq(heldStaffActions.attempt, held.attempt),
      ),
    )
    .returning({ id: heldStaffActions.id });
  if (!settled) throw new ServiceError('conflict', HELD_ACTION_MESSAGES.takenAgain);
}

/**
 * Records how an attempt ended — failed (refused, changed meanwhile: nothing committed), or done
 * if its action did not mark it so itself — only while that attempt still holds the row.
 */
export async function finishHeldStaffAction(
  db: Database,
  held: HeldActionAttempt,
  failure: string | null,
): Promise<void> {
  await db
    .update(heldStaffActions)
    .set({ state: failure === null ? 'done' : 'failed', failure })
    .where(
      and(
        eq(heldStaffActions.id, held.id),
        eq(heldStaffActions.state, 'running'),
        eq(heldStaffActions.attempt, held.attempt),
      ),
    );
}

/**
 * The held actions to take again: running in an attempt begun before `staleBefore`, or still
 * held though their time came before it (their job is gone or gave up).
 */
export async function abandonedHeldStaffActions(db: Database, staleBefore: Date) {
  const rows = await db
    .select({ id: heldStaffActions.id })
    .from(heldStaffActions)
    .where(
      or(
        and(
          eq(heldStaffActions.state, 'running'),
          or(isNull(heldStaffActions.startedAt), lte(heldStaffActions.startedAt, staleBefore)),
        ),
        and(eq(heldStaffActions.state, 'held'), lt(heldStaffActions.runAt, staleBefore)),
      ),
    )
    .orderBy(heldStaffActions.runAt);
  return rows.map((row) => row.id);
}
