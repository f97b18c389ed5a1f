import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from './schema';
import { createTestDatabase } from '../../../test-support/test-db';
import { createUser } from '../../../test-support/factories';
import { DatabaseUsedBesideTransactionError, DatabaseWaitTimeoutError } from './transaction-guard';
import { inTransaction, unitOf } from './unit-of-work';

const handle = await createTestDatabase({ waitLimitMs: 1_000, statementTimeoutMs: 3_000 });
const { db } = handle;

/** Drizzle wraps a driver's error in its own ("Failed query: …"); the driver's is the cause. */
const driverError = (error: unknown) => ((error as Error).cause ?? error) as Error;

const silent = {
  error: () => undefined,
} as unknown as NonNullable<Parameters<typeof unitOf>[0]['log']>;

describe('a unit of work', () => {
  it('runs its effects once the transaction has committed, in order, with the database', async () => {
    const seen: string[] = [];
    const member = await createUser(db);
    await inTransaction({ db }, async (unit) => {
      await unit.db.update(users).set({ name: 'renamed' }).where(eq(users.id, member.user.id));
      await unit.afterCommit('first', async (after) => {
        // The effect runs after commit: the change is there for any connection.
        const [row] = await after
          .select({ name: users.name })
          .from(users)
          .where(eq(users.id, member.user.id));
        seen.push(`first saw ${row!.name}`);
      });
      await unit.afterCommit('second', () => seen.push('second'));
      seen.push('work done');
    });
    expect(seen).toEqual(['work done', 'first saw renamed', 'second']);
  });

  it('drops the effects of work that rolls back', async () => {
    const seen: string[] = [];
    await expect(
      inTransaction({ db }, async (unit) => {
        await unit.afterCommit('never', () => seen.push('ran'));
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(seen).toEqual([]);
  });

  it('joins an outer unit: effects wait for the outer commit', async () => {
    const seen: string[] = [];
    await inTransaction({ db }, async (outer) => {
      await inTransaction(outer, async (inner) => {
        expect(inner).toBe(outer);
        await inner.afterCommit('inner', () => seen.push('inner effect'));
      });
      seen.push('outer still working');
    });
    expect(seen).toEqual(['outer still working', 'inner effect']);
  });

  it('keeps the action when an effect fails, logging it', async () => {
    const logged: unknown[] = [];
    const log = { ...silent, error: (entry: unknown) => logged.push(entry) } as typeof silent;
    const result = await inTransaction({ db, log }, async (unit) => {
      await unit.afterCommit('failing', () => {
        throw new Error('the bell is broken');
      });
      return 'kept';
    });
    expect(result).toBe('kept');
    expect(logged).toMatchObject([{ effect: 'failing' }]);
  });

  it('outside a transaction, has effects take place at once', async () => {
    const seen: string[] = [];
    const unit = unitOf({ db });
    expect(unit.inTransaction).toBe(false);
    await unit.afterCommit('now', () => seen.push('now'));
    expect(seen).toEqual(['now']);
  });
});

describe('the guard against using the database beside an open transaction', () => {
  it('fails at once, naming where the transaction began and the other use, and rolls back', async () => {
    const member = await createUser(db);
    const attempt = db.transaction(async (tx) => {
      await tx.update(users).set({ name: 'half-done' }).where(eq(users.id, member.user.id));
      // The defect: the root database from inside the transaction's work.
      await db.select().from(users).limit(1);
    });
    const error = driverError(await attempt.catch((caught: unknown) => caught));
    expect(error).toBeInstanceOf(DatabaseUsedBesideTransactionError);
    const message = error.message;
    expect(message).toContain('The transaction began:');
    expect(message).toContain('The other use:');
    expect(message).toContain('unit-of-work.test.ts');
    const [row] = await db
      .select({ name: users.name })
      .from(users)
      .where(eq(users.id, member.user.id));
    expect(row!.name).not.toBe('half-done');
  });

  it('lets work started inside a transaction use the database once the transaction is over', async () => {
    let later: Promise<unknown> = Promise.resolve();
    await db.transaction(async () => {
      later = new Promise((resolve) => setTimeout(resolve, 10)).then(() =>
        db
          .select({ one: sql`1` })
          .from(users)
          .limit(1),
      );
    });
    await expect(later).resolves.toBeDefined();
  });

  it('lets other work wait for the database while a transaction runs', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const transaction = db.transaction(async (tx) => {
      await tx
        .select({ one: sql`1` })
        .from(users)
        .limit(1);
      await held;
    });
    const beside = db
      .select({ one: sql`1` })
      .from(users)
      .limit(1);
    release();
    await transaction;
    await expect(beside).resolves.toBeDefined();
  });
});

describe('deadlines on the database', () => {
  it('gives up a wait for the database past its limit with a clear error, and goes on working', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    let locked: () => void = () => undefined;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const member = await createUser(db);
    // One piece of work holds the database (PGlite: its one connection; a server: the row).
    const holder = db.transaction(async (tx) => {
      await tx.update(users).set({ name: 'held' }).where(eq(users.id, member.user.id));
      locked();
      await held;
    });
    await isLocked;
    // Another waits: for the lock of the one connection, or for the row lock on a server.
    const waiting = db
      .update(users)
      .set({ name: 'waiting' })
      .where(eq(users.id, member.user.id))
      .catch((caught: unknown) => caught);
    const error = driverError(await waiting);
    release();
    await holder;
    if (handle.kind === 'pglite') {
      expect(error).toBeInstanceOf(DatabaseWaitTimeoutError);
      expect(error.message).toContain('did not become free within 1000 ms');
    } else {
      expect(error.message).toMatch(/lock timeout/);
    }
    const [row] = await db
      .select({ name: users.name })
      .from(users)
      .where(eq(users.id, member.user.id));
    expect(row!.name).toBe('held');
  });

  it.runIf(handle.kind === 'postgres')('ends a statement past its limit on a server', async () => {
    const error = driverError(await db.execute(sql`select pg_sleep(5)`).catch((e: unknown) => e));
    expect(error.message).toMatch(/statement timeout/);
  });
});
