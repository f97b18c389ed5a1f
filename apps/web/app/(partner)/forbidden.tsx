import { RefusalNotice } from '@/lib/server/page-access';

/** A partner page's own layout refused an account: 403 inside the section's shell. */
export default function Forbidden() {
  return <RefusalNotice status={403} />;
}
