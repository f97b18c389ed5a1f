import { and, asc, eq, inArray, isNull, lte, or } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../../platform/db/client';
import { notifications, users, type NotificationKind } from '../../../platform/db/schema';
import type { JobQueue } from '../../../platform/jobs/job-queue';
import type { Logger } from '../../../platform/logging/logger';
import type { Mailer, MailMessage } from '../../../platform/mail/mailer';
import { notificationSentence } from './notification-kinds';
import { notificationDigestJob, notificationMailJob } from './notification-jobs';
import { unsubscribeToken, type UnsubscribeScope } from './notifications.service';
import type { Call } from '../../../access/call';

/** What notification e-mails need to know of the site. */
export interface NotificationMailSettings {
  /** Links start with it. */
  publicUrl: string;
  siteName: string;
  /** Signs the unsubscribe links (AUTH_SECRET). */
  secret: string;
}

/** The page a member lands on from an e-mail's unsubscribe link (it asks for one press). */
export const UNSUBSCRIBE_PAGE_PATH = '/unsubscribe';
/** Where mail programs POST `List-Unsubscribe=One-Click` (RFC 8058). */
export const UNSUBSCRIBE_POST_PATH = '/api/notifications/unsubscribe';

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

const actor = alias(users, 'actor');

interface DueRow {
  id: string;
  userId: string;
  kind: NotificationKind;
  targetPath: string;
  targetTitle: string;
  detail: string;
  email: string;
  username: string;
  actorUsername: string | null;
}

/** Claims the waiting notifications of one e-mail mode: each is claimed by one sender only. */
async function claim(
  db: Database,
  mode: 'immediate' | 'digest',
  now: Date,
  limit: number,
): Promise<DueRow[]> {
  const due = await db
    .select({
      id: notifications.id,
      userId: notifications.userId,
      kind: notifications.kind,
      targetPath: notifications.targetPath,
      targetTitle: notifications.targetTitle,
      detail: notifications.detail,
      email: users.email,
      username: users.username,
      actorUsername: actor.username,
    })
    .from(notifications)
    .innerJoin(users, eq(users.id, notifications.userId))
    .leftJoin(actor, eq(actor.id, notifications.actorId))
    .where(
      and(
        eq(notifications.emailMode, mode),
        isNull(notifications.emailedAt),
        lte(notifications.createdAt, now),
        // Unverified and disabled accounts get no mail; theirs wait. A disabled account is
        // told that it is, and why: that mail is the only way it hears.
        eq(users.emailVerified, true),
        or(eq(users.banned, false), eq(notifications.kind, 'account_disabled')),
      ),
    )
    .orderBy(asc(notifications.createdAt))
    .limit(limit);
  if (due.length === 0) return [];
  const claimed = await db
    .update(notifications)
    .set({ emailedAt: now })
    .where(
      and(
        inArray(
          notifications.id,
          due.map((row) => row.id),
        ),
        isNull(notifications.emailedAt),
        eq(notifications.emailMode, mode),
      ),
    )
    .returning({ id: notifications.id });
  const mine = new Set(claimed.map((row) => row.id));
  return due.filter((row) => mine.has(row.id));
}

/** Gives claimed notifications back when their e-mail could not be sent (the retry sends it). */
async function release(db: Database, ids: string[]) {
  if (ids.length === 0) return;
  await db.update(notifications).set({ emailedAt: null }).where(inArray(notifications.id, ids));
}

/** The unsubscribe links of a mail: the page for people, the POST target for mail programs. */
export function unsubscribeLinks(
  settings: NotificationMailSettings,
  userId: string,
  scope: UnsubscribeScope,
) {
  const token = unsubscribeToken(settings.secret, userId, scope);
  const query = `token=${encodeURIComponent(token)}`;
  return {
    page: `${settings.publicUrl}${UNSUBSCRIBE_PAGE_PATH}?${query}`,
    post: `${settings.publicUrl}${UNSUBSCRIBE_POST_PATH}?${query}`,
  };
}

function notificationMail(
  settings: NotificationMailSettings,
  options: {
    to: string;
    username: string;
    subject: string;
    intro: string;
    items: { text: string; detail: string; link: string }[];
    userId: string;
    scope: UnsubscribeScope;
    stopLine: string;
  },
): MailMessage {
  const links = unsubscribeLinks(settings, options.userId, options.scope);
  const settingsLink = `${settings.publicUrl}/profile/settings/notifications`;
  const text = [
    `Hello ${options.username},`,
    '',
    options.intro,
    '',
    ...options.items.flatMap((item) => [
      `- ${item.text}`,
      ...(item.detail ? [`  ${item.detail}`] : []),
      `  ${item.link}`,
    ]),
    '',
    `${options.stopLine}: ${links.page}`,
    `Choose what comes by e-mail: ${settingsLink}`,
  ].join('\n');
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5">
<p>${escapeHtml(`Hello ${options.username},`)}</p>
<p>${escapeHtml(options.intro)}</p>
<ul>
${options.items.map((item) => `<li><a href="${escapeHtml(item.link)}">${escapeHtml(item.text)}</a>${item.detail ? `<br>${escapeHtml(item.detail)}` : ''}</li>`).join('\n')}
</ul>
<p style="color:#666"><a href="${escapeHtml(links.page)}">${escapeHtml(options.stopLine)}</a> · <a href="${escapeHtml(settingsLink)}">Choose what comes by e-mail</a></p>
</body></html>`;
  return {
    to: options.to,
    subject: options.subject,
    text,
    html,
    headers: {
      'List-Unsubscribe': `<${links.post}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

const itemOf = (settings: NotificationMailSettings, row: DueRow) => ({
  text: notificationSentence(row.kind, row.actorUsername, row.targetTitle),
  detail: row.detail,
  link: `${settings.publicUrl}${row.targetPath}`,
});

/**
 * Sends every notification e-mail due at once, one mail each, and answers how many went. A
 * mail that fails is given back (and the job retried); the others stay sent.
 */
export async function sendDueNotificationMails(
  ctx: Pick<Call, 'db'> & Pick<Call, 'now'>,
  mailer: Mailer,
  settings: NotificationMailSettings,
): Promise<number> {
  const { db } = ctx;
  const now = ctx.now();
  let sent = 0;
  for (;;) {
    const rows = await claim(db, 'immediate', now, 50);
    if (rows.length === 0) return sent;
    for (const [index, row] of rows.entries()) {
      const item = itemOf(settings, row);
      try {
        await mailer.send(
          notificationMail(settings, {
            to: row.email,
            username: row.username,
            subject: `${item.text} - ${settings.siteName}`.slice(0, 200),
            intro: `You have a new notification on ${settings.siteName}:`,
            items: [item],
            userId: row.userId,
            scope: row.kind,
            stopLine: 'Stop these e-mails',
          }),
        );
        sent++;
      } catch (error) {
        await release(
          db,
          rows.slice(index).map((rest) => rest.id),
        );
        throw error;
      }
    }
  }
}

/** Sends each member one digest of their notifications waiting for it; answers how many mails. */
export async function sendNotificationDigests(
  ctx: Pick<Call, 'db'> & Pick<Call, 'now'>,
  mailer: Mailer,
  settings: NotificationMailSettings,
): Promise<number> {
  const { db } = ctx;
  const now = ctx.now();
  let mails = 0;
  for (;;) {
    const rows = await claim(db, 'digest', now, 500);
    if (rows.length === 0) return mails;
    const byUser = new Map<string, DueRow[]>();
    for (const row of rows) byUser.set(row.userId, [...(byUser.get(row.userId) ?? []), row]);
    const pending = [...byUser.values()];
    for (const [index, list] of pending.entries()) {
      const first = list[0]!;
      try {
        await mailer.send(
          notificationMail(settings, {
            to: first.email,
            username: first.username,
            subject: `Your daily digest: ${list.length} notification${list.length === 1 ? '' : 's'} - ${settings.siteName}`,
            intro: `What happened on ${settings.siteName} since your last digest:`,
            items: list.map((row) => itemOf(settings, row)),
            userId: first.userId,
            scope: 'digest',
            stopLine: 'Stop the daily digest',
          }),
        );
        mails++;
      } catch (error) {
        await release(
          db,
          pending.slice(index).flatMap((rest) => rest.map((row) => row.id)),
        );
        throw error;
      }
    }
  }
}

/**
 * Works the notification e-mail jobs in this process: the at-once sweep (queued by each new
 * notification, and run every minute besides) and the daily digest on `digestCron`.
 */
export async function startNotificationJobs(
  queue: JobQueue,
  options: {
    db: Database;
    mailer: Mailer;
    settings: NotificationMailSettings;
    log: Logger;
    /** When the digest goes out (cron, UTC). */
    digestCron: string;
  },
): Promise<{ stop(): Promise<void> }> {
  const { db, mailer, settings, log } = options;
  await queue.ensureQueue(notificationMailJob);
  await queue.ensureQueue(notificationDigestJob);
  const polling = { batchSize: 1 };
  await queue.work(notificationMailJob, polling, async () => {
    const sent = await sendDueNotificationMails({ db, now: () => new Date() }, mailer, settings);
    if (sent > 0) log.info({ sent }, 'notification e-mails sent');
  });
  await queue.work(notificationDigestJob, polling, async () => {
    const sent = await sendNotificationDigests({ db, now: () => new Date() }, mailer, settings);
    log.info({ sent }, 'notification digests sent');
  });
  await queue.boss.schedule(notificationMailJob.name, '* * * * *', {});
  await queue.boss.schedule(notificationDigestJob.name, options.digestCron, {});
  return {
    async stop() {
      await queue.offWork(notificationMailJob, { wait: true });
      await queue.offWork(notificationDigestJob, { wait: true });
    },
  };
}
