import { and, eq, inArray, ne } from 'drizzle-orm';
import { billingSubscriptions, supporterGrants, users } from '../../../platform/db/schema';
import { ENTITLED_STATUSES, type BillingHandler } from '../billing';
import type { Call } from '../../../access/call';

/**
 * Makes a member's supporter flag (and so the Supporter rank) what it should be: on while a
 * supporter subscription of theirs is paid up (ENTITLED_STATUSES) or staff granted it by
 * hand, off otherwise. Answers the flag.
 */
export async function syncSupporterFlag(
  ctx: Pick<Call, 'db' | 'now'>,
  userId: string,
): Promise<boolean> {
  const { db: tx } = ctx;
  const now = ctx.now();
  const [paid, granted] = await Promise.all([
    tx
      .select({ id: billingSubscriptions.id })
      .from(billingSubscriptions)
      .where(
        and(
          eq(billingSubscriptions.kind, 'supporter'),
          eq(billingSubscriptions.targetId, userId),
          inArray(billingSubscriptions.status, [...ENTITLED_STATUSES]),
        ),
      )
      .limit(1),
    tx
      .select({ userId: supporterGrants.userId })
      .from(supporterGrants)
      .where(eq(supporterGrants.userId, userId))
      .limit(1),
  ]);
  const isSupporter = paid.length > 0 || granted.length > 0;
  await tx
    .update(users)
    .set({ isSupporter, updatedAt: now })
    .where(and(eq(users.id, userId), ne(users.isSupporter, isSupporter)));
  return isSupporter;
}

/** The supporter kind of billing: a change of the subscription re-decides the member's flag. */
export const supporterBilling: BillingHandler = {
  async subscriptionChanged(tx, { subscription }, { now, log }) {
    const isSupporter = await syncSupporterFlag({ db: tx, now: () => now }, subscription.targetId);
    log.info(
      {
        user: subscription.targetId,
        subscription: subscription.id,
        status: subscription.status,
        isSupporter,
      },
      'supporter: subscription changed',
    );
  },
};
