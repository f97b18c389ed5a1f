import { BUILD_ID } from '@/lib/build-info';

/** The id of the build this server runs; clients compare it with their own. */
export function GET() {
  return Response.json({ id: BUILD_ID }, { headers: { 'cache-control': 'no-store' } });
}
