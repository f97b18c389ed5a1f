import type { ComponentProps } from 'react';
import { isDeletedAccountName } from '@cutroom/core/features/accounts/my-account/deleted-account';
import { IntentLink } from '@/components/ui/intent-link';

/**
 * A link to a member's profile; for what a deleted account left behind (its name is no
 * member's), the same content without a link: that account has no profile.
 */
export function ProfileLink({
  username,
  ...link
}: { username: string } & Omit<ComponentProps<typeof IntentLink>, 'href'>) {
  if (isDeletedAccountName(username)) {
    if (link['aria-hidden']) return <>{link.children}</>;
    return (
      <span className={link.className} data-testid="deleted-account">
        {link.children}
      </span>
    );
  }
  return <IntentLink href={`/profile/${encodeURIComponent(username)}`} {...link} />;
}
