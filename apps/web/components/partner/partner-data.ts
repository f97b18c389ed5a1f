import { headers } from 'next/headers';
import { notFound } from 'next/navigation';
import type { Actor } from '@cutroom/core/kernel/endpoint';
import {
  canManage,
  findPartnerBySlug,
  type ChannelPage,
  type Partner,
} from '@cutroom/core/features/money/partner/partner.service';
import { getRuntime } from '@/lib/server/runtime';
import { getViewer } from '@/lib/server/session';
import type { CardPage } from '../browse/listing-data';
import { toCardVideo } from '../video/card-video';

/** The partner section's channel (the one PARTNER_SLUG names), or the 404 page. */
export async function loadSection(): Promise<{
  partner: Partner;
  /** Where the section is served: `/digitalfiend`. */
  base: string;
  viewer: Actor | null;
  manages: boolean;
}> {
  const runtime = await getRuntime();
  const slug = runtime.config.PARTNER_SLUG;
  const [partner, viewer] = await Promise.all([
    findPartnerBySlug(runtime.database.db, slug),
    getViewer(await headers()),
  ]);
  if (!partner) notFound();
  return { partner, base: `/${slug}`, viewer, manages: canManage(viewer, partner) };
}

/** A channel page as cards, premium ones marked in their titles' place. */
export async function toChannelCards(page: ChannelPage): Promise<CardPage & { premium: string[] }> {
  const { storage } = await getRuntime();
  return {
    ...page,
    countIsCapped: false,
    data: page.data.map((video) => toCardVideo(video, storage.publicBaseUrl)),
    premium: page.data.filter((video) => video.isPremium).map((video) => video.id),
  };
}

/** A price in the currency's smallest unit, as people read it: "$4.99", "€5.00". */
export function formatPrice(cents: number, currency: string): string {
  try {
    return new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency: currency.toUpperCase(),
    }).format(cents / 100);
  } catch {
    return `${(cents / 100).toFixed(2)} ${currency.toUpperCase()}`;
  }
}
