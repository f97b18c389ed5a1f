import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import type { ReactNode } from 'react';
import { can, type Right } from '@cutroom/core/access/rights';
import { MESSAGES } from '@cutroom/core/accounts/messages';
import type { Actor } from '@cutroom/core/api/endpoint';
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

/**
 * The check a route group's layout makes: the viewer, and what to show instead of the page
 * when they lack the group's right (a sign-in prompt for a visitor, the verification notice
 * for an unverified account, 403 for anyone else), or null when they may enter.
 */
export async function pageAccess(
  right: Right,
): Promise<{ viewer: Actor | null; refusal: ReactNode | null }> {
  const viewer = await getViewer(await headers());
  if (can(viewer, right)) return { viewer, refusal: null };
  if (!viewer) {
    const path = await currentPath();
    const section = Object.keys(SIGN_IN_PROMPTS).find(
      (start) =>
        path === `/${start}` || path.startsWith(`/${start}/`) || path.startsWith(`/${start}?`),
    );
    const prompt = section ? SIGN_IN_PROMPTS[section]! : DEFAULT_PROMPT;
    return {
      viewer,
      refusal: (
        <section className="mx-auto max-w-md py-12 text-center" data-testid="sign-in-prompt">
          <h1 className="text-2xl font-bold">{prompt.title}</h1>
          <p className="mt-3 text-neutral-300">{prompt.text}</p>
          <IntentLink
            href={`/login?next=${encodeURIComponent(path)}`}
            className="mt-6 inline-block rounded-full bg-accent px-5 py-2 font-semibold text-black"
          >
            Sign in
          </IntentLink>
        </section>
      ),
    };
  }
  if (!viewer.emailVerified) {
    return {
      viewer,
      refusal: (
        <section className="mx-auto max-w-md py-12 text-center">
          <h1 className="text-2xl font-bold">Verify your e-mail address</h1>
          <p className="mt-3 text-neutral-300">{MESSAGES.unverified}</p>
        </section>
      ),
    };
  }
  return {
    viewer,
    refusal: <ErrorPage statusCode={403} description="This page is not open to your account." />,
  };
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
