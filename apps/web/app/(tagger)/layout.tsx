import type { ReactNode } from 'react';
import { SiteShell } from '@/components/shell/site-shell';
import { pageAccess } from '@/lib/page-access';

/**
 * The taggers' pages (/tagger): taggers, moderators and admins (the tag right). A visitor is
 * asked to sign in, a member without the right is answered 403.
 */
const GROUP_RIGHT = 'tag';

export default async function TaggerLayout({ children }: { children: ReactNode }) {
  const { viewer, refusal } = await pageAccess(GROUP_RIGHT);
  return <SiteShell viewer={viewer}>{refusal ?? children}</SiteShell>;
}
