import { EmptyState } from '../video/video-grid';

/** What a visitor sees on the inbox pages: the site's sign-in prompt, coming back here after. */
export function InboxSignInPrompt({ next }: { next: string }) {
  return (
    <EmptyState
      title="Sign in to see your inbox"
      action={{ href: `/login?next=${encodeURIComponent(next)}`, label: 'Sign in' }}
    >
      Members with a verified e-mail send and receive private messages.
    </EmptyState>
  );
}
