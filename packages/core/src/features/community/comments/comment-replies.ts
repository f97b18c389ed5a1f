import { eq } from 'drizzle-orm';
import { commentEvents, type CommentReplyEvent } from './comments.service';
import { videos } from '../../../platform/db/schema';
import { unitOf } from '../../../platform/db/unit-of-work';
import { notify, type NotificationSink } from '../../people/notifications';

/** What a notification quotes of a reply: its start, on one line, cut at a word. */
export function firstWords(text: string, max = 100): string {
  const line = text.replace(/\s+/g, ' ').trim();
  if (line.length <= max) return line;
  const cut = line.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

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
  await notify({ ...unitOf({ db: event.db, log: sink.log }), now: () => event.at }, sink, {
    userId: event.parentAuthorId,
    kind: 'comment_reply',
    actorId: event.replyAuthorId,
    // The reply itself: the video page scrolls to it and marks it.
    targetPath: `/video/${event.videoId}#comment-${event.replyId}`,
    targetTitle: video?.title ?? '',
    detail: firstWords(event.text),
  });
}

/**
 * Plugs comment-reply notifications into the comments' reply hook for this process; answers
 * the function that unplugs them.
 */
export const notifyOnCommentReplies = (sink: NotificationSink) =>
  commentEvents.on('reply', (event) => notifyCommentReply(sink, event));
