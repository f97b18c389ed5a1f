import type { ReactNode } from 'react';
import { SiteShell } from '@/components/shell/site-shell';
import { StaffNav } from '@/components/staff/staff-nav';
import { pageAccess } from '@/lib/server/page-access';

/** Administration pages (/admin and below): administrators only. */
const GROUP_RIGHT = 'administer';

export default async function AdminLayout({ children }: { children: ReactNode }) {
  const viewer = await pageAccess(GROUP_RIGHT);
  return (
    <SiteShell viewer={viewer}>
      <div className="flex flex-col gap-4 lg:flex-row">
        <StaffNav admin />
        <div className="min-w-0 flex-1">{children}</div>
      </div>
    </SiteShell>
  );
}
