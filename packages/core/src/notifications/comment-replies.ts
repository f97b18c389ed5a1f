import { eq } from 'drizzle-orm';
import { commentEvents, type CommentReplyEvent } from '../comments/comments.service';
import { videos } from '../db/schema';
import { unitOf } from '../db/unit-of-work';
import { notify, type NotificationSink } from './notifications.service';

/** Tells the author of a comment that someone replied to it (once the reply is visible). */
export async function notifyCommentReply(
  sink: NotificationSink,
  event: CommentReplyEvent,
): Promise<void> {
  const [video] = await event.db
    .select({ title: videos.title })
    .from(videos)
    .where(eq(videos.id, event.videoId))
    .limit(1);
  await notify(
    unitOf({ db: event.db, log: sink.log }),
    sink,
    {
      userId: event.parentAuthorId,
      kind: 'comment_reply',
      actorId: event.replyAuthorId,
      targetPath: `/video/${event.videoId}`,
      targetTitle: video?.title ?? '',
    },
    event.at,
  );
}

/**
 * Plugs comment-reply notifications into the comments' reply hook for this process; answers
 * the function that unplugs them.
 */
export const notifyOnCommentReplies = (sink: NotificationSink) =>
  commentEvents.on('reply', (event) => notifyCommentReply(sink, event));
