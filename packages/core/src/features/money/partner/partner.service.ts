import { randomBytes } from 'node:crypto';
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Actor } from '../../../access/actor';
import { can, hasRole } from '../../../access/rights';
import { ServiceError } from '../../../kernel/errors/service-error';
import { summaryColumns, toSummary, type VideoSummary } from '../../discovery/browse';
import type { Database } from '../../../platform/db/client';
import {
  partnerEarnings,
  partnerSubscriptions,
  partnerVideos,
  partners,
  users,
  videos,
  type PartnerSubscriptionState,
} from '../../../platform/db/schema';
import { inTransaction } from '../../../platform/db/unit-of-work';
import { ACTIVE_STATES, mayWatch } from '../../../access/premium-rules';
import type { Call } from '../../../access/call';

export type Partner = typeof partners.$inferSelect;

export const PARTNER_MISSING_MESSAGE = 'There is no partner channel here';
export const PARTNER_VIDEO_MISSING_MESSAGE = 'This video is not in the partner channel';
export const NOT_YOUR_CHANNEL_MESSAGE = 'Only the channel’s partner account may do this';
export const PREMIUM_REFUSAL_MESSAGE =
  'This video is for the channel’s subscribers: subscribe to watch it';

/** The partner channel with this slug (case-insensitive), or null. */
export async function findPartnerBySlug(db: Database, slug: string): Promise<Partner | null> {
  const [row] = await db
    .select()
    .from(partners)
    .where(sql`lower(${partners.slug}) = ${slug.toLowerCase()}`)
    .limit(1);
  return row ?? null;
}

/** The partner channel with this slug, or 404. */
export async function requirePartnerBySlug(db: Database, slug: string): Promise<Partner> {
  const partner = await findPartnerBySlug(db, slug);
  if (!partner) throw new ServiceError('not_found', PARTNER_MISSING_MESSAGE);
  return partner;
}

/**
 * The channel an actor manages: the section's partner, when the actor is its partner account or
 * an administrator. Anyone else is refused.
 */
export async function requireManagedPartner(
  { db, actor }: Pick<Call, 'db' | 'actor'>,
  slug: string,
): Promise<Partner> {
  const partner = await requirePartnerBySlug(db, slug);
  if (!actor || !canManage(actor, partner)) {
    throw new ServiceError('forbidden', NOT_YOUR_CHANNEL_MESSAGE);
  }
  return partner;
}

/** The partner account itself (holding the partner role) or an administrator. */
export function canManage(actor: Actor | null, partner: Partner): boolean {
  if (!actor) return false;
  if (can(actor, 'administer')) return true;
  return actor.id === partner.userId && hasRole(actor, 'partner') && can(actor, 'partner');
}

/** What the media route needs to know of a video: its channel and premium flag, if any. */
export interface PremiumMark {
  partnerId: string;
  partnerUserId: string;
  isPremium: boolean;
}

/** The channel mark of a video, or null for an ordinary video. */
export async function partnerMarkOf(db: Database, videoId: string): Promise<PremiumMark | null> {
  const [row] = await db
    .select({
      partnerId: partnerVideos.partnerId,
      partnerUserId: partners.userId,
      isPremium: partnerVideos.isPremium,
    })
    .from(partnerVideos)
    .innerJoin(partners, eq(partners.id, partnerVideos.partnerId))
    .where(eq(partnerVideos.videoId, videoId))
    .limit(1);
  return row ?? null;
}

/** Whether the actor may fetch a video's media files (true for every ordinary video). */
export async function mayFetchMedia(
  { db, actor }: Pick<Call, 'db' | 'actor'>,
  videoId: string,
  mark?: PremiumMark | null,
): Promise<boolean> {
  const found = mark === undefined ? await partnerMarkOf(db, videoId) : mark;
  if (!found || !found.isPremium) return true;
  return mayWatch({ db, actor }, { id: found.partnerId, userId: found.partnerUserId }, true);
}

export type ChannelVideo = VideoSummary & { isPremium: boolean };
export type ChannelOrder = 'newest' | 'popular';

export interface ChannelPage {
  data: ChannelVideo[];
  count: number;
  index: number;
  pageSize: number;
  hasMore: boolean;
}

/** A page of the channel's published videos, newest or most viewed first. */
export async function listChannelVideos(
  db: Database,
  partnerId: string,
  options: { order: ChannelOrder; index: number; pageSize: number },
): Promise<ChannelPage> {
  const where = and(eq(partnerVideos.partnerId, partnerId), eq(videos.status, 'published'));
  const order =
    options.order === 'popular'
      ? [desc(videos.views), desc(videos.id)]
      : [desc(videos.publishedAt), desc(videos.id)];
  const [rows, [total]] = await Promise.all([
    db
      .select({ ...summaryColumns, isPremium: partnerVideos.isPremium })
      .from(partnerVideos)
      .innerJoin(videos, eq(videos.id, partnerVideos.videoId))
      .innerJoin(users, eq(users.id, videos.ownerId))
      .where(where)
      .orderBy(...order)
      .limit(options.pageSize)
      .offset(options.index * options.pageSize),
    db
      .select({ n: count() })
      .from(partnerVideos)
      .innerJoin(videos, eq(videos.id, partnerVideos.videoId))
      .where(where),
  ]);
  const data = rows.map(({ isPremium, ...row }) => ({ ...toSummary(row), isPremium }));
  const n = total?.n ?? 0;
  return {
    data,
    count: n,
    index: options.index,
    pageSize: options.pageSize,
    hasMore: (options.index + 1) * options.pageSize < n,
  };
}

export interface ManagedVideo {
  id: string;
  slug: string;
  title: string;
  status: string;
  views: number;
  isPremium: boolean;
  createdAt: string;
}

/** Every video of the channel, whatever its state, newest first (the partner's own view). */
export async function listManagedVideos(
  db: Database,
  partnerId: string,
  limit = 200,
): Promise<ManagedVideo[]> {
  const rows = await db
    .select({
      id: videos.id,
      slug: videos.slug,
      title: videos.title,
      status: videos.status,
      views: videos.views,
      isPremium: partnerVideos.isPremium,
      createdAt: videos.createdAt,
    })
    .from(partnerVideos)
    .innerJoin(videos, eq(videos.id, partnerVideos.videoId))
    .where(eq(partnerVideos.partnerId, partnerId))
    .orderBy(desc(videos.createdAt), desc(videos.id))
    .limit(limit);
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}

/** A channel video with what its page shows, or 404 when it is not the channel's or not visible. */
export async function getChannelVideo(
  { db, actor }: Pick<Call, 'db' | 'actor'>,
  partner: Partner,
  videoId: string,
) {
  const [row] = await db
    .select({ video: videos, isPremium: partnerVideos.isPremium, uploader: users.username })
    .from(partnerVideos)
    .innerJoin(videos, eq(videos.id, partnerVideos.videoId))
    .innerJoin(users, eq(users.id, videos.ownerId))
    .where(and(eq(partnerVideos.partnerId, partner.id), eq(partnerVideos.videoId, videoId)))
    .limit(1);
  if (!row) throw new ServiceError('not_found', PARTNER_VIDEO_MISSING_MESSAGE);
  const manager = canManage(actor, partner) || can(actor, 'moderate');
  if (row.video.status !== 'published' && !manager) {
    throw new ServiceError('not_found', PARTNER_VIDEO_MISSING_MESSAGE);
  }
  const playable = await mayWatch({ db, actor }, partner, row.isPremium);
  return { video: row.video, isPremium: row.isPremium, uploader: row.uploader, playable };
}

/** Puts an uploaded video of the partner into its channel (free or premium). */
export async function addToChannel(
  db: Database,
  partner: Partner,
  videoId: string,
  isPremium: boolean,
): Promise<void> {
  const [video] = await db
    .select({ ownerId: videos.ownerId })
    .from(videos)
    .where(eq(videos.id, videoId))
    .limit(1);
  if (!video || video.ownerId !== partner.userId) {
    throw new ServiceError('not_found', PARTNER_VIDEO_MISSING_MESSAGE);
  }
  await db
    .insert(partnerVideos)
    .values({ videoId, partnerId: partner.id, isPremium })
    .onConflictDoUpdate({ target: partnerVideos.videoId, set: { isPremium } });
}

/** Marks a channel video premium or free. */
export async function setPremium(
  db: Database,
  partner: Partner,
  videoId: string,
  isPremium: boolean,
): Promise<void> {
  const updated = await db
    .update(partnerVideos)
    .set({ isPremium })
    .where(and(eq(partnerVideos.partnerId, partner.id), eq(partnerVideos.videoId, videoId)))
    .returning({ videoId: partnerVideos.videoId });
  if (updated.length === 0) throw new ServiceError('not_found', PARTNER_VIDEO_MISSING_MESSAGE);
}

/** Unpublishes or republishes a channel video (the owner's unpublish, as on the main site). */
export async function setChannelVideoPublished(
  ctx: Pick<Call, 'db' | 'now'>,
  partner: Partner,
  videoId: string,
  published: boolean,
): Promise<string> {
  const { db } = ctx;
  const now = ctx.now();
  const mark = await partnerMarkOf(db, videoId);
  if (!mark || mark.partnerId !== partner.id) {
    throw new ServiceError('not_found', PARTNER_VIDEO_MISSING_MESSAGE);
  }
  const [video] = await db
    .select({ status: videos.status, publishedAt: videos.publishedAt })
    .from(videos)
    .where(eq(videos.id, videoId))
    .limit(1);
  if (!video) throw new ServiceError('not_found', PARTNER_VIDEO_MISSING_MESSAGE);
  const from = published ? 'unpublished_user' : 'published';
  if (video.status !== from) {
    if (video.status === (published ? 'published' : 'unpublished_user')) return video.status;
    throw new ServiceError('conflict', `The video is ${video.status.replace('_', ' ')}`);
  }
  const status = published ? 'published' : 'unpublished_user';
  await db
    .update(videos)
    .set({
      status,
      updatedAt: now,
      publishedAt: published ? (video.publishedAt ?? now) : video.publishedAt,
    })
    .where(eq(videos.id, videoId));
  return status;
}

/** Sets the channel's Stripe price and the amount its subscribe page shows. */
export async function setPrice(
  ctx: Pick<Call, 'db' | 'now'>,
  partner: Partner,
  price: { stripePriceId: string | null; priceCents: number; currency: string },
): Promise<Partner> {
  const { db } = ctx;
  const now = ctx.now();
  const [row] = await db
    .update(partners)
    .set({ ...price, currency: price.currency.toLowerCase(), updatedAt: now })
    .where(eq(partners.id, partner.id))
    .returning();
  return row!;
}

/** Changes the channel's name and description. */
export async function setChannelDetails(
  ctx: Pick<Call, 'db' | 'now'>,
  partner: Partner,
  details: { name: string; description: string },
): Promise<Partner> {
  const { db } = ctx;
  const now = ctx.now();
  const [row] = await db
    .update(partners)
    .set({ ...details, updatedAt: now })
    .where(eq(partners.id, partner.id))
    .returning();
  return row!;
}

/**
 * Makes a member the partner of the channel at `slug` (an administrator's act): gives them the
 * partner role and creates the channel, in one transaction. A channel has one partner.
 */
export async function createPartner(
  ctx: Pick<Call, 'db' | 'now'>,
  input: { username: string; slug: string; name: string },
): Promise<Partner> {
  const { db } = ctx;
  const now = ctx.now();
  return inTransaction({ db }, async ({ db: tx }) => {
    const [user] = await tx
      .select({ id: users.id, role: users.role })
      .from(users)
      .where(sql`lower(${users.username}) = ${input.username.toLowerCase()}`)
      .limit(1);
    if (!user) throw new ServiceError('not_found', 'username: no member has this username');
    const taken = await tx
      .select({ id: partners.id, userId: partners.userId })
      .from(partners)
      .where(
        sql`lower(${partners.slug}) = ${input.slug.toLowerCase()} or ${partners.userId} = ${user.id}`,
      );
    if (taken.length > 0) {
      throw new ServiceError('conflict', 'slug: this channel or this member already has a partner');
    }
    const roles = new Set(
      user.role
        .split(',')
        .map((role) => role.trim())
        .filter(Boolean),
    );
    roles.delete('user');
    roles.add('partner');
    await tx
      .update(users)
      .set({ role: [...roles].join(','), updatedAt: now })
      .where(eq(users.id, user.id));
    const [partner] = await tx
      .insert(partners)
      .values({
        id: randomBytes(8).toString('hex'),
        userId: user.id,
        slug: input.slug.toLowerCase(),
        name: input.name,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    return partner!;
  });
}

export interface SubscriberSummary {
  active: number;
  total: number;
  recent: { username: string; status: PartnerSubscriptionState; since: string }[];
}

/** How many members pay for the channel now, and the most recent subscriptions. */
export async function listSubscribers(
  db: Database,
  partnerId: string,
  limit = 20,
): Promise<SubscriberSummary> {
  const [counts, recent] = await Promise.all([
    db
      .select({ status: partnerSubscriptions.status, n: count() })
      .from(partnerSubscriptions)
      .where(eq(partnerSubscriptions.partnerId, partnerId))
      .groupBy(partnerSubscriptions.status),
    db
      .select({
        username: users.username,
        status: partnerSubscriptions.status,
        since: partnerSubscriptions.createdAt,
      })
      .from(partnerSubscriptions)
      .innerJoin(users, eq(users.id, partnerSubscriptions.userId))
      .where(eq(partnerSubscriptions.partnerId, partnerId))
      .orderBy(desc(partnerSubscriptions.createdAt))
      .limit(limit),
  ]);
  return {
    active: counts
      .filter((row) => ACTIVE_STATES.includes(row.status))
      .reduce((n, row) => n + row.n, 0),
    total: counts.reduce((n, row) => n + row.n, 0),
    recent: recent.map((row) => ({ ...row, since: row.since.toISOString() })),
  };
}

export interface Earnings {
  /** Paid invoices, summed per currency (smallest unit). */
  totals: { currency: string; amountCents: number; invoices: number }[];
  recent: {
    invoiceId: string;
    username: string | null;
    amountCents: number;
    currency: string;
    paidAt: string;
  }[];
}

/** What the channel's subscribers paid: the paid invoices the billing webhook recorded. */
export async function listEarnings(db: Database, partnerId: string, limit = 20): Promise<Earnings> {
  const [totals, recent] = await Promise.all([
    db
      .select({
        currency: partnerEarnings.currency,
        amountCents: sql<number>`coalesce(sum(${partnerEarnings.amountCents}), 0)::int`,
        invoices: count(),
      })
      .from(partnerEarnings)
      .where(eq(partnerEarnings.partnerId, partnerId))
      .groupBy(partnerEarnings.currency),
    db
      .select({
        invoiceId: partnerEarnings.invoiceId,
        username: users.username,
        amountCents: partnerEarnings.amountCents,
        currency: partnerEarnings.currency,
        paidAt: partnerEarnings.paidAt,
      })
      .from(partnerEarnings)
      .leftJoin(users, eq(users.id, partnerEarnings.userId))
      .where(eq(partnerEarnings.partnerId, partnerId))
      .orderBy(desc(partnerEarnings.paidAt))
      .limit(limit),
  ]);
  return {
    totals,
    recent: recent.map((row) => ({ ...row, paidAt: row.paidAt.toISOString() })),
  };
}

export interface MemberPartnerSubscription {
  partnerId: string;
  slug: string;
  name: string;
  status: PartnerSubscriptionState;
  currentPeriodEnd: string | null;
  hasBillingAccount: boolean;
}

/** A member's partner subscriptions, any state. */
export async function listMemberSubscriptions(
  db: Database,
  userId: string,
): Promise<MemberPartnerSubscription[]> {
  const rows = await db
    .select({
      partnerId: partners.id,
      slug: partners.slug,
      name: partners.name,
      status: partnerSubscriptions.status,
      currentPeriodEnd: partnerSubscriptions.currentPeriodEnd,
      customer: partnerSubscriptions.stripeCustomerId,
    })
    .from(partnerSubscriptions)
    .innerJoin(partners, eq(partners.id, partnerSubscriptions.partnerId))
    .where(eq(partnerSubscriptions.userId, userId))
    .orderBy(desc(partnerSubscriptions.updatedAt));
  return rows.map(({ customer, currentPeriodEnd, ...row }) => ({
    ...row,
    currentPeriodEnd: currentPeriodEnd?.toISOString() ?? null,
    hasBillingAccount: customer != null,
  }));
}

/** The member's Stripe customer for the channel, when a subscription recorded one. */
export async function billingCustomerOf(
  db: Database,
  partnerId: string,
  userId: string,
): Promise<string | null> {
  const [row] = await db
    .select({ customer: partnerSubscriptions.stripeCustomerId })
    .from(partnerSubscriptions)
    .where(
      and(eq(partnerSubscriptions.partnerId, partnerId), eq(partnerSubscriptions.userId, userId)),
    )
    .limit(1);
  return row?.customer ?? null;
}

/**
 * Records what Stripe says of a member's subscription to a channel (the billing webhook's
 * handler calls this; a later event overwrites an earlier one's state).
 */
export async function recordSubscription(
  ctx: Pick<Call, 'db' | 'now'>,
  input: {
    partnerId: string;
    userId: string;
    status: PartnerSubscriptionState;
    stripeSubscriptionId?: string | null;
    stripeCustomerId?: string | null;
    currentPeriodEnd?: Date | null;
  },
): Promise<void> {
  const { db } = ctx;
  const now = ctx.now();
  const values = {
    status: input.status,
    stripeSubscriptionId: input.stripeSubscriptionId ?? null,
    stripeCustomerId: input.stripeCustomerId ?? null,
    currentPeriodEnd: input.currentPeriodEnd ?? null,
    updatedAt: now,
  };
  await db
    .insert(partnerSubscriptions)
    .values({ partnerId: input.partnerId, userId: input.userId, createdAt: now, ...values })
    .onConflictDoUpdate({
      target: [partnerSubscriptions.partnerId, partnerSubscriptions.userId],
      set: {
        ...values,
        stripeSubscriptionId: sql`coalesce(excluded.stripe_subscription_id, ${partnerSubscriptions.stripeSubscriptionId})`,
        stripeCustomerId: sql`coalesce(excluded.stripe_customer_id, ${partnerSubscriptions.stripeCustomerId})`,
      },
    });
}

/** Records a paid invoice once (a webhook delivered twice counts once). */
export async function recordPayment(
  db: Database,
  input: {
    invoiceId: string;
    partnerId: string;
    userId: string | null;
    amountCents: number;
    currency: string;
    paidAt: Date;
  },
): Promise<boolean> {
  const inserted = await db
    .insert(partnerEarnings)
    .values({ ...input, currency: input.currency.toLowerCase() })
    .onConflictDoNothing()
    .returning({ invoiceId: partnerEarnings.invoiceId });
  return inserted.length > 0;
}

/** The partner rows of these ids (for the billing handler's look-ups). */
export async function partnersByIds(db: Database, ids: string[]): Promise<Partner[]> {
  if (ids.length === 0) return [];
  return db.select().from(partners).where(inArray(partners.id, ids));
}
