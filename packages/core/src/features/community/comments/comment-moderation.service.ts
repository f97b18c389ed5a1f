import { eq } from 'drizzle-orm';
import { can, requireMemberRight } from '../../../access/rights';
import type { Database } from '../../../platform/db/client';
import { inTransaction } from '../../../platform/db/unit-of-work';
import { comments, videos } from '../../../platform/db/schema';
import { closeReports } from '../../moderation/reports';
import type { ModerationContext } from '../../moderation/staff-actions';
import { recordStaffAction } from '../../moderation/staff-actions';
import { approveComment, deleteComment } from './comments.service';
import type { Call } from '../../../access/call';

// Staff actions on comments, from the comments' own endpoint and from the moderation queues.

/** A comment's text as the log names it, and its author (whose log shows the action). */
async function commentFacts(
  db: Database,
  commentId: string,
): Promise<{ label: string; ownerId: string | null }> {
  const [row] = await db
    .select({ body: comments.body, authorId: comments.authorId })
    .from(comments)
    .where(eq(comments.id, commentId))
    .limit(1);
  return { label: row ? row.body.slice(0, 120) : '', ownerId: row?.authorId ?? null };
}

/** Staff approve a held comment (the comments service), logged in the same transaction. */
export async function approveHeldComment(
  ctx: ModerationContext & Partial<Pick<Call, 'log'>>,
  commentId: string,
): Promise<void> {
  const { actor, log } = ctx;
  const staff = requireMemberRight(actor, 'moderate');
  const now = ctx.now();
  await inTransaction(ctx, async (unit) => {
    const tx = unit.db;
    await approveComment({ ...unit, actor: staff, now: () => now, log }, commentId);
    const facts = await commentFacts(tx, commentId);
    await recordStaffAction(
      { ...unit, actor: staff, now: () => now },
      {
        action: 'approve_comment',
        targetKind: 'comment',
        targetId: commentId,
        targetLabel: facts.label,
        ownerId: facts.ownerId,
      },
    );
  });
}

/**
 * Staff delete a comment (held or published) with a reason: its open reports close as
 * actioned, and the log records it, in one transaction.
 */
export async function deleteCommentAsStaff(
  ctx: ModerationContext,
  commentId: string,
  reason: string,
): Promise<void> {
  const { actor } = ctx;
  const staff = requireMemberRight(actor, 'moderate');
  const now = ctx.now();
  await inTransaction(ctx, async (unit) => {
    const tx = unit.db;
    const facts = await commentFacts(tx, commentId);
    await deleteComment({ ...unit, actor: staff, now: () => now }, { commentId, reason });
    await closeReports({ ...unit, actor: staff, now: () => now }, 'comment', commentId, 'actioned');
    await recordStaffAction(
      { ...unit, actor: staff, now: () => now },
      {
        action: 'delete_comment',
        targetKind: 'comment',
        targetId: commentId,
        targetLabel: facts.label,
        reason,
        ownerId: facts.ownerId,
      },
    );
  });
}

/** Whether a staff member is deleting someone else's comment (logged as a staff action). */
export async function isStaffDeletion(
  { db, actor }: Pick<Call, 'db' | 'actor'>,
  commentId: string,
): Promise<boolean> {
  if (!actor || !can(actor, 'moderate')) return false;
  const [row] = await db
    .select({ authorId: comments.authorId, ownerId: videos.ownerId })
    .from(comments)
    .innerJoin(videos, eq(videos.id, comments.videoId))
    .where(eq(comments.id, commentId))
    .limit(1);
  return Boolean(row && row.authorId !== actor.id && row.ownerId !== actor.id);
}
