import { z } from 'zod';
import { VideoId } from '../../videos/input';

/** Longest channel name and description. */
export const MAX_PARTNER_NAME = 80;
export const MAX_PARTNER_DESCRIPTION = 2000;
/** The highest monthly price a channel may show (in the currency's smallest unit). */
export const MAX_PRICE_CENTS = 100_000;

export const PartnerVideoInput = z.object({ videoId: VideoId });

export const SetPremiumInput = z.object({ videoId: VideoId, isPremium: z.boolean() });

export const SetPublishedInput = z.object({ videoId: VideoId, published: z.boolean() });

export const SetPriceInput = z.object({
  /** A Stripe price id (price_…); null or '' takes the channel off sale. */
  stripePriceId: z
    .string()
    .trim()
    .max(100)
    .regex(/^(?:price_[A-Za-z0-9_]+)?$/, 'is a Stripe price id (price_…)')
    .nullable()
    .transform((value) => value || null),
  priceCents: z.number().int().min(0).max(MAX_PRICE_CENTS),
  currency: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{3}$/, 'is a three-letter currency code (usd, eur …)'),
});

export const SetDetailsInput = z.object({
  name: z.string().trim().min(1, 'is required').max(MAX_PARTNER_NAME),
  description: z.string().trim().max(MAX_PARTNER_DESCRIPTION),
});

export const CreatePartnerInput = z.object({
  username: z.string().trim().min(1, 'is required').max(24),
  name: z.string().trim().min(1, 'is required').max(MAX_PARTNER_NAME),
});

export const NoInput = z.object({});

export const PlayAnswer = z.object({
  videoId: z.string(),
  isPremium: z.boolean(),
  masterPlaylistUrl: z.string(),
  posterUrl: z.string(),
  spritesVttUrl: z.string().nullable(),
});
