import { eq } from 'drizzle-orm';
import type { Database } from '../../../platform/db/client';
import { notificationSettings } from '../../../platform/db/schema';
import { NOTIFICATION_KIND_INFO, NOTIFICATION_KINDS } from './notification-kinds';
import type { UnsubscribeScope } from './notifications.service';

/**
 * Whether what an unsubscribe link names comes by e-mail no more: its kind is off, or (the
 * digest's link) no kind is sent in the digest. The /unsubscribe page then says it is done
 * instead of asking again (docs/notifications.md).
 */
export async function isUnsubscribed(
  db: Database,
  link: { userId: string; scope: UnsubscribeScope },
): Promise<boolean> {
  const rows = await db
    .select({ kind: notificationSettings.kind, email: notificationSettings.email })
    .from(notificationSettings)
    .where(eq(notificationSettings.userId, link.userId));
  const chosen = new Map(rows.map((row) => [row.kind, row.email]));
  const emailOf = (kind: (typeof NOTIFICATION_KINDS)[number]) =>
    chosen.get(kind) ?? NOTIFICATION_KIND_INFO[kind].defaultEmail;
  if (link.scope === 'digest')
    return NOTIFICATION_KINDS.every((kind) => emailOf(kind) !== 'digest');
  return emailOf(link.scope) === 'off';
}
