import { randomBytes } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { requireMemberRight } from '../access/rights';
import type { Actor } from '../api/endpoint';
import { ServiceError } from '../api/service-error';
import type { Database } from '../db/client';
import { heldStaffActions, type HeldActionState } from '../db/schema';
import { inTransaction } from '../db/unit-of-work';
import { defineJob } from '../jobs/job-definitions';
import type { JobQueue } from '../jobs/job-queue';

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

export const HELD_ACTION_MESSAGES = {
  missing: 'This action does not exist',
  tooLate: 'Too late to undo: this action was already carried out',
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
  ctx: HeldActionContext,
  actor: Actor | null,
  input: { mode: HeldActionMode; targetId: string; reason?: string },
): Promise<HeldActionView> {
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
  ctx: Pick<HeldActionContext, 'db'>,
  actor: Actor | null,
  id: string,
): Promise<HeldActionView> {
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
  ctx: Pick<HeldActionContext, 'db'>,
  actor: Actor | null,
  ids: string[],
): Promise<HeldActionView[]> {
  const staff = requireMemberRight(actor, 'moderate');
  if (ids.length === 0) return [];
  const rows = await ctx.db
    .select()
    .from(heldStaffActions)
    .where(and(inArray(heldStaffActions.id, ids), eq(heldStaffActions.actorId, staff.id)));
  return rows.map(toView);
}

/**
 * Takes a held action to carry out: answers it only if it still waited (not undone, not taken
 * by another process), marking it running.
 */
export async function claimHeldStaffAction(db: Database, id: string) {
  const [row] = await db
    .update(heldStaffActions)
    .set({ state: 'running' })
    .where(and(eq(heldStaffActions.id, id), eq(heldStaffActions.state, 'held')))
    .returning();
  return row ?? null;
}

/** Records how a carried-out action ended. */
export async function finishHeldStaffAction(db: Database, id: string, failure: string | null) {
  await db
    .update(heldStaffActions)
    .set({ state: failure === null ? 'done' : 'failed', failure })
    .where(eq(heldStaffActions.id, id));
}
