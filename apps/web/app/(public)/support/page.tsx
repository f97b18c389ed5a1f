import type { Metadata } from 'next';
import { supporterCheckoutEnabled } from '@cutroom/core/features/money/supporter/supporter.service';
import { SupportPanel } from '@/components/support/support-panel';
import { getRuntime } from '@/lib/server/runtime';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Become a supporter' };

const BENEFITS = [
  'No promotional cards, banners or pop-unders, on every page',
  'No ads before or during videos',
  'The Supporter rank on your profile and on the ranks page',
  'You help pay for the storage and streaming that keep the site running',
];

/**
 * The Supporter tier: what it gives and costs, the same page for everyone (it is shared and
 * cached); the member's own status and buttons come from /api/support after load.
 */
export default async function SupportPage() {
  const { config } = await getRuntime();
  const paymentsEnabled = supporterCheckoutEnabled(config);
  return (
    <section aria-labelledby="support-heading" className="mx-auto max-w-2xl">
      <h1 id="support-heading" className="text-2xl font-bold">
        Become a supporter
      </h1>
      <p className="mt-1 text-neutral-400">
        Supporters keep {config.SITE_NAME} running, and see it without promotions.
      </p>
      <div className="mt-6 rounded-lg bg-surface-raised p-5" data-testid="support-tier">
        <h2 className="flex flex-wrap items-baseline gap-3">
          <span className="rounded-full bg-accent/20 px-2.5 py-0.5 text-sm font-semibold text-accent">
            Supporter
          </span>
          <span className="text-2xl font-bold" data-testid="support-price">
            {config.SUPPORTER_PRICE_TEXT}
          </span>
        </h2>
        <ul
          className="mt-4 list-disc space-y-1 pl-5 text-neutral-200"
          data-testid="support-benefits"
        >
          {BENEFITS.map((benefit) => (
            <li key={benefit}>{benefit}</li>
          ))}
        </ul>
        <p className="mt-4 text-sm text-neutral-400">
          Payment is taken by Stripe on its own page: no card details reach this site. Cancel at any
          time from Manage billing; you stay a supporter until the paid period ends.
        </p>
        <div className="mt-5">
          <SupportPanel paymentsEnabled={paymentsEnabled} />
        </div>
      </div>
    </section>
  );
}
