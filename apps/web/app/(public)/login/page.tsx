import type { Metadata } from 'next';
import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { AuthCard } from '@/components/auth/auth-card';
import { LoginForm } from '@/components/auth/login-form';
import { formMessageFor } from '@/lib/form-outcome';
import { getViewer } from '@/lib/session';

export const metadata: Metadata = { title: 'Sign in' };
export const dynamic = 'force-dynamic';

export default async function LoginPage({
  searchParams,
}: {
  searchParams: Promise<{ next?: string; error?: string }>;
}) {
  if (await getViewer(await headers())) redirect('/');
  const { next, error } = await searchParams;
  return (
    <AuthCard title="Sign in">
      <LoginForm
        next={next}
        initialError={formMessageFor(error, 'Sign-in failed. Please try again')}
      />
    </AuthCard>
  );
}
