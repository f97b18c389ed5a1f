import type { Actor, RequestContext } from '../src/kernel/endpoint';
import { Listings, MemoryListingCache } from '../src/platform/cache/listing-cache';
import { loadConfig, type Config } from '../src/platform/config/config';
import type { Database } from '../src/platform/db/client';
import { createLogger } from '../src/platform/logging/logger';

const silentLog = createLogger({ level: 'silent' });

/** The configuration tests run with: every default. */
export const testConfig: Config = loadConfig({ NODE_ENV: 'test' });

/** The listing cache the contexts of one test file share, as the requests of one process do. */
export const testListings = new Listings(new MemoryListingCache({ ttlSeconds: 30 }));

/** A request context for calling endpoints and services directly in tests. */
export function createTestContext(
  db: Database,
  overrides: {
    actor?: Actor | null;
    ip?: string;
    now?: () => Date;
    config?: Config;
    listings?: Listings;
  } = {},
): RequestContext {
  return {
    config: overrides.config ?? testConfig,
    db,
    actor: overrides.actor ?? null,
    log: silentLog,
    now: overrides.now ?? (() => new Date()),
    listings: overrides.listings ?? testListings,
    ip: overrides.ip ?? '127.0.0.1',
    headers: new Headers(),
  };
}
