import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { findUserById } from '@cutroom/core/accounts/registration.service';
import { AuthCard } from '@/components/auth/auth-card';
import { FormMessage } from '@/components/auth/form-parts';
import { ChangeEmailForm, ChangePasswordForm } from '@/components/auth/settings-forms';
import { getRuntime } from '@/lib/runtime';
import { requirePageViewer } from '@/lib/page-access';

export const metadata: Metadata = { title: 'Account settings' };
export const dynamic = 'force-dynamic';

export default async function SettingsPage({
  searchParams,
}: {
  searchParams: Promise<{ email?: string }>;
}) {
  const viewer = await requirePageViewer();
  const { database } = await getRuntime();
  const user = await findUserById(database.db, viewer.id);
  if (!user) redirect('/login?next=/profile/settings');
  const { email } = await searchParams;
  return (
    <AuthCard title="Account settings" intro={`Signed in as ${user.username}`}>
      {email === 'changed' && (
        <FormMessage kind="success">Your e-mail address is now {user.email}.</FormMessage>
      )}
      <div className="space-y-8">
        <ChangePasswordForm />
        <ChangeEmailForm currentEmail={user.email} />
      </div>
    </AuthCard>
  );
}
