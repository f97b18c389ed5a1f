import { z } from 'zod';
import { PagePosition, PersonAnswer, MAX_PAGE_INDEX } from '../../discovery/browse';
import { defineModeEndpoint, type RequestContext } from '../../../kernel/endpoint';
import { NOTIFICATION_EMAIL_MODES, NOTIFICATION_KINDS } from './notification-kinds';
import {
  NotificationEmailInput,
  NotificationId,
  NotificationKindInput,
} from './notifications.schema';
import {
  countUnreadNotifications,
  getNotificationSettings,
  listNotifications,
  markAllNotificationsRead,
  openNotification,
  setNotificationSetting,
  type NotificationSink,
} from './notifications.service';
import { requireMemberRight } from '../../../access/rights';

/** The event fan-out and queue of the web server, when the call runs there. */
export const notificationSinkOf = (context: RequestContext): NotificationSink => ({
  events: context.media?.events,
  queue: context.media?.queue,
  log: context.log,
});

const NotificationAnswer = z.object({
  id: z.string(),
  kind: z.enum(NOTIFICATION_KINDS),
  actor: PersonAnswer.nullable(),
  targetPath: z.string(),
  targetTitle: z.string(),
  text: z.string(),
  detail: z.string(),
  createdAt: z.string(),
  unread: z.boolean(),
});

const SettingsAnswer = z.object({
  data: z.array(
    z.object({ kind: z.enum(NOTIFICATION_KINDS), email: z.enum(NOTIFICATION_EMAIL_MODES) }),
  ),
});

/** `/api/notifications`: the bell, the notification list and the e-mail settings. */
export const notificationsEndpoint = defineModeEndpoint({
  path: '/api/notifications',
  summary:
    'Your notifications: the unread count, the list, marking read, and which kinds also come by e-mail.',
  modes: {
    Count: {
      right: 'participate',
      summary: 'How many of your notifications are unread (the bell).',
      input: z.object({}),
      output: z.object({ unreadCount: z.number().int().min(0) }),
      handle: async (_input, context) => {
        const me = requireMemberRight(context.actor, 'participate');
        return { body: { unreadCount: await countUnreadNotifications(context.db, me.id) } };
      },
    },
    List: {
      right: 'participate',
      summary: 'Your notifications, newest first, 18 a page, with the unread count.',
      input: z.object({ index: z.number().int().min(0).max(MAX_PAGE_INDEX).default(0) }),
      output: PagePosition.extend({
        data: z.array(NotificationAnswer),
        unreadCount: z.number().int().min(0),
      }),
      handle: async ({ index }, context) => {
        const page = await listNotifications(context, { index });
        return {
          body: {
            data: page.data,
            count: page.count,
            index: page.index,
            hasMore: page.hasMore,
            unreadCount: page.unreadCount,
          },
        };
      },
    },
    MarkRead: {
      right: 'participate',
      summary: 'Mark one of your notifications read; answers the path it leads to.',
      input: z.object({ id: NotificationId }),
      output: z.object({
        id: z.string(),
        targetPath: z.string(),
        unreadCount: z.number().int().min(0),
      }),
      handle: async ({ id }, context) => ({
        body: await openNotification(context, notificationSinkOf(context), id),
      }),
    },
    MarkAllRead: {
      right: 'participate',
      summary: 'Mark every one of your notifications read.',
      input: z.object({}),
      output: z.object({ marked: z.number().int().min(0), unreadCount: z.number().int().min(0) }),
      handle: async (_input, context) => ({
        body: await markAllNotificationsRead(context, notificationSinkOf(context)),
      }),
    },
    LoadSettings: {
      right: 'participate',
      summary:
        'For each kind of notification, whether it also comes by e-mail: off, immediate or digest.',
      input: z.object({}),
      output: SettingsAnswer,
      handle: async (_input, context) => ({
        body: { data: await getNotificationSettings(context) },
      }),
    },
    SaveSetting: {
      right: 'participate',
      summary:
        'Choose how one kind comes by e-mail: `kind` and `email` (off, immediate, or digest for the daily digest).',
      input: z.object({ kind: NotificationKindInput, email: NotificationEmailInput }),
      output: SettingsAnswer,
      handle: async (setting, context) => ({
        body: {
          data: await setNotificationSetting(context, setting),
        },
      }),
    },
  },
});
