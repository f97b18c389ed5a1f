import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { findUserById } from '@cutroom/core/features/accounts/auth/registration.service';
import { AuthCard } from '@/components/auth/auth-card';
import { FormMessage } from '@/components/auth/form-parts';
import { ChangeEmailForm, ChangePasswordForm } from '@/components/auth/settings-forms';
import { IntentLink } from '@/components/ui/intent-link';
import { BlockedMembers } from '@/components/privacy/blocked-members';
import { MessagePrivacyForm } from '@/components/privacy/message-privacy-form';
import { listBlockedMembers } from '@cutroom/core/features/accounts/privacy/privacy.service';
import { readPrivacySettings } from '@cutroom/core/access/people-rules';
import { getRuntime } from '@/lib/server/runtime';
import { requirePageViewer } from '@/lib/server/page-access';

export const metadata: Metadata = { title: 'Account settings' };
export const dynamic = 'force-dynamic';

export default async function SettingsPage({
  searchParams,
}: {
  searchParams: Promise<{ email?: string }>;
}) {
  const viewer = await requirePageViewer();
  const { database, accounts } = await getRuntime();
  const user = await findUserById(database.db, viewer.id);
  if (!user) redirect('/login?next=/profile/settings');
  const { email } = await searchParams;
  const [privacy, blocked] = await Promise.all([
    readPrivacySettings(database.db, viewer.id),
    listBlockedMembers({ db: database.db, actor: viewer }),
  ]);
  return (
    <AuthCard title="Account settings" intro={`Signed in as ${user.username}`}>
      {email === 'changed' && (
        <FormMessage kind="success">Your e-mail address is now {user.email}.</FormMessage>
      )}
      <div className="space-y-8">
        <ChangePasswordForm policy={accounts.settings.passwordPolicy} />
        <ChangeEmailForm currentEmail={user.email} />
        <MessagePrivacyForm initial={privacy.messagesFrom} />
        <BlockedMembers
          initial={{
            data: blocked.data.map(({ username, image }) => ({ username, image })),
            index: blocked.index,
            hasMore: blocked.hasMore,
          }}
        />
        <p className="text-sm">
          <IntentLink
            href="/profile/settings/notifications"
            className="text-accent underline hover:no-underline"
            data-testid="notification-settings-link"
          >
            Notification settings
          </IntentLink>
          : which notifications also come by e-mail.
        </p>
        <ul className="space-y-1 text-sm">
          <li>
            <IntentLink
              href="/profile/settings/security"
              className="text-accent underline hover:no-underline"
              data-testid="security-link"
            >
              Two-factor sign-in
            </IntentLink>
            : a code from an authenticator app at every sign-in, with recovery codes.
          </li>
          <li>
            <IntentLink
              href="/profile/settings/sessions"
              className="text-accent underline hover:no-underline"
              data-testid="sessions-link"
            >
              Where you are signed in
            </IntentLink>
            : your sessions, and signing out the others.
          </li>
          <li>
            <IntentLink
              href="/profile/statistics"
              className="text-accent underline hover:no-underline"
              data-testid="statistics-link"
            >
              Statistics
            </IntentLink>
            : views, watch time and likes of your videos.
          </li>
          <li>
            <IntentLink
              href="/profile/settings/account"
              className="text-accent underline hover:no-underline"
              data-testid="account-data-link"
            >
              Your data and account
            </IntentLink>
            : download your data, or delete your account.
          </li>
        </ul>
      </div>
    </AuthCard>
  );
}
