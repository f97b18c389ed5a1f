import { headers } from 'next/headers';
import { forbidden, redirect, unauthorized } from 'next/navigation';
import { can, type Right } from '@cutroom/core/access/rights';
import { MESSAGES } from '@cutroom/core/features/accounts/auth/messages';
import type { Actor } from '@cutroom/core/kernel/endpoint';
import { ErrorPage } from '@/components/errors/error-page';
import { IntentLink } from '@/components/ui/intent-link';
import { getViewer } from './session';

/** What a visitor is told on a members' page, by the start of its path (first match). */
const SIGN_IN_PROMPTS: Record<string, { title: string; text: string }> = {
  'profile/settings': {
    title: 'Sign in to change your settings',
    text: 'Change your password and e-mail address once signed in.',
  },
  inbox: {
    title: 'Sign in to see your inbox',
    text: 'Members with a verified e-mail send and receive private messages.',
  },
  processing: {
    title: 'Sign in to follow your uploads',
    text: 'Your uploads are prepared in every quality; this page follows them live.',
  },
  profile: {
    title: 'Sign in to see your profile',
    text: 'Your profile holds your videos, favorites, playlists, friends and subscriptions.',
  },
  reports: {
    title: 'Sign in to see your reports',
    text: 'What you reported, and what staff did about it, shows here once you are signed in.',
  },
  'tagging/apply': {
    title: 'Sign in to apply to tag',
    text: 'Members with a verified e-mail address apply to label videos as taggers.',
  },
  tagger: {
    title: 'Sign in to tag',
    text: 'The tagger queue is for taggers, moderators and admins.',
  },
  subscriptions: {
    title: 'Sign in to see your subscriptions',
    text: 'Subscribe to uploaders on their profiles or video pages; their new videos show up here.',
  },
  upload: {
    title: 'Sign in to upload videos',
    text: 'Members with a verified e-mail upload videos; they are ready to watch in minutes.',
  },
  watched: {
    title: 'Sign in to see what you watched',
    text: 'Your watch history is kept for your account only.',
  },
};
const DEFAULT_PROMPT = { title: 'Sign in to continue', text: 'This page is for members.' };

/** The path and query of the page being rendered (set by proxy.ts). */
async function currentPath(): Promise<string> {
  const requestHeaders = await headers();
  return `${requestHeaders.get('x-pathname') ?? '/'}${requestHeaders.get('x-search') ?? ''}`;
}

/** What a member without a group's right is told, by the start of the path (first match). */
const REFUSALS: Record<string, string> = {
  admin: 'This page is for administrators; your account does not have that right.',
  moderation:
    'This page is for moderators and administrators; your account does not have that right.',
  padmin:
    'This page is for partner accounts and administrators; your account does not have that right.',
};
const DEFAULT_REFUSAL = 'Your account does not have the right to open this page.';

function startOf(path: string, starts: string[]): string | undefined {
  return starts.find(
    (start) =>
      path === `/${start}` || path.startsWith(`/${start}/`) || path.startsWith(`/${start}?`),
  );
}

/**
 * The check a route group's layout makes: the viewer when they hold the group's right. Anyone
 * else is answered with the refusal's status (docs/authorization.md): 401 and a sign-in prompt
 * for a visitor (unauthorized.tsx), 403 for a signed-in account without the right
 * (forbidden.tsx: the verification notice for an unverified account, else what the page is for).
 */
export async function pageAccess(right: Right): Promise<Actor | null> {
  const viewer = await getViewer(await headers());
  if (can(viewer, right)) return viewer;
  if (!viewer) unauthorized();
  forbidden();
}

/** What a refused viewer sees instead of the page, for the status their refusal answers. */
export async function RefusalNotice({ status }: { status: 401 | 403 }) {
  const path = await currentPath();
  if (status === 401) {
    const section = startOf(path, Object.keys(SIGN_IN_PROMPTS));
    const prompt = section ? SIGN_IN_PROMPTS[section]! : DEFAULT_PROMPT;
    return (
      <section className="mx-auto max-w-md py-12 text-center" data-testid="sign-in-prompt">
        <p className="text-sm font-semibold text-neutral-400">401 · Sign in required</p>
        <h1 className="mt-2 text-2xl font-bold">{prompt.title}</h1>
        <p className="mt-3 text-neutral-300">{prompt.text}</p>
        <IntentLink
          href={`/login?next=${encodeURIComponent(path)}`}
          className="mt-6 inline-block rounded-full bg-accent px-5 py-2 font-semibold text-black"
        >
          Sign in
        </IntentLink>
      </section>
    );
  }
  const viewer = await getViewer(await headers());
  if (viewer && !viewer.emailVerified) {
    return (
      <section className="mx-auto max-w-md py-12 text-center" data-testid="verify-prompt">
        <p className="text-sm font-semibold text-neutral-400">403 · E-mail not verified</p>
        <h1 className="mt-2 text-2xl font-bold">Verify your e-mail address</h1>
        <p className="mt-3 text-neutral-300">{MESSAGES.unverified}</p>
      </section>
    );
  }
  if (startOf(path, ['tagger'])) return <NotATagger />;
  const section = startOf(path, Object.keys(REFUSALS));
  return (
    <ErrorPage
      statusCode={403}
      statusMessage="Not open to your account"
      description={section ? REFUSALS[section] : DEFAULT_REFUSAL}
    />
  );
}

/** A member refused the tagger queue is shown the way to apply. */
function NotATagger() {
  return (
    <section className="mx-auto max-w-md py-12 text-center" data-testid="not-a-tagger">
      <h1 className="text-2xl font-bold">The tagger queue is for taggers</h1>
      <p className="mt-3 text-neutral-300">
        Taggers label videos from here. Members apply, and staff answer every application.
      </p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <IntentLink
          href="/tagging/apply"
          className="rounded-full bg-accent px-5 py-2 font-semibold text-black"
        >
          Apply to tag
        </IntentLink>
        <IntentLink
          href="/tagging/guide"
          className="rounded-full px-5 py-2 font-semibold underline hover:no-underline"
        >
          Read the tagging guide
        </IntentLink>
      </div>
    </section>
  );
}

/**
 * The signed-in viewer a members' page works for. Its group's layout has already refused
 * everyone else; this is the page's own check, for requests that render the page alone.
 */
export async function requirePageViewer(right: Right = 'participate'): Promise<Actor> {
  const viewer = await getViewer(await headers());
  if (!viewer || !can(viewer, right)) {
    redirect(`/login?next=${encodeURIComponent(await currentPath())}`);
  }
  return viewer;
}
