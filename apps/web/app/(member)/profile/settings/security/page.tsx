import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { findUserById } from '@cutroom/core/features/accounts/auth/registration.service';
import { AuthCard } from '@/components/auth/auth-card';
import { TwoFactorSettings } from '@/components/auth/two-factor-settings';
import { IntentLink } from '@/components/ui/intent-link';
import { getRuntime } from '@/lib/server/runtime';
import { requirePageViewer } from '@/lib/server/page-access';

export const metadata: Metadata = { title: 'Sign-in security' };
export const dynamic = 'force-dynamic';

/** Two-factor sign-in (an authenticator app, with recovery codes). */
export default async function SecuritySettingsPage() {
  const viewer = await requirePageViewer();
  const { database } = await getRuntime();
  const user = await findUserById(database.db, viewer.id);
  if (!user) redirect('/login?next=/profile/settings/security');
  return (
    <AuthCard title="Sign-in security" intro={`Signed in as ${user.username}`}>
      <TwoFactorSettings enabled={user.twoFactorEnabled} />
      <p className="mt-8 text-sm">
        <IntentLink href="/profile/settings" className="text-accent underline hover:no-underline">
          Back to account settings
        </IntentLink>
      </p>
    </AuthCard>
  );
}
