import type { Metadata } from 'next';
import { headers } from 'next/headers';
import { SiteShell } from '@/components/shell/site-shell';
import { RefusalNotice } from '@/lib/server/page-access';
import { getViewer } from '@/lib/server/session';

export const metadata: Metadata = { title: 'Not open to your account' };

/**
 * A route group refused a signed-in account (lib/server/page-access.tsx): 403 and why. The group's
 * layout did not draw, so the shell is drawn here.
 */
export default async function Forbidden() {
  return (
    <SiteShell viewer={await getViewer(await headers())}>
      <RefusalNotice status={403} />
    </SiteShell>
  );
}
