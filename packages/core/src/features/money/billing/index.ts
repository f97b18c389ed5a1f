// What money/billing offers the other features: they import it from here alone.

export { ENTITLED_STATUSES, isEntitled } from './billing-handlers';
export type { BillingHandler } from './billing-handlers';
export {
  createCheckoutSession,
  createPortalSession,
  stripeCustomerOf,
  subscriptionsOf,
} from './billing.service';
export { billingEnabled } from './stripe-client';
export type { WebhookContext } from './webhook';
