import type { ReactNode } from 'react';
import { pageAccess } from '@/lib/server/page-access';

/** A member's own subscriptions: signed-in members. */
const GROUP_RIGHT = 'participate';

export default async function MemberSubscriptionsLayout({ children }: { children: ReactNode }) {
  await pageAccess(GROUP_RIGHT);
  return children;
}
