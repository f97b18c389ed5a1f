import type { Metadata } from 'next';
import { listMemberSubscriptions } from '@cutroom/core/features/money/partner/partner.service';
import { PartnerAction } from '@/components/partner/partner-action';
import { PartnerNav } from '@/components/partner/partner-nav';
import { loadSection } from '@/components/partner/partner-data';
import { IntentLink } from '@/components/ui/intent-link';
import { requirePageViewer } from '@/lib/server/page-access';
import { getRuntime } from '@/lib/server/runtime';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'My channel subscriptions' };

const STATE_NAMES: Record<string, string> = {
  active: 'Active',
  trialing: 'Trial',
  past_due: 'Payment being retried',
  unpaid: 'Unpaid',
  canceled: 'Cancelled',
  incomplete: 'Payment not finished',
};

/** The member's partner channel subscriptions, with Stripe's billing portal to manage them. */
export default async function PartnerSubscriptionsPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const viewer = await requirePageViewer('participate');
  const { partner, base, manages } = await loadSection();
  const { database } = await getRuntime();
  const subscriptions = await listMemberSubscriptions(database.db, viewer.id);
  const justSubscribed = (await searchParams).subscribed === '1';
  return (
    <div>
      <PartnerNav
        base={base}
        name={partner.name}
        manages={manages}
        current={`${base}/subscriptions`}
      />
      <h1 className="mb-4 text-xl font-bold">My channel subscriptions</h1>
      {justSubscribed && (
        <p role="status" className="mb-4 rounded-lg bg-accent/15 px-4 py-3">
          Thank you! Your subscription starts as soon as Stripe confirms the payment (a few
          seconds).
        </p>
      )}
      {subscriptions.length === 0 ? (
        <p className="text-neutral-300">
          You subscribe to no channel.{' '}
          <IntentLink href={`${base}/subscribe`} className="underline">
            Subscribe to {partner.name}
          </IntentLink>
        </p>
      ) : (
        <ul className="divide-y divide-white/10" data-testid="partner-subscriptions">
          {subscriptions.map((subscription) => (
            <li key={subscription.partnerId} className="flex flex-wrap items-center gap-3 py-3">
              <span className="min-w-0 break-words font-semibold">{subscription.name}</span>
              <span className="text-sm text-neutral-300">
                {STATE_NAMES[subscription.status] ?? subscription.status}
                {subscription.currentPeriodEnd &&
                  ` · paid until ${new Date(subscription.currentPeriodEnd).toISOString().slice(0, 10)}`}
              </span>
              {subscription.hasBillingAccount && (
                <PartnerAction body={{ mode: 'ManageBilling' }} label="Manage or cancel" />
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
