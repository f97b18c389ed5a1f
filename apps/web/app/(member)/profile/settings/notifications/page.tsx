import type { Metadata } from 'next';
import { getNotificationSettings } from '@cutroom/core/features/people/notifications/notifications.service';
import { listingContext } from '@/components/browse/listing-data';
import { NotificationSettingsForm } from '@/components/notifications/notification-settings-form';
import { IntentLink } from '@/components/ui/intent-link';
import { requirePageViewer } from '@/lib/server/page-access';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Notification settings' };

/** Which notifications also come by e-mail, kind by kind. */
export default async function NotificationSettingsPage() {
  const viewer = await requirePageViewer();
  const { db } = await listingContext();
  const settings = await getNotificationSettings({ db, actor: viewer });
  return (
    <div className="mx-auto max-w-2xl space-y-4" data-testid="notification-settings-page">
      <h1 className="text-2xl font-bold">Notification settings</h1>
      <p className="text-sm text-neutral-300">
        Every notification shows under the bell and in your{' '}
        <IntentLink href="/notifications" className="text-accent underline hover:no-underline">
          notifications
        </IntentLink>
        . Choose which also come by e-mail: at once, or gathered in one daily digest. Each e-mail
        has a link that turns its kind off without signing in.
      </p>
      <NotificationSettingsForm initial={settings} />
      <p className="text-sm">
        <IntentLink href="/profile/settings" className="text-accent hover:underline">
          Back to account settings
        </IntentLink>
      </p>
    </div>
  );
}
