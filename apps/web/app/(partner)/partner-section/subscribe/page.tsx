import type { Metadata } from 'next';
import { billingEnabled } from '@cutroom/core/features/money/billing/stripe-client';
import { isActiveSubscriber } from '@cutroom/core/access/premium-rules';
import { PartnerAction } from '@/components/partner/partner-action';
import { PartnerNav } from '@/components/partner/partner-nav';
import { formatPrice, loadSection } from '@/components/partner/partner-data';
import { IntentLink } from '@/components/ui/intent-link';
import { getRuntime } from '@/lib/server/runtime';

export const dynamic = 'force-dynamic';

export async function generateMetadata(): Promise<Metadata> {
  const { partner } = await loadSection();
  return { title: `Subscribe to ${partner.name}` };
}

/** The channel's price, what a subscription gives, and Stripe Checkout to pay for it. */
export default async function SubscribePage() {
  const { partner, base, manages, viewer } = await loadSection();
  const { database, config } = await getRuntime();
  const subscribed = viewer ? await isActiveSubscriber(database.db, partner.id, viewer.id) : false;
  const onSale = billingEnabled(config) && partner.stripePriceId != null;
  return (
    <div>
      <PartnerNav base={base} name={partner.name} manages={manages} current={`${base}/subscribe`} />
      <section className="mx-auto max-w-xl" data-testid="partner-subscribe">
        <h1 className="text-2xl font-bold">Subscribe to {partner.name}</h1>
        <p className="mt-3 text-3xl font-bold text-accent">
          {partner.priceCents > 0 ? formatPrice(partner.priceCents, partner.currency) : '—'}
          <span className="ml-1 text-base font-normal text-neutral-300">a month</span>
        </p>
        <ul className="mt-4 list-disc space-y-1 pl-5 text-neutral-200">
          <li>Every premium video of the channel, as soon as it is published</li>
          <li>The channel’s free videos, as everyone gets them</li>
          <li>
            Cancel at any time from your subscriptions: you keep access until the paid month ends
          </li>
        </ul>
        <p className="mt-3 text-sm text-neutral-400">
          Payment is taken by Stripe on its own page; no card details reach this site.
        </p>
        <div className="mt-6">
          {subscribed ? (
            <p role="status" className="rounded-lg bg-white/5 px-4 py-3">
              You subscribe to this channel.{' '}
              <IntentLink href={`${base}/subscriptions`} className="underline">
                Manage your subscription
              </IntentLink>
            </p>
          ) : manages && viewer?.id === partner.userId ? (
            <p className="text-neutral-300">This is your channel.</p>
          ) : !onSale ? (
            <p role="status" className="rounded-lg bg-white/5 px-4 py-3 text-neutral-300">
              Subscriptions to this channel are not on sale yet.
            </p>
          ) : viewer ? (
            <PartnerAction
              body={{ mode: 'Subscribe' }}
              label="Subscribe with Stripe"
              testId="partner-checkout"
              className="rounded-full bg-accent px-5 py-2 font-semibold text-black disabled:opacity-60"
            />
          ) : (
            <IntentLink
              href={`/login?next=${encodeURIComponent(`${base}/subscribe`)}`}
              className="inline-block rounded-full bg-accent px-5 py-2 font-semibold text-black"
            >
              Sign in to subscribe
            </IntentLink>
          )}
        </div>
      </section>
    </div>
  );
}
