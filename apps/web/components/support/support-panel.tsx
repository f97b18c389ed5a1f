'use client';

import { useEffect, useState } from 'react';
import { useMemberViewer } from '@/components/shell/member-parts';
import { hasMemberHint } from '@/lib/member-hint';
import { callApi } from '@/lib/client/api';

/** A member's supporter status as POST /api/support {mode: 'Status'} answers it. */
interface MemberStatus {
  isSupporter: boolean;
  grantedByHand: boolean;
  subscription: {
    status: string;
    active: boolean;
    currentPeriodEnd: string | null;
    cancelAtPeriodEnd: boolean;
  } | null;
  canManageBilling: boolean;
}

type Checkout = 'success' | 'cancelled' | 'confirmed' | null;

/** How often, and how many times, a member back from Checkout asks whether Stripe confirmed. */
const POLL_MS = 2000;
const POLL_TIMES = 90;

const formatDate = (iso: string) =>
  new Date(iso).toLocaleDateString(undefined, { year: 'numeric', month: 'long', day: 'numeric' });

const BUTTON =
  'rounded-full bg-accent px-5 py-2 font-semibold text-black hover:bg-accent-strong disabled:opacity-60';

/**
 * The member's part of /support: a visitor is asked to sign in; a member gets Become a
 * supporter (to Stripe Checkout); a supporter their status and Manage billing (Stripe's
 * portal). Back from Checkout, it waits for Stripe's webhook and reloads once it has come.
 */
export function SupportPanel({ paymentsEnabled }: { paymentsEnabled: boolean }) {
  const [member, setMember] = useState<MemberStatus | null | undefined>(undefined);
  const [checkout, setCheckout] = useState<Checkout>(null);
  const [waitedOut, setWaitedOut] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // A page rendered for the member knows them at once; a shared one has the member hint.
  const viewer = useMemberViewer();
  const signedIn = viewer !== null;

  useEffect(() => {
    const param = new URLSearchParams(window.location.search).get('checkout');
    const arrived: Checkout =
      param === 'success' || param === 'cancelled' || param === 'confirmed' ? param : null;
    setCheckout(arrived);
    if (!signedIn && !hasMemberHint(document.cookie)) {
      setMember(null);
      return;
    }
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let tries = 0;
    async function load() {
      const answer = await callApi('/api/support', { mode: 'Status' });
      if (stopped) return;
      if (answer.status === 0) {
        setError('Network error: your status could not be loaded.');
        return;
      }
      const status = (answer.ok ? answer.body.member : null) as MemberStatus | null;
      setMember(status);
      if (arrived !== 'success' || !status) return;
      // Back from Checkout: the webhook makes them a supporter; then the page (and its
      // promotions) is loaded afresh.
      if (status.isSupporter) {
        window.location.replace('/support?checkout=confirmed');
        return;
      }
      tries += 1;
      if (tries < POLL_TIMES) timer = setTimeout(() => void load(), POLL_MS);
      else setWaitedOut(true);
    }
    void load();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [signedIn]);

  async function go(mode: 'Checkout' | 'Portal') {
    setBusy(true);
    setError(null);
    const answer = await callApi('/api/support', { mode });
    setBusy(false);
    if (answer.status === 401) {
      window.location.assign('/login?next=%2Fsupport');
      return;
    }
    if (answer.status === 0) {
      setError('Network error: nothing was changed. Please try again.');
      return;
    }
    if (!answer.ok || typeof answer.body.url !== 'string') {
      setError(answer.message ?? 'Something went wrong');
      return;
    }
    window.location.assign(answer.body.url);
  }

  if (member === undefined) {
    return <p className="text-neutral-400">Loading your status…</p>;
  }
  const notice =
    checkout === 'cancelled' ? (
      <p role="status" className="mb-4 rounded-lg bg-white/5 px-4 py-3">
        Checkout was cancelled: nothing was charged.
      </p>
    ) : checkout === 'confirmed' && member?.isSupporter ? (
      <p
        role="status"
        className="mb-4 rounded-lg bg-accent/15 px-4 py-3"
        data-testid="support-thanks"
      >
        Thank you! You are now a supporter.
      </p>
    ) : null;
  const failure = error && (
    <p role="alert" className="mt-3 text-sm text-red-300">
      {error}
    </p>
  );

  if (member === null) {
    return (
      <div>
        {notice}
        <a href="/login?next=%2Fsupport" className={`inline-block ${BUTTON}`}>
          Sign in to become a supporter
        </a>
        {!paymentsEnabled && <NotSetUp />}
      </div>
    );
  }

  if (member.isSupporter) {
    const { subscription } = member;
    return (
      <div data-testid="support-status">
        {notice}
        <p className="font-semibold">You are a supporter. Thank you!</p>
        {subscription?.active && subscription.currentPeriodEnd ? (
          <p className="mt-1 text-neutral-300">
            {subscription.cancelAtPeriodEnd ? 'Your support ends on ' : 'Renews on '}
            {formatDate(subscription.currentPeriodEnd)}
            {subscription.status === 'past_due' && ' (Stripe is retrying the last payment)'}.
          </p>
        ) : member.grantedByHand ? (
          <p className="mt-1 text-neutral-300">The site&apos;s staff made you a supporter.</p>
        ) : null}
        {member.canManageBilling && paymentsEnabled && (
          <button
            type="button"
            className={`mt-4 ${BUTTON}`}
            disabled={busy}
            onClick={() => void go('Portal')}
          >
            Manage billing
          </button>
        )}
        {failure}
      </div>
    );
  }

  return (
    <div>
      {notice}
      {checkout === 'success' && (
        <p
          role="status"
          className="mb-4 rounded-lg bg-accent/15 px-4 py-3"
          data-testid="support-waiting"
        >
          {waitedOut
            ? 'Thank you! Stripe has not confirmed your payment yet. This page will show it once it has: reload it in a few minutes.'
            : 'Thank you! Waiting for Stripe to confirm your payment…'}
        </p>
      )}
      {paymentsEnabled ? (
        <button
          type="button"
          className={BUTTON}
          disabled={busy}
          onClick={() => void go('Checkout')}
        >
          Become a supporter
        </button>
      ) : (
        <NotSetUp />
      )}
      {member.canManageBilling && paymentsEnabled && (
        <button
          type="button"
          className="ml-3 rounded-full border border-white/20 px-4 py-2 text-sm hover:border-white/50 disabled:opacity-60"
          disabled={busy}
          onClick={() => void go('Portal')}
        >
          Manage billing
        </button>
      )}
      {failure}
    </div>
  );
}

function NotSetUp() {
  return (
    <p
      role="status"
      className="mt-3 rounded-lg bg-white/5 px-4 py-3 text-neutral-300"
      data-testid="support-off"
    >
      Payments are not set up on this site yet, so the Supporter tier cannot be bought here for now.
    </p>
  );
}
