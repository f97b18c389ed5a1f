import type { Metadata } from 'next';
import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { AuthCard } from '@/components/auth/auth-card';
import { RegisterForm } from '@/components/auth/register-form';
import { MESSAGES } from '@cutroom/core/features/accounts/auth/messages';
import { formMessageFor } from '@/lib/form-outcome';
import { getRuntime } from '@/lib/server/runtime';
import { getViewer } from '@/lib/server/session';

export const metadata: Metadata = { title: 'Register' };
export const dynamic = 'force-dynamic';

export default async function RegisterPage({
  searchParams,
}: {
  searchParams: Promise<{ error?: string; done?: string }>;
}) {
  if (await getViewer(await headers())) redirect('/');
  const { error, done } = await searchParams;
  const { accounts } = await getRuntime();
  return (
    <AuthCard
      title="Register"
      intro="We send a link to your address: open it to verify the address, then sign in."
    >
      <RegisterForm
        initialError={formMessageFor(error, 'Registration failed. Please try again')}
        initialDone={done ? MESSAGES.registered : undefined}
        policy={accounts.settings.passwordPolicy}
        botCheckNeedsScript={(accounts.settings.botCheck?.provider ?? 'off') !== 'off'}
      />
    </AuthCard>
  );
}
