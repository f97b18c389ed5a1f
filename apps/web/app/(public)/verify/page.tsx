import type { Metadata } from 'next';
import { IntentLink } from '@/components/ui/intent-link';
import { AuthCard } from '@/components/auth/auth-card';
import { FormMessage } from '@/components/auth/form-parts';
import { ResendVerificationForm } from '@/components/auth/resend-verification-form';

export const metadata: Metadata = { title: 'E-mail verification' };
export const dynamic = 'force-dynamic';

/** Where the verification link lands once the server has checked it (error= when it failed). */
export default async function VerifyPage({
  searchParams,
}: {
  searchParams: Promise<{ error?: string }>;
}) {
  const { error } = await searchParams;
  if (error) {
    return (
      <AuthCard title="This link did not work">
        <FormMessage kind="error" testId="verify-failed">
          {error.toLowerCase() === 'token_expired'
            ? 'This verification link has expired.'
            : 'This verification link is invalid or was already used.'}
        </FormMessage>
        <p className="mb-4 text-sm text-neutral-300">
          Links work once and for a day. Ask for a new one below, or{' '}
          <IntentLink href="/login" className="text-accent underline">
            sign in
          </IntentLink>{' '}
          if your address is already verified.
        </p>
        <ResendVerificationForm />
      </AuthCard>
    );
  }
  return (
    <AuthCard title="E-mail verified">
      <FormMessage kind="success" testId="verify-ok">
        Your e-mail address is verified.
      </FormMessage>
      <IntentLink
        href="/login"
        className="block w-full rounded-full bg-accent px-4 py-2.5 text-center font-semibold text-black hover:bg-accent-strong"
      >
        Sign in
      </IntentLink>
    </AuthCard>
  );
}
