// What moderation/staff-actions offers the other features: they import it from here alone.

export { moderationContextOf } from './moderation-context';
export type { ModerationContext } from './moderation-context';
export { STAFF_ACTION_KINDS, listStaffActions, recordStaffAction } from './staff-log.service';
export type { StaffActionKind } from './staff-log.service';
