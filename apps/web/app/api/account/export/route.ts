import { isServiceError } from '@cutroom/core/kernel/errors/service-error';
import { startAccountExport } from '@cutroom/core/features/accounts/my-account/account-export.service';
import { accountExportRoute } from '@cutroom/core/features/accounts/my-account/my-account.routes';
import { rawRoute } from '@/lib/server/raw-route';
import { getRuntime } from '@/lib/server/runtime';

export const dynamic = 'force-dynamic';

/**
 * The member's data as a JSON file, sent as it is read (docs/account.md). A second download
 * within 10 minutes goes back to the page that offers it, which says when to try again.
 */
export const GET = rawRoute(accountExportRoute, async (_request, { viewer }) => {
  const { database } = await getRuntime();
  let started;
  try {
    started = await startAccountExport({ db: database.db, actor: viewer, now: () => new Date() });
  } catch (error) {
    if (isServiceError(error) && error.kind === 'rate_limited') {
      // A person followed the link: back to the page, which says when to try again.
      return new Response(null, {
        status: 303,
        headers: { location: '/profile/settings/account?export=wait', 'cache-control': 'no-store' },
      });
    }
    if (isServiceError(error)) {
      return Response.json(
        { error: error.message, httpStatusCode: error.status },
        { status: error.status, headers: { 'cache-control': 'no-store' } },
      );
    }
    throw error;
  }
  const encoder = new TextEncoder();
  const chunks = started.chunks[Symbol.asyncIterator]();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await chunks.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value));
    },
    async cancel() {
      await chunks.return?.(undefined);
    },
  });
  return new Response(body, {
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'content-disposition': `attachment; filename="${started.fileName}"`,
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
    },
  });
});
