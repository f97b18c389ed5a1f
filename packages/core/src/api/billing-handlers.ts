import { partnerBilling } from '../features/money/partner/partner-billing';
import { supporterBilling } from '../features/money/supporter/supporter-billing';
import type { BillingHandlers } from '../features/money/billing/billing-handlers';

/**
 * What each kind of subscription does when Stripe reports on it (docs/billing.md). A kind
 * without a handler is still recorded in billing_subscriptions; nothing else happens. Composed
 * here, above the features, as billing knows none of the kinds it serves.
 */
export const BILLING_HANDLERS: BillingHandlers = {
  supporter: supporterBilling,
  partner: partnerBilling,
};
