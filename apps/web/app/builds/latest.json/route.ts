/** The id of the build this server runs; clients compare it with their own. */
export function GET() {
  return Response.json(
    { id: process.env.NEXT_PUBLIC_BUILD_ID },
    { headers: { 'cache-control': 'no-store' } },
  );
}
