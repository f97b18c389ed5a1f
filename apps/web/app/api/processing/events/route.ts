import { memberEventRoute } from '@/lib/event-stream';

export const dynamic = 'force-dynamic';

/**
 * Server-sent events of the signed-in member's own videos: progress, published, failed,
 * removed. The processing page and the owner's profile listen to it.
 */
export const GET = memberEventRoute((event) => event.type !== 'notifications');
