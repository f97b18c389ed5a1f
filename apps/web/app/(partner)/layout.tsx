import type { ReactNode } from 'react';
import { SiteShell } from '@/components/shell/site-shell';
import { pageAccess } from '@/lib/server/page-access';

/**
 * The partner section (/{PARTNER_SLUG}, served from partner-section/ through proxy.ts) and
 * /padmin. The channel's pages are open to everyone; its upload and management pages and a
 * member's subscriptions have layouts of their own asking for their right.
 */
const GROUP_RIGHT = 'view';

export default async function PartnerLayout({ children }: { children: ReactNode }) {
  const viewer = await pageAccess(GROUP_RIGHT);
  return <SiteShell viewer={viewer}>{children}</SiteShell>;
}
