import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { ServiceError } from '../kernel/errors/service-error';
import { rateLimits } from '../platform/db/schema';
import { REFUSAL_MESSAGES } from './refusal-messages';
import type { Call } from './call';

export interface RequestLimit {
  max: number;
  windowSeconds: number;
}

/**
 * Counts one request against `key` in a fixed window (kept in the rate_limits table beside
 * better-auth's counters, so every web node shares it) and refuses with the site's
 * too-many-requests message (docs/messages.md) past the limit.
 */
export async function consumeRequestLimit(
  ctx: Pick<Call, 'db' | 'now'>,
  key: string,
  limit: RequestLimit,
): Promise<void> {
  const { db } = ctx;
  const now = ctx.now();
  const nowMs = now.getTime();
  const windowStart = nowMs - limit.windowSeconds * 1000;
  // One statement: concurrent requests all count.
  const [row] = await db
    .insert(rateLimits)
    .values({ id: randomUUID(), key, count: 1, lastRequest: nowMs })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${rateLimits.lastRequest} <= ${windowStart} then 1 else ${rateLimits.count} + 1 end`,
        lastRequest: sql`case when ${rateLimits.lastRequest} <= ${windowStart} then ${nowMs} else ${rateLimits.lastRequest} end`,
      },
    })
    .returning({ count: rateLimits.count });
  if ((row?.count ?? 0) > limit.max) {
    throw new ServiceError('rate_limited', REFUSAL_MESSAGES.tooManyRequests);
  }
}

/** Takes back one request counted against `key` (one that turned out not to count). */
export async function refundRequestLimit(ctx: Pick<Call, 'db'>, key: string): Promise<void> {
  await ctx.db
    .update(rateLimits)
    .set({ count: sql`greatest(${rateLimits.count} - 1, 0)` })
    .where(eq(rateLimits.key, key));
}
