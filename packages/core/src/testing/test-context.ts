import type { Actor, RequestContext } from '../api/endpoint';
import type { Database } from '../db/client';
import { createLogger } from '../logging/logger';

const silentLog = createLogger({ level: 'silent' });

/** A request context for calling endpoints and services directly in tests. */
export function createTestContext(
  db: Database,
  overrides: { actor?: Actor | null; ip?: string; now?: () => Date } = {},
): RequestContext {
  return {
    db,
    actor: overrides.actor ?? null,
    log: silentLog,
    now: overrides.now ?? (() => new Date()),
    ip: overrides.ip ?? '127.0.0.1',
    headers: new Headers(),
  };
}
