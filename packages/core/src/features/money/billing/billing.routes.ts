import { defineRawRoute } from '../../../kernel/raw-route';

/**
 * Stripe's webhook (docs/billing.md): open to anyone, as Stripe signs in with no account, but
 * every body must carry a valid Stripe-Signature made with STRIPE_WEBHOOK_SECRET.
 */
export const stripeWebhookRoute = defineRawRoute({
  path: '/api/billing/webhook',
  methods: ['POST'],
  right: 'view',
  summary:
    "Stripe's webhook: the raw event body with its Stripe-Signature header (checked with STRIPE_WEBHOOK_SECRET; an unsigned, forged or stale body answers 400). Each event is applied once.",
  refusal: 'status',
});
