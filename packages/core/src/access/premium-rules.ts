import { and, eq } from 'drizzle-orm';
import type { Database } from '../platform/db/client';
import {
  partnerSubscriptions,
  type PartnerSubscriptionState,
  type partners,
} from '../platform/db/schema';
import { can } from './rights';
import type { Call } from './call';

/**
 * Subscription states that open premium videos (Stripe's own names): active, in a trial, or a
 * renewal Stripe is still retrying (past_due), as for the supporter rank (docs/billing.md).
 */
export const ACTIVE_STATES: readonly PartnerSubscriptionState[] = [
  'active',
  'trialing',
  'past_due',
];

/** Whether the member pays for the channel now (an active or trialing subscription). */
export async function isActiveSubscriber(
  db: Database,
  partnerId: string,
  userId: string,
): Promise<boolean> {
  const [row] = await db
    .select({ status: partnerSubscriptions.status })
    .from(partnerSubscriptions)
    .where(
      and(eq(partnerSubscriptions.partnerId, partnerId), eq(partnerSubscriptions.userId, userId)),
    )
    .limit(1);
  return row != null && ACTIVE_STATES.includes(row.status);
}

/**
 * The premium rule: a premium video plays for the channel's active subscribers, the partner
 * itself and staff (moderators and administrators); a free one for everyone.
 */
export async function mayWatch(
  { db, actor }: Pick<Call, 'db' | 'actor'>,
  partner: Pick<typeof partners.$inferSelect, 'id' | 'userId'>,
  isPremium: boolean,
): Promise<boolean> {
  if (!isPremium) return true;
  if (!actor || !actor.emailVerified) return false;
  if (actor.id === partner.userId || can(actor, 'moderate')) return true;
  return isActiveSubscriber(db, partner.id, actor.id);
}
