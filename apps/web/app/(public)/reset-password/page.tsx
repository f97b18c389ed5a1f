import type { Metadata } from 'next';
import { IntentLink } from '@/components/ui/intent-link';
import { OWN_MESSAGES } from '@cutroom/core/features/accounts/auth/messages';
import { AuthCard } from '@/components/auth/auth-card';
import { FormMessage } from '@/components/auth/form-parts';
import { NewPasswordForm, ResetRequestForm } from '@/components/auth/reset-password-forms';
import { getRuntime } from '@/lib/server/runtime';

export const metadata: Metadata = { title: 'Reset password' };
export const dynamic = 'force-dynamic';

/** Without a token: ask for a link. With the token the link carried: choose a new password. */
export default async function ResetPasswordPage({
  searchParams,
}: {
  searchParams: Promise<{ token?: string; error?: string }>;
}) {
  const { token, error } = await searchParams;
  if (token && !error) {
    const { accounts } = await getRuntime();
    return (
      <AuthCard title="Choose a new password">
        <NewPasswordForm token={token} policy={accounts.settings.passwordPolicy} />
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title="Reset password"
      intro="Enter the address of your account and we will mail you a link to choose a new password."
    >
      {error && <FormMessage kind="error">{OWN_MESSAGES.resetInvalid}</FormMessage>}
      <ResetRequestForm />
      <p className="mt-4 text-center text-sm">
        <IntentLink href="/login" className="text-accent underline">
          Back to sign in
        </IntentLink>
      </p>
    </AuthCard>
  );
}
