import { RefusalNotice } from '@/lib/server/page-access';

/** A partner page's own layout refused a visitor: 401 inside the section's shell. */
export default function Unauthorized() {
  return <RefusalNotice status={401} />;
}
