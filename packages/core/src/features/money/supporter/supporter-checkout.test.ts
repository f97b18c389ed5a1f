import { afterAll, describe, expect, it } from 'vitest';
import type { Actor } from '../../../access/actor';
import { dispatch } from '../../../kernel/dispatch';
import { loadConfig } from '../../../platform/config/config';
import { billingCustomers } from '../../../platform/db/schema';
import { createUser } from '../../../../test-support/factories';
import { startStripeStandIn } from '../../../../test-support/stripe-stand-in';
import { createTestContext } from '../../../../test-support/test-context';
import { createTestDatabase } from '../../../../test-support/test-db';
import { supportEndpoint } from './supporter.endpoints';
import { SUPPORTER_MESSAGES } from './supporter.service';

/**
 * Checkout and the billing portal, through the stripe library against a local stand-in of
 * Stripe's API (this machine cannot reach api.stripe.com; docs/billing.md walks the real one).
 */
const { db } = await createTestDatabase();
const stripe = await startStripeStandIn();
afterAll(() => stripe.close());

const PUBLIC_URL = 'https://cutroom.example';
const config = loadConfig({
  NODE_ENV: 'test',
  PUBLIC_URL,
  STRIPE_SECRET_KEY: 'sk_test_checkout',
  STRIPE_WEBHOOK_SECRET: 'whsec_checkout',
  STRIPE_SUPPORTER_PRICE_ID: 'price_supporter_monthly',
  SUPPORTER_PRICE_TEXT: '€4 a month',
  STRIPE_API_URL: stripe.url,
});
const offConfig = loadConfig({ NODE_ENV: 'test', PUBLIC_URL, STRIPE_API_URL: stripe.url });

const call = (actor: Actor | null, mode: string, withConfig = config) =>
  dispatch(supportEndpoint, { mode }, createTestContext(db, { actor, config: withConfig }));

describe('becoming a supporter through Stripe Checkout', () => {
  it('sends a subscription Checkout for the configured price, with the member in its metadata', async () => {
    const { user, actor } = await createUser(db);
    const before = stripe.calls.length;
    const answer = await call(actor, 'Checkout');
    expect(answer.status).toBe(200);
    expect(answer.body.url).toMatch(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_/);
    expect(stripe.calls).toHaveLength(before + 1);
    const sent = stripe.calls.at(-1)!;
    expect(sent.path).toBe('/v1/checkout/sessions');
    expect(sent.authorization).toBe('Bearer sk_test_checkout');
    expect(sent.form).toMatchObject({
      mode: 'subscription',
      'line_items[0][price]': 'price_supporter_monthly',
      'line_items[0][quantity]': '1',
      customer_email: user.email,
      client_reference_id: user.id,
      success_url: `${PUBLIC_URL}/support?checkout=success`,
      cancel_url: `${PUBLIC_URL}/support?checkout=cancelled`,
      'metadata[cutroom_kind]': 'supporter',
      'metadata[cutroom_target]': user.id,
      'metadata[cutroom_user]': user.id,
      'subscription_data[metadata][cutroom_kind]': 'supporter',
      'subscription_data[metadata][cutroom_user]': user.id,
    });
    expect(sent.form).not.toHaveProperty('customer');
  });

  it('reuses the Stripe customer of a member who paid before, and opens their billing portal', async () => {
    const { user, actor } = await createUser(db);
    await db.insert(billingCustomers).values({ userId: user.id, stripeCustomerId: 'cus_known' });
    await call(actor, 'Checkout');
    expect(stripe.calls.at(-1)!.form).toMatchObject({ customer: 'cus_known' });
    expect(stripe.calls.at(-1)!.form).not.toHaveProperty('customer_email');
    const portal = await call(actor, 'Portal');
    expect(portal.status).toBe(200);
    expect(portal.body.url).toMatch(/^https:\/\/billing\.stripe\.com\//);
    expect(stripe.calls.at(-1)).toMatchObject({
      path: '/v1/billing_portal/sessions',
      form: { customer: 'cus_known', return_url: `${PUBLIC_URL}/support` },
    });
  });

  it('refuses the portal to a member without a billing account, asking Stripe nothing', async () => {
    const { actor } = await createUser(db);
    const before = stripe.calls.length;
    const answer = await call(actor, 'Portal');
    expect(answer.status).toBe(409);
    expect(stripe.calls).toHaveLength(before);
  });

  it('asks a visitor to sign in and an unverified account to verify', async () => {
    expect((await call(null, 'Checkout')).status).toBe(401);
    const { actor } = await createUser(db, { emailVerified: false });
    expect((await call(actor, 'Checkout')).status).toBe(403);
  });

  it('without Stripe keys: the price is shown, payments are off, and no call is made', async () => {
    const { actor } = await createUser(db);
    const before = stripe.calls.length;
    const status = await call(actor, 'Status', offConfig);
    expect(status.body).toMatchObject({ paymentsEnabled: false, priceText: '$5 a month' });
    const checkout = await call(actor, 'Checkout', offConfig);
    expect(checkout).toMatchObject({
      status: 409,
      body: { error: SUPPORTER_MESSAGES.notForSale },
    });
    expect(stripe.calls).toHaveLength(before);
  });

  it('a Stripe that does not answer is a 503 saying to try again', async () => {
    const { actor } = await createUser(db);
    const gone = loadConfig({
      NODE_ENV: 'test',
      STRIPE_SECRET_KEY: 'sk_test_gone',
      STRIPE_WEBHOOK_SECRET: 'whsec_gone',
      STRIPE_SUPPORTER_PRICE_ID: 'price_x',
      STRIPE_API_URL: 'http://127.0.0.1:9',
    });
    const answer = await call(actor, 'Checkout', gone);
    expect(answer.status).toBe(503);
  });

  it('tells a member their status: not a supporter yet, price and payments on', async () => {
    const { actor } = await createUser(db);
    const status = await call(actor, 'Status');
    expect(status.body).toMatchObject({
      paymentsEnabled: true,
      priceText: '€4 a month',
      member: { isSupporter: false, subscription: null, canManageBilling: false },
    });
    expect((await call(null, 'Status')).body).toMatchObject({ member: null });
  });
});
