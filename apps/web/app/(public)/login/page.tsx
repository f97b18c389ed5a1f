import type { Metadata } from 'next';
import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { AuthCard } from '@/components/auth/auth-card';
import { LoginForm } from '@/components/auth/login-form';
import { formMessageFor } from '@/lib/form-outcome';
import { OWN_MESSAGES } from '@cutroom/core/features/accounts/auth/messages';
import { oauthButtons } from '@cutroom/core/features/accounts/auth/oauth';
import { getRuntime } from '@/lib/server/runtime';
import { getViewer } from '@/lib/server/session';

export const metadata: Metadata = { title: 'Sign in' };
export const dynamic = 'force-dynamic';

export default async function LoginPage({
  searchParams,
}: {
  searchParams: Promise<{
    next?: string;
    error?: string;
    via?: string;
    step?: string;
    kind?: string;
  }>;
}) {
  if (await getViewer(await headers())) redirect('/');
  const { next, error, via, step, kind } = await searchParams;
  const { settings } = (await getRuntime()).accounts;
  // A sign-in link or a provider that sent the browser back with an error names it here.
  const initialError =
    error && via === 'link'
      ? OWN_MESSAGES.signInLinkInvalid
      : error && via === 'oauth'
        ? OWN_MESSAGES.oauthFailed
        : formMessageFor(error, 'Sign-in failed. Please try again');
  return (
    <AuthCard title="Sign in">
      <LoginForm
        next={next}
        initialError={initialError}
        magicLink={settings.magicLink !== false}
        providers={oauthButtons(settings.oauthProviders ?? [])}
        step={step === 'code' ? 'code' : 'password'}
        recovery={kind === 'recovery'}
      />
    </AuthCard>
  );
}
