import type { Database } from '../platform/db/client';
import type { Effect } from '../platform/db/unit-of-work';
import type { Logger } from '../platform/logging/logger';
import type { Actor } from './actor';

/**
 * The context of one call (docs/decisions/0051): who asks, the database it works through — the
 * open transaction inside one (`inTransaction(ctx, (ctx) => …)` hands back a `Call` of the same
 * shape) — the clock, the log, and where its effects wait for the commit. Every service function
 * that acts for a caller, or reads the clock, the log or the effects, takes one first, as the
 * fields it uses: `Pick<Call, 'db' | 'actor'>`. `ServiceContext` and `RequestContext` are calls;
 * a feature's own context adds its services to one.
 *
 * It lives beside `Actor` in access/ so that access's rules can take it without a folder cycle.
 */
export interface Call<A extends Actor | null = Actor | null> {
  /** The database for this call: the transaction while one is open. */
  db: Database;
  /** Who asks; null for a visitor. `Call<Actor>` once a member is known. */
  actor: A;
  /** The clock. */
  now: () => Date;
  log: Logger;
  /** Whether `db` is an open transaction; absent outside one. */
  inTransaction?: boolean;
  /** Where effects wait for the commit, inside a transaction (see `unitOf`). */
  afterCommit?: (what: string, effect: Effect) => Promise<void>;
}
