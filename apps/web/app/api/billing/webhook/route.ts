import { BILLING_HANDLERS } from '@cutroom/core/api/billing-handlers';
import { stripeWebhookRoute } from '@cutroom/core/features/money/billing/billing.routes';
import { handleStripeWebhook } from '@cutroom/core/features/money/billing/webhook';
import { rawRoute } from '@/lib/server/raw-route';
import { getRuntime } from '@/lib/server/runtime';

export const dynamic = 'force-dynamic';

/** Stripe's events are small; a body past this is not one. */
const MAX_BYTES = 512 * 1024;

/** The body exactly as it arrived (the signature covers these bytes), or null when too large. */
async function rawBody(request: Request): Promise<Buffer | null> {
  if (Number(request.headers.get('content-length') ?? 0) > MAX_BYTES) return null;
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = request.body?.getReader();
  while (reader) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_BYTES) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/**
 * Stripe's webhook (docs/billing.md): the raw body is read before anything parses it and is
 * checked against its Stripe-Signature header; only then is the event applied, once.
 */
export const POST = rawRoute(stripeWebhookRoute, async (request) => {
  const body = await rawBody(request);
  if (!body) {
    return Response.json(
      { received: false, error: 'The request body is too large' },
      { status: 413 },
    );
  }
  const { config, database, log } = await getRuntime();
  const answer = await handleStripeWebhook(
    { config, db: database.db, log, now: () => new Date() },
    body,
    request.headers.get('stripe-signature'),
    BILLING_HANDLERS,
  );
  return Response.json(answer.body, {
    status: answer.status,
    headers: { 'cache-control': 'no-store' },
  });
});
