import { Readable } from 'node:stream';
import { ServiceError } from '@cutroom/core/kernel/errors/service-error';
import { openTicketImage } from '@cutroom/core/features/community/tickets/tickets.service';
import { ticketImageRoute } from '@cutroom/core/features/community/tickets/tickets.routes';
import { rawRoute } from '@/lib/server/raw-route';
import { getRuntime } from '@/lib/server/runtime';

export const dynamic = 'force-dynamic';

/**
 * An image attached to a support ticket, for the ticket's member and for staff only; anyone
 * else gets 404. Kept out of shared caches, and never read as anything but the image it is.
 */
export const GET = rawRoute<{ id: string }>(
  ticketImageRoute,
  async (_request, { viewer, params }) => {
    const { id } = params;
    const notFound = () =>
      new Response('Not found', {
        status: 404,
        headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' },
      });
    if (!/^[A-Za-z0-9_-]{1,32}$/.test(id)) return notFound();
    const { database, storage } = await getRuntime();
    try {
      const image = await openTicketImage({ db: database.db, actor: viewer }, storage, id);
      return new Response(Readable.toWeb(image.body) as ReadableStream<Uint8Array>, {
        headers: {
          'content-type': image.contentType,
          'content-length': String(image.size),
          'cache-control': 'private, max-age=3600',
          'x-content-type-options': 'nosniff',
          'content-security-policy': "default-src 'none'; sandbox",
        },
      });
    } catch (error) {
      if (error instanceof ServiceError) return notFound();
      throw error;
    }
  },
);
