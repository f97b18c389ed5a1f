import { METADATA } from '@cutroom/core/features/money/billing/webhook';
import {
  checkoutCompletedEvent,
  signEvent,
  subscriptionEvent,
  type TestEvent,
} from '@cutroom/core/test-support/stripe-events';
import { startStripeStandIn } from '@cutroom/core/test-support/stripe-stand-in';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedUser, signInThroughApi } from '../support/accounts';
import { baseUrl, openPage, useOwnSite } from '../support/browser';
import { startSiteServer } from '../support/global-setup';
import { screenshot } from '../support/screenshots';

// Becoming a supporter (docs/billing.md) on a server of its own with payments set up against a
// local stand-in of Stripe's API (this machine cannot reach Stripe): the member is sent to the
// stand-in's Checkout page, and signed webhook events posted to the server grant and revoke.

const WEBHOOK_SECRET = 'whsec_e2e_supporter';
const PRICE = '€3 a month';
let stripe: Awaited<ReturnType<typeof startStripeStandIn>>;
let stopSite: () => Promise<void>;

beforeAll(async () => {
  stripe = await startStripeStandIn({ hostedPages: true });
  const site = await startSiteServer({
    RATE_LIMIT_SIGN_IN_MAX: '10000',
    RATE_LIMIT_REGISTER_MAX: '10000',
    STRIPE_SECRET_KEY: 'sk_test_e2e_supporter',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_SUPPORTER_PRICE_ID: 'price_e2e_supporter',
    SUPPORTER_PRICE_TEXT: PRICE,
    STRIPE_API_URL: stripe.url,
  });
  stopSite = site.stop;
  useOwnSite(site);
}, 120_000);

afterAll(async () => {
  await stopSite?.();
  await stripe?.close();
});

/** Posts an event to the webhook as Stripe does: the raw body and its signature. */
async function postWebhook(event: TestEvent, secret = WEBHOOK_SECRET) {
  const { body, signature } = signEvent(event, secret);
  const response = await fetch(`${baseUrl()}/api/billing/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    body,
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('the Supporter tier', () => {
  it('shows a visitor its benefits and price, and asks them to sign in', async () => {
    const page = await openPage();
    await page.goto('/support');
    await expect.poll(() => page.getByTestId('support-price').textContent()).toBe(PRICE);
    expect(await page.getByTestId('support-benefits').locator('li').count()).toBeGreaterThan(2);
    await page.getByRole('link', { name: 'Sign in to become a supporter' }).waitFor();
    await page.context().close();
  });

  it('a member pays through Checkout; the signed webhook grants the rank, a cancellation revokes it', async () => {
    const member = await createVerifiedUser();
    const page = await openPage({ viewport: { width: 1280, height: 900 } });
    await signInThroughApi(page.context(), member.email, member.password);
    await page.goto('/support');
    await page.getByTestId('promo-card').waitFor();
    await page.getByRole('button', { name: 'Become a supporter' }).click();
    await page.waitForURL(`${stripe.url}/c/pay/**`);
    // What the site asked Stripe for.
    const sent = stripe.calls.findLast((call) => call.path === '/v1/checkout/sessions')!;
    expect(sent.form).toMatchObject({
      mode: 'subscription',
      'line_items[0][price]': 'price_e2e_supporter',
      customer_email: member.email,
      success_url: `${baseUrl()}/support?checkout=success`,
    });
    const userId = sent.form[`metadata[${METADATA.user}]`]!;
    const subscription = {
      id: `sub_e2e_${userId.slice(0, 8)}`,
      customer: `cus_e2e_${userId.slice(0, 8)}`,
      metadata: {
        [METADATA.kind]: 'supporter',
        [METADATA.target]: userId,
        [METADATA.user]: userId,
      },
    };

    // Back from Checkout before Stripe's webhook: the page waits for it.
    await page.goto('/support?checkout=success');
    await page.getByTestId('support-waiting').waitFor();
    // A JSON body without a valid signature changes nothing.
    const forged = await postWebhook(
      subscriptionEvent('customer.subscription.created', 1, { ...subscription, status: 'active' }),
      'whsec_forged',
    );
    expect(forged.status).toBe(400);
    const now = Math.floor(Date.now() / 1000);
    const completed = await postWebhook(
      checkoutCompletedEvent(now, {
        subscription: subscription.id,
        customer: subscription.customer,
        metadata: subscription.metadata,
        userId,
      }),
    );
    expect(completed).toEqual({ status: 200, body: { received: true, outcome: 'applied' } });
    await postWebhook(
      subscriptionEvent('customer.subscription.updated', now + 1, {
        ...subscription,
        status: 'active',
      }),
    );
    await page.waitForURL('**/support?checkout=confirmed', { timeout: 15_000 });
    await page.getByTestId('support-thanks').waitFor();
    await page.getByText(/^Renews on /).waitFor();
    expect(await page.getByTestId('promo-card').count()).toBe(0);
    await screenshot(page, 'support-supporter-1280.png');

    // Manage billing opens Stripe's portal for their customer.
    await page.getByRole('button', { name: 'Manage billing' }).click();
    await page.waitForURL(`${stripe.url}/p/session/**`);
    expect(stripe.calls.at(-1)).toMatchObject({
      path: '/v1/billing_portal/sessions',
      form: { customer: subscription.customer, return_url: `${baseUrl()}/support` },
    });

    // Cancelled (from the portal): Stripe's deletion event takes the rank away.
    const deleted = await postWebhook(
      subscriptionEvent('customer.subscription.deleted', now + 60, {
        ...subscription,
        status: 'canceled',
      }),
    );
    expect(deleted.body.outcome).toBe('applied');
    await page.goto('/support');
    await page.getByRole('button', { name: 'Become a supporter' }).waitFor();
    await page.getByTestId('promo-card').waitFor();
    await page.context().close();
  });
});
