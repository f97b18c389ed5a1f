import Stripe from 'stripe';

/**
 * Stripe events for tests, shaped as Stripe sends them (API version of the stripe library),
 * and signed with Stripe's own scheme through its library (`generateTestHeaderString`).
 */
const stripe = new Stripe('sk_test_events');

export interface SubscriptionFacts {
  id: string;
  status: string;
  customer: string;
  /** The site's metadata (kind, target, member), as Checkout put it on the subscription. */
  metadata?: Record<string, string>;
  periodEnd?: number;
  cancelAtPeriodEnd?: boolean;
  priceId?: string;
}

let sequence = 0;
const nextId = (prefix: string) => `${prefix}_test${Date.now().toString(36)}${(sequence += 1)}`;

function event(type: string, created: number, object: object, id = nextId('evt')) {
  return {
    id,
    object: 'event',
    api_version: Stripe.API_VERSION,
    created,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object },
  };
}

export type TestEvent = ReturnType<typeof event>;

export function subscriptionEvent(
  type:
    | 'customer.subscription.created'
    | 'customer.subscription.updated'
    | 'customer.subscription.deleted',
  created: number,
  facts: SubscriptionFacts,
  id?: string,
): TestEvent {
  const periodEnd = facts.periodEnd ?? created + 30 * 86400;
  return event(
    type,
    created,
    {
      id: facts.id,
      object: 'subscription',
      customer: facts.customer,
      status: facts.status,
      cancel_at_period_end: facts.cancelAtPeriodEnd ?? false,
      cancel_at: null,
      canceled_at: facts.status === 'canceled' ? created : null,
      metadata: facts.metadata ?? {},
      items: {
        object: 'list',
        data: [
          {
            id: `si_${facts.id}`,
            object: 'subscription_item',
            current_period_start: periodEnd - 30 * 86400,
            current_period_end: periodEnd,
            price: { id: facts.priceId ?? 'price_supporter', object: 'price', recurring: {} },
            quantity: 1,
          },
        ],
      },
    },
    id,
  );
}

export function checkoutCompletedEvent(
  created: number,
  facts: {
    subscription: string;
    customer: string;
    metadata: Record<string, string>;
    userId: string;
  },
  id?: string,
): TestEvent {
  return event(
    'checkout.session.completed',
    created,
    {
      id: nextId('cs'),
      object: 'checkout.session',
      mode: 'subscription',
      status: 'complete',
      payment_status: 'paid',
      customer: facts.customer,
      subscription: facts.subscription,
      client_reference_id: facts.userId,
      metadata: facts.metadata,
    },
    id,
  );
}

export function invoicePaidEvent(
  created: number,
  facts: { subscription: string; customer: string; amountPaid: number; currency?: string },
  id?: string,
): TestEvent {
  return event(
    'invoice.paid',
    created,
    {
      id: nextId('in'),
      object: 'invoice',
      customer: facts.customer,
      status: 'paid',
      amount_paid: facts.amountPaid,
      currency: facts.currency ?? 'usd',
      status_transitions: { paid_at: created },
      parent: {
        type: 'subscription_details',
        subscription_details: { subscription: facts.subscription, metadata: {} },
      },
    },
    id,
  );
}

/** The body and its Stripe-Signature header, signed with `secret` at `timestamp` (seconds). */
export function signEvent(
  payload: object,
  secret: string,
  timestamp = Math.floor(Date.now() / 1000),
): { body: string; signature: string } {
  const body = JSON.stringify(payload, null, 2);
  return {
    body,
    signature: stripe.webhooks.generateTestHeaderString({ payload: body, secret, timestamp }),
  };
}
