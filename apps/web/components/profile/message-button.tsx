import { IntentLink } from '@/components/ui/intent-link';

/** "Message" on another member's profile: opens the compose form with them as recipient. */
export function MessageButton({ username, signedIn }: { username: string; signedIn: boolean }) {
  const compose = `/inbox/new?to=${encodeURIComponent(username)}`;
  return (
    <IntentLink
      href={signedIn ? compose : `/login?next=${encodeURIComponent(compose)}`}
      className="inline-flex items-center justify-center gap-1.5 rounded-full border border-white/20 px-4 py-2 text-sm font-semibold hover:bg-white/10"
      data-testid="message-button"
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" className="h-4 w-4 fill-current">
        <path d="M3 5h18a1 1 0 0 1 1 1v12a1 1 0 0 1-1 1H3a1 1 0 0 1-1-1V6a1 1 0 0 1 1-1Zm1 3.2V17h16V8.2l-8 5-8-5ZM19.1 7H4.9L12 11.4 19.1 7Z" />
      </svg>
      Message
    </IntentLink>
  );
}
