import type { Config } from '../../../platform/config/config';
import type { Database } from '../../../platform/db/client';
import type { BillingKind, BillingSubscription } from '../../../platform/db/schema';
import type { Logger } from '../../../platform/logging/logger';

/**
 * Stripe statuses that keep what was paid for: active, in a trial, or a renewal Stripe is
 * still retrying (past_due). unpaid, paused, canceled, incomplete and incomplete_expired do not.
 */
export const ENTITLED_STATUSES = ['active', 'trialing', 'past_due'] as const;

export const isEntitled = (status: string) =>
  (ENTITLED_STATUSES as readonly string[]).includes(status);

/** What a handler is told when a subscription of its kind changed (or first appeared). */
export interface SubscriptionChange {
  /** The row as it is now (after the change). */
  subscription: BillingSubscription;
  /** The row before, or null when this event made it. */
  previous: BillingSubscription | null;
  /** Whether the subscription now gives what was paid for (`ENTITLED_STATUSES`). */
  entitled: boolean;
}

/** A paid invoice of a subscription of the handler's kind (a renewal, or the first payment). */
export interface InvoicePaid {
  /** Stripe's invoice id (in_...): unique, so a handler can record it once. */
  invoiceId: string;
  subscription: BillingSubscription;
  /** In the currency's smallest unit. */
  amountPaid: number;
  currency: string;
  paidAt: Date;
}

/** What a handler may use besides the transaction. */
export interface BillingHandlerContext {
  config: Config;
  log: Logger;
  now: Date;
}

/**
 * What one kind of subscription does when Stripe reports on it. Each method runs inside the
 * webhook's transaction (`tx`): if it throws, nothing of the event is kept, the webhook
 * answers 500 and Stripe delivers the event again later. It is called once per event id.
 */
export interface BillingHandler {
  subscriptionChanged(
    tx: Database,
    change: SubscriptionChange,
    context: BillingHandlerContext,
  ): Promise<void>;
  invoicePaid?(tx: Database, invoice: InvoicePaid, context: BillingHandlerContext): Promise<void>;
}

export type BillingHandlers = Partial<Record<BillingKind, BillingHandler>>;
