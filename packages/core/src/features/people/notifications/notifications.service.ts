import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { can, requireMemberRight } from '../../../access/rights';
import { ServiceError } from '../../../kernel/errors/service-error';
import type { Database } from '../../../platform/db/client';
import type { UnitOfWork } from '../../../platform/db/unit-of-work';
import {
  notifications,
  notificationSettings,
  subscriptions,
  users,
  type NotificationEmailMode,
  type NotificationKind,
} from '../../../platform/db/schema';
import type { JobQueue } from '../../../platform/jobs/job-queue';
import type { Logger } from '../../../platform/logging/logger';
import { pageOf, type ListPage, type PersonSummary } from '../social';
import type { ProcessingEvents } from '../../../platform/events/processing-events';
import {
  NOTIFICATION_KIND_INFO,
  NOTIFICATION_KINDS,
  notificationSentence,
} from './notification-kinds';
import { notificationMailJob } from './notification-jobs';
import type { Call } from '../../../access/call';
import { CLOSED_VIDEO_LABEL, closedVideosOf } from '../../../access/video-rules';

/** Notifications a page (18 for lists, docs/limits.md). */
export const NOTIFICATIONS_PAGE_SIZE = 18;

export const NOTIFICATION_MESSAGES = {
  missing: 'This notification does not exist',
  badUnsubscribe: 'This unsubscribe link is not valid',
} as const;

/**
 * What telling someone needs besides the database: the event fan-out (the bell updates live)
 * and the queue (an e-mail at once). Either may be absent (a test, a command-line tool): the
 * notification is stored all the same, and the minute's mail sweep still sends its e-mail.
 */
export interface NotificationSink {
  events?: ProcessingEvents;
  queue?: JobQueue;
  log?: Logger;
}

export interface NewNotification {
  /** Who is told. */
  userId: string;
  kind: NotificationKind;
  /** Who did it; a member is never told of their own doing. */
  actorId?: string | null;
  /** The site path it leads to (starts with one slash). */
  targetPath: string;
  targetTitle?: string;
  /** What was said, shown under the sentence: the reason staff gave (at most 300 characters). */
  detail?: string;
}

/** A notification as the list shows it. */
export interface NotificationEntry {
  id: string;
  kind: NotificationKind;
  actor: PersonSummary | null;
  targetPath: string;
  targetTitle: string;
  /** The sentence it reads as. */
  text: string;
  /** What was said, under the sentence ('' for nothing more). */
  detail: string;
  createdAt: string;
  unread: boolean;
}

const isSitePath = (path: string) => path.startsWith('/') && !path.startsWith('//');

/** Each member's e-mail choice for each kind among `pairs`, their default where unset. */
async function emailModesFor(
  db: Database,
  pairs: { userId: string; kind: NotificationKind }[],
): Promise<Map<string, NotificationEmailMode>> {
  const userIds = [...new Set(pairs.map((pair) => pair.userId))];
  const kinds = [...new Set(pairs.map((pair) => pair.kind))];
  const rows =
    userIds.length === 0
      ? []
      : await db
          .select()
          .from(notificationSettings)
          .where(
            and(
              inArray(notificationSettings.userId, userIds),
              inArray(notificationSettings.kind, kinds),
            ),
          );
  const chosen = new Map(rows.map((row) => [`${row.userId}:${row.kind}`, row.email]));
  return new Map(
    pairs.map((pair) => {
      const key = `${pair.userId}:${pair.kind}`;
      return [key, chosen.get(key) ?? NOTIFICATION_KIND_INFO[pair.kind].defaultEmail];
    }),
  );
}

/** Tells the bells of these members that their notifications changed. */
export function announceNotificationsChanged(sink: NotificationSink, userIds: Iterable<string>) {
  if (!sink.events) return;
  for (const ownerId of new Set(userIds)) sink.events.publish({ type: 'notifications', ownerId });
}

/**
 * Stores notifications (one per member told) in the unit's work, each with the e-mail mode the
 * member chose for its kind; once the work commits, tells their bells and queues the at-once
 * e-mails (docs/decisions/0037). Notifying is never why the action that caused it fails: a queue
 * that refuses is logged, and the minute's sweep sends the e-mail instead.
 */
export async function notifyMany(
  unit: UnitOfWork & Pick<Call, 'now'>,
  sink: NotificationSink,
  list: NewNotification[],
): Promise<number> {
  const now = unit.now();
  const wanted = list.filter((item) => item.userId !== item.actorId && isSitePath(item.targetPath));
  if (wanted.length === 0) return 0;
  const modes = await emailModesFor(unit.db, wanted);
  const rows = wanted.map((item) => ({
    id: randomBytes(9).toString('base64url'),
    userId: item.userId,
    kind: item.kind,
    actorId: item.actorId ?? null,
    targetPath: item.targetPath,
    targetTitle: (item.targetTitle ?? '').slice(0, 300),
    detail: (item.detail ?? '').slice(0, 300),
    createdAt: now,
    emailMode: modes.get(`${item.userId}:${item.kind}`) ?? 'off',
  }));
  for (let start = 0; start < rows.length; start += 500) {
    await unit.db.insert(notifications).values(rows.slice(start, start + 500));
  }
  await unit.afterCommit('tell the bells and queue e-mails at once', async () => {
    announceNotificationsChanged(
      sink,
      rows.map((row) => row.userId),
    );
    if (sink.queue && rows.some((row) => row.emailMode === 'immediate')) {
      await sink.queue.send(notificationMailJob, {}).catch((error: unknown) => {
        sink.log?.warn({ err: error }, 'notification e-mail not queued; the sweep sends it');
      });
    }
  });
  return rows.length;
}

/** Stores one notification; see notifyMany. */
export const notify = (
  unit: UnitOfWork & Pick<Call, 'now'>,
  sink: NotificationSink,
  item: NewNotification,
) => {
  return notifyMany(unit, sink, [item]);
};

/**
 * A video went out: its owner hears it is ready, and every subscriber of the owner hears of
 * the new video. `audience` narrows it: a video processed but not listed (unlisted, private,
 * scheduled) tells its owner only; a scheduled one going out later tells the subscribers then.
 */
export async function notifyVideoPublished(
  unit: UnitOfWork & Pick<Call, 'now'>,
  sink: NotificationSink,
  video: { id: string; ownerId: string; title: string },
  audience: { owner: boolean; subscribers: boolean } = { owner: true, subscribers: true },
): Promise<void> {
  const subscribers = audience.subscribers
    ? await unit.db
        .select({ id: subscriptions.subscriberId })
        .from(subscriptions)
        .where(eq(subscriptions.channelId, video.ownerId))
    : [];
  const targetPath = `/video/${video.id}`;
  await notifyMany(unit, sink, [
    ...(audience.owner
      ? [
          {
            userId: video.ownerId,
            kind: 'video_processed' as const,
            targetPath,
            targetTitle: video.title,
          },
        ]
      : []),
    ...subscribers.map((subscriber) => ({
      userId: subscriber.id,
      kind: 'new_video' as const,
      actorId: video.ownerId,
      targetPath,
      targetTitle: video.title,
    })),
  ]);
}

/** How many notifications a member has not read: the bell's number. */
export async function countUnreadNotifications(db: Database, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return Number(row?.n ?? 0);
}

/** The video a notification's path leads to (`/video/{slug}_{id}`, `/video/{id}#…`). */
function videoIdOfPath(path: string): string | null {
  const match = /^\/video\/([^/?#]+)/.exec(path);
  if (!match) return null;
  const param = match[1]!;
  const id = param.slice(param.lastIndexOf('_') + 1);
  return /^[A-Za-z0-9]{6,32}$/.test(id) ? id : null;
}

/**
 * A notification as its reader may see it: one about a video they can no longer open names
 * neither its title nor (its path carries the title's words) its address, unless public.
 */
function shownTarget(closed: Map<string, boolean>) {
  return <T extends { targetPath: string; targetTitle: string }>(row: T): T => {
    const videoId = videoIdOfPath(row.targetPath);
    const isPublic = videoId === null ? undefined : closed.get(videoId);
    if (isPublic === undefined) return row;
    return {
      ...row,
      targetPath: isPublic ? `/video/${videoId}` : '/notifications',
      targetTitle: CLOSED_VIDEO_LABEL,
    };
  };
}

/** One page of the viewer's notifications, newest first, with the unread count. */
export async function listNotifications(
  { db, actor }: Pick<Call, 'db' | 'actor'>,
  options: { index?: number; pageSize?: number } = {},
): Promise<ListPage<NotificationEntry> & { unreadCount: number }> {
  const me = requireMemberRight(actor, 'participate');
  const index = options.index ?? 0;
  const pageSize = options.pageSize ?? NOTIFICATIONS_PAGE_SIZE;
  const mine = eq(notifications.userId, me.id);
  const [rows, [total], unreadCount] = await Promise.all([
    db
      .select({
        id: notifications.id,
        kind: notifications.kind,
        targetPath: notifications.targetPath,
        targetTitle: notifications.targetTitle,
        detail: notifications.detail,
        createdAt: notifications.createdAt,
        readAt: notifications.readAt,
        actorUsername: users.username,
        actorImage: users.image,
        actorIsSupporter: users.isSupporter,
      })
      .from(notifications)
      .leftJoin(users, eq(users.id, notifications.actorId))
      .where(mine)
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(pageSize)
      .offset(index * pageSize),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(notifications)
      .where(mine),
    countUnreadNotifications(db, me.id),
  ]);
  const closed = await closedVideosOf(
    { db, actor: me, now: () => new Date() },
    rows.map((row) => videoIdOfPath(row.targetPath)).filter((id): id is string => id !== null),
  );
  const entries: NotificationEntry[] = rows.map(shownTarget(closed)).map((row) => ({
    id: row.id,
    kind: row.kind,
    actor:
      row.actorUsername === null
        ? null
        : {
            username: row.actorUsername,
            image: row.actorImage,
            isSupporter: row.actorIsSupporter ?? false,
          },
    targetPath: row.targetPath,
    targetTitle: row.targetTitle,
    text: notificationSentence(row.kind, row.actorUsername, row.targetTitle),
    detail: row.detail,
    createdAt: row.createdAt.toISOString(),
    unread: row.readAt === null,
  }));
  return { ...pageOf(entries, Number(total?.n ?? 0), index, pageSize), unreadCount };
}

/**
 * Marks one of the viewer's notifications read and answers where it leads. Anyone else's
 * answers 404 without saying whether it exists.
 */
export async function openNotification(
  ctx: Pick<Call, 'db' | 'actor'> & Pick<Call, 'now'>,
  sink: NotificationSink,
  id: string,
): Promise<{ id: string; targetPath: string; unreadCount: number }> {
  const { db, actor } = ctx;
  const now = ctx.now();
  const me = requireMemberRight(actor, 'participate');
  const [row] = await db
    .select({ targetPath: notifications.targetPath, readAt: notifications.readAt })
    .from(notifications)
    .where(and(eq(notifications.id, id), eq(notifications.userId, me.id)))
    .limit(1);
  if (!row) throw new ServiceError('not_found', NOTIFICATION_MESSAGES.missing);
  if (row.readAt === null) {
    await db
      .update(notifications)
      .set({ readAt: now })
      .where(and(eq(notifications.id, id), isNull(notifications.readAt)));
    announceNotificationsChanged(sink, [me.id]);
  }
  const videoId = videoIdOfPath(row.targetPath);
  const closed = videoId
    ? await closedVideosOf({ db, actor: me, now: () => now }, [videoId])
    : new Map<string, boolean>();
  const { targetPath } = shownTarget(closed)({ targetPath: row.targetPath, targetTitle: '' });
  return { id, targetPath, unreadCount: await countUnreadNotifications(db, me.id) };
}

/** Marks every notification of the viewer read; answers how many were unread. */
export async function markAllNotificationsRead(
  ctx: Pick<Call, 'db' | 'actor'> & Pick<Call, 'now'>,
  sink: NotificationSink,
): Promise<{ marked: number; unreadCount: number }> {
  const { db, actor } = ctx;
  const now = ctx.now();
  const me = requireMemberRight(actor, 'participate');
  const marked = await db
    .update(notifications)
    .set({ readAt: now })
    .where(and(eq(notifications.userId, me.id), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  if (marked.length > 0) announceNotificationsChanged(sink, [me.id]);
  return { marked: marked.length, unreadCount: 0 };
}

export interface NotificationSetting {
  kind: NotificationKind;
  email: NotificationEmailMode;
}

/** The viewer's e-mail choice for every kind, defaults filled in. */
export async function getNotificationSettings({
  db,
  actor,
}: Pick<Call, 'db' | 'actor'>): Promise<NotificationSetting[]> {
  const me = requireMemberRight(actor, 'participate');
  return settingsOf(db, me.id, can(me, 'moderate'));
}

/** The member's choice for each kind they may be told of (staff's kinds only for staff). */
export async function settingsOf(
  db: Database,
  userId: string,
  isStaff: boolean,
): Promise<NotificationSetting[]> {
  const rows = await db
    .select({ kind: notificationSettings.kind, email: notificationSettings.email })
    .from(notificationSettings)
    .where(eq(notificationSettings.userId, userId));
  const chosen = new Map(rows.map((row) => [row.kind, row.email]));
  return NOTIFICATION_KINDS.filter(
    (kind) => isStaff || !NOTIFICATION_KIND_INFO[kind].isStaffOnly,
  ).map((kind) => ({
    kind,
    email: chosen.get(kind) ?? NOTIFICATION_KIND_INFO[kind].defaultEmail,
  }));
}

async function storeSetting(
  db: Database,
  userId: string,
  kind: NotificationKind,
  email: NotificationEmailMode,
  now: Date,
) {
  await db
    .insert(notificationSettings)
    .values({ userId, kind, email, updatedAt: now })
    .onConflictDoUpdate({
      target: [notificationSettings.userId, notificationSettings.kind],
      set: { email, updatedAt: now },
    });
}

/**
 * Chooses how one kind comes by e-mail. Notifications already waiting for the digest or an
 * e-mail follow the new choice: turning a kind off sends none of them.
 */
export async function setNotificationSetting(
  ctx: Pick<Call, 'db' | 'actor'> & Pick<Call, 'now'>,
  setting: NotificationSetting,
): Promise<NotificationSetting[]> {
  const { db, actor } = ctx;
  const now = ctx.now();
  const me = requireMemberRight(actor, 'participate');
  await storeSetting(db, me.id, setting.kind, setting.email, now);
  await followNewChoice(db, me.id, [setting.kind], setting.email);
  return settingsOf(db, me.id, can(me, 'moderate'));
}

async function followNewChoice(
  db: Database,
  userId: string,
  kinds: NotificationKind[],
  email: NotificationEmailMode,
) {
  await db
    .update(notifications)
    .set({ emailMode: email })
    .where(
      and(
        eq(notifications.userId, userId),
        inArray(notifications.kind, kinds),
        isNull(notifications.emailedAt),
      ),
    );
}

// ── One-click unsubscribe (RFC 8058) ──────────────────────────────────────────────────────────

/** What an unsubscribe link turns off: one kind's e-mail, or every kind sent in the digest. */
export type UnsubscribeScope = NotificationKind | 'digest';

const signatureOf = (secret: string, userId: string, scope: UnsubscribeScope) =>
  createHmac('sha256', secret)
    .update(`notification-unsubscribe:${userId}:${scope}`)
    .digest('base64url')
    .slice(0, 32);

/** The token of an e-mail's unsubscribe link: who and what, signed with the site's secret. */
export function unsubscribeToken(secret: string, userId: string, scope: UnsubscribeScope) {
  return `${Buffer.from(userId).toString('base64url')}.${scope}.${signatureOf(secret, userId, scope)}`;
}

/** Who and what a token names, or null when it is not one this site signed. */
export function readUnsubscribeToken(
  secret: string,
  token: string,
): { userId: string; scope: UnsubscribeScope } | null {
  const [encodedUser, scope, signature] = token.split('.');
  if (!encodedUser || !scope || !signature) return null;
  if (scope !== 'digest' && !(NOTIFICATION_KINDS as readonly string[]).includes(scope)) {
    return null;
  }
  const userId = Buffer.from(encodedUser, 'base64url').toString('utf8');
  const expected = Buffer.from(signatureOf(secret, userId, scope as UnsubscribeScope));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  return { userId, scope: scope as UnsubscribeScope };
}

/**
 * Follows an unsubscribe link, signed in or not: the kind it names (or every kind the digest
 * carries) comes by e-mail no more. Answers which kinds were turned off.
 */
export async function unsubscribeByToken(
  ctx: Pick<Call, 'db'> & Pick<Call, 'now'>,
  secret: string,
  token: string,
): Promise<{ kinds: NotificationKind[] }> {
  const { db } = ctx;
  const now = ctx.now();
  const read = readUnsubscribeToken(secret, token);
  if (!read) throw new ServiceError('invalid', NOTIFICATION_MESSAGES.badUnsubscribe);
  const [user] = await db
    .select({ id: users.id, role: users.role })
    .from(users)
    .where(eq(users.id, read.userId))
    .limit(1);
  if (!user) throw new ServiceError('invalid', NOTIFICATION_MESSAGES.badUnsubscribe);
  const kinds =
    read.scope === 'digest'
      ? (await settingsOf(db, user.id, can(user, 'moderate')))
          .filter((setting) => setting.email === 'digest')
          .map((setting) => setting.kind)
      : [read.scope];
  for (const kind of kinds) await storeSetting(db, user.id, kind, 'off', now);
  if (kinds.length > 0) await followNewChoice(db, user.id, kinds, 'off');
  return { kinds };
}
