import { defineModeEndpoint } from '../../../kernel/endpoint';
import { NoInput, RedirectAnswer, SupportStatusAnswer } from './supporter.schema';
import {
  openSupporterPortal,
  startSupporterCheckout,
  supporterCheckoutEnabled,
  supporterStatusOf,
} from './supporter.service';

/**
 * `/api/support`: the Supporter tier (docs/billing.md). Anyone reads whether it is on sale and
 * its price (and a member their own status); a member opens Stripe Checkout to become one, and
 * Stripe's billing portal to manage or cancel.
 */
export const supportEndpoint = defineModeEndpoint({
  path: '/api/support',
  summary:
    'The Supporter tier: its price and your status, Stripe Checkout to become a supporter, and the billing portal to manage or cancel.',
  modes: {
    Status: {
      right: 'view',
      summary:
        "Whether payments are set up, the tier's price, and the signed-in member's status (`member`: isSupporter, grantedByHand, subscription with status, currentPeriodEnd and cancelAtPeriodEnd, canManageBilling; null for a visitor).",
      input: NoInput,
      output: SupportStatusAnswer,
      handle: async (_input, context) => ({
        body: {
          paymentsEnabled: supporterCheckoutEnabled(context.config),
          priceText: context.config.SUPPORTER_PRICE_TEXT,
          member: context.actor ? await supporterStatusOf(context.db, context.actor.id) : null,
        },
      }),
    },
    Checkout: {
      right: 'participate',
      summary:
        'Opens a Stripe Checkout session for the Supporter tier and answers its `url` (send the member there). 409 when payments are not set up or the member already pays.',
      input: NoInput,
      output: RedirectAnswer,
      handle: async (_input, context) => ({
        body: await startSupporterCheckout(context),
      }),
    },
    Portal: {
      right: 'participate',
      summary:
        "Opens Stripe's billing portal for the member (cancel, card, invoices) and answers its `url`. 409 without a billing account.",
      input: NoInput,
      output: RedirectAnswer,
      handle: async (_input, context) => ({
        body: await openSupporterPortal(context),
      }),
    },
  },
});
