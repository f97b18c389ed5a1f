import type { Actor } from '../../../kernel/endpoint';
import type { Database } from '../../../platform/db/client';
import { messages } from '../../../platform/db/schema';
import { newVideoId } from '../../../kernel/public-id';
import type { Call } from '../../../access/call';

type Writer = Pick<Database, 'insert'>;

/**
 * Tells a member what staff did to their video or account: a message in their inbox from the
 * staff member who acted, written in the action's transaction. Staff acting on their own
 * video are not told (a message to oneself is refused by the table).
 */
export async function tellMember(
  ctx: Pick<Call<Actor>, 'actor' | 'now'> & { db: Writer },
  recipientId: string,
  notice: { subject: string; body: string },
): Promise<void> {
  const { db: tx, actor: staff } = ctx;
  const now = ctx.now();
  if (recipientId === staff.id) return;
  await tx.insert(messages).values({
    id: newVideoId(),
    senderId: staff.id,
    recipientId,
    subject: notice.subject.slice(0, 150),
    body: notice.body.slice(0, 5000),
    createdAt: now,
  });
}

/** The notices, worded once. */
export const NOTICES = {
  unpublished: (title: string, reason: string) => ({
    subject: `Your video "${title}" was unpublished`,
    body: `Staff unpublished your video "${title}".\n\nReason: ${reason}\n\nIf you think this is a mistake, open a support ticket.`,
  }),
  deleted: (title: string, reason: string) => ({
    subject: `Your video "${title}" was removed`,
    body: `Staff removed your video "${title}" after a review.${reason ? `\n\nReason: ${reason}` : ''}\n\nIf you think this is a mistake, open a support ticket.`,
  }),
  published: (title: string) => ({
    subject: `Your video "${title}" is published again`,
    body: `Staff published your video "${title}" again; it is back on the site.`,
  }),
};
