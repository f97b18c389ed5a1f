// What moderation/admin offers the other features: they import it from here alone.

export { HealthAnswer, RedisStatsAnswer } from './admin.schema';
export { checkSiteHealth } from './health.service';
export { sampleRedis } from './redis-stats.service';
