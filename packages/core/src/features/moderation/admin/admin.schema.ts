import { z } from 'zod';

const count = z.number().int().min(0);
const when = z.string().nullable();

/** The answer of LoadHealth (health.service.ts). */
export const HealthAnswer = z.object({
  checkedAt: z.string(),
  database: z.object({
    ok: z.boolean(),
    latencyMs: z.number().min(0),
    version: z.string(),
    sizeBytes: z.number().nullable(),
    error: z.string().optional(),
  }),
  queue: z.object({
    ok: z.boolean(),
    queues: z.array(z.object({ name: z.string(), state: z.string(), count })),
    oldestWaitingSeconds: z.number().nullable(),
    error: z.string().optional(),
  }),
  workers: z.object({
    active: z.array(z.object({ name: z.string(), startedAt: z.string(), heartbeatAt: when })),
    stale: count,
    lastCompletedAt: when,
    lastFailedAt: when,
  }),
  disk: z.object({
    path: z.string(),
    totalBytes: z.number().min(0),
    freeBytes: z.number().min(0),
    usedRatio: z.number().min(0).max(1),
    ok: z.boolean(),
    error: z.string().optional(),
  }),
});

/** The answer of LoadRedisStats (redis-stats.service.ts). */
export const RedisStatsAnswer = z.object({
  configured: z.boolean(),
  url: z.string().nullable(),
  ok: z.boolean(),
  error: z.string().optional(),
  sampledAt: z.string(),
  version: z.string().optional(),
  uptimeSeconds: z.number().optional(),
  opsPerSecond: z.number().optional(),
  usedMemoryBytes: z.number().optional(),
  peakMemoryBytes: z.number().optional(),
  maxMemoryBytes: z.number().optional(),
  hitRatio: z.number().nullable().optional(),
  hits: z.number().optional(),
  misses: z.number().optional(),
  connectedClients: z.number().optional(),
  blockedClients: z.number().optional(),
  keyspace: z.array(z.object({ db: z.string(), keys: count, expires: count })).optional(),
  slowLog: z
    .array(
      z.object({
        id: z.number(),
        at: z.string(),
        durationMicros: z.number(),
        command: z.string(),
      }),
    )
    .optional(),
});
