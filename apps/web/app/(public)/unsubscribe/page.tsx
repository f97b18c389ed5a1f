import type { Metadata } from 'next';
import {
  NOTIFICATION_KIND_INFO,
  NOTIFICATION_KINDS,
  type NotificationKind,
} from '@cutroom/core/features/people/notifications/notification-kinds';
import { readUnsubscribeToken } from '@cutroom/core/features/people/notifications/notifications.service';
import { isUnsubscribed } from '@cutroom/core/features/people/notifications/unsubscribe-state';
import { TextPage } from '@/components/content/text-page';
import { IntentLink } from '@/components/ui/intent-link';
import { getRuntime } from '@/lib/server/runtime';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Unsubscribe', robots: { index: false } };

type Query = Promise<{ token?: string | string[]; done?: string | string[]; invalid?: string }>;

const one = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/**
 * Where a notification e-mail's unsubscribe link lands: one press turns that kind's e-mail
 * off, signed in or not. (Opening the link alone changes nothing: mail scanners open links.)
 */
export default async function UnsubscribePage({ searchParams }: { searchParams: Query }) {
  const query = await searchParams;
  const token = one(query.token) ?? '';
  const done = one(query.done);
  if (done !== undefined) {
    const kinds = done
      .split(',')
      .filter((kind): kind is NotificationKind =>
        (NOTIFICATION_KINDS as readonly string[]).includes(kind),
      );
    return (
      <TextPage title="Unsubscribed">
        <p data-testid="unsubscribed">
          {kinds.length > 0
            ? `No more e-mails for: ${kinds.map((kind) => NOTIFICATION_KIND_INFO[kind].label.toLowerCase()).join(', ')}.`
            : 'Nothing was coming by e-mail any more.'}{' '}
          You still see these notifications on the site.
        </p>
        <p>
          Changed your mind? Choose again in your{' '}
          <IntentLink href="/profile/settings/notifications">notification settings</IntentLink>.
        </p>
      </TextPage>
    );
  }
  const { accounts, database } = await getRuntime();
  const read = token ? readUnsubscribeToken(accounts.settings.secret, token) : null;
  if (!read || query.invalid) {
    return (
      <TextPage title="Unsubscribe">
        <p data-testid="unsubscribe-invalid">
          This unsubscribe link is not valid. Open it again from the e-mail, or choose what comes by
          e-mail in your{' '}
          <IntentLink href="/profile/settings/notifications">notification settings</IntentLink>.
        </p>
      </TextPage>
    );
  }
  const what =
    read.scope === 'digest'
      ? 'the daily digest'
      : `e-mails for ${NOTIFICATION_KIND_INFO[read.scope].label.toLowerCase()}`;
  // A link followed before: say it is done rather than ask again.
  if (await isUnsubscribed(database.db, read)) {
    return (
      <TextPage title="Unsubscribed">
        <p data-testid="unsubscribed">
          You are already unsubscribed: {what} no longer come by e-mail. You still see these
          notifications on the site.
        </p>
        <p>
          Changed your mind? Choose again in your{' '}
          <IntentLink href="/profile/settings/notifications">notification settings</IntentLink>.
        </p>
      </TextPage>
    );
  }
  return (
    <TextPage title="Unsubscribe">
      <p>Stop {what}? You will still see these notifications on the site.</p>
      <form
        method="post"
        action={`/api/notifications/unsubscribe?token=${encodeURIComponent(token)}`}
      >
        <button
          type="submit"
          data-testid="unsubscribe-button"
          className="rounded-full bg-accent px-5 py-2 font-semibold text-black hover:bg-accent-strong"
        >
          Unsubscribe
        </button>
      </form>
    </TextPage>
  );
}
