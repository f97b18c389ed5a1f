import type { BillingHandler } from '../billing';
import {
  PARTNER_SUBSCRIPTION_STATES,
  type PartnerSubscriptionState,
} from '../../../platform/db/schema';
import { partnersByIds, recordPayment, recordSubscription } from './partner.service';

/** Stripe's status as one the partner tables keep (states it does not name close access). */
function stateOf(status: string): PartnerSubscriptionState {
  return (PARTNER_SUBSCRIPTION_STATES as readonly string[]).includes(status)
    ? (status as PartnerSubscriptionState)
    : 'canceled';
}

/**
 * What a partner subscription does when Stripe reports on it (docs/billing.md, docs/partner.md):
 * the member's state for the channel (`target_id` is the partner's id) follows Stripe's, which
 * the premium rule reads; each paid invoice is recorded once as the channel's earnings. A
 * subscription naming no known channel is left alone (the billing core still keeps it).
 */
export const partnerBilling: BillingHandler = {
  async subscriptionChanged(tx, { subscription }, context) {
    if (!subscription.userId) return;
    const [partner] = await partnersByIds(tx, [subscription.targetId]);
    if (!partner) {
      context.log.warn({ subscription: subscription.id }, 'partner billing: unknown channel');
      return;
    }
    await recordSubscription(
      { db: tx, now: () => context.now },
      {
        partnerId: partner.id,
        userId: subscription.userId,
        status: stateOf(subscription.status),
        stripeSubscriptionId: subscription.id,
        stripeCustomerId: subscription.stripeCustomerId,
        currentPeriodEnd: subscription.currentPeriodEnd,
      },
    );
  },
  async invoicePaid(tx, invoice) {
    const [partner] = await partnersByIds(tx, [invoice.subscription.targetId]);
    if (!partner) return;
    await recordPayment(tx, {
      invoiceId: invoice.invoiceId,
      partnerId: partner.id,
      userId: invoice.subscription.userId,
      amountCents: invoice.amountPaid,
      currency: invoice.currency,
      paidAt: invoice.paidAt,
    });
  },
};
