import { and, eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { Config } from '../../../platform/config/config';
import type { Database } from '../../../platform/db/client';
import {
  BILLING_KINDS,
  billingCustomers,
  billingEvents,
  billingSubscriptions,
  users,
  type BillingKind,
  type BillingSubscription,
} from '../../../platform/db/schema';
import type { Logger } from '../../../platform/logging/logger';
import {
  isEntitled,
  type BillingHandler,
  type BillingHandlerContext,
  type BillingHandlers,
} from './billing-handlers';
import { billingEnabled, stripeWebhooks } from './stripe-client';
import { inTransaction } from '../../../platform/db/unit-of-work';

/** The metadata keys the site puts on Checkout sessions and their subscriptions. */
export const METADATA = { kind: 'cutroom_kind', target: 'cutroom_target', user: 'cutroom_user' };

export const WEBHOOK_MESSAGES = {
  off: 'Payments are not set up on this site',
  noSignature: 'The Stripe-Signature header is missing',
  badSignature: 'The Stripe-Signature header does not match this body (or is too old)',
} as const;

export interface WebhookContext {
  config: Config;
  db: Database;
  log: Logger;
  now: () => Date;
}

/** What the webhook did with an event: kept for replays and answered to Stripe. */
export type WebhookOutcome = 'applied' | 'stale' | 'ignored' | 'duplicate';

export interface WebhookAnswer {
  status: number;
  body: { received: boolean; outcome?: WebhookOutcome; error?: string };
}

/**
 * Where a subscription is in its life: it starts incomplete, lives (active, trialing,
 * past_due, unpaid, paused) and ends (canceled, incomplete_expired). Stripe never moves one
 * backwards, so an event that would is older than what is stored, whatever its time says.
 */
function lifeStage(status: string): number {
  if (status === 'incomplete') return 0;
  if (status === 'canceled' || status === 'incomplete_expired') return 2;
  return 1;
}

/**
 * Whether an event about a subscription is newer than what is stored: its `created` second is
 * later, or the same second and not a step back in the subscription's life (events of one
 * second come in any order). An ended subscription stays ended.
 */
export function isNewer(
  stored: Pick<BillingSubscription, 'status' | 'lastEventCreated'>,
  eventCreated: number,
  status: string,
): boolean {
  if (lifeStage(status) < lifeStage(stored.status)) return false;
  return eventCreated >= stored.lastEventCreated;
}

const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : (value?.id ?? null);

function kindOf(value: unknown): BillingKind | null {
  return typeof value === 'string' && (BILLING_KINDS as readonly string[]).includes(value)
    ? (value as BillingKind)
    : null;
}

/** The subscription's period end and price: on its first item (newer API versions) or itself. */
function periodAndPrice(subscription: Stripe.Subscription) {
  const item = subscription.items?.data?.[0];
  const end =
    item?.current_period_end ??
    (subscription as unknown as { current_period_end?: number }).current_period_end;
  return {
    currentPeriodEnd: typeof end === 'number' ? new Date(end * 1000) : null,
    stripePriceId: item?.price?.id ?? null,
  };
}

async function existingUserId(tx: Database, id: string | null | undefined) {
  if (!id) return null;
  const [row] = await tx.select({ id: users.id }).from(users).where(eq(users.id, id)).limit(1);
  return row?.id ?? null;
}

async function userOfCustomer(tx: Database, customerId: string | null) {
  if (!customerId) return null;
  const [row] = await tx
    .select({ userId: billingCustomers.userId })
    .from(billingCustomers)
    .where(eq(billingCustomers.stripeCustomerId, customerId))
    .limit(1);
  return row?.userId ?? null;
}

/** Remembers a member's Stripe customer (the first one Checkout made for them). */
async function rememberCustomer(tx: Database, userId: string | null, customerId: string | null) {
  if (!userId || !customerId) return;
  await tx
    .insert(billingCustomers)
    .values({ userId, stripeCustomerId: customerId })
    .onConflictDoNothing();
}

async function lockSubscription(tx: Database, id: string) {
  const [row] = await tx
    .select()
    .from(billingSubscriptions)
    .where(eq(billingSubscriptions.id, id))
    .for('update')
    .limit(1);
  return row ?? null;
}

interface Applying {
  tx: Database;
  event: Stripe.Event;
  handlers: BillingHandlers;
  handlerContext: BillingHandlerContext;
}

async function tell(
  handler: BillingHandler | undefined,
  { tx, handlerContext }: Applying,
  subscription: BillingSubscription,
  previous: BillingSubscription | null,
) {
  if (!handler) {
    handlerContext.log.warn(
      { subscription: subscription.id, kind: subscription.kind },
      'billing: no handler for this kind of subscription',
    );
    return;
  }
  await handler.subscriptionChanged(
    tx,
    { subscription, previous, entitled: isEntitled(subscription.status) },
    handlerContext,
  );
}

/** customer.subscription.created / updated / deleted / paused / resumed ... */
async function applySubscription(
  applying: Applying,
  subscription: Stripe.Subscription,
): Promise<WebhookOutcome> {
  const { tx, event, handlers } = applying;
  const stored = await lockSubscription(tx, subscription.id);
  const metadata = subscription.metadata ?? {};
  const kind = kindOf(metadata[METADATA.kind]) ?? stored?.kind ?? null;
  const customerId = idOf(subscription.customer);
  const userId =
    (await existingUserId(tx, metadata[METADATA.user])) ??
    stored?.userId ??
    (await userOfCustomer(tx, customerId));
  const targetId =
    metadata[METADATA.target] ?? stored?.targetId ?? (kind === 'supporter' ? userId : null);
  // Not one of the site's subscriptions (another product of the same Stripe account).
  if (!kind || !targetId || !customerId) return 'ignored';
  if (stored && !isNewer(stored, event.created, subscription.status)) return 'stale';
  await rememberCustomer(tx, userId, customerId);
  const values = {
    kind,
    targetId,
    userId,
    stripeCustomerId: customerId,
    status: subscription.status,
    cancelAtPeriodEnd: Boolean(subscription.cancel_at_period_end || subscription.cancel_at),
    ...periodAndPrice(subscription),
    lastEventCreated: event.created,
    lastEventId: event.id,
    updatedAt: applying.handlerContext.now,
  };
  const [row] = stored
    ? await tx
        .update(billingSubscriptions)
        .set(values)
        .where(eq(billingSubscriptions.id, subscription.id))
        .returning()
    : await tx
        .insert(billingSubscriptions)
        .values({ id: subscription.id, ...values })
        .returning();
  await tell(handlers[kind], applying, row!, stored);
  return 'applied';
}

/**
 * checkout.session.completed: the member paid. The subscription's own events say its state;
 * this one makes the row when it is the first to arrive, so a member is not kept waiting for
 * them, and never overrides a row already there.
 */
async function applyCheckout(
  applying: Applying,
  session: Stripe.Checkout.Session,
): Promise<WebhookOutcome> {
  const { tx, event, handlers } = applying;
  const subscriptionId = idOf(session.subscription);
  const metadata = session.metadata ?? {};
  const kind = kindOf(metadata[METADATA.kind]);
  const customerId = idOf(session.customer);
  const userId = await existingUserId(tx, metadata[METADATA.user] ?? session.client_reference_id);
  const targetId = metadata[METADATA.target] ?? (kind === 'supporter' ? userId : null);
  if (session.mode !== 'subscription' || !subscriptionId || !kind || !targetId || !customerId) {
    return 'ignored';
  }
  await rememberCustomer(tx, userId, customerId);
  const paid =
    session.payment_status === 'paid' || session.payment_status === 'no_payment_required';
  const [row] = await tx
    .insert(billingSubscriptions)
    .values({
      id: subscriptionId,
      kind,
      targetId,
      userId,
      stripeCustomerId: customerId,
      status: paid ? 'active' : 'incomplete',
      lastEventCreated: event.created,
      lastEventId: event.id,
    })
    .onConflictDoNothing()
    .returning();
  if (!row) return 'stale';
  await tell(handlers[kind], applying, row, null);
  return 'applied';
}

/** invoice.paid: told to the kind's handler (a partner's earnings); the state is unchanged. */
async function applyInvoice(applying: Applying, invoice: Stripe.Invoice): Promise<WebhookOutcome> {
  const { tx, handlers, handlerContext } = applying;
  const subscriptionId =
    idOf(invoice.parent?.subscription_details?.subscription) ??
    idOf((invoice as unknown as { subscription?: string | null }).subscription);
  if (!subscriptionId || !invoice.id) return 'ignored';
  const [subscription] = await tx
    .select()
    .from(billingSubscriptions)
    .where(eq(billingSubscriptions.id, subscriptionId))
    .limit(1);
  const handler = subscription ? handlers[subscription.kind] : undefined;
  if (!subscription || !handler?.invoicePaid) return 'ignored';
  const paidAt = invoice.status_transitions?.paid_at;
  await handler.invoicePaid(
    tx,
    {
      invoiceId: invoice.id,
      subscription,
      amountPaid: invoice.amount_paid,
      currency: invoice.currency,
      paidAt: paidAt ? new Date(paidAt * 1000) : handlerContext.now,
    },
    handlerContext,
  );
  return 'applied';
}

const SUBSCRIPTION_EVENTS = new Set([
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'customer.subscription.paused',
  'customer.subscription.resumed',
]);

async function applyEvent(applying: Applying): Promise<WebhookOutcome> {
  const { event } = applying;
  const object = event.data.object as unknown;
  if (SUBSCRIPTION_EVENTS.has(event.type)) {
    return applySubscription(applying, object as Stripe.Subscription);
  }
  if (event.type === 'checkout.session.completed') {
    return applyCheckout(applying, object as Stripe.Checkout.Session);
  }
  if (event.type === 'invoice.paid') return applyInvoice(applying, object as Stripe.Invoice);
  return 'ignored';
}

/**
 * Applies one verified Stripe event, once: its id is recorded in the same transaction, so a
 * second delivery (Stripe retries, a replay) answers `duplicate` and changes nothing, and two
 * deliveries at the same moment wait for each other on that row.
 */
export async function applyStripeEvent(
  context: WebhookContext,
  event: Stripe.Event,
  handlers: BillingHandlers,
): Promise<WebhookOutcome> {
  const now = context.now();
  return inTransaction(context, async ({ db: tx }) => {
    const [fresh] = await tx
      .insert(billingEvents)
      .values({ id: event.id, type: event.type, created: event.created, outcome: 'applied' })
      .onConflictDoNothing()
      .returning({ id: billingEvents.id });
    if (!fresh) return 'duplicate';
    const outcome = await applyEvent({
      tx,
      event,
      handlers,
      handlerContext: { config: context.config, log: context.log, now },
    });
    if (outcome !== 'applied') {
      await tx
        .update(billingEvents)
        .set({ outcome })
        .where(and(eq(billingEvents.id, event.id)));
    }
    return outcome;
  });
}

/**
 * The webhook: checks the Stripe-Signature header against the raw body with the endpoint's
 * secret (Stripe's scheme, through its library) and applies the event once. A body that is
 * not signed, is signed with another secret, or was signed more than five minutes ago answers
 * 400 and changes nothing.
 */
export async function handleStripeWebhook(
  context: WebhookContext,
  rawBody: string | Uint8Array,
  signature: string | null,
  handlers: BillingHandlers,
): Promise<WebhookAnswer> {
  if (!billingEnabled(context.config)) {
    return { status: 404, body: { received: false, error: WEBHOOK_MESSAGES.off } };
  }
  if (!signature) {
    return { status: 400, body: { received: false, error: WEBHOOK_MESSAGES.noSignature } };
  }
  let event: Stripe.Event;
  try {
    event = stripeWebhooks.constructEvent(
      rawBody,
      signature,
      context.config.STRIPE_WEBHOOK_SECRET!,
      undefined,
      undefined,
      // The site's clock, in milliseconds (what the library takes).
      context.now().getTime(),
    );
  } catch (error) {
    context.log.warn({ err: (error as Error).message }, 'billing: webhook signature refused');
    return { status: 400, body: { received: false, error: WEBHOOK_MESSAGES.badSignature } };
  }
  const outcome = await applyStripeEvent(context, event, handlers);
  context.log.info({ event: event.id, type: event.type, outcome }, 'billing: webhook event');
  return { status: 200, body: { received: true, outcome } };
}
