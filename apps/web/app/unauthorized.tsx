import type { Metadata } from 'next';
import { headers } from 'next/headers';
import { SiteShell } from '@/components/shell/site-shell';
import { RefusalNotice } from '@/lib/server/page-access';
import { getViewer } from '@/lib/server/session';

export const metadata: Metadata = { title: 'Sign in required' };

/**
 * A route group refused a visitor (lib/server/page-access.tsx): 401 and the sign-in prompt. The
 * group's layout did not draw, so the shell is drawn here.
 */
export default async function Unauthorized() {
  return (
    <SiteShell viewer={await getViewer(await headers())}>
      <RefusalNotice status={401} />
    </SiteShell>
  );
}
