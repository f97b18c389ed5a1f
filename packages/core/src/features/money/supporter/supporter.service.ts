import { and, eq, inArray } from 'drizzle-orm';
import { requireMemberRight } from '../../../access/rights';
import { ServiceError } from '../../../kernel/errors/service-error';
import {
  ENTITLED_STATUSES,
  isEntitled,
  createCheckoutSession,
  createPortalSession,
  stripeCustomerOf,
  subscriptionsOf,
  billingEnabled,
} from '../billing';
import type { WebhookContext } from '../billing';
import type { Config } from '../../../platform/config/config';
import type { Database } from '../../../platform/db/client';
import { billingSubscriptions, supporterGrants, users } from '../../../platform/db/schema';
import { syncSupporterFlag } from './supporter-billing';
import type { Call } from '../../../access/call';

export const SUPPORTER_MESSAGES = {
  already: 'You are already a supporter',
  notForSale: 'Payments are not set up on this site',
  paying:
    "This member pays for the Supporter tier through Stripe: cancel the subscription in Stripe's dashboard (or they cancel it from Manage billing), and the rank goes when Stripe says it has ended",
} as const;

/** Where Stripe sends a member back to after Checkout. */
export const SUPPORT_PATH = '/support';

/** Whether members can buy the Supporter tier here: payments on and its price configured. */
export function supporterCheckoutEnabled(config: Config): boolean {
  return billingEnabled(config) && Boolean(config.STRIPE_SUPPORTER_PRICE_ID);
}

/** What /support shows a member about their own supporter status. */
export interface SupporterStatus {
  isSupporter: boolean;
  /** Staff granted the rank by hand (it stays whatever Stripe says). */
  grantedByHand: boolean;
  /** Their newest supporter subscription, if they ever had one. */
  subscription: {
    status: string;
    active: boolean;
    currentPeriodEnd: string | null;
    cancelAtPeriodEnd: boolean;
  } | null;
  /** They have a Stripe customer, so the billing portal can open. */
  canManageBilling: boolean;
}

export async function supporterStatusOf(db: Database, userId: string): Promise<SupporterStatus> {
  const [[user], [grant], subscriptions, customer] = await Promise.all([
    db.select({ isSupporter: users.isSupporter }).from(users).where(eq(users.id, userId)).limit(1),
    db
      .select({ userId: supporterGrants.userId })
      .from(supporterGrants)
      .where(eq(supporterGrants.userId, userId))
      .limit(1),
    subscriptionsOf(db, 'supporter', userId),
    stripeCustomerOf(db, userId),
  ]);
  // The one that matters: a paid-up one if any, else the most recent.
  const subscription =
    subscriptions.find((row) => isEntitled(row.status)) ?? subscriptions[0] ?? null;
  return {
    isSupporter: user?.isSupporter ?? false,
    grantedByHand: Boolean(grant),
    subscription: subscription && {
      status: subscription.status,
      active: isEntitled(subscription.status),
      currentPeriodEnd: subscription.currentPeriodEnd?.toISOString() ?? null,
      cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
    },
    canManageBilling: Boolean(customer),
  };
}

/** Opens Stripe Checkout for the Supporter tier; answers the URL to send the member to. */
export async function startSupporterCheckout(
  context: WebhookContext & Pick<Call, 'actor'>,
): Promise<{ url: string }> {
  const { actor } = context;
  const member = requireMemberRight(actor, 'participate');
  const { config } = context;
  if (!supporterCheckoutEnabled(config)) {
    throw new ServiceError('conflict', SUPPORTER_MESSAGES.notForSale);
  }
  const status = await supporterStatusOf(context.db, member.id);
  if (status.subscription?.active) throw new ServiceError('conflict', SUPPORTER_MESSAGES.already);
  const [{ email } = { email: '' }] = await context.db
    .select({ email: users.email })
    .from(users)
    .where(eq(users.id, member.id))
    .limit(1);
  const base = `${config.PUBLIC_URL}${SUPPORT_PATH}`;
  const { url } = await createCheckoutSession(context, {
    kind: 'supporter',
    targetId: member.id,
    priceId: config.STRIPE_SUPPORTER_PRICE_ID!,
    user: { id: member.id, email },
    successUrl: `${base}?checkout=success`,
    cancelUrl: `${base}?checkout=cancelled`,
  });
  return { url };
}

/** Opens Stripe's billing portal (cancel, card, invoices) and answers its URL. */
export async function openSupporterPortal(
  context: WebhookContext & Pick<Call, 'actor'>,
): Promise<{ url: string }> {
  const { actor } = context;
  const member = requireMemberRight(actor, 'participate');
  return createPortalSession(context, member.id, `${context.config.PUBLIC_URL}${SUPPORT_PATH}`);
}

/**
 * The Supporter rank by hand (staff, `npm run user`), inside the caller's transaction. A grant
 * stands on its own: Stripe ending a subscription leaves it. Taking it away is refused while
 * the member pays through Stripe (their payment, not staff, decides then). Answers the flag.
 */
export async function setSupporterByHand(
  ctx: Pick<Call, 'db' | 'now'>,
  userId: string,
  isSupporter: boolean,
  grantedBy: string,
): Promise<boolean> {
  const { db: tx } = ctx;
  if (isSupporter) {
    await tx.insert(supporterGrants).values({ userId, grantedBy }).onConflictDoNothing();
  } else {
    const paying = await tx
      .select({ id: billingSubscriptions.id })
      .from(billingSubscriptions)
      .where(
        and(
          eq(billingSubscriptions.kind, 'supporter'),
          eq(billingSubscriptions.targetId, userId),
          inArray(billingSubscriptions.status, [...ENTITLED_STATUSES]),
        ),
      )
      .limit(1);
    if (paying.length > 0) throw new ServiceError('conflict', SUPPORTER_MESSAGES.paying);
    await tx.delete(supporterGrants).where(eq(supporterGrants.userId, userId));
  }
  return syncSupporterFlag(ctx, userId);
}
