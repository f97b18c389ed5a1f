import type { ReactNode } from 'react';
import { SiteShell } from '@/components/shell/site-shell';
import { pageAccess } from '@/lib/server/page-access';

/** Pages any visitor may open: the right to view, which everyone holds. */
const GROUP_RIGHT = 'view';

export default async function PublicLayout({ children }: { children: ReactNode }) {
  const viewer = await pageAccess(GROUP_RIGHT);
  return <SiteShell viewer={viewer}>{children}</SiteShell>;
}
