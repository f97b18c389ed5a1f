import Stripe from 'stripe';
import type { Config } from '../../../platform/config/config';

/** Whether payments are on: Stripe's secret key and the webhook's signing secret are both set. */
export function billingEnabled(config: Config): boolean {
  return Boolean(config.STRIPE_SECRET_KEY && config.STRIPE_WEBHOOK_SECRET);
}

const clients = new WeakMap<Config, Stripe>();

/**
 * The Stripe client of this configuration, or null when payments are off (no call is made
 * then). STRIPE_API_URL points it elsewhere than api.stripe.com: stripe-mock, or a test's
 * local stand-in.
 */
export function stripeClientOf(config: Config): Stripe | null {
  if (!billingEnabled(config)) return null;
  let client = clients.get(config);
  if (!client) {
    const api = config.STRIPE_API_URL ? new URL(config.STRIPE_API_URL) : null;
    client = new Stripe(config.STRIPE_SECRET_KEY!, {
      maxNetworkRetries: 1,
      timeout: 20_000,
      appInfo: { name: config.SITE_NAME },
      ...(api && {
        host: api.hostname,
        port: api.port || (api.protocol === 'http:' ? 80 : 443),
        protocol: api.protocol === 'http:' ? ('http' as const) : ('https' as const),
      }),
    });
    clients.set(config, client);
  }
  return client;
}

/**
 * The webhook verifier: Stripe's own signature scheme (HMAC-SHA256 of `{timestamp}.{body}`
 * with the endpoint's secret, five minutes' tolerance). It needs no API key, so a client made
 * with a placeholder key does.
 */
export const stripeWebhooks: Stripe['webhooks'] = new Stripe('sk_verify_only').webhooks;
