import type { ReactNode } from 'react';
import { SiteShell } from '@/components/shell/site-shell';
import { pageAccess } from '@/lib/server/page-access';

/**
 * Members' pages (upload, inbox, processing, subscriptions, history, own profile, settings):
 * a visitor is asked to sign in, and comes back here after. A page added to this group
 * cannot forget the check; each page still asks for its viewer with `requirePageViewer`.
 */
const GROUP_RIGHT = 'participate';

export default async function MemberLayout({ children }: { children: ReactNode }) {
  const viewer = await pageAccess(GROUP_RIGHT);
  return <SiteShell viewer={viewer}>{children}</SiteShell>;
}
