import { z } from 'zod';
import {
  defineModeEndpoint,
  requireMediaServices,
  type RequestContext,
} from '../../../kernel/endpoint';
import { requireMemberRight } from '../../../access/rights';
import { createCheckoutSession, createPortalSession } from '../billing';
import { users } from '../../../platform/db/schema';
import { eq } from 'drizzle-orm';
import { ServiceError } from '../../../kernel/errors/service-error';
import { videoMediaUrls } from '../../videos/processing';
import {
  CreatePartnerInput,
  PartnerVideoInput,
  NoInput,
  PlayAnswer,
  SetDetailsInput,
  SetPremiumInput,
  SetPriceInput,
  SetPublishedInput,
} from './partner.schema';
import {
  addToChannel,
  createPartner,
  getChannelVideo,
  PREMIUM_REFUSAL_MESSAGE,
  requireManagedPartner,
  requirePartnerBySlug,
  setChannelDetails,
  setChannelVideoPublished,
  setPremium,
  setPrice,
} from './partner.service';
import { isActiveSubscriber } from '../../../access/premium-rules';

export const ALREADY_SUBSCRIBED_MESSAGE = 'You already subscribe to this channel';
export const OFF_SALE_MESSAGE = 'Subscriptions to this channel are not on sale yet';

const PartnerAnswer = z.object({
  /** The channel's id: a partner subscription's target in billing (docs/billing.md). */
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  stripePriceId: z.string().nullable(),
  priceCents: z.number(),
  currency: z.string(),
});

/** The section's channel, when the caller is its partner (or an administrator). */
const managedPartner = (context: RequestContext) =>
  requireManagedPartner(context, context.config.PARTNER_SLUG);

const toPartnerAnswer = (partner: z.infer<typeof PartnerAnswer>) => ({
  id: partner.id,
  slug: partner.slug,
  name: partner.name,
  description: partner.description,
  stripePriceId: partner.stripePriceId,
  priceCents: partner.priceCents,
  currency: partner.currency,
});

/**
 * `/api/v2/partner`: the partner section (/{PARTNER_SLUG}, docs/partner.md). Playing a channel
 * video answers its media only to those the premium rule lets in; the partner (and admins)
 * manage the channel's videos, price and details; admins make a member the partner.
 */
export const partnerEndpoint = defineModeEndpoint({
  path: '/api/v2/partner',
  summary:
    "The partner channel: play a channel video (premium ones for its subscribers only), and the partner's management of its videos, price and details.",
  modes: {
    Play: {
      right: 'view',
      refusal: { signIn: PREMIUM_REFUSAL_MESSAGE, forbidden: PREMIUM_REFUSAL_MESSAGE },
      summary:
        "A channel video's media URLs (`videoId`): free videos for everyone, premium ones for the channel's active subscribers, the partner and staff; 401/403 otherwise.",
      input: PartnerVideoInput,
      output: PlayAnswer,
      handle: async ({ videoId }, context) => {
        const partner = await requirePartnerBySlug(context.db, context.config.PARTNER_SLUG);
        const found = await getChannelVideo(context, partner, videoId);
        if (!found.playable) {
          throw new ServiceError(
            context.actor ? 'forbidden' : 'unauthenticated',
            PREMIUM_REFUSAL_MESSAGE,
          );
        }
        const urls = videoMediaUrls(requireMediaServices(context).storage, found.video);
        if (!urls) throw new ServiceError('conflict', 'The video is not processed yet');
        return {
          body: {
            videoId,
            isPremium: found.isPremium,
            masterPlaylistUrl: urls.masterPlaylistUrl,
            posterUrl: urls.posterUrl,
            spritesVttUrl: urls.spritesVttUrl,
          },
        };
      },
    },
    Subscribe: {
      right: 'participate',
      summary:
        "Start a subscription to the channel: answers the Stripe Checkout `url` to send the member to (the channel's price). 409 when already subscribed, off sale, or payments are off.",
      input: NoInput,
      output: z.object({ url: z.string() }),
      handle: async (_input, context) => {
        const member = requireMemberRight(context.actor, 'participate');
        const partner = await requirePartnerBySlug(context.db, context.config.PARTNER_SLUG);
        if (member.id === partner.userId) {
          throw new ServiceError('conflict', 'This is your own channel');
        }
        if (await isActiveSubscriber(context.db, partner.id, member.id)) {
          throw new ServiceError('conflict', ALREADY_SUBSCRIBED_MESSAGE);
        }
        if (!partner.stripePriceId) throw new ServiceError('conflict', OFF_SALE_MESSAGE);
        const [user] = await context.db
          .select({ email: users.email })
          .from(users)
          .where(eq(users.id, member.id))
          .limit(1);
        const base = `${context.config.PUBLIC_URL}/${context.config.PARTNER_SLUG}`;
        const { url } = await createCheckoutSession(context, {
          kind: 'partner',
          targetId: partner.id,
          priceId: partner.stripePriceId,
          user: { id: member.id, email: user!.email },
          successUrl: `${base}/subscriptions?subscribed=1`,
          cancelUrl: `${base}/subscribe`,
          metadata: { cutroom_partner_slug: partner.slug },
        });
        return { body: { url } };
      },
    },
    ManageBilling: {
      right: 'participate',
      summary:
        "Open Stripe's billing portal for the member (cancel, change card, invoices): answers its `url`.",
      input: NoInput,
      output: z.object({ url: z.string() }),
      handle: async (_input, context) => {
        const member = requireMemberRight(context.actor, 'participate');
        const { url } = await createPortalSession(
          context,
          member.id,
          `${context.config.PUBLIC_URL}/${context.config.PARTNER_SLUG}/subscriptions`,
        );
        return { body: { url } };
      },
    },
    AddToChannel: {
      right: 'partner',
      summary:
        "Put one of the partner's own videos (`videoId`) into the channel, free or premium (`isPremium`); again: changes its flag.",
      input: SetPremiumInput,
      output: z.object({ videoId: z.string(), isPremium: z.boolean() }),
      handle: async ({ videoId, isPremium }, context) => {
        const partner = await managedPartner(context);
        await addToChannel(context.db, partner, videoId, isPremium);
        await context.listings.invalidate();
        return { body: { videoId, isPremium } };
      },
    },
    SetPremium: {
      right: 'partner',
      summary: 'Mark a channel video (`videoId`) premium (subscribers only) or free (`isPremium`).',
      input: SetPremiumInput,
      output: z.object({ videoId: z.string(), isPremium: z.boolean() }),
      handle: async ({ videoId, isPremium }, context) => {
        const partner = await managedPartner(context);
        await setPremium(context.db, partner, videoId, isPremium);
        await context.listings.invalidate();
        return { body: { videoId, isPremium } };
      },
    },
    SetPublished: {
      right: 'partner',
      summary: 'Unpublish a channel video (`published: false`) or publish it again.',
      input: SetPublishedInput,
      output: z.object({ videoId: z.string(), status: z.string() }),
      handle: async ({ videoId, published }, context) => {
        const partner = await managedPartner(context);
        const status = await setChannelVideoPublished(context, partner, videoId, published);
        await context.listings.invalidate();
        return { body: { videoId, status } };
      },
    },
    SetPrice: {
      right: 'partner',
      summary:
        "Set the channel's subscription price: its Stripe price id (`stripePriceId`, null: off sale) and the amount shown (`priceCents`, `currency`).",
      input: SetPriceInput,
      output: PartnerAnswer,
      handle: async (input, context) => {
        const partner = await managedPartner(context);
        return { body: toPartnerAnswer(await setPrice(context, partner, input)) };
      },
    },
    SetDetails: {
      right: 'partner',
      summary: "Change the channel's `name` and `description`.",
      input: SetDetailsInput,
      output: PartnerAnswer,
      handle: async (input, context) => {
        const partner = await managedPartner(context);
        return {
          body: toPartnerAnswer(await setChannelDetails(context, partner, input)),
        };
      },
    },
    CreatePartner: {
      right: 'administer',
      summary:
        "Make a member (`username`) the partner of this site's channel (PARTNER_SLUG), named `name`: they get the partner role.",
      input: CreatePartnerInput,
      output: PartnerAnswer,
      handle: async ({ username, name }, context) => {
        const partner = await createPartner(context, {
          username,
          name,
          slug: context.config.PARTNER_SLUG,
        });
        return { status: 201, body: toPartnerAnswer(partner) };
      },
    },
  },
});
