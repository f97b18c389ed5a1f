// What moderation/staff offers the other features: they import it from here alone.

export { writeMemberRoles } from './members.service';
export { MAX_REASON_LENGTH, VideoId, VideoTargetWithReason } from './moderation.schema';
