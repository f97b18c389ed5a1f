import type { Logger } from '../logging/logger';
import type { Database } from './client';

/**
 * Something an action causes beyond its own rows: a bell, an e-mail, a job, a cache drop. It is
 * handed the database to use then (the transaction is over by the time it runs).
 */
export type Effect = (db: Database) => unknown;

/**
 * The work of one action (docs/decisions/0037): the database it writes through — the open
 * transaction inside one, the database itself outside — and where it records its effects, which
 * take place only once that work has committed. Nothing inside a transaction waits on another
 * connection: a job that must commit with the rows goes on the transaction itself
 * (`JobQueue.send(…, { on: unit })`); everything else is an effect.
 */
export interface UnitOfWork {
  /** The database for this work: the transaction while one is open. */
  readonly db: Database;
  /** Whether `db` is an open transaction (so effects wait for its commit). */
  readonly inTransaction: boolean;
  /** Where failed effects are logged. */
  readonly log?: Logger;
  /**
   * Has `effect` take place once the work commits, in the order recorded; at once (awaited)
   * outside a transaction. Never throws and never undoes the action: a failed effect is logged
   * with `what`. A transaction that rolls back drops its effects.
   */
  afterCommit(what: string, effect: Effect): Promise<void>;
}

/**
 * What starting a unit of work needs: the database, and a log for effects that fail. A call's
 * context (`Call`) is one; whatever else it carries comes along into the unit.
 */
export interface WorkBase {
  db: Database;
  log?: Logger;
  inTransaction?: boolean;
  afterCommit?: (what: string, effect: Effect) => Promise<void>;
}

const isUnit = <Base extends WorkBase>(value: Base): value is Base & UnitOfWork =>
  typeof (value as Partial<UnitOfWork>).afterCommit === 'function' &&
  typeof (value as Partial<UnitOfWork>).inTransaction === 'boolean';

async function runEffect(
  what: string,
  effect: Effect,
  db: Database,
  log: Logger | undefined,
): Promise<void> {
  try {
    await effect(db);
  } catch (error) {
    if (log) log.error({ err: error, effect: what }, 'an effect after commit failed');
    else console.error(`An effect after commit failed (${what}):`, error);
  }
}

/**
 * The unit of work for `base`: itself when it is one already; otherwise `base` working straight
 * on the database, whose effects take place at once. The rest of `base` (a call's actor and
 * clock, a feature's services) comes along.
 */
export function unitOf<Base extends WorkBase>(base: Base): Base & UnitOfWork {
  if (isUnit(base)) return base;
  return {
    ...base,
    inTransaction: false,
    afterCommit: (what, effect) => runEffect(what, effect, base.db, base.log),
  };
}

/**
 * Runs `work` in one transaction and then, once it has committed, its effects in the order
 * recorded (awaited, so the caller answers after they took place). Inside a unit that is already
 * a transaction, `work` joins it: its rows commit with the outer work and its effects wait for
 * that commit.
 */
export async function inTransaction<Base extends WorkBase, T>(
  base: Base,
  work: (unit: Base & UnitOfWork) => Promise<T>,
): Promise<T> {
  if (isUnit(base) && base.inTransaction) return work(base);
  const { log, db } = base;
  const effects: [string, Effect][] = [];
  const result = await db.transaction((tx) =>
    work({
      // The same context, through the transaction: a call stays a call inside one.
      ...base,
      // Drizzle's transaction is the database's own query builder bound to one connection.
      db: tx,
      inTransaction: true,
      afterCommit: (what: string, effect: Effect) => {
        effects.push([what, effect]);
        return Promise.resolve();
      },
    }),
  );
  for (const [what, effect] of effects) await runEffect(what, effect, db, log);
  return result;
}
