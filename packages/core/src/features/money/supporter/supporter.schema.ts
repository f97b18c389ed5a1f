import { z } from 'zod';

/** The calls of /api/support take nothing but their mode. */
export const NoInput = z.object({});

export const SupporterStatusAnswer = z.object({
  isSupporter: z.boolean(),
  grantedByHand: z.boolean(),
  subscription: z
    .object({
      status: z.string(),
      active: z.boolean(),
      currentPeriodEnd: z.string().nullable(),
      cancelAtPeriodEnd: z.boolean(),
    })
    .nullable(),
  canManageBilling: z.boolean(),
});

export const SupportStatusAnswer = z.object({
  /** Members can pay here: Stripe's keys and the Supporter price are configured. */
  paymentsEnabled: z.boolean(),
  priceText: z.string(),
  /** The signed-in member's own status; null for a visitor. */
  member: SupporterStatusAnswer.nullable(),
});

export const RedirectAnswer = z.object({ url: z.string() });
