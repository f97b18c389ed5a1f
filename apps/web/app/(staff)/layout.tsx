import type { ReactNode } from 'react';
import { can } from '@cutroom/core/access/rights';
import { SiteShell } from '@/components/shell/site-shell';
import { StaffNav } from '@/components/staff/staff-nav';
import { pageAccess } from '@/lib/server/page-access';

/**
 * The moderation area (/moderation and below): moderators and administrators only. A visitor
 * is asked to sign in, a member without the right is answered 403. Each page still asks for
 * its viewer with `requirePageViewer('moderate')`.
 */
const GROUP_RIGHT = 'moderate';

export default async function StaffLayout({ children }: { children: ReactNode }) {
  const viewer = await pageAccess(GROUP_RIGHT);
  return (
    <SiteShell viewer={viewer}>
      <div className="flex flex-col gap-4 lg:flex-row">
        <StaffNav admin={can(viewer, 'administer')} />
        <div className="min-w-0 flex-1">{children}</div>
      </div>
    </SiteShell>
  );
}
