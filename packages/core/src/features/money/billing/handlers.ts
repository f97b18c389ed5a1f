import { partnerBilling } from '../partner/partner-billing';
import { supporterBilling } from '../supporter/supporter-billing';
import type { BillingHandlers } from './billing-handlers';

/**
 * What each kind of subscription does when Stripe reports on it (docs/billing.md). A kind
 * without a handler is still recorded in billing_subscriptions; nothing else happens.
 */
export const BILLING_HANDLERS: BillingHandlers = {
  supporter: supporterBilling,
  partner: partnerBilling,
};
