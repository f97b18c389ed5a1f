// Pages' client components import this file: it holds no database code (types are erased).
import type {
  NotificationEmailMode as SchemaEmailMode,
  NotificationKind as SchemaKind,
} from '../../../platform/db/schema';

/** The kinds of the notifications table (schema.ts), repeated here for the browser. */
export const NOTIFICATION_KINDS = [
  'comment_reply',
  'message',
  'friend_request',
  'friend_accepted',
  'new_video',
  'live_started',
  'live_scheduled',
  'live_ended',
  'live_key_disabled',
  'ticket_answer',
  'ticket_closed',
  'video_processed',
  'video_unpublished',
  'video_removed',
  'tagging_decision',
  'account_disabled',
  'account_enabled',
  'reupload_held',
  'reupload_of_yours',
  'reupload_decided',
  'reupload_copy_decided',
  'reupload_waiting',
] as const satisfies readonly SchemaKind[];
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const NOTIFICATION_EMAIL_MODES = [
  'off',
  'immediate',
  'digest',
] as const satisfies readonly SchemaEmailMode[];
export type NotificationEmailMode = (typeof NOTIFICATION_EMAIL_MODES)[number];

/** How each kind is named on the settings page, and how it comes by e-mail until chosen. */
export const NOTIFICATION_KIND_INFO: Readonly<
  Record<
    NotificationKind,
    {
      label: string;
      defaultEmail: NotificationEmailMode;
      /** Only staff are told of it: only they see its setting. */
      isStaffOnly?: boolean;
    }
  >
> = {
  comment_reply: { label: 'Replies to my comments', defaultEmail: 'off' },
  message: { label: 'Messages', defaultEmail: 'digest' },
  friend_request: { label: 'Friend requests', defaultEmail: 'off' },
  friend_accepted: { label: 'Accepted friend requests', defaultEmail: 'off' },
  new_video: { label: 'New videos from my subscriptions', defaultEmail: 'off' },
  live_started: { label: 'Lives from my subscriptions', defaultEmail: 'off' },
  live_scheduled: { label: 'Lives my subscriptions scheduled', defaultEmail: 'off' },
  live_ended: { label: 'My live ended', defaultEmail: 'off' },
  live_key_disabled: { label: 'Staff disabled my stream key', defaultEmail: 'immediate' },
  ticket_answer: { label: 'Answers to my support tickets', defaultEmail: 'immediate' },
  ticket_closed: { label: 'Support closed my ticket', defaultEmail: 'immediate' },
  video_processed: { label: 'My video is ready', defaultEmail: 'off' },
  video_unpublished: { label: 'My video was unpublished', defaultEmail: 'immediate' },
  video_removed: { label: 'My video was removed by staff', defaultEmail: 'immediate' },
  tagging_decision: { label: 'The answer to my tagger application', defaultEmail: 'immediate' },
  account_disabled: { label: 'Staff disabled my account', defaultEmail: 'immediate' },
  account_enabled: { label: 'Staff enabled my account again', defaultEmail: 'immediate' },
  reupload_held: { label: 'My upload is held as a re-upload', defaultEmail: 'immediate' },
  reupload_of_yours: { label: 'Someone re-uploaded my video', defaultEmail: 'immediate' },
  reupload_decided: { label: 'Staff decided on my held upload', defaultEmail: 'immediate' },
  reupload_copy_decided: {
    label: 'Staff decided on a copy of my video',
    defaultEmail: 'immediate',
  },
  reupload_waiting: {
    label: 'Held uploads wait for a decision',
    defaultEmail: 'digest',
    isStaffOnly: true,
  },
};

export const EMAIL_MODE_LABELS: Readonly<Record<NotificationEmailMode, string>> = {
  off: 'No e-mail',
  immediate: 'E-mail at once',
  digest: 'Daily digest',
};

/**
 * The sentence a notification reads as, in the list and in its e-mail. `actorName` is the member
 * who did it (absent for the site's own notices), `title` what it is about.
 */
export function notificationSentence(
  kind: NotificationKind,
  actorName: string | null,
  title: string,
): string {
  const who = actorName ?? 'Someone';
  switch (kind) {
    case 'comment_reply':
      return `${who} replied to your comment on “${title}”`;
    case 'message':
      return `${who} sent you a message: “${title}”`;
    case 'friend_request':
      return `${who} sent you a friend request`;
    case 'friend_accepted':
      return `${who} accepted your friend request`;
    case 'new_video':
      return `${who} published “${title}”`;
    case 'live_started':
      return `${who} is live: “${title}”`;
    case 'live_scheduled':
      return `${who} scheduled a live: “${title}”`;
    case 'live_ended':
      return `Your live “${title}” ended`;
    case 'live_key_disabled':
      return 'Staff disabled your stream key';
    case 'ticket_answer':
      return `Support answered your ticket: “${title}”`;
    case 'ticket_closed':
      return `Support closed your ticket: “${title}”`;
    case 'video_processed':
      return `Your video “${title}” is ready`;
    case 'video_unpublished':
      return `Your video “${title}” was unpublished`;
    case 'video_removed':
      return `Your video “${title}” was removed by staff`;
    case 'tagging_decision':
      return `Staff answered your tagger application: ${title}`;
    case 'account_disabled':
      return 'Staff disabled your account';
    case 'account_enabled':
      return 'Staff enabled your account again: you may sign in';
    case 'reupload_held':
      return `Your video “${title}” is held: it matches another member's video`;
    case 'reupload_of_yours':
      return `${who} uploaded “${title}”, a copy of your video: it is held for staff`;
    case 'reupload_decided':
      return `Staff decided on your held video “${title}”`;
    case 'reupload_copy_decided':
      return `Staff decided on “${title}”, a copy of your video`;
    case 'reupload_waiting':
      return `${who}’s upload “${title}” is held: staff decide`;
  }
}
