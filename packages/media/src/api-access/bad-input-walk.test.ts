import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { dispatch } from '@cutroom/core/kernel/dispatch';
import { createTestDatabase } from '@cutroom/core/test-support/test-db';
import { createVideo } from '@cutroom/core/test-support/video-factory';
import {
  contextFor,
  createCallers,
  createMediaServices,
  databaseFingerprint,
  listApiCalls,
  nextTransactionId,
  type ApiCall,
  type Caller,
} from '../../test-support/api-access-harness';

const handle = await createTestDatabase();
const { db } = handle;
const calls = listApiCalls();
let callers: Awaited<ReturnType<typeof createCallers>>;
let media: Awaited<ReturnType<typeof createMediaServices>>;

beforeAll(async () => {
  callers = await createCallers(handle);
  media = await createMediaServices(handle);
  await createVideo(db, { ownerId: callers.users.member.id });
});

/** Values no field of the API should ever take in: every one must be refused or handled. */
const HOSTILE_VALUES: [string, unknown][] = [
  ['null', null],
  ['a number', 12345],
  ['a negative number', -1],
  ['a huge number', 1e308],
  ['a boolean', true],
  ['an array', ['a', 'b']],
  ['an object', { nested: { deeper: 'value' } }],
  ['an empty string', ''],
  ['a huge string', 'x'.repeat(100_000)],
  ['a lone surrogate', 'abc\ud800def'],
  ['right-to-left override and zero-width characters', '\u202egnp.exe\u200b\u200d\ufeff'],
  ['combining marks', `a${'\u0301'.repeat(500)}`],
  ['astral characters', '𝕏🎬'.repeat(300)],
  ['a path traversal', '../../../../etc/passwd'],
  ['a malformed id', 'ZZZ!!!'],
  ['SQL', "'; drop table users; --"],
  ['markup', '<script>alert(1)</script>'],
  ['an over-long id', 'a'.repeat(5000)],
];

/** The fields each call documents, from the same schema the /api page shows. */
function fieldsOf(entry: ApiCall): string[] {
  const schema = z.toJSONSchema(entry.endpoint.input, { io: 'input', unrepresentable: 'any' }) as {
    properties?: Record<string, unknown>;
    oneOf?: { properties?: Record<string, { const?: unknown }> }[];
    anyOf?: { properties?: Record<string, { const?: unknown }> }[];
  };
  const variants = schema.oneOf ?? schema.anyOf;
  const properties = entry.mode
    ? variants?.find((variant) => variant.properties?.mode?.const === entry.mode)?.properties
    : schema.properties;
  return Object.keys(properties ?? {}).filter((name) => name !== 'mode');
}

/** Bodies for one call: missing fields, each field given each hostile value, and odd modes. */
function hostileBodies(entry: ApiCall): [string, unknown][] {
  const withMode = (body: Record<string, unknown>) =>
    entry.mode ? { mode: entry.mode, ...body } : body;
  const bodies: [string, unknown][] = [['nothing', withMode({})]];
  for (const field of fieldsOf(entry)) {
    for (const [label, value] of HOSTILE_VALUES) {
      bodies.push([`${field} = ${label}`, withMode({ [field]: value })]);
    }
  }
  return bodies;
}

const BAD_BODIES: [string, unknown][] = [
  ['null', null],
  ['an array', [{ mode: 'x' }]],
  ['a string', 'mode=LoadProfile'],
  ['a number', 42],
  ['an unknown mode', { mode: 'DropEverything' }],
  ['a mode of the wrong type', { mode: 7 }],
  ['a prototype key', JSON.parse('{"__proto__": {"admin": true}, "mode": "CheckAccess"}')],
];

let ip = 0;
async function walk(entry: ApiCall, caller: Caller, bodies: [string, unknown][]) {
  const failures: string[] = [];
  let before = await databaseFingerprint(db);
  for (const [label, body] of bodies) {
    const written = await nextTransactionId(db);
    const result = await dispatch(
      entry.endpoint,
      body,
      contextFor(
        db,
        callers.actors[caller],
        media,
        `198.19.${Math.floor(ip / 250)}.${(ip++ % 250) + 1}`,
        callers.accounts,
      ),
    );
    const error = result.body.error;
    if (result.status >= 500) failures.push(`${label}: ${result.status} ${String(error)}`);
    else if (result.status >= 400) {
      if (typeof error !== 'string' || error.trim() === '') {
        failures.push(`${label}: ${result.status} without a message`);
      }
      // A refusal that wrote no row at all changed nothing; one that wrote (a rate limit's
      // count, say) is compared table by table.
      if ((await nextTransactionId(db)) !== written) {
        const after = await databaseFingerprint(db);
        const changed = Object.keys(after).filter((table) => after[table] !== before[table]);
        if (changed.length > 0) {
          failures.push(`${label}: refused but changed ${changed.join(', ')}`);
        }
        before = after;
      }
    } else {
      // Accepted (the hostile value was harmless here): the next refusal compares from now.
      before = await databaseFingerprint(db);
    }
  }
  return failures;
}

describe('the bad-input walk over every endpoint and mode', () => {
  it('lists fields for the calls that take input', () => {
    expect(
      fieldsOf(calls.find((entry) => entry.name === '/api/v2/videoInput#ChangeVideo')!),
    ).toEqual(expect.arrayContaining(['_id', 'title', 'description']));
  });

  it('tells a call that wrote a row from one that only read', async () => {
    await databaseFingerprint(db);
    // The fingerprint reads every table, and a read takes no transaction id. On a server the
    // counter is the cluster's: another database's write moves it too (the walk then only
    // compares fingerprints it did not need), so one still read of a few is what is asked.
    let isStillOnRead = false;
    for (let attempt = 0; attempt < 20 && !isStillOnRead; attempt += 1) {
      const before = await nextTransactionId(db);
      await databaseFingerprint(db);
      isStillOnRead = (await nextTransactionId(db)) === before;
    }
    expect(isStillOnRead).toBe(true);
    const start = await nextTransactionId(db);
    await createVideo(db, { ownerId: callers.users.member.id });
    expect(await nextTransactionId(db)).not.toBe(start);
  });

  it.each(calls.map((entry) => [entry.name, entry] as const))(
    '%s: never 500, every refusal 4xx with a message, nothing changed by a refusal',
    async (_name, entry) => {
      // As an admin (who holds every right a call can need) the input reaches every check.
      const failures = await walk(entry, 'admin', [...hostileBodies(entry), ...BAD_BODIES]);
      expect(failures).toEqual([]);
    },
    300_000,
  );

  it('refuses hostile bodies from a visitor the same way', async () => {
    const failures: string[] = [];
    for (const entry of calls) {
      for (const failure of await walk(entry, 'visitor', BAD_BODIES)) {
        failures.push(`${entry.name}: ${failure}`);
      }
    }
    expect(failures).toEqual([]);
  }, 300_000);
});
