// What community/comments offers the other features: they import it from here alone.

export { approveHeldComment, deleteCommentAsStaff } from './comment-moderation.service';
