import type { ReactNode } from 'react';
import { pageAccess } from '@/lib/server/page-access';

/** The partner's own pages: the partner right (partner accounts and administrators). */
const GROUP_RIGHT = 'partner';

export default async function PartnerOnlyLayout({ children }: { children: ReactNode }) {
  await pageAccess(GROUP_RIGHT);
  return children;
}
