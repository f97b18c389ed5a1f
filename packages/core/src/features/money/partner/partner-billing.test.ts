import { describe, expect, it } from 'vitest';
import { BILLING_HANDLERS } from '../../../api/billing-handlers';
import { handleStripeWebhook, METADATA, type WebhookContext } from '../billing/webhook';
import { loadConfig } from '../../../platform/config/config';
import { createUser } from '../../../../test-support/factories';
import {
  invoicePaidEvent,
  signEvent,
  subscriptionEvent,
  type TestEvent,
} from '../../../../test-support/stripe-events';
import { createTestContext } from '../../../../test-support/test-context';
import { createTestDatabase } from '../../../../test-support/test-db';
import { createVideo } from '../../../../test-support/video-factory';
import {
  addToChannel,
  createPartner,
  listEarnings,
  listMemberSubscriptions,
  mayFetchMedia,
} from './partner.service';

const { db } = await createTestDatabase();
const SECRET = 'whsec_test_partner';
const config = loadConfig({
  NODE_ENV: 'test',
  STRIPE_SECRET_KEY: 'sk_test_partner',
  STRIPE_WEBHOOK_SECRET: SECRET,
});
const context: WebhookContext = { ...createTestContext(db, { config }), config };

async function deliver(event: TestEvent) {
  const { body, signature } = signEvent(event, SECRET);
  return handleStripeWebhook(context, body, signature, BILLING_HANDLERS);
}

describe('partner subscriptions through the signed Stripe webhook', () => {
  it('opens premium videos while Stripe says active, records each paid invoice, closes on cancel', async () => {
    const owner = await createUser(db);
    const fan = await createUser(db);
    const partner = await createPartner(
      { db, now: () => new Date() },
      { username: owner.user.username, slug: config.PARTNER_SLUG, name: 'Channel' },
    );
    const video = await createVideo(db, { ownerId: owner.user.id });
    await addToChannel(db, partner, video.id, true);
    const facts = (status: string) => ({
      id: 'sub_partner1',
      customer: 'cus_partner1',
      status,
      priceId: 'price_partner',
      metadata: {
        [METADATA.kind]: 'partner',
        [METADATA.target]: partner.id,
        [METADATA.user]: fan.user.id,
      },
    });
    const start = Math.floor(Date.now() / 1000);
    expect(await mayFetchMedia({ db, actor: fan.actor }, video.id)).toBe(false);

    const created = await deliver(
      subscriptionEvent('customer.subscription.created', start, facts('active')),
    );
    expect(created.status).toBe(200);
    expect(await mayFetchMedia({ db, actor: fan.actor }, video.id)).toBe(true);
    expect(await listMemberSubscriptions(db, fan.user.id)).toMatchObject([
      { partnerId: partner.id, status: 'active', hasBillingAccount: true },
    ]);

    const paid = invoicePaidEvent(start + 1, {
      subscription: 'sub_partner1',
      customer: 'cus_partner1',
      amountPaid: 799,
    });
    expect((await deliver(paid)).status).toBe(200);
    // The same event again: answered, counted once.
    expect((await deliver(paid)).body.outcome).toBe('duplicate');
    expect((await listEarnings(db, partner.id)).totals).toEqual([
      { currency: 'usd', amountCents: 799, invoices: 1 },
    ]);

    await deliver(subscriptionEvent('customer.subscription.deleted', start + 2, facts('canceled')));
    expect(await mayFetchMedia({ db, actor: fan.actor }, video.id)).toBe(false);
  });
});
