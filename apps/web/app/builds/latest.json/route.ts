import { buildRoute } from '@cutroom/core/api/raw-routes';
import { BUILD_ID } from '@/lib/build-info';
import { rawRoute } from '@/lib/server/raw-route';

/** The id of the build this server runs; clients compare it with their own. */
export const GET = rawRoute(buildRoute, () =>
  Response.json({ id: BUILD_ID }, { headers: { 'cache-control': 'no-store' } }),
);
