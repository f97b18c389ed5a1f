import { and, desc, eq } from 'drizzle-orm';
import { ServiceError } from '../../../kernel/errors/service-error';
import type { Database } from '../../../platform/db/client';
import {
  billingCustomers,
  billingSubscriptions,
  type BillingKind,
  type BillingSubscription,
} from '../../../platform/db/schema';
import { stripeClientOf } from './stripe-client';
import { METADATA, type WebhookContext } from './webhook';

export const BILLING_MESSAGES = {
  off: 'Payments are not set up on this site',
  unreachable: 'The payment service did not answer. Please try again in a moment',
  noCustomer: 'You have no billing account yet',
} as const;

/** What a Checkout session is for and who pays. */
export interface CheckoutRequest {
  kind: BillingKind;
  /** The member's id for a supporter subscription, the partner's id for a partner one. */
  targetId: string;
  /** A recurring Stripe price (price_...). */
  priceId: string;
  user: { id: string; email: string };
  /** Where Stripe sends the member back after paying, and after giving up. */
  successUrl: string;
  cancelUrl: string;
  /** More metadata for the session and its subscription (at most 20 keys of Stripe's 50). */
  metadata?: Record<string, string>;
}

async function callStripe<T>(context: WebhookContext, what: string, call: () => Promise<T>) {
  try {
    return await call();
  } catch (error) {
    context.log.error({ err: error }, `billing: ${what} failed`);
    throw new ServiceError('unavailable', BILLING_MESSAGES.unreachable);
  }
}

/** The member's Stripe customer id, once Checkout made one. */
export async function stripeCustomerOf(db: Database, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ id: billingCustomers.stripeCustomerId })
    .from(billingCustomers)
    .where(eq(billingCustomers.userId, userId))
    .limit(1);
  return row?.id ?? null;
}

/**
 * Opens a Stripe Checkout session for a subscription (hosted: no card data reaches the site)
 * and answers the URL to send the member to. The session and the subscription it makes carry
 * the kind, target and member in their metadata, which the webhook reads back.
 */
export async function createCheckoutSession(
  context: WebhookContext,
  request: CheckoutRequest,
): Promise<{ id: string; url: string }> {
  const stripe = stripeClientOf(context.config);
  if (!stripe) throw new ServiceError('conflict', BILLING_MESSAGES.off);
  const customer = await stripeCustomerOf(context.db, request.user.id);
  const metadata = {
    ...request.metadata,
    [METADATA.kind]: request.kind,
    [METADATA.target]: request.targetId,
    [METADATA.user]: request.user.id,
  };
  const session = await callStripe(context, 'checkout session', () =>
    stripe.checkout.sessions.create({
      mode: 'subscription',
      line_items: [{ price: request.priceId, quantity: 1 }],
      ...(customer ? { customer } : { customer_email: request.user.email }),
      client_reference_id: request.user.id,
      success_url: request.successUrl,
      cancel_url: request.cancelUrl,
      metadata,
      subscription_data: { metadata },
    }),
  );
  if (!session.url) throw new ServiceError('unavailable', BILLING_MESSAGES.unreachable);
  return { id: session.id, url: session.url };
}

/** Opens Stripe's billing portal for the member (cancel, change card, invoices). */
export async function createPortalSession(
  context: WebhookContext,
  userId: string,
  returnUrl: string,
): Promise<{ url: string }> {
  const stripe = stripeClientOf(context.config);
  if (!stripe) throw new ServiceError('conflict', BILLING_MESSAGES.off);
  const customer = await stripeCustomerOf(context.db, userId);
  if (!customer) throw new ServiceError('conflict', BILLING_MESSAGES.noCustomer);
  const session = await callStripe(context, 'billing portal session', () =>
    stripe.billingPortal.sessions.create({ customer, return_url: returnUrl }),
  );
  return { url: session.url };
}

/** The subscriptions of a kind a member pays for, the most recently changed first. */
export async function subscriptionsOf(
  db: Database,
  kind: BillingKind,
  userId: string,
): Promise<BillingSubscription[]> {
  return db
    .select()
    .from(billingSubscriptions)
    .where(and(eq(billingSubscriptions.kind, kind), eq(billingSubscriptions.userId, userId)))
    .orderBy(desc(billingSubscriptions.updatedAt));
}
