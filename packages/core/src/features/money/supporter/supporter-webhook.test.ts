import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { BillingHandler, InvoicePaid, SubscriptionChange } from '../billing/billing-handlers';
import { BILLING_HANDLERS } from '../../../api/billing-handlers';
import {
  handleStripeWebhook,
  METADATA,
  WEBHOOK_MESSAGES,
  type WebhookContext,
} from '../billing/webhook';
import { loadConfig } from '../../../platform/config/config';
import {
  billingCustomers,
  billingEvents,
  billingSubscriptions,
  supporterGrants,
  users,
} from '../../../platform/db/schema';
import { ranksOf } from '../../people/ranks/ranks.service';
import { createUser } from '../../../../test-support/factories';
import {
  checkoutCompletedEvent,
  invoicePaidEvent,
  signEvent,
  subscriptionEvent,
  type SubscriptionFacts,
  type TestEvent,
} from '../../../../test-support/stripe-events';
import { createTestContext } from '../../../../test-support/test-context';
import { createTestDatabase } from '../../../../test-support/test-db';
import { setSupporterByHand, SUPPORTER_MESSAGES, supporterStatusOf } from './supporter.service';

const handle = await createTestDatabase();
const { db } = handle;

const SECRET = 'whsec_test_cutroom_webhook_secret';
const config = loadConfig({
  NODE_ENV: 'test',
  STRIPE_SECRET_KEY: 'sk_test_cutroom',
  STRIPE_WEBHOOK_SECRET: SECRET,
  STRIPE_SUPPORTER_PRICE_ID: 'price_supporter',
});
const context: WebhookContext = { ...createTestContext(db, { config }), config };

/** Posts an event the way Stripe does: the raw body with its Stripe-Signature header. */
async function deliver(
  event: TestEvent,
  options: { secret?: string; timestamp?: number; handlers?: typeof BILLING_HANDLERS } = {},
) {
  const { body, signature } = signEvent(event, options.secret ?? SECRET, options.timestamp);
  return handleStripeWebhook(context, body, signature, options.handlers ?? BILLING_HANDLERS);
}

let counter = 0;
/** A member and the facts of a supporter subscription of theirs. */
async function supporterMember() {
  counter += 1;
  const { user, actor } = await createUser(db);
  const facts = (status: string): SubscriptionFacts => ({
    id: `sub_test${counter}`,
    customer: `cus_test${counter}`,
    status,
    metadata: {
      [METADATA.kind]: 'supporter',
      [METADATA.target]: user.id,
      [METADATA.user]: user.id,
    },
  });
  return { user, actor, facts };
}

async function flagOf(userId: string) {
  const [row] = await db
    .select({ isSupporter: users.isSupporter, role: users.role })
    .from(users)
    .where(eq(users.id, userId));
  return row!;
}

const isSupporter = async (userId: string) => (await flagOf(userId)).isSupporter;

async function eventsStored(id: string) {
  const [row] = await db.select({ n: count() }).from(billingEvents).where(eq(billingEvents.id, id));
  return row!.n;
}

const T = 1_790_000_000;

describe('a signed webhook', () => {
  it('grants the Supporter rank when a checkout completes, and keeps the Stripe customer', async () => {
    const { user, facts } = await supporterMember();
    const paid = facts('active');
    const answer = await deliver(
      checkoutCompletedEvent(T, {
        subscription: paid.id,
        customer: paid.customer,
        metadata: paid.metadata!,
        userId: user.id,
      }),
    );
    expect(answer).toEqual({ status: 200, body: { received: true, outcome: 'applied' } });
    const flag = await flagOf(user.id);
    expect(flag.isSupporter).toBe(true);
    expect(ranksOf(flag, 0)).toEqual([{ name: 'Supporter' }]);
    const [customer] = await db
      .select()
      .from(billingCustomers)
      .where(eq(billingCustomers.userId, user.id));
    expect(customer?.stripeCustomerId).toBe(paid.customer);
  });

  it('follows the subscription: created, renewed with its period end, deleted revokes', async () => {
    const { user, facts } = await supporterMember();
    await deliver(subscriptionEvent('customer.subscription.created', T, facts('active')));
    expect(await isSupporter(user.id)).toBe(true);
    const periodEnd = T + 60 * 86400;
    await deliver(
      subscriptionEvent('customer.subscription.updated', T + 10, {
        ...facts('active'),
        periodEnd,
        cancelAtPeriodEnd: true,
      }),
    );
    const status = await supporterStatusOf(db, user.id);
    expect(status.subscription).toEqual({
      status: 'active',
      active: true,
      currentPeriodEnd: new Date(periodEnd * 1000).toISOString(),
      cancelAtPeriodEnd: true,
    });
    expect(status.canManageBilling).toBe(true);
    await deliver(subscriptionEvent('customer.subscription.deleted', T + 20, facts('canceled')));
    expect(await isSupporter(user.id)).toBe(false);
    expect((await supporterStatusOf(db, user.id)).subscription?.active).toBe(false);
  });

  it('keeps the rank while a renewal is retried (past_due) and takes it when unpaid', async () => {
    const { user, facts } = await supporterMember();
    await deliver(subscriptionEvent('customer.subscription.created', T, facts('active')));
    await deliver(subscriptionEvent('customer.subscription.updated', T + 1, facts('past_due')));
    expect(await isSupporter(user.id)).toBe(true);
    await deliver(subscriptionEvent('customer.subscription.updated', T + 2, facts('unpaid')));
    expect(await isSupporter(user.id)).toBe(false);
  });
});

describe('a replayed event', () => {
  it('is applied once: the second delivery of the same id answers duplicate and changes nothing', async () => {
    const { user, facts } = await supporterMember();
    const granted = subscriptionEvent('customer.subscription.created', T, facts('active'));
    expect((await deliver(granted)).body.outcome).toBe('applied');
    await deliver(subscriptionEvent('customer.subscription.deleted', T + 5, facts('canceled')));
    expect(await isSupporter(user.id)).toBe(false);
    // The same event again (a Stripe retry, or someone replaying a captured body, signed anew).
    const again = await deliver(granted);
    expect(again).toEqual({ status: 200, body: { received: true, outcome: 'duplicate' } });
    expect(await isSupporter(user.id)).toBe(false);
    expect(await eventsStored(granted.id)).toBe(1);
  });

  it('delivered twice at the same moment is applied once', async () => {
    const calls: SubscriptionChange[] = [];
    const counting: BillingHandler = {
      subscriptionChanged: async (tx, change, ctx) => {
        calls.push(change);
        await BILLING_HANDLERS.supporter!.subscriptionChanged(tx, change, ctx);
      },
    };
    const { user, facts } = await supporterMember();
    const event = subscriptionEvent('customer.subscription.created', T, facts('active'));
    const answers = await Promise.all([
      deliver(event, { handlers: { supporter: counting } }),
      deliver(event, { handlers: { supporter: counting } }),
    ]);
    expect(answers.map((answer) => answer.body.outcome).sort()).toEqual(['applied', 'duplicate']);
    expect(calls).toHaveLength(1);
    expect(await isSupporter(user.id)).toBe(true);
  });
});

describe('a forged event', () => {
  async function refused(send: (event: TestEvent) => Promise<{ status: number; body: object }>) {
    const { user, facts } = await supporterMember();
    const event = subscriptionEvent('customer.subscription.created', T, facts('active'));
    const answer = await send(event);
    expect(answer.status).toBe(400);
    expect(await isSupporter(user.id)).toBe(false);
    expect(await eventsStored(event.id)).toBe(0);
    return answer;
  }

  it('signed with another secret answers 400 and changes nothing', async () => {
    const answer = await refused((event) => deliver(event, { secret: 'whsec_someone_else' }));
    expect(answer.body).toEqual({ received: false, error: WEBHOOK_MESSAGES.badSignature });
  });

  it('whose body was changed after signing answers 400', async () => {
    await refused(async (event) => {
      const { body, signature } = signEvent({ ...event, type: 'ping' }, SECRET);
      const tampered = body.replace('"ping"', '"customer.subscription.created"');
      return handleStripeWebhook(context, tampered, signature, BILLING_HANDLERS);
    });
  });

  it('signed more than five minutes ago (outside the tolerance) answers 400', async () => {
    await refused((event) =>
      deliver(event, { timestamp: Math.floor(Date.now() / 1000) - 10 * 60 }),
    );
  });

  it('without a signature answers 400', async () => {
    const answer = await refused((event) =>
      handleStripeWebhook(context, JSON.stringify(event), null, BILLING_HANDLERS),
    );
    expect(answer.body).toEqual({ received: false, error: WEBHOOK_MESSAGES.noSignature });
    await refused((event) =>
      handleStripeWebhook(context, JSON.stringify(event), 't=1,v1=00', BILLING_HANDLERS),
    );
  });

  it('is refused (404) with nothing done while payments are not set up', async () => {
    const { user, facts } = await supporterMember();
    const off: WebhookContext = { ...context, config: loadConfig({ NODE_ENV: 'test' }) };
    const { body, signature } = signEvent(
      subscriptionEvent('customer.subscription.created', T, facts('active')),
      SECRET,
    );
    const answer = await handleStripeWebhook(off, body, signature, BILLING_HANDLERS);
    expect(answer).toEqual({ status: 404, body: { received: false, error: WEBHOOK_MESSAGES.off } });
    expect(await isSupporter(user.id)).toBe(false);
  });
});

describe('events out of order', () => {
  it('an update older than the deletion already applied is ignored (stale)', async () => {
    const { user, facts } = await supporterMember();
    await deliver(subscriptionEvent('customer.subscription.created', T, facts('active')));
    const deleted = await deliver(
      subscriptionEvent('customer.subscription.deleted', T + 30, facts('canceled')),
    );
    expect(deleted.body.outcome).toBe('applied');
    const late = await deliver(
      subscriptionEvent('customer.subscription.updated', T + 10, facts('active')),
    );
    expect(late.body.outcome).toBe('stale');
    expect(await isSupporter(user.id)).toBe(false);
    const [row] = await db
      .select()
      .from(billingSubscriptions)
      .where(eq(billingSubscriptions.id, facts('x').id));
    expect(row).toMatchObject({ status: 'canceled', lastEventCreated: T + 30 });
  });

  it("a deletion arriving first, then the subscription's creation: never granted", async () => {
    const { user, facts } = await supporterMember();
    await deliver(subscriptionEvent('customer.subscription.deleted', T + 40, facts('canceled')));
    await deliver(subscriptionEvent('customer.subscription.created', T, facts('active')));
    const paid = facts('active');
    const completed = await deliver(
      checkoutCompletedEvent(T + 1, {
        subscription: paid.id,
        customer: paid.customer,
        metadata: paid.metadata!,
        userId: user.id,
      }),
    );
    expect(completed.body.outcome).toBe('stale');
    expect(await isSupporter(user.id)).toBe(false);
  });

  it("within one second, a step back in the subscription's life is ignored", async () => {
    const { user, facts } = await supporterMember();
    // Stripe stamps both with the same second: active (after payment) arrives before incomplete.
    await deliver(subscriptionEvent('customer.subscription.updated', T, facts('active')));
    const late = await deliver(
      subscriptionEvent('customer.subscription.created', T, facts('incomplete')),
    );
    expect(late.body.outcome).toBe('stale');
    expect(await isSupporter(user.id)).toBe(true);
    // ... and an ended subscription stays ended, even if a later-stamped event says otherwise.
    await deliver(subscriptionEvent('customer.subscription.deleted', T + 5, facts('canceled')));
    const after = await deliver(
      subscriptionEvent('customer.subscription.updated', T + 6, facts('active')),
    );
    expect(after.body.outcome).toBe('stale');
    expect(await isSupporter(user.id)).toBe(false);
  });

  it('a subscription event arriving before checkout.session.completed is not undone by it', async () => {
    const { user, facts } = await supporterMember();
    await deliver(subscriptionEvent('customer.subscription.updated', T + 3, facts('past_due')));
    const paid = facts('active');
    await deliver(
      checkoutCompletedEvent(T + 1, {
        subscription: paid.id,
        customer: paid.customer,
        metadata: paid.metadata!,
        userId: user.id,
      }),
    );
    const [row] = await db
      .select()
      .from(billingSubscriptions)
      .where(eq(billingSubscriptions.id, paid.id));
    expect(row?.status).toBe('past_due');
    expect(await isSupporter(user.id)).toBe(true);
  });
});

describe('the rank by hand and Stripe', () => {
  it('a grant by hand outlives a cancelled subscription', async () => {
    const { user, facts } = await supporterMember();
    await deliver(subscriptionEvent('customer.subscription.created', T, facts('active')));
    await db.transaction((tx) =>
      setSupporterByHand({ db: tx, now: () => new Date() }, user.id, true, 'admin'),
    );
    await deliver(subscriptionEvent('customer.subscription.deleted', T + 9, facts('canceled')));
    expect(await isSupporter(user.id)).toBe(true);
    expect((await supporterStatusOf(db, user.id)).grantedByHand).toBe(true);
    await db.transaction((tx) =>
      setSupporterByHand({ db: tx, now: () => new Date() }, user.id, false, 'admin'),
    );
    expect(await isSupporter(user.id)).toBe(false);
  });

  it('taking it away by hand is refused while the member pays', async () => {
    const { user, facts } = await supporterMember();
    await deliver(subscriptionEvent('customer.subscription.created', T, facts('active')));
    await expect(
      db.transaction((tx) =>
        setSupporterByHand({ db: tx, now: () => new Date() }, user.id, false, 'admin'),
      ),
    ).rejects.toThrow(SUPPORTER_MESSAGES.paying);
    expect(await isSupporter(user.id)).toBe(true);
    const grants = await db
      .select()
      .from(supporterGrants)
      .where(eq(supporterGrants.userId, user.id));
    expect(grants).toEqual([]);
  });
});

describe('other kinds of subscription', () => {
  it('a partner subscription goes to the partner handler and leaves the supporter flag alone', async () => {
    const changes: SubscriptionChange[] = [];
    const invoices: InvoicePaid[] = [];
    const partner: BillingHandler = {
      subscriptionChanged: async (_tx, change) => {
        changes.push(change);
      },
      invoicePaid: async (_tx, invoice) => {
        invoices.push(invoice);
      },
    };
    const { user } = await supporterMember();
    const facts: SubscriptionFacts = {
      id: 'sub_partner1',
      customer: 'cus_partner1',
      status: 'active',
      priceId: 'price_partner',
      metadata: {
        [METADATA.kind]: 'partner',
        [METADATA.target]: 'partner-1',
        [METADATA.user]: user.id,
      },
    };
    const handlers = { ...BILLING_HANDLERS, partner };
    await deliver(subscriptionEvent('customer.subscription.created', T, facts), { handlers });
    const paid = invoicePaidEvent(T + 1, {
      subscription: facts.id,
      customer: facts.customer,
      amountPaid: 900,
    });
    await deliver(paid, { handlers });
    await deliver(paid, { handlers });
    expect(changes).toHaveLength(1);
    expect(changes[0]).toMatchObject({
      entitled: true,
      previous: null,
      subscription: {
        kind: 'partner',
        targetId: 'partner-1',
        userId: user.id,
        stripePriceId: 'price_partner',
      },
    });
    expect(invoices).toHaveLength(1);
    expect(invoices[0]).toMatchObject({ amountPaid: 900, currency: 'usd' });
    expect(await isSupporter(user.id)).toBe(false);
  });

  it("an event about a subscription that is not the site's is recorded and ignored", async () => {
    const answer = await deliver(
      subscriptionEvent('customer.subscription.created', T, {
        id: 'sub_elsewhere',
        customer: 'cus_elsewhere',
        status: 'active',
      }),
    );
    expect(answer.body.outcome).toBe('ignored');
    const rows = await db
      .select()
      .from(billingSubscriptions)
      .where(eq(billingSubscriptions.id, 'sub_elsewhere'));
    expect(rows).toEqual([]);
  });
});
