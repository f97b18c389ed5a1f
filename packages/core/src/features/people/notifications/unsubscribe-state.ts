import { eq } from 'drizzle-orm';
import { can } from '../../../access/rights';
import type { Database } from '../../../platform/db/client';
import { users } from '../../../platform/db/schema';
import { settingsOf, type UnsubscribeScope } from './notifications.service';

/**
 * Whether what an unsubscribe link names comes by e-mail no more: its kind is off, or (the
 * digest's link) no kind the member may be told of is sent in the digest (staff's kinds only
 * for staff). The /unsubscribe page then says it is done instead of asking again
 * (docs/notifications.md).
 */
export async function isUnsubscribed(
  db: Database,
  link: { userId: string; scope: UnsubscribeScope },
): Promise<boolean> {
  const [user] = await db
    .select({ id: users.id, role: users.role })
    .from(users)
    .where(eq(users.id, link.userId))
    .limit(1);
  if (!user) return false;
  const settings = await settingsOf(db, user.id, can(user, 'moderate'));
  if (link.scope === 'digest') return settings.every((setting) => setting.email !== 'digest');
  return settings.find((setting) => setting.kind === link.scope)?.email === 'off';
}
