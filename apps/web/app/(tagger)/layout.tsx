import type { ReactNode } from 'react';
import { SiteShell } from '@/components/shell/site-shell';
import { pageAccess } from '@/lib/server/page-access';

/**
 * The taggers' pages (/tagger): taggers, moderators and admins (the tag right). A visitor is
 * asked to sign in (401); a member without the right is refused (403) and shown the way to
 * apply (lib/server/page-access.tsx).
 */
const GROUP_RIGHT = 'tag';

export default async function TaggerLayout({ children }: { children: ReactNode }) {
  const viewer = await pageAccess(GROUP_RIGHT);
  return <SiteShell viewer={viewer}>{children}</SiteShell>;
}
